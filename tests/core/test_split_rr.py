"""Split round robin (core/pairing/split_rr.py).

Fixture: the seed's example, transcribed from Director's Manual, appendix "Split Round-Robin":
16 players split by snake into two groups of 8, each player meeting all eight players
of the other group in rounds 1-8.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.pairing.split_rr import pair_split_rr, split_groups, split_round
from core.tournament import Division, Game, Player
from tests.core.reasons_in_words import said_for

SEED_16 = """
 1  2
 4  3
 5  6
 8  7
 9 10
12 11
13 14
16 15
"""


def division(n: int, withdrawn: tuple[int, ...] = ()) -> Division:
    players = tuple(
        Player(k, f"P{k}", rating=2000 - 10 * k, active=k not in withdrawn) for k in range(1, n + 1)
    )
    return Division("A", players)


def test_seed_example_groups() -> None:
    """Director's Manual, "Split Round-Robin": Group 1 is 1, 4, 5, 8, ...; Group 2 is 2, 3, 6, 7, ..."""
    rows = [[int(x) for x in line.split()] for line in SEED_16.strip().splitlines()]
    expected = (tuple(r[0] for r in rows), tuple(r[1] for r in rows))
    assert split_groups(list(range(1, 17))) == expected
    assert split_groups(list(range(1, 7)), "odd-even") == ((1, 3, 5), (2, 4, 6))


def test_seed_example_games_1_to_8_cross_groups_once() -> None:
    """ "Games 1-8 are paired ahead, so each player in Group 1 will play every player in
    Group 2 (and vice versa)"; "the number of games ... is equal to half the size"."""
    div = division(16)
    group1 = {1, 4, 5, 8, 9, 12, 13, 16}
    met: Counter[frozenset[int]] = Counter()
    for r in range(1, 9):
        pairings = pair_split_rr(div, r)
        assert pairings.byes == () and len(pairings.pairs) == 8
        for a, b in pairings.pairs:
            assert (a in group1) != (b in group1)
            met[frozenset((a, b))] += 1
        assert "split round robin" in said_for(pairings, pairings.pairs[0])
    assert len(met) == 64 and set(met.values()) == {1}
    with pytest.raises(ValueError, match="outside the 8-round split round robin"):
        pair_split_rr(div, 9)


@given(st.integers(min_value=2, max_value=41))
def test_every_cross_pair_once_with_one_bye_a_round_when_odd(n: int) -> None:
    first, second = split_groups(list(range(1, n + 1)))
    rounds = max(len(first), len(second))
    met: Counter[frozenset[int]] = Counter()
    firsts: Counter[int] = Counter()
    byes: Counter[int] = Counter()
    for r in range(1, rounds + 1):
        pairs, bye = split_round(first, second, r)
        seen = [p for pair in pairs for p in pair] + ([] if bye is None else [bye])
        assert sorted(seen) == list(range(1, n + 1))
        for a, b in pairs:
            met[frozenset((a, b))] += 1
            firsts[a] += 1
        if bye is not None:
            byes[bye] += 1
    assert len(met) == len(first) * len(second) and set(met.values()) == {1}
    assert (n % 2 == 1) == bool(byes) and set(byes.values()) <= {1}
    for p in range(1, n + 1):  # first moves alternate: within one of half the games
        games = rounds - byes[p]
        assert abs(2 * firsts[p] - games) <= 1


def test_withdrawal_before_the_block_leaves_the_player_out() -> None:
    pairings = pair_split_rr(division(8, withdrawn=(2,)), 1)
    assert all(2 not in pair for pair in pairings.pairs) and 2 not in pairings.byes
    assert len(pairings.pairs) == 3 and len(pairings.byes) == 1


def test_withdrawal_during_the_block_keeps_the_table() -> None:
    """Rounds already posted stay valid: the withdrawn player's opponent gets a bye."""
    full = division(8)
    round1 = pair_split_rr(full, 1)
    games = tuple(Game(1, a, b, 1.0, 0.0, 400, 350) for a, b in round1.pairs)
    players = tuple(
        p if p.number != 2 else Player(2, "P2", 1980, active=False) for p in full.players
    )
    left = Division("A", players, games, rounds=1)
    expected = pair_split_rr(Division("A", full.players, games, rounds=1), 2)
    pairings = pair_split_rr(left, 2)
    (opponent,) = [b if a == 2 else a for a, b in expected.pairs if 2 in (a, b)]
    assert pairings.byes == (opponent,)
    assert set(pairings.pairs) == {p for p in expected.pairs if 2 not in p}
    assert "opponent withdrew" in said_for(pairings, (opponent, 0))


def test_unknown_split_is_refused() -> None:
    with pytest.raises(ValueError, match="split must be one of snake, odd-even"):
        pair_split_rr(division(8), 1, split="random")
