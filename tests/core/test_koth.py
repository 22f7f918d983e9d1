"""King of the Hill: the NASPA Director's Manual, appendix "King-of-the-Hill
Pairings": "#1 rated player against the #2 rated player, #3 vs. #4 and so on for the
first round. Thereafter, the tournament standings always determine the pairing ... be
careful ... that contestants do not play each other more than once, until the last two
rounds."
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from core.pairing.koth import pair_koth
from core.tournament import Division, Game, GameKind, Player
from tests.core.reasons_in_words import said_for


def division(ratings, games=()) -> Division:
    players = tuple(Player(i, f"P{i}", r) for i, r in enumerate(ratings, start=1))
    return Division("A", players, tuple(games))


def pairs_of(pairings) -> list[tuple[int, int]]:
    return [tuple(sorted(p)) for p in pairings.pairs]


def test_round_one_pairs_by_rating() -> None:
    d = division([1500, 1900, 1700, 1800, 1600, 2000])
    assert pairs_of(pair_koth(d, 1)) == [(2, 6), (3, 4), (1, 5)]


def test_later_rounds_pair_by_standings() -> None:
    games = (
        Game(1, 1, 2, 1.0, 0.0, 500, 300),  # 1: 1-0 +200
        Game(1, 3, 4, 1.0, 0.0, 420, 400),  # 3: 1-0 +20
    )
    pairings = pair_koth(division([2000, 1900, 1800, 1700, 1600, 1500], games), 2)
    # standings: 1, 3, then 0-0 players 5, 6 (by rating), then 4 (-20), 2 (-200)
    assert pairs_of(pairings) == [(1, 3), (5, 6), (2, 4)]
    assert said_for(pairings, (1, 3)) == "paired 1 v 3: KOTH: 1st v 2nd"


def test_repeats_avoided_unless_allowed() -> None:
    games = (Game(1, 1, 2, 1.0, 0.0, 500, 300), Game(1, 3, 4, 1.0, 0.0, 500, 300))
    d = division([2000, 1900, 1800, 1700], games)
    # standings 1, 3, 2, 4 -> KOTH 1v3, 2v4: no repeat either way
    assert pairs_of(pair_koth(d, 2)) == [(1, 3), (2, 4)]
    games += (Game(2, 1, 3, 1.0, 0.0, 500, 300), Game(2, 2, 4, 1.0, 0.0, 500, 300))
    d = division([2000, 1900, 1800, 1700], games)
    # standings 1 (2-0), 2 (1-1, +0) vs 3 (1-1, +0): rating puts 2 ahead; 4 (0-2)
    assert pairs_of(pair_koth(d, 3, repeats=True)) == [(1, 2), (3, 4)]
    avoided = pair_koth(d, 3)
    assert pairs_of(avoided) == [(1, 4), (2, 3)]
    assert all(d.times_met(*p) == 0 for p in avoided.pairs)


@given(
    n=st.integers(2, 30),
    rounds=st.integers(1, 6),
    seed=st.integers(0, 10**6),
    repeats=st.booleans(),
)
def test_koth_properties(n: int, rounds: int, seed: int, repeats: bool) -> None:
    """Everyone paired once a round (one bye when odd), same input same output, and
    with repeats avoided none is made while the division is large enough for a
    repeat-free pairing to exist (n > 2 * rounds always leaves one)."""
    rng = random.Random(seed)
    d = division([rng.randrange(1000, 2100) for _ in range(n)])
    for r in range(1, rounds + 1):
        pairings = pair_koth(d, r, repeats=repeats)
        assert pairings == pair_koth(d, r, repeats=repeats)
        seen = sorted([x for p in pairings.pairs for x in p] + list(pairings.byes))
        assert seen == list(range(1, n + 1)) and len(pairings.byes) == n % 2
        if not repeats and n > 2 * r:
            assert all(d.times_met(*p) == 0 for p in pairings.pairs)
        games = list(d.games)
        for a, b in pairings.pairs:
            sa, sb = rng.randrange(300, 500), rng.randrange(300, 500)
            pa = 1.0 if sa > sb else 0.5 if sa == sb else 0.0
            games.append(Game(r, a, b, pa, 1 - pa, sa, sb, first=a))
        games += [Game(r, p, None, 1.0, score_a=50, kind=GameKind.BYE) for p in pairings.byes]
        d = Division("A", d.players, tuple(games), rounds=r)


def test_max_repeats_lets_pairs_who_met_that_often_follow_the_table() -> None:
    # tsh's "koth N" (the issue: "as complete as tsh"). Every game a 400-400 tie, so the
    # standings stay in rating order and the table is 1v2, 3v4, 5v6; 1 and 2 have met
    # twice, 3 and 4 once, 5 and 6 once.
    def tie(r: int, a: int, b: int) -> Game:
        return Game(r, a, b, 0.5, 0.5, 400, 400)

    d = division([2000, 1900, 1800, 1700, 1600, 1500],
                 (tie(1, 1, 2), tie(1, 3, 4), tie(1, 5, 6),
                  tie(2, 1, 2), tie(2, 3, 5), tie(2, 4, 6)))
    table = [(1, 2), (3, 4), (5, 6)]
    assert pairs_of(pair_koth(d, 3, repeats=True)) == table
    assert not set(pairs_of(pair_koth(d, 3))) & set(table)
    one = pair_koth(d, 3, max_repeats=1)  # only 1v2 must go; 5v6 stands as a repeat
    assert pairs_of(one) == [(1, 3), (2, 4), (5, 6)]
    assert "up to once allowed" in said_for(one, (5, 6))
    two = pair_koth(d, 3, max_repeats=2)
    assert pairs_of(two) == table
    assert all("allowed" in said_for(two, pair) for pair in two.pairs)


def test_max_repeats_counts_meetings_beyond_the_allowance() -> None:
    games = (
        Game(1, 1, 2, 1.0, 0.0, 500, 300), Game(1, 3, 4, 1.0, 0.0, 450, 300),
        Game(2, 1, 2, 1.0, 0.0, 500, 300), Game(2, 3, 4, 1.0, 0.0, 450, 300),
        Game(3, 1, 2, 1.0, 0.0, 500, 300), Game(3, 3, 4, 0.0, 1.0, 300, 450),
    )
    d = division([2000, 1900, 1800, 1700], games)
    # 1 (3-0) v 4 (2-1) ... table 1v4? standings: 1 3-0, 3 2-1, 4 1-2, 2 0-3 -> 1v3, 4v2
    assert pairs_of(pair_koth(d, 4, max_repeats=0)) == [(1, 3), (2, 4)]
    # 1v3 never met: the table stands whatever the allowance
    assert pairs_of(pair_koth(d, 4, max_repeats=5)) == [(1, 3), (2, 4)]


def test_max_repeats_and_repeats_together_is_an_error() -> None:
    import pytest

    with pytest.raises(ValueError, match="either repeats"):
        pair_koth(division([2000, 1900]), 1, repeats=True, max_repeats=1)
    with pytest.raises(ValueError, match="0 or more"):
        pair_koth(division([2000, 1900]), 1, max_repeats=-1)
