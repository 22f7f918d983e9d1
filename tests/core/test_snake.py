"""Snake groups (core/pairing/snake.py).

Fixture: the seed's example, transcribed from Director's Manual, appendix "Snake Pairings" (and
again under "Example Pairings from Previous National SCRABBLE Championships"): 36
players into three groups of 12.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.pairing.round_robin import cycle_length
from core.pairing.snake import pair_snake, snake_groups
from core.standings import scrabble_standings
from core.tournament import Division, Game, GameKind, Player
from tests.core.reasons_in_words import said_for

SEED_36_INTO_3 = """
 1  2  3
 6  5  4
 7  8  9
12 11 10
13 14 15
18 17 16
19 20 21
24 23 22
25 26 27
30 29 28
31 32 33
36 35 34
"""


def division(n: int, games: tuple[Game, ...] = ()) -> Division:
    # numbered in a shuffled way so rating order and numbers differ
    players = tuple(Player(k, f"P{k}", rating=1000 + 37 * ((k * 7) % n)) for k in range(1, n + 1))
    return Division("A", players, games, rounds=max((g.round for g in games), default=0))


def by_rating(div: Division) -> list[int]:
    return [p.number for p in sorted(div.players, key=lambda p: (-p.rating, p.number))]


def test_seed_example_36_into_three_groups_of_12() -> None:
    """Director's Manual, "Snake Pairings": the printed three columns, exactly."""
    rows = [[int(x) for x in line.split()] for line in SEED_36_INTO_3.strip().splitlines()]
    expected = tuple(tuple(row[g] for row in rows) for g in range(3))
    assert snake_groups(range(1, 37), 3) == expected


def test_seed_001_row_order_for_twelve_groups() -> None:
    """NSC 2006 notes: "1 2 3 4 5 6 7 8 9 10 11 12 24 23 22 21 20 19 18 17 16 15 14
    13": with 12 groups, #1 and #24 share group 1 and #12 and #13 share group 12."""
    groups = snake_groups(range(1, 97), 12)
    assert groups[0][:2] == (1, 24) and groups[11][:2] == (12, 13)
    assert all(len(g) == 8 for g in groups)


@given(st.integers(min_value=1, max_value=60), st.integers(min_value=1, max_value=8))
def test_snake_deals_everyone_once_and_evenly(n: int, groups: int) -> None:
    dealt = snake_groups(range(1, n + 1), groups)
    assert sorted(p for g in dealt for p in g) == list(range(1, n + 1))
    sizes = [len(g) for g in dealt]
    assert max(sizes) - min(sizes) <= 1
    if n % (2 * groups) == 0:  # whole pairs of rows: every group's rank sum is equal
        assert len({sum(g) for g in dealt}) == 1


def test_pair_snake_round_robins_each_group_from_ratings() -> None:
    div = division(36)
    groups = snake_groups(by_rating(div), 3)
    group_of = {p: k for k, g in enumerate(groups) for p in g}
    met: Counter[frozenset[int]] = Counter()
    for r in range(1, 12):
        pairings = pair_snake(div, r, groups=3)
        assert pairings.byes == ()
        for a, b in pairings.pairs:
            assert group_of[a] == group_of[b]
            met[frozenset((a, b))] += 1
            assert "snake group" in said_for(pairings, (a, b))
    assert len(met) == 3 * 66 and set(met.values()) == {1}
    with pytest.raises(ValueError, match="outside the 11-round snake block"):
        pair_snake(div, 12, groups=3)


def test_groups_are_drawn_from_standings_before_the_block() -> None:
    """A later block is drawn from the standings before its first round, and results
    inside the block do not move anyone between groups."""
    div = division(8)
    first = pair_snake(div, 1, group_size=4)
    games = tuple(Game(1, a, b, 1.0, 0.0, 400, 300 + 10 * a) for a, b in first.pairs)
    div2 = division(8, games)
    order = [s.number for s in scrabble_standings(div2)]
    groups = [set(g) for g in snake_groups(order, 2)]
    pairings = pair_snake(div2, 2, group_size=4, first_round=2)
    assert all(any({a, b} <= g for g in groups) for a, b in pairings.pairs)
    more = games + tuple(Game(2, b, a, 1.0, 0.0, 500, 100) for a, b in pairings.pairs)
    div3 = division(8, more)
    assert pair_snake(div3, 3, group_size=4, first_round=2).pairs == (
        pair_snake(div2, 3, group_size=4, first_round=2).pairs
    )


def test_odd_groups_sit_out_their_bottom_seeds_who_then_meet() -> None:
    """Each odd group sits out its bottom seed first; with two odd groups in an even
    division the two meet instead of both taking byes (Director's Manual, "Odd Number of
    Players": a bye each round only when the division is odd), and over the block they
    never meet twice, as each sits out once."""
    div = division(10)
    pairings = pair_snake(div, 1, groups=2)  # two groups of 5
    ranked = by_rating(div)
    groups = snake_groups(ranked, 2)
    assert pairings.byes == ()
    assert set(map(frozenset, pairings.pairs)) >= {frozenset(g[-1] for g in groups)}
    assert len(pairings.pairs) == 5
    games: list[Game] = []
    met: Counter[frozenset[int]] = Counter()
    for r in range(1, 6):
        pairings = pair_snake(division(10, tuple(games)), r, groups=2)
        assert pairings.byes == ()
        met.update(frozenset(p) for p in pairings.pairs)
        games += [Game(r, a, b, 1.0, 0.0, 400, 300) for a, b in pairings.pairs]
    assert set(met.values()) == {1}
    odd = pair_snake(division(11), 1, groups=2)  # 6 and 5: one bye, the odd group's
    (five,) = [g for g in snake_groups(by_rating(division(11)), 2) if len(g) == 5]
    assert odd.byes == (five[-1],)


def test_bad_options_are_refused() -> None:
    div = division(8)
    with pytest.raises(ValueError, match="exactly one"):
        pair_snake(div, 1)
    with pytest.raises(ValueError, match="exactly one"):
        pair_snake(div, 1, groups=2, group_size=4)
    with pytest.raises(ValueError, match="cannot make 5 snake groups"):
        pair_snake(div, 1, groups=5)


@given(st.integers(min_value=4, max_value=40), st.integers(min_value=1, max_value=5))
def test_a_bye_only_when_the_division_is_odd(n: int, groups: int) -> None:
    """Director's Manual, "Odd Number of Players": one bye a round, and only in an odd division,
    however the snake deals the groups; everyone plays or has the bye exactly once."""
    groups = min(groups, n // 2)
    block = min(cycle_length(len(g)) for g in snake_groups(range(n), groups))
    games: list[Game] = []
    for r in range(1, block + 1):
        pairings = pair_snake(division(n, tuple(games)), r, groups=groups)
        assert len(pairings.byes) == n % 2
        seen = Counter(p for pair in pairings.pairs for p in pair) + Counter(pairings.byes)
        assert set(seen) == set(range(1, n + 1)) and set(seen.values()) == {1}
        games += [Game(r, a, b, 1.0, 0.0, 400, 300) for a, b in pairings.pairs]
        games += [Game(r, x, None, 1.0, score_a=50, kind=GameKind.BYE) for x in pairings.byes]
