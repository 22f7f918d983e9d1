"""Quads and King-of-the-Hill quads (core/pairing/quads.py).

Fixtures: the quads of NSC 2006 notes (2006 NSC pairing overview), transcribed: "groups of 20
... (1, 6, 11, 16), (2, 7, 12, 17), (3, 8, 13, 18), (4, 9, 14, 19) and (5, 10, 15, 20)",
"groups of 16 ... (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15) and (4, 8, 12, 16)",
"groups 12: (1, 4, 7, 10), (2, 5, 8, 11), (3, 6, 9, 12)", "groups of 8: (1, 3, 5, 7),
(2, 4, 6, 8)", "groups of 4: (1, 2, 3, 4)", and "King-of-the-Hill quads (41, 42, 43,
44)".
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.pairing.quads import (
    adjust_quads,
    blocks,
    consecutive_groups,
    interleaved_groups,
    koth_quads_layout,
    pair_koth_quads,
    pair_nsc2006,
    pair_quads,
    seat_group,
)
from core.pairing.round_robin import group_round
from core.standings import scrabble_standings
from core.tournament import Division, Game, GameKind, Pairings, Player
from tests.core.reasons_in_words import en, said_for

SEED_001_QUADS = {
    20: ((1, 6, 11, 16), (2, 7, 12, 17), (3, 8, 13, 18), (4, 9, 14, 19), (5, 10, 15, 20)),
    16: ((1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15), (4, 8, 12, 16)),
    12: ((1, 4, 7, 10), (2, 5, 8, 11), (3, 6, 9, 12)),
    8: ((1, 3, 5, 7), (2, 4, 6, 8)),
    4: ((1, 2, 3, 4),),
}


def division(n: int, games: tuple[Game, ...] = ()) -> Division:
    players = tuple(Player(k, f"P{k}", rating=2000 - 10 * k) for k in range(1, n + 1))
    return Division("A", players, games, rounds=max((g.round for g in games), default=0))


@pytest.mark.parametrize("size", sorted(SEED_001_QUADS))
def test_quads_from_groups_as_seed_001_lists_them(size: int) -> None:
    assert interleaved_groups(range(1, size + 1)) == SEED_001_QUADS[size]


def test_koth_quads_are_consecutive() -> None:
    assert consecutive_groups(range(41, 49)) == ((41, 42, 43, 44), (45, 46, 47, 48))
    assert consecutive_groups(range(41, 47)) == ((41, 42, 43, 44, 45, 46),)


def test_leftovers_join_the_last_quad_and_short_groups_join_the_one_above() -> None:
    assert interleaved_groups(range(1, 11)) == ((1, 3, 5, 7), (2, 4, 6, 8, 9, 10))
    assert [len(b) for b in blocks(range(1, 43), 20)] == [20, 22]
    assert [len(b) for b in blocks(range(1, 46), 20)] == [20, 20, 5]


def test_quad_round_robin_order_a_d_then_a_c_then_a_b() -> None:
    """Each quad plays its round robin A-D B-C, A-C B-D, A-B C-D (Director's Manual's "most
    dramatic finish" order), from the standings before the session (ratings here)."""
    div = division(16)
    rounds = [pair_quads(div, r, group_size=16) for r in (1, 2, 3)]
    quad = SEED_001_QUADS[16][0]  # 1, 5, 9, 13
    a, b, c, d = quad
    sets = [{frozenset(p) for p in pr.pairs} for pr in rounds]
    assert {frozenset((a, d)), frozenset((b, c))} <= sets[0]
    assert {frozenset((a, c)), frozenset((b, d))} <= sets[1]
    assert {frozenset((a, b)), frozenset((c, d))} <= sets[2]
    assert "quad 1, 5, 9, 13 (from groups of 16)" in said_for(rounds[0], rounds[0].pairs[0])


def test_fourth_round_a_v_a1() -> None:
    """NSC 2006 notes: "The fourth round in the morning will pair A vs. A1, B vs. B1, C vs. C1
    and D vs. D1, etc, where A1 is the A player in the adjacent quad"."""
    div = division(16)
    pairings = pair_quads(div, 4, group_size=16, session_rounds=4)
    expected = {frozenset(p) for p in [(1, 2), (5, 6), (9, 10), (13, 14), (3, 4), (7, 8),
                                        (11, 12), (15, 16)]}  # fmt: skip
    assert {frozenset(p) for p in pairings.pairs} == expected
    assert "A of quad 1 v A of quad 2" in said_for(pairings, pairings.pairs[0])


def test_fourth_round_letters_follow_the_standing_after_three_games() -> None:
    """A is the quad's highest standing player when round 4 is paired: here the lowest
    seed of each quad won all three games."""
    games: list[Game] = []
    for r in (1, 2, 3):
        for a, b in pair_quads(
            division(16, tuple(games)), r, group_size=16, session_rounds=4
        ).pairs:
            winner = max(a, b)  # the lower-rated (higher number) player wins
            loser = min(a, b)
            games.append(Game(r, winner, loser, 1.0, 0.0, 400, 300, winner))
    pairings = pair_quads(division(16, tuple(games)), 4, group_size=16, session_rounds=4)
    sets = {frozenset(p) for p in pairings.pairs}
    assert frozenset((13, 14)) in sets  # the D seeds of quads 1 and 2 are now their As
    assert frozenset((1, 2)) in sets  # and the A seeds their Ds


def test_adjust_quads_clears_repeats_with_one_swap() -> None:
    """NSC 2006 notes: "the computer program will adjust the quad pairings accordingly, with
    minimum adjustments"."""
    quads = SEED_001_QUADS[20]
    met = {frozenset((1, 6))}
    adjusted, notes = adjust_quads(quads, met)
    assert len(notes) == 1 and "to avoid a repeat" in en(notes[0])
    assert all(frozenset((p, q)) not in met for quad in adjusted for p in quad for q in quad)
    changed = [i for i, (old, new) in enumerate(zip(quads, adjusted, strict=True)) if old != new]
    assert len(changed) == 2 and abs(changed[0] - changed[1]) == 1  # the nearest quad


def test_repeats_are_kept_when_allowed() -> None:
    games = (Game(1, 1, 3, 1.0, 0.0, 400, 300), Game(1, 2, 4, 1.0, 0.0, 400, 300))
    div = division(4, games)
    pairings = pair_quads(div, 2, group_size=4, first_round=2, repeats=True)
    assert len(pairings.pairs) == 2


def test_koth_quads_with_a_king_of_the_hill_top() -> None:
    """NSC 2006 notes, session 8: positions 41-bottom in KOTH quads; the top 40 King of the
    Hill, a round at a time."""
    div = division(48)
    pairings = pair_koth_quads(div, 26, from_position=41, first_round=26)
    sets = {frozenset(p) for p in pairings.pairs}
    assert {
        frozenset((41, 44)),
        frozenset((42, 43)),
        frozenset((45, 48)),
        frozenset((46, 47)),
    } <= sets
    assert {frozenset((1, 2)), frozenset((39, 40))} <= sets
    assert len(pairings.pairs) == 24 and pairings.byes == ()


def simulate_nsc(n: int, seed: int) -> list[tuple[Division, Pairings]]:
    rng = random.Random(seed)
    players = tuple(Player(k, f"P{k}", rating=rng.randint(900, 2100)) for k in range(1, n + 1))
    games: list[Game] = []
    out = []
    for r in range(1, 29):
        div = Division("NSC", players, tuple(games), rounds=r - 1)
        pairings = pair_nsc2006(div, r)
        out.append((div, pairings))
        for a, b in pairings.pairs:
            sa, sb = rng.randint(250, 550), rng.randint(250, 550)
            pa = 1.0 if sa > sb else 0.0 if sa < sb else 0.5
            games.append(Game(r, a, b, pa, 1.0 - pa, sa, sb, a))
        for x in pairings.byes:
            games.append(Game(r, x, None, 1.0, score_a=50, kind=GameKind.BYE))
    return out


@pytest.mark.parametrize(("n", "seed"), [(64, 1), (61, 2), (96, 3), (62, 4), (63, 5)])
def test_nsc2006_schedule_pairs_everyone_and_no_repeats_before_round_15(n: int, seed: int) -> None:
    """NSC 2006 notes: "there will be no repeat pairings until Round 15"."""
    for div, pairings in simulate_nsc(n, seed):
        seen = Counter(p for pair in pairings.pairs for p in pair) + Counter(pairings.byes)
        assert set(seen) == set(range(1, n + 1)) and set(seen.values()) == {1}
        if pairings.round < 15:
            for pair in pairings.pairs:
                assert div.times_met(*pair) == 0, (pairings.round, pair)


@pytest.mark.parametrize("n", [30, 42])
def test_nsc2006_division_without_a_bottom_quad_is_all_top_flight(n: int) -> None:
    """NSC 2006 notes, session 8: "players in positions 41-bottom" play KOTH quads and "the top
    40" are paired a round at a time. A division with fewer than four players below 40th
    has no bottom quad to form: everyone is paired with the top, King of the Hill."""
    rounds = simulate_nsc(n, 5)
    for _, pairings in rounds[25:]:
        seen = Counter(p for pair in pairings.pairs for p in pair) + Counter(pairings.byes)
        assert set(seen) == set(range(1, n + 1)) and set(seen.values()) == {1}
    div, pairings = rounds[25]
    order = [s.number for s in scrabble_standings(div)]
    assert frozenset(order[:2]) in {frozenset(p) for p in pairings.pairs}


@pytest.mark.parametrize("size", [5, 6, 7])
def test_a_leftover_group_is_seated_so_its_three_rounds_repeat_nothing(size: int) -> None:
    """NSC 2006 notes: "no repeat pairings until Round 15 ... the computer program will adjust
    the quad pairings accordingly". A group of 5-7 plays only three rounds of its round
    robin, so the seats decide which pairs meet: the seats by standing would repeat the
    pairs met here, a reseating does not, and the byes still go to those without one."""
    group = tuple(range(1, size + 1))
    met = {frozenset(pair) for pair in group_round(group, 1)[0]}
    byes = {size: 1}  # the bottom seed has had a bye: he is seated out of the byes
    seated = seat_group(group, met, byes)
    assert sorted(seated) == list(group)
    played = [frozenset(pair) for r in (1, 2, 3) for pair in group_round(seated, r)[0]]
    assert not met & set(played)
    sat_out = [group_round(seated, r)[1] for r in (1, 2, 3)]
    assert size not in sat_out
    assert seat_group(group, set(), {}) == group  # nothing to mend: seats by standing


def test_quads_drawn_from_standings_before_the_session() -> None:
    games = tuple(Game(1, k, k + 4, 0.0, 1.0, 300, 400 + k) for k in range(1, 5))
    after = division(8, games)
    order = [s.number for s in scrabble_standings(after)]
    pairings = pair_quads(after, 2, group_size=8, first_round=2, repeats=True)
    quads = interleaved_groups(order)
    assert all(any({a, b} <= set(q) for q in quads) for a, b in pairings.pairs)


def test_bad_session_options_are_refused() -> None:
    with pytest.raises(ValueError, match="3 or 4 rounds"):
        pair_quads(division(8), 1, session_rounds=5)
    for size in (2, 5, 10):  # NSC 2006 notes draws quads from groups of 20, 16, 12, 8 or 4
        with pytest.raises(ValueError, match="multiple of 4"):
            pair_quads(division(8), 1, group_size=size)
    with pytest.raises(ValueError, match="rounds 1 to 28"):
        pair_nsc2006(division(8), 29)


@pytest.mark.parametrize(("n", "seed"), [(45, 0), (45, 1), (47, 2), (61, 2), (63, 3)])
def test_nsc2006_gives_nobody_a_second_bye(n: int, seed: int) -> None:
    """Director's Manual, "Odd Number of Players": "A player, if possible, should have, at most,
    one bye in a tournament". 28 byes among 45 or more players is possible; with the odd
    group always last, the same few last-placed players sat out session after session
    (45 players, seed 0: one had four byes)."""
    byes: Counter[int] = Counter()
    for _, pairings in simulate_nsc(n, seed):
        byes.update(pairings.byes)
    assert sum(byes.values()) == 28 and set(byes.values()) == {1}, byes.most_common(3)


def test_odd_group_moves_up_when_the_bottom_has_had_its_byes() -> None:
    """The players left over join a quad whose byes go to players without one (Director's Manual,
    "at most, one bye"): here the bottom five have had a bye each, so the group of 5
    forms higher up and the last group is a plain quad; the reasons say why. (The byes
    here scored as losses put their players last.)"""
    games = tuple(Game(1, k, None, 0.0, score_a=-150, kind=GameKind.BYE) for k in range(9, 14))
    games += tuple(Game(1, k, k + 1, 1.0, 0.0, 400, 300) for k in range(1, 8, 2))
    div = division(13, games)
    pairings = pair_quads(div, 2, group_size=4, first_round=2, repeats=True)
    assert pairings.byes and all(div.byes_of(b) == 0 for b in pairings.byes)
    text = " ".join(said_for(pairings, p) for p in pairings.pairs)
    assert "joined this group, not the last one" in text


def test_koth_quads_put_the_odd_player_where_byes_are_fresh() -> None:
    """NSC 2006 notes session 8 with 45 players: positions 41-45 make a group of 5 whose three
    byes would all be second byes; 41 joins the top flight instead (King of the Hill,
    whose bye goes to the lowest-placed without one) and 42-45 make a true quad."""
    byes = {p: 1 for p in range(36, 46)}
    top, quads, note = koth_quads_layout(list(range(1, 46)), 41, byes, 3)
    assert top == list(range(1, 42)) and quads == ((42, 43, 44, 45),)
    assert "41 moved up" in en(note[0])
    top, quads, note = koth_quads_layout(list(range(1, 46)), 41, {}, 3)
    assert top == list(range(1, 41)) and sorted(quads[0]) == [41, 42, 43, 44, 45] and not note
