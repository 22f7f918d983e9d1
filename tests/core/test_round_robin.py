"""Round robin by the Clark rotation (core/pairing/round_robin.py).

The fixtures below are the seed's round robin tables, transcribed from Director's Manual,
appendix "Round-Robin Pairings" (4 to 16 Players): row ``k`` lists player k's opponent in
rounds 1, 2, 3, ... The Clark rotation (Director's Manual, "Clark System (R-R)") must reproduce
them exactly.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.pairing.round_robin import (
    clark_rounds,
    pair_double_round_robin,
    pair_round_robin,
    round_robin_bye,
    round_robin_schedule,
    seat_for_byes,
)
from core.tournament import Division, Game, Player
from tests.core.reasons_in_words import said_for

SEED_TABLES = {
    4: """
     1:  4  3  2
     2:  3  4  1
     3:  2  1  4
     4:  1  2  3
""",
    6: """
     1:  6  5  4  3  2
     2:  5  3  6  4  1
     3:  4  2  5  1  6
     4:  3  6  1  2  5
     5:  2  1  3  6  4
     6:  1  4  2  5  3
""",
    8: """
     1:  8  7  6  5  4  3  2
     2:  7  5  3  8  6  4  1
     3:  6  4  2  7  5  1  8
     4:  5  3  8  6  1  2  7
     5:  4  2  7  1  3  8  6
     6:  3  8  1  4  2  7  5
     7:  2  1  5  3  8  6  4
     8:  1  6  4  2  7  5  3
""",
    10: """
     1: 10  9  8  7  6  5  4  3  2
     2:  9  7  5  3 10  8  6  4  1
     3:  8  6  4  2  9  7  5  1 10
     4:  7  5  3 10  8  6  1  2  9
     5:  6  4  2  9  7  1  3 10  8
     6:  5  3 10  8  1  4  2  9  7
     7:  4  2  9  1  5  3 10  8  6
     8:  3 10  1  6  4  2  9  7  5
     9:  2  1  7  5  3 10  8  6  4
    10:  1  8  6  4  2  9  7  5  3
""",
    12: """
     1: 12 11 10  9  8  7  6  5  4  3  2
     2: 11  9  7  5  3 12 10  8  6  4  1
     3: 10  8  6  4  2 11  9  7  5  1 12
     4:  9  7  5  3 12 10  8  6  1  2 11
     5:  8  6  4  2 11  9  7  1  3 12 10
     6:  7  5  3 12 10  8  1  4  2 11  9
     7:  6  4  2 11  9  1  5  3 12 10  8
     8:  5  3 12 10  1  6  4  2 11  9  7
     9:  4  2 11  1  7  5  3 12 10  8  6
    10:  3 12  1  8  6  4  2 11  9  7  5
    11:  2  1  9  7  5  3 12 10  8  6  4
    12:  1 10  8  6  4  2 11  9  7  5  3
""",
    14: """
     1: 14 13 12 11 10  9  8  7  6  5  4  3  2
     2: 13 11  9  7  5  3 14 12 10  8  6  4  1
     3: 12 10  8  6  4  2 13 11  9  7  5  1 14
     4: 11  9  7  5  3 14 12 10  8  6  1  2 13
     5: 10  8  6  4  2 13 11  9  7  1  3 14 12
     6:  9  7  5  3 14 12 10  8  1  4  2 13 11
     7:  8  6  4  2 13 11  9  1  5  3 14 12 10
     8:  7  5  3 14 12 10  1  6  4  2 13 11  9
     9:  6  4  2 13 11  1  7  5  3 14 12 10  8
    10:  5  3 14 12  1  8  6  4  2 13 11  9  7
    11:  4  2 13  1  9  7  5  3 14 12 10  8  6
    12:  3 14  1 10  8  6  4  2 13 11  9  7  5
    13:  2  1 11  9  7  5  3 14 12 10  8  6  4
    14:  1 12 10  8  6  4  2 13 11  9  7  5  3
