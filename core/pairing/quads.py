"""Quads: groups of four who play each other, drawn from the standings (2006 NSC).

NSC 2006 notes (2006 NSC pairing overview):

- Later sessions "will be paired in groups of four (quads, unsnaked)". Session 3 "will
  pair from groups of 20, which means that the quads for the highest group of 20 will
  consist of (1, 6, 11, 16), (2, 7, 12, 17), (3, 8, 13, 18), (4, 9, 14, 19) and (5, 10,
  15, 20)"; session 4 from groups of 16: (1, 5, 9, 13), ...; session 5 from groups of
  12: (1, 4, 7, 10), ...; session 6 from groups of 8: (1, 3, 5, 7), (2, 4, 6, 8);
  session 7 from groups of 4: (1, 2, 3, 4). A group of ``g`` is cut into ``g / 4``
  interleaved quads (:func:`interleaved_groups`).
- A quad plays a round robin in three rounds. "A = highest standing player in quad;
  B = 2nd highest; C = 3rd; D = lowest"; with the Clark rotation the three rounds are
  A-D B-C, A-C B-D, A-B C-D, the order Director's Manual recommends "for most dramatic finish"
  (appendix "Split Round-Robin").
- Four-round sessions add: "The fourth round in the morning will pair A vs. A1, B vs.
  B1, C vs. C1 and D vs. D1, etc, where A1 is the A player in the adjacent quad".
  A to D are the quad's players by standing when the 4th round is paired (after their
  three games), and quads are taken two by two in the order they were drawn; that table
  goes through the shared matching engine, which keeps it unless it would repeat a
  pairing.
- "Because there will be no repeat pairings until Round 15 ..., the computer program
  will adjust the quad pairings accordingly, with minimum adjustments": without
  ``repeats``, a quad in which two players have already met swaps one of them with the
  player in the same place (A, B, C or D) of the nearest quad of its group that clears
  the repeat without making another (:func:`adjust_quads`).
- Session 8: "players in positions 41-bottom will be paired in King-of-the-Hill quads
  (41, 42, 43, 44) etc. so that they will know their opponents for all three rounds",
  while the top 40 are paired a round at a time, King of the Hill with "threepeats"
  allowed (:func:`pair_koth_quads`; the Gibson rule of the "Basic Approach" comes in
  through ``fixed``, see :mod:`core.pairing.gibson`).

Sizes that do not divide by four: the players left over join one quad, which then
plays a round robin of 5 to 7 (with byes, bottom seeds first), as Director's Manual does for
speed pairings ("the last group formed will be a group of 5, 6 or 7 players"). By
default that is the last quad of the last group; in an odd division it is placed where
its byes go to players who have had none (:func:`odd_group_layouts`,
:func:`koth_quads_layout`; Director's Manual, "Odd Number of Players": "at most, one bye in a
tournament", "if possible"), and it seats players who have had byes at the top
(:func:`core.pairing.round_robin.seat_for_byes`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import permutations, product

from core.pairing.engine import Reasoned, Rules, pair_round
from core.pairing.history import history_before
from core.pairing.koth import pair_koth
from core.pairing.round_robin import (
    Pair,
    cycle_length,
    pair_groups,
    round_robin_bye,
    round_robin_schedule,
    seat_for_byes,
)
from core.pairing.snake import block_index, pair_snake, ranking_before, snake_block
from core.pairing.tables import NotATable, TableBlock
from core.pairing.why import Why, why
from core.tournament import Division, Pairings

Quad = tuple[int, ...]
SLOTS = "ABCDEFG"


def blocks(ranked: Sequence[int], size: int) -> list[list[int]]:
    """``ranked`` cut into consecutive groups of ``size``; a last group of fewer than
    four joins the one above (it could not make a quad of its own)."""
    if size < 4:
        raise ValueError(f"groups for quads need at least 4 players, got {size}")
    cut = [list(ranked[i : i + size]) for i in range(0, len(ranked), size)]
    if len(cut) > 1 and len(cut[-1]) < 4:
        cut[-2].extend(cut.pop())
    return cut


def interleaved_groups(group: Sequence[int], size: int = 4) -> tuple[Quad, ...]:
    """Cut one group into ``len // size`` interleaved groups: of 20, (1, 6, 11, 16),
    (2, 7, 12, 17), ...; players beyond the last full row join the last group."""
    count = max(1, len(group) // size)
    full = list(group[: count * size])
    dealt = [tuple(full[i::count]) for i in range(count)]
    extra = tuple(group[count * size :])
    dealt[-1] = dealt[-1] + extra
    return tuple(dealt)


def consecutive_groups(group: Sequence[int], size: int = 4) -> tuple[Quad, ...]:
    """King-of-the-Hill quads: (41, 42, 43, 44), (45, ...); a short tail joins the last."""
    count = max(1, len(group) // size)
    dealt = [tuple(group[i * size : (i + 1) * size]) for i in range(count)]
    dealt[-1] = dealt[-1] + tuple(group[count * size :])
    return tuple(dealt)


def repeats_in(quad: Quad, met: set[frozenset[int]]) -> int:
    """Pairs in ``quad`` who have met: what a group must not hold before round 15."""
    return sum(1 for i, p in enumerate(quad) for q in quad[i + 1 :] if frozenset((p, q)) in met)


def adjust_quads(
    quads: Sequence[Quad], met: set[frozenset[int]]
) -> tuple[tuple[Quad, ...], tuple[Why, ...]]:
    """Swap players between quads, each with the player in the same place of another
    quad, until no quad holds a pair who have met or no swap helps. Each swap is the one
    that removes the most repeats, then moves between the nearest quads, then the
    higher-placed players; returns the quads and a note per swap."""
    current = [tuple(q) for q in quads]
    notes: list[Why] = []
    while True:
        total = sum(repeats_in(q, met) for q in current)
        if total == 0:
            break
        best: tuple[int, int, int, int, int] | None = None  # (-gain, distance, slot, i, j)
        for i, quad in enumerate(current):
            if not repeats_in(quad, met):
                continue
            for j, other in enumerate(current):
                if j == i:
                    continue
                for slot in range(min(len(quad), len(other))):
                    a = (*quad[:slot], other[slot], *quad[slot + 1 :])
                    b = (*other[:slot], quad[slot], *other[slot + 1 :])
                    before = repeats_in(quad, met) + repeats_in(other, met)
                    gain = before - repeats_in(a, met) - repeats_in(b, met)
                    if gain > 0:
                        key = (-gain, abs(i - j), slot, i, j)
                        if best is None or key < best:
                            best = key
        if best is None:
            break
        _, _, slot, i, j = best
        x, y = current[i][slot], current[j][slot]
        qi, qj = list(current[i]), list(current[j])
        qi[slot], qj[slot] = y, x
        current[i], current[j] = tuple(qi), tuple(qj)
        notes.append(why("swapped_repeat", a=x, b=y, slot=SLOTS[slot]))
    return tuple(current), tuple(notes)


def seat_group(group: Quad, met: set[frozenset[int]], byes: Mapping[int, int],
               rounds: int = 3) -> Quad:
    """Seat a group for the first ``rounds`` rounds of its round robin.

    A quad meets everyone in three rounds, so its seats change nothing but who sits
    out. A group of 5 to 7 (the leftovers of a group that does not divide by four)
    plays only part of its round robin, so which pairs it plays depends on the seats:
    of all seatings, take the one that makes the fewest repeats in those rounds (seed
    001: "there will be no repeat pairings until Round 15 ... the computer program will
    adjust the quad pairings accordingly"), then gives its byes to the players with the
    fewest (:func:`core.pairing.round_robin.seat_for_byes`), then stays nearest the
    seats by standing (the first such seating in order)."""
    seated = seat_for_byes(group, byes)
    size = len(seated)
    if size <= 4:
        return seated
    rounds = min(rounds, cycle_length(size))
    schedule = round_robin_schedule(size)[:rounds]
    sitting = [round_robin_bye(size, r) for r in range(1, rounds + 1)]

    def cost(order: Quad) -> tuple[int, int]:
        repeats = sum(frozenset((order[a - 1], order[b - 1])) in met
                      for pairs in schedule for a, b in pairs)
        sat_out = sum(byes.get(order[seat - 1], 0) for seat in sitting if seat is not None)
        return repeats, sat_out

    if cost(seated)[0] == 0:
        return seated
    return min(permutations(seated), key=cost)


def notes_for(quad: Quad, notes: Sequence[Why]) -> tuple[Why, ...]:
    """The adjustment notes that concern ``quad``'s players."""
    return tuple(note for note in notes if set(quad) & _players_in(note))


def _players_in(note: Why) -> set[int]:
    """The players a quad's adjustment note names (``a``, ``b``, ``player``, ``players``)."""
    values = note.named()
    out = {v for k, v in values.items() if k in ("a", "b", "player") and isinstance(v, int)}
    listed = values.get("players")
    if isinstance(listed, str):
        out |= {int(p) for p in listed.split(", ")}
    return out


def met_before(division: Division, round_number: int) -> set[frozenset[int]]:
    """Pairs who have played each other before ``round_number``: the engine's one rule
    of what counts as a meeting (:func:`core.pairing.history.history_before`)."""
    return {frozenset(pair) for pair in history_before(division, round_number).met}


def odd_group_layouts(
    ranked: Sequence[int], size: int
) -> Iterator[tuple[tuple[Quad, ...], ...]]:
    """Every way of placing the players a session's quads leave over, bottom first.

    The ``len % 4`` players left over must join some quad, making a group of 5 to 7;
    NSC 2006 notes does not say which. The first layout is the plain one: groups of ``size``
    down the standings, the last (short) group taking the leftovers into its last quad,
    as :func:`blocks` and :func:`interleaved_groups` cut them. The others move the
    leftovers up: the group of ``size`` at block ``k`` takes them (the groups below it
    start that many places lower), and they join its quad ``j``; every group keeps the
    seed's interleaved quads. Order: lower blocks first, and within a block the last
    quad first, so the first layout whose byes are acceptable is the lowest-placed one,
    as Director's Manual hands byes upward from last place ("Odd Number of Players"). Each
    layout is its blocks, each a tuple of groups."""
    extra = len(ranked) % 4
    whole = len(ranked) - extra
    sizes = [min(size, whole - start) for start in range(0, whole, size)]
    for k in reversed(range(len(sizes))):
        start = sum(sizes[:k])
        block = ranked[start : start + sizes[k]]
        spare = tuple(ranked[start + sizes[k] : start + sizes[k] + extra])
        above = [interleaved_groups(ranked[s : s + n]) for s, n in _spans(sizes[:k], 0)]
        below = [
            interleaved_groups(ranked[s : s + n])
            for s, n in _spans(sizes[k + 1 :], start + sizes[k] + extra)
        ]
        own = list(interleaved_groups(block))
        for j in reversed(range(len(own))):
            mine = (*own[:j], own[j] + spare, *own[j + 1 :])
            yield (*above, mine, *below)
            if not extra:
                return


def _spans(sizes: Sequence[int], start: int) -> Iterator[tuple[int, int]]:
    for n in sizes:
        yield start, n
        start += n


def sat_out_byes(groups: Sequence[Quad], byes: Mapping[int, int], rounds: int = 3) -> tuple[int, int]:
    """For seated groups: how many of the players who sit out a round in the first
    ``rounds`` rounds have had a bye already, and how many byes they have had."""
    seconds = total = 0
    for group in groups:
        size = len(group)
        for r in range(1, min(rounds, cycle_length(size)) + 1):
            seat = round_robin_bye(size, r)
            if seat is not None:
                had = byes.get(group[seat - 1], 0)
                seconds += had > 0
                total += had
    return seconds, total


def quads_for_session(
    division: Division, first_round: int, group_size: int, *, repeats: bool
) -> tuple[tuple[Quad, ...], tuple[Why, ...]]:
    """The quads of a session starting at ``first_round``: interleaved within groups of
    ``group_size`` of the standings before it, adjusted against repeats unless allowed.

    An odd division makes one odd group (5 or 7), whose round robin sits out three
    players. Left at the bottom, as the plain layout has it, it seats the same few
    last-placed players session after session, and 45 players over the 28 rounds of
    the 2006 schedule gave one player four byes. Director's Manual ("Odd Number of Players") wants
    "at most, one bye in a tournament" each, "if possible": so the odd group is placed
    (:func:`odd_group_layouts`) where its byes fall to players who have had none, the
    lowest-placed such place first; where no place clears every second bye, the one
    with fewest. Repeats (when not allowed) still come first, as NSC 2006 notes promises "no
    repeat pairings until Round 15"."""
    ranked = ranking_before(division, first_round)
    if len(ranked) < 4:
        raise ValueError(f"{len(ranked)} active players cannot make a quad")
    byes = history_before(division, first_round).byes
    met = set() if repeats else met_before(division, first_round)
    best: tuple[tuple[int, int, int], tuple[Quad, ...], tuple[Why, ...]] | None = None
    for blocked in odd_group_layouts(ranked, group_size):
        layout = tuple(q for block in blocked for q in block)
        quads, notes = adjust_quads(layout, met) if met else (layout, ())
        cost, seated = _session_cost(quads, met, byes)
        if best is None or cost < best[0]:
            best = (cost, quads, notes)
        if cost == (0, 0, 0) or len(ranked) % 2 == 0:
            break  # an even division has no byes: the plain layout stands
    assert best is not None
    cost, quads, notes = best
    if cost[1:] != (0, 0):
        quads, swaps = _swap_for_byes(quads, met, byes, cost)
        notes = (*notes, *swaps)
    odd = [q for q in quads if len(q) % 2]
    plain = next(odd_group_layouts(ranked, group_size))[-1]
    if odd and not any(set(odd[0]) == set(q) for q in plain):
        place = {p: i for i, p in enumerate(ranked)}
        names = ", ".join(map(str, sorted(odd[0], key=place.__getitem__)[4:]))
        notes = (*notes, why("joined_group", players=names))
    return _session_cost(quads, met, byes)[1], notes


def _session_cost(
    quads: Sequence[Quad], met: set[frozenset[int]], byes: Mapping[int, int]
) -> tuple[tuple[int, int, int], tuple[Quad, ...]]:
    """(repeats played, second byes, byes had by those sitting out) of the seated quads'
    first three rounds, and the seated quads."""
    seated = tuple(seat_group(q, met, byes) for q in quads)
    costs = [_seated_cost(g, met, byes) for g in seated]
    return (sum(c[0] for c in costs), sum(c[1] for c in costs), sum(c[2] for c in costs)), seated


def _group_cost(
    group: Quad, met: set[frozenset[int]], byes: Mapping[int, int]
) -> tuple[int, int, int]:
    return _seated_cost(seat_group(group, met, byes), met, byes)


def _seated_cost(
    group: Quad, met: set[frozenset[int]], byes: Mapping[int, int]
) -> tuple[int, int, int]:
    played = sum(
        frozenset(pair) in met
        for r in range(1, min(3, cycle_length(len(group))) + 1)
        for pair in round_robin_schedule_of(group, r)
    )
    return (played, *sat_out_byes([group], byes))


def round_robin_schedule_of(group: Quad, index: int) -> list[Pair]:
    schedule = round_robin_schedule(len(group))[index - 1]
    return [(group[a - 1], group[b - 1]) for a, b in schedule]


def _swap_for_byes(
    quads: Sequence[Quad],
    met: set[frozenset[int]],
    byes: Mapping[int, int],
    cost: tuple[int, int, int],
) -> tuple[tuple[Quad, ...], tuple[Why, ...]]:
    """Where no place of the odd group gives all its byes to players without one, swap
    one of its players with a player of another quad, the same place (A, B, C or D)
    first as the seed's repeat adjustments do, while that lowers (repeats, second byes,
    byes had); one swap at a time, the seed's "minimum adjustments"."""
    current = [tuple(q) for q in quads]
    notes: list[Why] = []
    while cost[1:] != (0, 0):
        best: tuple[tuple[tuple[int, int, int], bool, int, int, int], int, int, int, int] | None = None
        for i, group in enumerate(current):
            if len(group) % 2 == 0:
                continue
            for j, other in enumerate(current):
                if j == i:
                    continue
                old_i, old_j = _group_cost(group, met, byes), _group_cost(other, met, byes)
                for s, t in product(range(len(group)), range(len(other))):
                    a, b = list(group), list(other)
                    a[s], b[t] = b[t], a[s]
                    new_i, new_j = _group_cost(tuple(a), met, byes), _group_cost(tuple(b), met, byes)
                    new = (
                        cost[0] - old_i[0] - old_j[0] + new_i[0] + new_j[0],
                        cost[1] - old_i[1] - old_j[1] + new_i[1] + new_j[1],
                        cost[2] - old_i[2] - old_j[2] + new_i[2] + new_j[2],
                    )
                    key = (new, s != t, abs(i - j), s, j)
                    if new < cost and (best is None or key < best[0]):
                        best = (key, i, j, s, t)
        if best is None:
            break
        key, i, j, s, t = best
        cost = key[0]
        x, y = current[i][s], current[j][t]
        a, b = list(current[i]), list(current[j])
        a[s], b[t] = y, x
        current[i], current[j] = tuple(a), tuple(b)
        notes.append(why("swapped_byes", a=x, b=y, a_slot=SLOTS[s], b_slot=SLOTS[t]))
    return tuple(current), tuple(notes)


def _session_start(round_number: int, first_round: int | None, session_rounds: int) -> int:
    if first_round is not None:
        if first_round < 1:
            raise ValueError(f"first_round must be 1 or more, got {first_round}")
        return first_round
    return round_number - (round_number - 1) % session_rounds


def pair_quads(
    division: Division,
    round_number: int,
    *,
    group_size: int = 4,
    session_rounds: int = 3,
    first_round: int | None = None,
    repeats: bool = False,
) -> Pairings:
    """Pair ``round_number`` of a quad session (NSC 2006 notes): quads from groups of
    ``group_size`` (20, 16, 12, 8 or 4 at the 2006 NSC) of the standings before the
    session's ``first_round`` (by default sessions of ``session_rounds`` from round 1);
    rounds 1-3 of the session are each quad's round robin, a 4th is A v A1, B v B1, ...
    """
    if session_rounds not in (3, 4):
        raise ValueError(f"a quad session has 3 or 4 rounds, got {session_rounds}")
    if group_size < 4 or group_size % 4:
        raise ValueError(
            f"quads are drawn from groups of a multiple of 4 (NSC 2006 notes: 20, 16, 12, 8 or 4), "
            f"got {group_size}"
        )
    start = _session_start(round_number, first_round, session_rounds)
    index = block_index(round_number, start, session_rounds, f"{session_rounds}-round quad session")
    quads, notes = quads_for_session(division, start, group_size, repeats=repeats)
    if index <= 3:
        named = [
            (why("quad", members=", ".join(map(str, q)), size=group_size,
                 notes=notes_for(q, notes)), q)
            for q in quads
        ]
        return pair_groups(division, round_number, named, index)
    # A, B, C, D by standing now, after the quad's three games (NSC 2006 notes defines them by
    # "standing"): the quad's winner meets the winner of the adjacent quad
    ranked = [p for p in ranking_before(division, round_number) if division.player(p).active]
    place = {p: i for i, p in enumerate(ranked)}
    far = len(place)
    now = [tuple(sorted(q, key=lambda p: place.get(p, far))) for q in quads]
    return _adjacent_quads(division, round_number, now, ranked, repeats=repeats)


def quads_block(
    division: Division,
    round_number: int,
    *,
    group_size: int = 4,
    session_rounds: int = 3,
    first_round: int | None = None,
) -> TableBlock:
    """A session's quads are drawn once, from the standings before it, and play their
    round robins in its first three rounds: a table, as NSC 2006 notes says of KOTH quads ("so
    that they will know their opponents for all three rounds"). A 4th round pairs by
    standing after those games, and the next session draws new quads from the
    standings, so both wait for results."""
    if session_rounds not in (3, 4):
        raise ValueError(f"a quad session has 3 or 4 rounds, got {session_rounds}")
    start = _session_start(round_number, first_round, session_rounds)
    index = block_index(round_number, start, session_rounds, f"{session_rounds}-round quad session")
    if index == 4:
        raise NotATable(
            f"round {round_number}, the 4th of its quad session, pairs A v A1, B v B1, ... "
            f"by standing after the quads' three games (NSC 2006 notes); pair it once round "
            f"{start + 2} has results"
        )
    if session_rounds == 4:
        then = f"round {start + 3} pairs A v A1, B v B1, ... on the standings after the quads"
    elif first_round is None:
        then = f"round {start + 3} starts a new session, its quads drawn from the standings"
    else:
        then = ""
    return TableBlock(start, start + 2, then)


def adjacent_table(quads: Sequence[Quad], order: Sequence[int]) -> list[tuple[Pair, Why]]:
    """A v A1, B v B1, ... for quads taken two by two; a quad left without a partner is
    paired within itself (A v B, C v D), which the engine then repairs if need be.
    Only players in ``order`` (still active) are placed."""
    alive = set(order)
    seats: list[tuple[int, Why]] = []
    for k in range(0, len(quads), 2):
        pair_of_quads = quads[k : k + 2]
        if len(pair_of_quads) == 2:
            first, second = pair_of_quads
            for slot in range(max(len(first), len(second))):
                for quad, which in ((first, k + 1), (second, k + 2)):
                    if slot < len(quad) and quad[slot] in alive:
                        seats.append((quad[slot], why("seat", slot=SLOTS[slot], quad=which)))
        else:
            seats.extend(
                (p, why("seat", slot=SLOTS[s], quad=k + 1))
                for s, p in enumerate(pair_of_quads[0])
                if p in alive
            )
    table: list[tuple[Pair, Why]] = []
    for i in range(0, len(seats) - 1, 2):
        (p, where_p), (q, where_q) = seats[i], seats[i + 1]
        table.append(((p, q), why("quad_round4", a=where_p, b=where_q)))
    return table


def _adjacent_quads(
    division: Division,
    round_number: int,
    quads: Sequence[Quad],
    ranked: Sequence[int],
    *,
    repeats: bool,
) -> Pairings:
    """The 4th round of a session through the shared engine: ``ranked`` (the standings the
    quads were drawn from) orders the bye and measures how far an adjustment moves."""

    def table(rest: Sequence[int]) -> list[tuple[Pair, Why]]:
        return adjacent_table(quads, rest)  # rest: ranked less a bye, if one was given

    return pair_round(
        division,
        round_number,
        ranked,
        table,
        rules=Rules(avoid_repeats=not repeats),
        history=history_before(division, round_number),
    )


def pair_koth_quads(
    division: Division,
    round_number: int,
    *,
    from_position: int = 1,
    first_round: int | None = None,
    session_rounds: int = 3,
    fixed: Reasoned = (),
) -> Pairings:
    """NSC 2006 notes, session 8: players from standing ``from_position`` down play
    King-of-the-Hill quads (41, 42, 43, 44), ... drawn once for the session; the players
    above them are paired King of the Hill each round with repeats allowed, plus any
    ``fixed`` pairs (the Gibson rule)."""
    if from_position < 1:
        raise ValueError(f"from_position must be 1 or more, got {from_position}")
    start = _session_start(round_number, first_round, session_rounds)
    index = block_index(round_number, start, session_rounds, f"{session_rounds}-round KOTH quads")
    ranked = ranking_before(division, start)
    if len(ranked) - from_position + 1 < 4:
        raise ValueError(
            f"KOTH quads from position {from_position} need 4 or more players; "
            f"{max(0, len(ranked) - from_position + 1)} are there"
        )
    byes = history_before(division, start).byes
    top, quads, note = koth_quads_layout(ranked, from_position, byes, session_rounds)
    named = [
        (why("koth_quad", members=", ".join(map(str, q)), position=min(map(ranked.index, q)) + 1,
             notes=note if len(q) % 2 or len(top) >= from_position else ()), q)
        for q in quads
    ]
    lower = pair_groups(division, round_number, named, index)
    if not [p for p in top if division.player(p).active]:
        return lower
    keep = set(top)
    upper_division = replace(
        division,
        players=tuple(replace(p, active=p.active and p.number in keep) for p in division.players),
    )
    upper = pair_koth(upper_division, round_number, repeats=True, fixed=fixed)
    return Pairings(
        round=round_number,
        pairs=upper.pairs + lower.pairs,
        byes=tuple(sorted(upper.byes + lower.byes)),
        reasons=upper.reasons + lower.reasons,
    )


def koth_quads_layout(
    ranked: Sequence[int], from_position: int, byes: Mapping[int, int], rounds: int
) -> tuple[list[int], tuple[Quad, ...], tuple[Why, ...]]:
    """The top flight and the seated KOTH quads below it, placing an odd division's odd
    player where the byes spread best (Director's Manual, "Odd Number of Players": "at most, one
    bye in a tournament", "if possible").

    NSC 2006 notes' quads from position 41 down are consecutive; when their number is not a
    multiple of four, the players over join one quad (5 to 7, with byes when odd). The
    bottom quads hold the players who have had byes all event, so that group is tried
    at each quad from the bottom up, and, last, a top flight one larger: the
    ``from_position``-th player is paired King of the Hill with the top, whose bye goes
    each round to the lowest-placed without one (:func:`core.pairing.byes.choose_bye`),
    and the players below make whole quads. The first choice whose byes all go to
    players without one is taken, else the one with fewest second byes."""
    top, bottom = list(ranked[: from_position - 1]), list(ranked[from_position - 1 :])
    extra, count = len(bottom) % 4, len(bottom) // 4
    options: list[tuple[list[int], tuple[Quad, ...], tuple[Why, ...], tuple[int, int]]] = []
    for j in reversed(range(count)) if extra % 2 else [count - 1]:
        cut = [4 * i + (extra if i > j else 0) for i in range(count)] + [len(bottom)]
        quads = tuple(
            seat_group(tuple(bottom[cut[i] : cut[i + 1]]), set(), byes, rounds)
            for i in range(count)
        )
        note = () if j == count - 1 else (why("odd_group_here"),)
        options.append((top, quads, note, sat_out_byes(quads, byes, rounds)))
    if len(ranked) % 2 and extra % 2 and len(top) >= 2 and len(bottom) > 4:
        up = [*top, bottom[0]]
        fresh = sum(1 for p in up if not byes.get(p, 0))
        short = max(0, rounds - fresh)
        note = (why("moved_to_top", player=bottom[0]),)
        options.append((up, consecutive_groups(bottom[1:]), note, (short, short)))
    chosen = min(options, key=lambda o: o[3])  # first of the cheapest: bottom up
    return chosen[0], chosen[1], chosen[2]


#: NSC 2006 notes' quad sessions: (first round, rounds, quads from groups of, repeats allowed).
#: Rounds 1-7 are snake round robins in groups of 8; rounds 26-28 KOTH quads from 41st.
NSC_2006_QUAD_SESSIONS = (
    (8, 4, 20, False),  # session 3; no repeats "until Round 15"
    (12, 3, 16, False),  # session 4
    (15, 4, 12, True),  # session 5: "repeats will be allowed"
    (19, 3, 8, True),  # session 6
    (22, 4, 4, True),  # session 7
)


def pair_nsc2006(division: Division, round_number: int, *, fixed: Reasoned = ()) -> Pairings:
    """Any of the 28 rounds of the 2006 NSC schedule (NSC 2006 notes), for a whole division;
    ``fixed`` pairs (the Gibson rule) apply to the top 40 in rounds 26-28."""
    if 1 <= round_number <= 7:
        return pair_snake(division, round_number, group_size=8, first_round=1)
    for first, rounds, group_size, repeats in NSC_2006_QUAD_SESSIONS:
        if first <= round_number < first + rounds:
            return pair_quads(
                division,
                round_number,
                group_size=group_size,
                session_rounds=rounds,
                first_round=first,
                repeats=repeats,
            )
    if 26 <= round_number <= 28:
        if len(ranking_before(division, 26)) < 44:
            # fewer than four below 40th make no quad: all are "the top 40", paired
            # a round at a time, King of the Hill, "threepeats" allowed (NSC 2006 notes)
            return pair_koth(division, round_number, repeats=True, fixed=fixed)
        return pair_koth_quads(
            division, round_number, from_position=41, first_round=26, fixed=fixed
        )
    raise ValueError(f"the 2006 NSC schedule has rounds 1 to 28, not {round_number}")


def nsc2006_block(division: Division, round_number: int) -> TableBlock:
    """Rounds 1-7 (snake groups of 8 by rating) are one table and each quad session's
    three round robin rounds another (NSC 2006 notes); a session's 4th round and rounds 26-28
    (King of the Hill above 41st) pair on results."""
    if 1 <= round_number <= 7:
        snake = snake_block(division, round_number, group_size=8, first_round=1)
        if snake.last >= 7:
            return TableBlock(1, 7, then="round 8 starts the quads, drawn from the standings")
        return TableBlock(1, snake.last, then=f"rounds {snake.last + 1}-7 need snake groups "
                                              "of 7 or more players")
    for first, rounds, group_size, _ in NSC_2006_QUAD_SESSIONS:
        if first <= round_number < first + rounds:
            block = quads_block(division, round_number, group_size=group_size,
                                session_rounds=rounds, first_round=first)
            return block if block.then else TableBlock(
                block.first, block.last, then=f"round {first + rounds} starts a new session"
            )
    if 26 <= round_number <= 28:
        raise NotATable(
            "rounds 26-28 pair the top 40 King of the Hill each round on the standings "
            "(NSC 2006 notes); pair them one at a time as results come in"
        )
    raise ValueError(f"the 2006 NSC schedule has rounds 1 to 28, not {round_number}")
