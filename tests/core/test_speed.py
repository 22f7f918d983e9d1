"""Speed pairings (core/pairing/speed.py), from Director's Manual, appendix "Speed Pairings".

Fixtures transcribed from the seed: with 40 players, rounds 1-3 group "#1, 11, 21, 31
together, #2, 12, 22, 32 together and so on until #10, 20, 30, 40"; with 48 players,
rounds 4-6 group the top 24 as "#1, #7, #13 and #19; #2, #8, #14, #20, etc."; rounds
7-8 use groups of 12 "#1, 4, 7, 10 ... #2, 5, 8, 11 ... #3, 6, 9, 12"; and the worked
example: "Round 7 has #1, #4, #7, and #10 in one group. #1 and #4 have the best win/loss
records ..., so #1 plays #4 and #7 vs. #10. #4 wins and #10 wins. So, in Round 8, it's #4
vs. #10 and #1 vs. #7."
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.pairing.speed import pair_speed, speed_groups
from core.standings import scrabble_standings
from core.tournament import Division, Game, GameKind, Pairings, Player
from tests.core.reasons_in_words import said_for


def division(n: int, games: list[Game] | tuple[Game, ...] = ()) -> Division:
    players = tuple(Player(k, f"P{k}", rating=2400 - 10 * k) for k in range(1, n + 1))
    return Division("A", players, tuple(games), rounds=max((g.round for g in games), default=0))


def test_rounds_1_to_3_groups_from_ratings() -> None:
    groups, notes = speed_groups(division(40), 1)
    assert groups == tuple((k, k + 10, k + 20, k + 30) for k in range(1, 11))
    assert notes == ()


def test_rounds_1_to_3_are_each_groups_round_robin() -> None:
    div = division(40)
    met: Counter[frozenset[int]] = Counter()
    for r in (1, 2, 3):
        pairings = pair_speed(div, r)
        for a, b in pairings.pairs:
            assert (a - b) % 10 == 0  # same group
            met[frozenset((a, b))] += 1
    assert len(met) == 60 and set(met.values()) == {1}


def byes_with_spreads(n: int, last_round: int) -> list[Game]:
    """Results that make the standings 1, 2, 3, ... n without anyone having met:
    one bye each, in ``last_round``, with spreads falling by number."""
    return [
        Game(last_round, k, None, 1.0, score_a=1000 - k, kind=GameKind.BYE) for k in range(1, n + 1)
    ]


def test_rounds_4_to_6_halves_by_standing() -> None:
    div = division(48, byes_with_spreads(48, 3))
    groups, _ = speed_groups(div, 4)
    assert groups[0] == (1, 7, 13, 19) and groups[1] == (2, 8, 14, 20)
    assert groups[6] == (25, 31, 37, 43)  # the bottom half the same way
    # standings, not ratings: reverse the spreads and the groups follow
    flipped = division(
        48, [Game(3, k, None, 1.0, score_a=k, kind=GameKind.BYE) for k in range(1, 49)]
    )
    assert speed_groups(flipped, 4)[0][0] == (48, 42, 36, 30)


def test_rounds_7_and_8_seed_example() -> None:
    games = byes_with_spreads(12, 6)
    div = division(12, games)
    groups, _ = speed_groups(div, 7)
    assert groups == ((1, 4, 7, 10), (2, 5, 8, 11), (3, 6, 9, 12))
    round7 = pair_speed(div, 7)
    sets = {frozenset(p) for p in round7.pairs}
    assert {frozenset((1, 4)), frozenset((7, 10))} <= sets
    assert "the two best records in the group meet" in said_for(round7, round7.pairs[0])
    results = []
    for a, b in round7.pairs:
        winner = {frozenset((1, 4)): 4, frozenset((7, 10)): 10}.get(frozenset((a, b)), a)
        pa, sa, sb = (1.0, 400, 350) if winner == a else (0.0, 350, 400)
        results.append(Game(7, a, b, pa, 1.0 - pa, sa, sb, a))
    round8 = pair_speed(division(12, games + results), 8)
    sets8 = {frozenset(p) for p in round8.pairs}
    assert {frozenset((4, 10)), frozenset((1, 7))} <= sets8


def test_round_9_fp4_and_round_10_koth() -> None:
    div = division(8, byes_with_spreads(8, 8))
    nine = pair_speed(div, 9)
    assert {frozenset(p) for p in nine.pairs} == {
        frozenset(p) for p in [(1, 3), (2, 4), (5, 7), (6, 8)]
    }
    assert "FP4" in said_for(nine, nine.pairs[0])
    koth = pair_speed(div, 9, round9="koth")
    assert frozenset((1, 2)) in {frozenset(p) for p in koth.pairs}
    ten = pair_speed(div, 10)
    assert frozenset((1, 2)) in {frozenset(p) for p in ten.pairs}


def simulate(n: int, seed: int) -> list[tuple[Division, Pairings]]:
    rng = random.Random(seed)
    players = tuple(Player(k, f"P{k}", rating=rng.randint(600, 2000)) for k in range(1, n + 1))
    games: list[Game] = []
    out = []
    for r in range(1, 11):
        div = Division("S", players, tuple(games), rounds=r - 1)
        pairings = pair_speed(div, r)
        out.append((div, pairings))
        for a, b in pairings.pairs:
            sa, sb = rng.randint(250, 500), rng.randint(250, 500)
            pa = 1.0 if sa > sb else 0.0 if sa < sb else 0.5
            games.append(Game(r, a, b, pa, 1.0 - pa, sa, sb, a))
        for x in pairings.byes:
            games.append(Game(r, x, None, 1.0, score_a=50, kind=GameKind.BYE))
    return out


@given(st.integers(min_value=4, max_value=45), st.integers(min_value=0, max_value=10**6))
def test_everyone_paired_once_each_round(n: int, seed: int) -> None:
    """Any size: each round everyone plays once or has the bye; groups of 5-7 take the
    seed's "define for that group who has the bye"."""
    for _, pairings in simulate(n, seed):
        seen = Counter(p for pair in pairings.pairs for p in pair) + Counter(pairings.byes)
        assert set(seen) == set(range(1, n + 1)) and set(seen.values()) == {1}


