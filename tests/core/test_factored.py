"""Factored pairings: the NASPA Director's Manual, appendix "Factored Pairings".

"FP4 ... pairs each group of four players beginning with the leaders of the division
as: 1-3, 2-4, 5-7, 6-8 ... FP6 (1-4, 2-5, 3-6)".
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.pairing.factored import factored_table, pair_factored
from core.tournament import Division, Game, GameKind, Player
from tests.core.reasons_in_words import said_for


def ranked_division(n: int, games=()) -> Division:
    """Players 1..n rated in number order, so with no games they stand 1..n."""
    players = tuple(Player(i, f"P{i}", 2000 - 10 * i) for i in range(1, n + 1))
    return Division("A", players, tuple(games))


def pairs_of(pairings) -> list[tuple[int, int]]:
    return [tuple(sorted(p)) for p in pairings.pairs]


def test_fp4_seed_example() -> None:
    assert pairs_of(pair_factored(ranked_division(8), 1, factor=4)) == [
        (1, 3),
        (2, 4),
        (5, 7),
        (6, 8),
    ]


def test_fp6_seed_example() -> None:
    assert pairs_of(pair_factored(ranked_division(6), 1, factor=6)) == [(1, 4), (2, 5), (3, 6)]


def test_fp10_as_portland_lists_it() -> None:
    # Director's Manual, "Portland Swiss Pairing System": FP10 (1-6, 2-7, 3-8, 4-9, 5-10...)
    table = [pair for pair, _ in factored_table(list(range(1, 11)), 10)]
    assert table == [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10)]


def test_a_short_last_group_pairs_at_its_own_size() -> None:
    assert pairs_of(pair_factored(ranked_division(10), 1, factor=4))[-1] == (9, 10)
    assert pairs_of(pair_factored(ranked_division(10), 1, factor=8))[-1] == (9, 10)


def test_pairs_from_the_standings_not_the_numbers() -> None:
    # 4 and 3 won round 1 by forfeit: the standings are 4, 3, 1, 2 (spread decides 4 over 3)
    games = (
        Game(1, 4, None, 1.0, score_a=100, kind=GameKind.FORFEIT),
        Game(1, 3, None, 1.0, score_a=50, kind=GameKind.FORFEIT),
    )
    assert pairs_of(pair_factored(ranked_division(4, games), 2, factor=4)) == [(1, 4), (2, 3)]


def test_odd_or_small_factor_is_refused() -> None:
    with pytest.raises(ValueError, match="even number"):
        pair_factored(ranked_division(6), 1, factor=3)
    with pytest.raises(ValueError, match="even number"):
        pair_factored(ranked_division(6), 1, factor=0)


def test_a_repeat_moves_to_the_nearest_unplayed_player() -> None:
    # Round 1 was FP4 and drawn all round, so the standings are 1..8 again and the FP4
    # table repeats every pair: each player takes the nearest player to their table
    # opponent that they have not met.
    games = tuple(Game(1, a, b, 0.5, 0.5, 400, 400) for a, b in ((1, 3), (2, 4), (5, 7), (6, 8)))
    pairings = pair_factored(ranked_division(8, games), 2, factor=4)
    pairs = pairs_of(pairings)
    assert all(d_pair not in pairs for d_pair in ((1, 3), (2, 4), (5, 7), (6, 8)))
    partner = next(q for p, q in pairs if p == 1)
    assert partner in (2, 4)
    assert "1 and 3 already met once" in said_for(pairings,
        next(p for p in pairings.pairs if 1 in p)
    )


@given(n=st.integers(2, 40), factor=st.sampled_from([2, 4, 6, 8, 10]), seed=st.integers(0, 10**6))
def test_everyone_once_deterministic_and_table_when_fresh(n: int, factor: int, seed: int) -> None:
    d = ranked_division(n)
    one = pair_factored(d, 1, factor=factor)
    assert one == pair_factored(d, 1, factor=factor)
    seen = [x for p in one.pairs for x in p] + list(one.byes)
    assert sorted(seen) == list(range(1, n + 1))
    assert len(one.byes) == n % 2
    rest = [p for p in range(1, n + 1) if p not in one.byes]
    assert pairs_of(one) == sorted(tuple(sorted(p)) for p, _ in factored_table(rest, factor))
    del seed


@given(n=st.integers(4, 24), seed=st.integers(0, 10**6))
def test_no_repeats_while_a_repeat_free_pairing_exists(n: int, seed: int) -> None:
    """Four rounds of FP4 in a row: with at least 10 players (and after 3 rounds), a
    repeat-free pairing always exists, and the engine (exact for small divisions)
    finds one."""
    rng = random.Random(seed)
    d = ranked_division(n)
    for r in range(1, 5):
        pairings = pair_factored(d, r, factor=4)
        if n >= 10:
            assert all(d.times_met(*p) == 0 for p in pairings.pairs)
        games = list(d.games)
        for a, b in pairings.pairs:
            pa = rng.choice([0.0, 1.0])
            games.append(Game(r, a, b, pa, 1 - pa, 400, 350 if pa else 450))
        games += [Game(r, p, None, 1.0, score_a=50, kind=GameKind.BYE) for p in pairings.byes]
        d = Division("A", d.players, tuple(games), rounds=r)
