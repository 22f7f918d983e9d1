"""Speed pairings: a 10-round event paired in blocks of small groups (Director's Manual).

Director's Manual, appendix "Speed Pairings", for a 10-round event:

1. Rounds 1-3: "Order the players by rating ... divide the players into 4 groups ...
   pair the first three rounds by pairing #1, 11, 21, 31 together, #2, 12, 22, 32
   together and so on"; each group of four plays a round robin.
2. Rounds 4-6: "first divide them into two halves, the top and bottom ... (do NOT divide
   the group by rating)", then each half into four the same way, on the standings:
   with 48 players, "#1, #7, #13 and #19; #2, #8, #14, #20, etc."
3. Rounds 7-8: "the division should be divided into groups of 12 players each (based on
   tournament standing ...). Then #1, 4, 7, 10 will be one group"; "the 7th round has the
   two players in each group with the best tournament win/loss record playing together.
   The 8th round has the two individual winners in each group from the 7th round playing
   together" (and the two losers).
4. Rounds 9-10: "either KOTH, or FP4 in round 9 and KOTH in the final round" (the shared
   systems of :mod:`core.pairing.koth` and :mod:`core.pairing.factored`); the last round
   allows repeats, as Director's Manual allows them "for the last round".

"If the number of players in a division is not divisible by four, the last group formed
will be a group of 5, 6 or 7 players. You will have to define for that group who has the
bye and who plays who for each round": here it plays the first rounds of its round robin
(bottom seats sit out; players who have had a bye are seated higher, "any player should
have, at most, one bye"), and in rounds 7-8 its odd player out is the lowest-placed who
has had the fewest byes. Where the standings would pair two players who have met, the
next pairing of the group in the same order that repeats less is taken. For rounds 7-8
the odd group is placed where its pairs are new and it holds two players without a bye
(:func:`_groups_of_12`), and round 7 is chosen so that round 8 can be paired without a
repeat whatever the results (:func:`_round_7_plan`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from core.pairing.factored import pair_factored
from core.pairing.history import History, history_before, order_first
from core.pairing.koth import pair_koth
from core.pairing.quads import (
    Quad,
    adjust_quads,
    interleaved_groups,
    met_before,
    notes_for,
    odd_group_layouts,
    repeats_in,
    seat_group,
)
from core.pairing.round_robin import Pair, pair_groups
from core.pairing.snake import ranking_before
from core.pairing.tables import NotATable, TableBlock
from core.pairing.why import Why, why
from core.tournament import Division, Pairings

ROUND9 = ("fp4", "koth")


def speed_groups(division: Division, round_number: int) -> tuple[tuple[Quad, ...], tuple[Why, ...]]:
    """The groups of the block that ``round_number`` (1-8) belongs to, and the swaps made
    (between groups of the same half or block) so that no group holds players who have
    met, as NSC 2006 notes asks of quads ("adjust the quad pairings ... with minimum
    adjustments", :func:`core.pairing.quads.adjust_quads`)."""
    if 1 <= round_number <= 3:
        return interleaved_groups(ranking_before(division, 1)), ()
    if 4 <= round_number <= 6:
        first = 4
        ranked = ranking_before(division, first)
        half = _top_half(len(ranked))
        parts = [ranked[:half], ranked[half:]] if len(ranked) - half >= 4 else [ranked]
    elif 7 <= round_number <= 8:
        return _groups_of_12(division)
    else:
        raise ValueError(f"speed pairing groups cover rounds 1 to 8, not {round_number}")
    met = met_before(division, first)
    groups: list[Quad] = []
    notes: list[Why] = []
    for part in parts:
        adjusted, part_notes = adjust_quads(interleaved_groups(part), met)
        groups.extend(adjusted)
        notes.extend(part_notes)
    return tuple(groups), tuple(notes)


def _groups_of_12(division: Division) -> tuple[tuple[Quad, ...], tuple[Why, ...]]:
    """Rounds 7-8: groups of 12 by standing, each cut "#1, 4, 7, 10 ...", with swaps so
    that no group holds players who have met (as :func:`speed_groups`).

    An odd division's odd group (5 or 7) sits one player out in each of the two rounds,
    and its players are paired by results, so every pair in it must be new. Left in the
    last block, as the plain cut has it, it could hold players who had all met and all
    but one had a bye (41 players: a repeat in round 8 about once in 130 events). So
    the odd group is placed, as quads place theirs
    (:func:`core.pairing.quads.odd_group_layouts`), where no group keeps a pair who have
    met and it holds two players without a bye (Director's Manual, "at most, one bye"), the
    lowest-placed such place first; failing that, the place with the fewest."""
    ranked = ranking_before(division, 7)
    met = met_before(division, 7)
    byes = history_before(division, 7).byes
    best: tuple[tuple[int, int, int], tuple[Quad, ...], tuple[Why, ...]] | None = None
    for layout in odd_group_layouts(ranked, 12):
        groups: list[Quad] = []
        notes: list[Why] = []
        for part in layout:
            adjusted, part_notes = adjust_quads(part, met)
            groups.extend(adjusted)
            notes.extend(part_notes)
        forced = sum(_two_round_repeats(g, met) for g in groups)
        left = sum(repeats_in(g, met) for g in groups)
        short = sum(max(0, 2 - sum(1 for p in g if not byes.get(p, 0)))
                    for g in groups if len(g) % 2)
        cost = (forced, left, short)
        if best is None or cost < best[0]:
            best = (cost, tuple(groups), tuple(notes))
        if cost == (0, 0, 0) or len(ranked) % 2 == 0:
            break
    assert best is not None
    return best[1], best[2]


def _two_round_repeats(group: Quad, met: set[frozenset[int]]) -> int:
    """The fewest repeats a group can make over rounds 7 and 8, whatever the results:
    two different pairings of it (an odd group sits out a different player in each)."""
    if repeats_in(group, met) == 0:
        return 0
    outs: list[tuple[int | None, int | None]] = (
        [(a, b) for a in group for b in group if a != b] if len(group) % 2 else [(None, None)]
    )
    best = len(group)
    for out7, out8 in outs:
        for first in _matchings([p for p in group if p != out7]):
            used = met | {frozenset(pair) for pair in first}
            made = sum(frozenset(pair) in met for pair in first)
            for second in _matchings([p for p in group if p != out8]):
                best = min(best, made + sum(frozenset(pair) in used for pair in second))
                if best == 0:
                    return 0
    return best


def _top_half(n: int) -> int:
    """Size of the top half for rounds 4-6: n/2 rounded to an even number, up.

    Director's Manual says only "divide them into two halves"; with an odd half (30 players,
    15 and 15) each half's last group is odd and an even division gets two byes a
    round, though "Odd Number of Players" gives "one player who has a bye each round"
    only to an odd division. An even top half keeps the top players out of byes, and
    leaves the bottom half odd exactly when the division is."""
    half = n // 2
    return half + half % 2


def pair_speed(division: Division, round_number: int, *, round9: str = "fp4") -> Pairings:
    """Pair ``round_number`` (1-10) of a speed-paired event (Director's Manual)."""
    if not 1 <= round_number <= 10:
        raise ValueError(
            f"speed pairings cover the 10 rounds of Director's Manual's event, not round "
            f"{round_number}; pair later rounds with koth or fp"
        )
    if round9 not in ROUND9:
        raise ValueError(f"round9 must be one of {', '.join(ROUND9)}, got {round9!r}")
    active = [p for p in division.players if p.active]
    if len(active) < 4:
        raise ValueError(f"speed pairings need 4 or more active players, {len(active)} are left")
    if round_number == 9:
        if round9 == "koth":
            return pair_koth(division, 9)
        return pair_factored(division, 9, factor=4)
    if round_number == 10:
        return pair_koth(division, 10, repeats=True)
    groups, notes = speed_groups(division, round_number)
    if round_number <= 6:
        first = 1 if round_number <= 3 else 4
        byes = history_before(division, first).byes
        met = met_before(division, first)
        seated = [seat_group(g, met, byes) for g in groups]
        named = [
            (why("speed_group", members=", ".join(map(str, g)), block=first,
                 notes=notes_for(g, notes)), g)
            for g in seated
        ]
        return pair_groups(division, round_number, named, round_number - first + 1)
    return _rounds_7_and_8(division, round_number, groups, notes)


def speed_block(division: Division, round_number: int) -> TableBlock:
    """Rounds 1-3 (groups by rating) and 4-6 (groups by the standings after round 3)
    are each a table of round robins in groups; rounds 7-10 pair on results (Director's Manual:
    round 7 by "best tournament win/loss record", round 8 its winners together, then
    KOTH or FP4)."""
    if 1 <= round_number <= 3:
        return TableBlock(1, 3, then="rounds 4-6 are drawn from the standings after round 3")
    if 4 <= round_number <= 6:
        return TableBlock(4, 6, then="rounds 7-8 pair by the records in groups of 12")
    if 7 <= round_number <= 10:
        raise NotATable(
            f"speed round {round_number} pairs on results (Director's Manual: round 7 by win/loss "
            "record in groups of 12, round 8 its winners together, rounds 9-10 KOTH or "
            "FP4); pair it once the round before has results"
        )
    raise ValueError(f"speed pairings cover the 10 rounds of Director's Manual's event, not round {round_number}")


def _rounds_7_and_8(
    division: Division, round_number: int, groups: Sequence[Quad], notes: Sequence[Why]
) -> Pairings:
    history = history_before(division, round_number)
    pairs: list[Pair] = []
    byes: list[int] = []
    reasons: list[tuple[Pair, Why]] = []
    for group in groups:
        members = [p for p in group if division.player(p).active]
        label = why("speed_group", members=", ".join(map(str, group)), block=round_number,
                    notes=notes_for(group, notes))
        if round_number == 7:
            order = members  # standings after round 6
            rule = why("best_records_meet")
        else:
            points = {p: _points_in(division, p, 7) for p in members}
            order = sorted(members, key=lambda p: -points[p])  # stable: standings break ties
            rule = why("winners_meet")
        if round_number == 7:
            out, chosen = _round_7_plan(order, history)
        else:
            out = _odd_one_out(order, history) if len(order) % 2 else None
        if out is not None:
            order = [p for p in order if p != out]
            byes.append(out)
            reasons.append(((out, 0), why("bye", player=out,
                                           rule=why("odd_one_out", group=label))))
        if round_number != 7:
            chosen = _least_repeats(order, history)
        for a, b in chosen:
            pair = order_first(a, b, history)
            pairs.append(pair)
            met = history.times_met(a, b)
            step = 2 if met else 1 if chosen != _in_order(order) else 0
            reasons.append((pair, why("speed_results", group=label, round=round_number,
                                      rule=rule, step=step)))
    return Pairings(
        round=round_number, pairs=tuple(pairs), byes=tuple(sorted(byes)), reasons=tuple(reasons)
    )


def _odd_one_out(order: Sequence[int], history: History) -> int:
    """Who sits out a round of an odd group (rounds 7-8): one of those with the fewest
    byes ("any player should have, at most, one bye in a tournament, if possible", seed
    000), and among them the one whose absence lets the others pair with the fewest
    repeats, the lowest placed on a tie."""
    fewest = min(history.byes.get(p, 0) for p in order)
    candidates = [p for p in reversed(order) if history.byes.get(p, 0) == fewest]

    def repeats_without(out: int) -> int:
        rest = [p for p in order if p != out]
        return sum(history.times_met(a, b) for a, b in _least_repeats(rest, history))

    return min(candidates, key=repeats_without)


def _round_7_plan(order: Sequence[int], history: History) -> tuple[int | None, list[Pair]]:
    """Round 7 of a group: who sits out (an odd group) and the pairing, so that round 8
    can still be paired without a repeat whatever the results.

    Round 8 meets winners with winners, or the next pairing of the group that repeats
    less, and in an odd group sits out one with the fewest byes. A round 7 chosen
    without looking ahead (in standings order, the lowest-placed sitting out) could
    leave round 8 only pairs who have met: 41 players gave such a repeat in about one
    event in 200. So of the choices Director's Manual allows in round 7 (a player with the
    fewest byes sits out; the best records meet, else the next pairing in order), the
    first is taken that leaves the fewest repeats over both rounds."""
    def byes(p: int) -> int:
        return history.byes.get(p, 0)

    if len(order) % 2:
        fewest = min(byes(p) for p in order)
        outs: list[int | None] = [p for p in reversed(order) if byes(p) == fewest]
    else:
        outs = [None]
    best: tuple[tuple[int, int], int | None, list[Pair]] | None = None
    for out in outs:
        rest = [p for p in order if p != out]
        for first in _matchings(rest):
            made = sum(history.times_met(a, b) for a, b in first)
            key = (made + _round_8_repeats(order, out, first, history), made)
            if best is None or key < best[0]:
                best = (key, out, first)
            if key == (0, 0):
                return out, first
    assert best is not None
    return best[1], best[2]


def _round_8_repeats(
    order: Sequence[int], out7: int | None, first: Sequence[Pair], history: History
) -> int:
    """The fewest repeats round 8 can make after round 7 pairs ``first`` (``out7`` out)."""
    played = {frozenset(pair) for pair in first}

    def byes(p: int) -> int:
        return history.byes.get(p, 0) + (p == out7)

    if len(order) % 2:
        fewest = min(byes(p) for p in order)
        outs: list[int | None] = [p for p in order if byes(p) == fewest]
    else:
        outs = [None]
    best = len(order)
    for out in outs:
        for second in _matchings([p for p in order if p != out]):
            made = sum(history.times_met(a, b) + (frozenset((a, b)) in played)
                       for a, b in second)
            best = min(best, made)
            if best == 0:
                return 0
    return best


def _points_in(division: Division, player: int, round_number: int) -> float:
    return sum(g.points_of(player) for g in division.games_of(player) if g.round == round_number)


def _in_order(order: Sequence[int]) -> list[Pair]:
    return [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]


def _matchings(order: Sequence[int]) -> Iterator[list[Pair]]:
    """Every pairing of ``order``, the in-order one (1-2, 3-4, ...) first."""
    if not order:
        yield []
        return
    head, rest = order[0], order[1:]
    for i, partner in enumerate(rest):
        for tail in _matchings([*rest[:i], *rest[i + 1 :]]):
            yield [(head, partner), *tail]


def _least_repeats(order: Sequence[int], history: History) -> list[Pair]:
    """The first pairing of the group, in order, with the fewest repeats."""
    best: list[Pair] | None = None
    best_repeats = -1
    for matching in _matchings(list(order)):
        repeats = sum(history.times_met(a, b) for a, b in matching)
        if best is None or repeats < best_repeats:
            best, best_repeats = matching, repeats
            if repeats == 0:
                break
    return best or []