@pytest.mark.parametrize(
    ("n", "seed"),
    [(40, 1), (48, 2), (42, 3), (41, 4), (41, 21), (41, 162), (41, 372), (47, 59)],
)
def test_no_repeats_before_round_9_in_big_divisions(n: int, seed: int) -> None:
    """Director's Manual, "Speed Pairings": rounds 1-8 pair within groups drawn so that nobody
    meets twice. The last four events once repeated in round 8: their odd group of 5
    held players who had nearly all met (it is now placed where its pairs are new,
    :func:`core.pairing.quads.odd_group_layouts`), or round 7 sat out and paired so
    that round 8 had only old pairs left (round 7 now looks ahead)."""
    for div, pairings in simulate(n, seed):
        if pairings.round <= 8:
            for pair in pairings.pairs:
                assert div.times_met(*pair) == 0, (pairings.round, pair)


def test_odd_groups_spread_their_byes() -> None:
    """Director's Manual: "any player should have, at most, one bye in a tournament, if possible"."""
    byes: Counter[int] = Counter()
    for _, pairings in simulate(41, 7)[:6]:
        byes.update(pairings.byes)
    assert set(byes.values()) == {1}


def test_groups_use_standings_not_ratings_after_round_3() -> None:
    games = byes_with_spreads(16, 3)
    div = division(16, games)
    order = [s.number for s in scrabble_standings(div)]
    assert speed_groups(div, 4)[0][0] == (order[0], order[2], order[4], order[6])


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="round9 must be one of fp4, koth"):
        pair_speed(division(8), 9, round9="swiss")
    with pytest.raises(ValueError, match="4 or more active players"):
        pair_speed(division(3), 1)
    with pytest.raises(ValueError, match="10 rounds of Director's Manual's event, not round 11"):
        pair_speed(division(8), 11)
    with pytest.raises(ValueError, match="rounds 1 to 8"):
        speed_groups(division(8), 11)


@given(st.integers(min_value=4, max_value=45), st.integers(min_value=0, max_value=10**6))
def test_no_more_byes_than_an_odd_division_needs(n: int, seed: int) -> None:
    """Director's Manual, "Odd Number of Players": there is "one player who has a bye each round"
    only when the division is odd. Rounds 4-6 split the division into halves (appendix
    "Speed Pairings"); 30 players split 15/15 gave two odd groups and two byes in an even
    division, so the halves are cut where both can pair fully."""
    for _, pairings in simulate(n, seed)[:8]:
        assert len(pairings.byes) == n % 2, (pairings.round, pairings.byes)


def test_odd_group_sits_out_the_player_whose_absence_avoids_a_repeat() -> None:
    """Rounds 7-8, a group of 5 (Director's Manual: "You will have to define for that group who
    has the bye and who plays who"): of the players with the fewest byes, the lowest
    placed whose sitting out lets the rest pair without a repeat. Here 1 has met 2, 3
    and 4, so with 5 out every pairing repeats; with 4 out, 1 v 5 and 2 v 3 do not."""
    from core.pairing.history import History
    from core.pairing.speed import _odd_one_out

    history = History(met={(1, 2): 1, (1, 3): 1, (1, 4): 1})
    assert _odd_one_out([1, 2, 3, 4, 5], history) == 4
    assert _odd_one_out([1, 2, 3, 4, 5], History()) == 5  # nothing to avoid: last place
    assert _odd_one_out([1, 2, 3, 4, 5], History(met={(1, 2): 1}, byes={4: 1, 5: 1})) == 3
