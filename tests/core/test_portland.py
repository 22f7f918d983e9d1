"""Portland Swiss and lagged pairing.

Director's Manual (NASPA Director's Manual), appendix "Portland Swiss Pairing System": "The
standings as of round (X-2) are used to pair round X ... No rematches permitted during
the Swiss rounds ... FP10 (1-6, 2-7 ...), FP8 (1-5 ...), FP6 (1-4 ...), FP4 (1-3 ...),
K-H (1-2, 3-4 ...)". ABG rules (All Bankers' Game): "8 games (5 lagged pairing, 3 KOTH)".
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.pairing.koth import pair_koth
from core.pairing.portland import pair_lagged, pair_portland, portland_factor
from core.tournament import Division, Game, GameKind, Player
from tests.core.reasons_in_words import said_for


def players(n: int) -> tuple[Player, ...]:
    return tuple(Player(i, f"P{i}", 2000 - 10 * i) for i in range(1, n + 1))


def play(d: Division, pairings, rng: random.Random) -> Division:
    games = list(d.games)
    for a, b in pairings.pairs:
        sa, sb = rng.randrange(300, 500), rng.randrange(300, 500)
        pa = 1.0 if sa > sb else 0.5 if sa == sb else 0.0
        games.append(Game(pairings.round, a, b, pa, 1 - pa, sa, sb, first=a))
    games += [
        Game(pairings.round, p, None, 1.0, score_a=50, kind=GameKind.BYE) for p in pairings.byes
    ]
    return Division(d.name, d.players, tuple(games), rounds=pairings.round)


def test_factor_sequence_of_the_seed() -> None:
    # "assume that you need to pair round 14 ... 5 Swiss rounds to be played (rounds 14-18)"
    assert [portland_factor(r, 18) for r in range(14, 19)] == [10, 8, 6, 4, 2]
    with pytest.raises(ValueError, match="after the last Portland Swiss round"):
        portland_factor(19, 18)


def test_round_one_is_fp10_on_rating() -> None:
    pairings = pair_portland(Division("A", players(10)), 1, last_swiss_round=5)
    assert [tuple(sorted(p)) for p in pairings.pairs] == [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10)]


def test_round_x_uses_the_standings_after_x_minus_2() -> None:
    g = Game
    games = (
        # round 1: standings after it are 4, 5, 6, 3, 2, 1
        g(1, 1, 4, 0.0, 1.0, 300, 400),
        g(1, 2, 5, 0.0, 1.0, 300, 350),
        g(1, 3, 6, 0.0, 1.0, 300, 310),
        # round 2 turns them round, but round 3 must not look at it (except for repeats)
        g(2, 4, 6, 0.0, 1.0, 200, 400),
        g(2, 5, 3, 0.0, 1.0, 200, 400),
        g(2, 2, 1, 0.0, 1.0, 200, 400),
    )
    d = Division("A", players(6), games, rounds=2)
    pairings = pair_portland(d, 3, last_swiss_round=3)
    pairs = [tuple(sorted(p)) for p in pairings.pairs]
    assert pairs[0] == (4, 5)  # 1st v 2nd after round 1 (after round 2, 1 and 3 lead)
    assert all(d.times_met(*p) == 0 for p in pairings.pairs)  # no rematch, round 2 included
    assert "standings after round 1" in said_for(pairings, pairings.pairs[0])


def test_seed_002_lagged_event() -> None:
    """5 lagged rounds with no rematch, then KOTH: round 6 on the standings after
    round 5, rounds 7 and 8 allowing repeats (the last two rounds)."""
    rng = random.Random(2)
    d = Division("A", players(20))
    for r in range(1, 9):
        pairings = pair_lagged(d, r)
        if r <= 5:
            assert all(d.times_met(*p) == 0 for p in pairings.pairs)
            assert pairings == pair_portland(d, r, last_swiss_round=5)
        elif r == 6:
            assert pairings == pair_koth(d, r)
        else:
            assert pairings == pair_koth(d, r, repeats=True)
        d = play(d, pairings, rng)
    with pytest.raises(ValueError, match="outside the event"):
        pair_lagged(d, 9)


@given(n=st.integers(2, 40), seed=st.integers(0, 10**6))
def test_portland_properties(n: int, seed: int) -> None:
    """Five Portland rounds: everyone once, same input same output, and no rematch
    while one can be avoided (n > 2 * round)."""
    rng = random.Random(seed)
    d = Division("A", players(n))
    for r in range(1, 6):
        pairings = pair_portland(d, r, last_swiss_round=5)
        assert pairings == pair_portland(d, r, last_swiss_round=5)
        seen = sorted([x for p in pairings.pairs for x in p] + list(pairings.byes))
        assert seen == list(range(1, n + 1))
        if n > 2 * r:
            assert all(d.times_met(*p) == 0 for p in pairings.pairs)
        d = play(d, pairings, rng)