""",
    16: """
     1: 16 15 14 13 12 11 10  9  8  7  6  5  4  3  2
     2: 15 13 11  9  7  5  3 16 14 12 10  8  6  4  1
     3: 14 12 10  8  6  4  2 15 13 11  9  7  5  1 16
     4: 13 11  9  7  5  3 16 14 12 10  8  6  1  2 15
     5: 12 10  8  6  4  2 15 13 11  9  7  1  3 16 14
     6: 11  9  7  5  3 16 14 12 10  8  1  4  2 15 13
     7: 10  8  6  4  2 15 13 11  9  1  5  3 16 14 12
     8:  9  7  5  3 16 14 12 10  1  6  4  2 15 13 11
     9:  8  6  4  2 15 13 11  1  7  5  3 16 14 12 10
    10:  7  5  3 16 14 12  1  8  6  4  2 15 13 11  9
    11:  6  4  2 15 13  1  9  7  5  3 16 14 12 10  8
    12:  5  3 16 14  1 10  8  6  4  2 15 13 11  9  7
    13:  4  2 15  1 11  9  7  5  3 16 14 12 10  8  6
    14:  3 16  1 12 10  8  6  4  2 15 13 11  9  7  5
    15:  2  1 13 11  9  7  5  3 16 14 12 10  8  6  4
    16:  1 14 12 10  8  6  4  2 15 13 11  9  7  5  3
""",
}


def parse_table(text: str) -> dict[int, list[int]]:
    table = {}
    for line in text.strip().splitlines():
        player, opponents = line.split(":")
        table[int(player)] = [int(x) for x in opponents.split()]
    return table


def division(n: int, withdrawn: tuple[int, ...] = ()) -> Division:
    players = tuple(
        Player(number=k, name=f"P{k}", rating=2000 - k, active=k not in withdrawn)
        for k in range(1, n + 1)
    )
    return Division(name="A", players=players)


@pytest.mark.parametrize("n", sorted(SEED_TABLES))
def test_clark_rotation_reproduces_seed_table(n: int) -> None:
    """Director's Manual, "Clark System (R-R)": the rotation gives the printed tables exactly."""
    table = parse_table(SEED_TABLES[n])
    rounds = clark_rounds(n)
    assert len(rounds) == n - 1
    for r, pairs in enumerate(rounds):
        for a, b in pairs:
            assert table[a][r] == b
            assert table[b][r] == a


def test_clark_first_round_and_rotation_as_described() -> None:
    """Director's Manual, "Clark System": round 1 is 1-16, 2-15, ...; round 2 is 1-15, 16-14, 2-13."""
    rounds = clark_rounds(16)
    assert rounds[0] == tuple((k, 17 - k) for k in range(1, 9))
    assert rounds[1][:3] == ((1, 15), (16, 14), (2, 13))
    assert rounds[2][:3] == ((1, 14), (15, 13), (16, 12))


@given(st.integers(min_value=2, max_value=40))
def test_every_pair_meets_exactly_once(n: int) -> None:
    schedule = round_robin_schedule(n)
    met = Counter(frozenset(p) for rnd in schedule for p in rnd)
    assert len(met) == n * (n - 1) // 2
    assert set(met.values()) == {1}
    for r, rnd in enumerate(schedule, start=1):
        seen = [p for pair in rnd for p in pair]
        assert len(seen) == len(set(seen))  # nobody twice in a round
        missing = set(range(1, n + 1)) - set(seen)
        bye = round_robin_bye(n, r)
        assert missing == (set() if bye is None else {bye})


@given(st.integers(min_value=2, max_value=40))
def test_first_moves_alternate_and_balance(n: int) -> None:
    """Nobody goes first (or second) three times running; firsts differ by at most one."""
    history: dict[int, str] = {k: "" for k in range(1, n + 1)}
    for rnd in round_robin_schedule(n):
        for first, second in rnd:
            history[first] += "F"
            history[second] += "S"
    for moves in history.values():
        assert "FFF" not in moves and "SSS" not in moves
        assert abs(moves.count("F") - moves.count("S")) <= 1


def test_odd_sizes_give_byes_to_bottom_seeds_first() -> None:
    """Director's Manual, John Green System: byes normally go to the bottom seeds first."""
    assert [round_robin_bye(7, r) for r in range(1, 8)] == [7, 6, 5, 4, 3, 2, 1]
    pairings = pair_round_robin(division(5), 1)
    assert pairings.byes == (5,)
    assert len(pairings.pairs) == 2


def test_pair_round_robin_matches_schedule_and_explains() -> None:
    div = division(8)
    for r in range(1, 8):
        pairings = pair_round_robin(div, r)
        assert {frozenset(p) for p in pairings.pairs} == {
            frozenset(p) for p in clark_rounds(8)[r - 1]
        }
        for pair in pairings.pairs:
            assert "Clark rotation" in said_for(pairings, pair)


def test_double_round_robin_reverses_first_moves() -> None:
    div = division(6)
    for r in range(1, 6):
        once = pair_double_round_robin(div, r).pairs
        twice = pair_double_round_robin(div, r + 5).pairs
        assert twice == tuple((b, a) for a, b in once)
    met = Counter(frozenset(p) for r in range(1, 11) for p in pair_double_round_robin(div, r).pairs)
    assert set(met.values()) == {2}


def test_withdrawal_after_playing_leaves_the_schedule_intact() -> None:
    first = pair_round_robin(division(6), 1)
    games = tuple(Game(1, a, b, 1.0, 0.0, 400, 300, a) for a, b in first.pairs)
    div = Division("A", division(6, withdrawn=(3,)).players, games, rounds=1)
    pairings = pair_round_robin(div, 2)
    full = pair_round_robin(Division("A", division(6).players, games, rounds=1), 2)
    (opponent,) = [a if b == 3 else b for a, b in full.pairs if 3 in (a, b)]
    assert pairings.byes == (opponent,)
    assert set(pairings.pairs) == {p for p in full.pairs if 3 not in p}


def test_two_withdrawals_in_one_round_robin_leave_two_byes_not_a_new_pair() -> None:
    """Players left without their scheduled game by the same round robin keep their
    byes: meeting now would repeat the game the schedule still has for them."""
    first = pair_round_robin(division(8), 1)
    games = tuple(Game(1, a, b, 1.0, 0.0, 400, 300, a) for a, b in first.pairs)
    div = Division("A", division(8, withdrawn=(3, 6)).players, games, rounds=1)
    full = pair_round_robin(Division("A", division(8).players, games, rounds=1), 2)
    orphans = sorted(a if b in (3, 6) else b for a, b in full.pairs
                     if (a in (3, 6)) != (b in (3, 6)))
    assert len(orphans) == 2
    assert list(pair_round_robin(div, 2).byes) == orphans


def test_no_show_before_round_one_is_left_out() -> None:
    pairings = pair_round_robin(division(7, withdrawn=(3,)), 1)
    assert pairings.byes == () and len(pairings.pairs) == 3
    assert "6-player round robin" in said_for(pairings, pairings.pairs[0])


@pytest.mark.parametrize("bad_round", [0, 8])
def test_round_outside_schedule_is_refused(bad_round: int) -> None:
    with pytest.raises(ValueError, match="outside"):
        pair_round_robin(division(8), bad_round)


def test_odd_clark_size_is_refused() -> None:
    with pytest.raises(ValueError, match="even"):
        clark_rounds(7)


def test_odd_group_seats_players_with_byes_higher() -> None:
    """Director's Manual, "Speed Pairings": "any player should have, at most, one bye in a
    tournament, if possible": the bottom seats (byes first) go to those without one."""
    assert seat_for_byes((1, 2, 3, 4, 5), {5: 1, 4: 1}) == (4, 5, 1, 2, 3)
    assert seat_for_byes((1, 2, 3, 4), {4: 1}) == (1, 2, 3, 4)  # even: no byes to place
    assert [round_robin_bye(5, r) for r in (1, 2, 3)] == [5, 4, 3]  # seats 5, 4, 3 first
