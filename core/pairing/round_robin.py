"""Round robin by the Clark rotation, any size, single or double.

Director's Manual, appendix "Clark System (R-R)": write the numbers in two lines (first half left
to right, second half right to left), pair top against bottom, then keep #1 still and move
everyone else one place clockwise for the next round. Run for 4 to 16 players this
reproduces the seed's round robin tables ("Round-Robin Pairings", 4 to 16 Players)
exactly; the tests hold those tables as fixtures.

Odd sizes: the schedule of ``n + 1`` is used with the empty seat in the fixed place of #1
and player ``k`` in place ``k + 1``. The empty seat then meets ``n, n-1, n-2, ...`` in
turn, so the byes go to the bottom seeds first, as Director's Manual expects ("Normally in odd
divisions with more players than rounds, BYEs are assigned to the bottom seeds", John
Green System).

Who goes first (White) is not in the seed's tables; the rotation moves every player one
board along each round, so giving the first move to the top-line player on odd boards and
to the bottom-line player on even boards makes nearly everyone alternate (never more than
two in a row) and leaves nobody more than one first ahead over a cycle; #1, on board 0,
alternates by round. A double round robin plays the cycle twice with the first moves
reversed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.pairing.history import history_before, order_first
from core.pairing.tables import TableBlock
from core.pairing.why import Why, why
from core.tournament import Division, Pairings

Pair = tuple[int, int]
Schedule = tuple[tuple[Pair, ...], ...]


def clark_rounds(n: int) -> Schedule:
    """The Clark rotation for an even ``n``: ``n - 1`` rounds of (top line, bottom line)
    pairs in board order, exactly as the seed's tables list the opponents."""
    if n < 2 or n % 2:
        raise ValueError(f"the Clark rotation needs an even number of players, got {n}")
    circle = list(range(2, n + 1))  # everyone but #1, clockwise from the top line
    rounds = []
    for _ in range(n - 1):
        seats = [1, *circle]
        top = seats[: n // 2]
        bottom = seats[n // 2 :][::-1]
        rounds.append(tuple(zip(top, bottom, strict=True)))
        circle = [circle[-1], *circle[:-1]]
    return tuple(rounds)


def _first_moves(rounds: Schedule) -> Schedule:
    """Order each pair so that its first player moves first (see the module docstring)."""
    ordered = []
    for r, pairs in enumerate(rounds, start=1):
        out = []
        for board, (top, bottom) in enumerate(pairs):
            top_first = r % 2 == 1 if board == 0 else board % 2 == 1
            out.append((top, bottom) if top_first else (bottom, top))
        ordered.append(tuple(out))
    return tuple(ordered)


def round_robin_schedule(n: int) -> Schedule:
    """Every round of a single round robin of ``n`` players (numbered 1..n).

    Each pair is (first, second). With an odd ``n`` there are ``n`` rounds and the one
    player missing from a round has the bye (see :func:`round_robin_bye`).
    """
    if n < 2:
        raise ValueError(f"a round robin needs at least 2 players, got {n}")
    if n % 2 == 0:
        return _first_moves(clark_rounds(n))
    with_seat = _first_moves(clark_rounds(n + 1))
    # seat 1 is the empty seat; seat s holds player s - 1
    return tuple(
        tuple((a - 1, b - 1) for a, b in pairs if a != 1 and b != 1) for pairs in with_seat
    )


def round_robin_bye(n: int, round_number: int) -> int | None:
    """Who sits out ``round_number`` (1-based, within one cycle) of a round robin of ``n``."""
    if n % 2 == 0:
        return None
    rounds = n
    if not 1 <= round_number <= rounds:
        raise ValueError(f"a round robin of {n} has rounds 1 to {rounds}, not {round_number}")
    return n + 1 - round_number


def cycle_length(n: int) -> int:
    """Rounds in one cycle of a round robin of ``n`` players."""
    return n if n % 2 else n - 1


def _cycle(division: Division, round_number: int, cycles: int) -> tuple[list[int], int]:
    """The seated players and the rounds in one cycle, checking ``round_number``.

    The seats are the players still in, plus any who withdrew after playing: once the
    table is posted a withdrawal does not redraw it, and whoever was due to meet the
    withdrawn player has a bye that round. A player who withdrew before playing at all
    is left out, as a TD numbers the players who turn up."""
    if cycles < 1:
        raise ValueError(f"cycles must be at least 1, got {cycles}")
    played = {n for g in division.games for n in (g.a, g.b) if n is not None}
    members = [p.number for p in division.players if p.active or p.number in played]
    n = len(members)
    if n < 2:
        raise ValueError(f"division {division.name!r} has {n} player(s); a round robin needs 2")
    per_cycle = cycle_length(n)
    if not 1 <= round_number <= per_cycle * cycles:
        raise ValueError(
            f"round {round_number} is outside a {cycles}-cycle round robin of {n} players "
            f"(rounds 1 to {per_cycle * cycles})"
        )
    return members, per_cycle


def pair_round_robin(division: Division, round_number: int, *, cycles: int = 1) -> Pairings:
    """Pair ``round_number`` of a round robin over the division, seated by player number
    (see :func:`_cycle` for who is seated). ``cycles=2`` is a double round robin."""
    members, per_cycle = _cycle(division, round_number, cycles)
    n = len(members)
    cycle, index = divmod(round_number - 1, per_cycle)
    name = why("round_robin", players=n, cycle=cycle + 1, cycles=cycles)
    return pair_groups(division, round_number, [(name, members)], index + 1, reverse=cycle % 2 == 1)


def round_robin_block(division: Division, round_number: int, *, cycles: int = 1) -> TableBlock:
    """The whole round robin is one table, from round 1 (Director's Manual: "all pairings can be
    computed at the beginning of the tournament")."""
    _, per_cycle = _cycle(division, round_number, cycles)
    return TableBlock(1, per_cycle * cycles)


def pair_double_round_robin(division: Division, round_number: int) -> Pairings:
    """A double round robin: the cycle twice, first moves reversed in the second."""
    return pair_round_robin(division, round_number, cycles=2)


def double_round_robin_block(division: Division, round_number: int) -> TableBlock:
    """Both cycles of a double round robin are one table."""
    return round_robin_block(division, round_number, cycles=2)


def group_round(members: Sequence[int], index: int) -> tuple[tuple[Pair, ...], int | None]:
    """Round ``index`` (1-based) of a round robin among ``members`` (in seed order): the
    pairs as player numbers, first player first, and who sits out (odd groups)."""
    size = len(members)
    if size < 2:
        raise ValueError(f"a group of {size} player(s) cannot play a round robin")
    if not 1 <= index <= cycle_length(size):
        raise ValueError(
            f"a round robin of {size} players has {cycle_length(size)} rounds, not {index}"
        )
    pairs = tuple(
        (members[a - 1], members[b - 1]) for a, b in round_robin_schedule(size)[index - 1]
    )
    bye = round_robin_bye(size, index)
    return pairs, None if bye is None else members[bye - 1]


def pair_groups(
    division: Division,
    round_number: int,
    groups: Sequence[tuple[Why, Sequence[int]]],
    index: int,
    *,
    reverse: bool = False,
) -> Pairings:
    """Round ``index`` of a round robin inside each named group, as one round's pairings.

    The table systems (snake groups, speed pairings, quads) all end here: each group plays
    its own Clark round robin. ``reverse`` swaps who moves first (the second cycle of a
    double round robin).
    """
    tables = []
    for name, members in groups:
        pairs, sitting_out = group_round(members, index)
        if reverse:
            pairs = tuple((b, a) for a, b in pairs)
        tables.append((why("group_round", round=index, group=name), pairs, sitting_out))
    return table_pairings(division, round_number, tables)


def table_pairings(
    division: Division,
    round_number: int,
    tables: Sequence[tuple[Why, Sequence[Pair], int | None]],
) -> Pairings:
    """One round from precomputed tables, each (where, pairs first player first, who sits
    out). A player whose scheduled opponent has withdrawn since the table was drawn is
    left without a game, as one who sits out an odd group is; withdrawn players are left
    out.

    Players left without a game by different tables meet each other rather than each
    taking a bye: Director's Manual ("Odd Number of Players") has "one player who has a bye each
    round", and only when the division is odd, so two odd groups (10 players in snake
    groups of 5) must not give two byes a round. Players of different tables never meet
    within the tables' block, so this adds no repeat to it; two left idle by the same
    table keep their byes, as they may be scheduled to meet later in it."""
    pairs: list[Pair] = []
    idle: list[tuple[int, int, Why]] = []  # (player, table, why)
    reasons: list[tuple[Pair, Why]] = []
    for k, (where, table, sitting_out) in enumerate(tables):
        if sitting_out is not None and division.player(sitting_out).active:
            idle.append((sitting_out, k, why("sits_out", table=where)))
        for a, b in table:
            a_in, b_in = division.player(a).active, division.player(b).active
            if a_in and b_in:
                pairs.append((a, b))
                reasons.append(((a, b), why("group_table", table=where, first=a)))
            elif a_in or b_in:
                idle.append((a if a_in else b, k, why("opponent_withdrew", table=where)))
    byes = _meet_or_bye(division, round_number, idle, pairs, reasons)
    return Pairings(
        round=round_number, pairs=tuple(pairs), byes=tuple(sorted(byes)), reasons=tuple(reasons)
    )


def _meet_or_bye(division: Division, round_number: int, idle: Sequence[tuple[int, int, Why]],
                 pairs: list[Pair], reasons: list[tuple[Pair, Why]]) -> list[int]:
    """Pair the players the tables left idle, each with one of another table; return who
    has a bye. When they are odd in number the bye goes first to the idle player with
    the fewest byes so far, the last listed on a tie (tables run from the top group
    down), because "any player should have, at most, one bye in a tournament, if
    possible" (Director's Manual, "Speed Pairings"). The others meet in table order, each with
    the next of another table who has not met them where there is one (first move to
    whoever has gone first less); one left without a partner has a bye too."""
    if not idle:
        return []
    history = history_before(division, round_number)
    waiting = list(idle)
    byes: list[int] = []

    def bye(item: tuple[int, int, Why]) -> None:
        byes.append(item[0])
        reasons.append(((item[0], 0), why("bye", player=item[0], rule=item[2])))

    if len(waiting) % 2:
        fewest = min(history.byes.get(p, 0) for p, _, _ in waiting)
        bye(waiting.pop(max(i for i, (p, _, _) in enumerate(waiting)
                            if history.byes.get(p, 0) == fewest)))
    while waiting:
        a, table_a, why_a = waiting.pop(0)
        others = [i for i, (_, table, _) in enumerate(waiting) if table != table_a]
        if not others:
            bye((a, table_a, why_a))
            continue
        k = next((i for i in others if history.times_met(a, waiting[i][0]) == 0), others[0])
        b, _, why_b = waiting.pop(k)
        pair = order_first(a, b, history)
        pairs.append(pair)
        reasons.append((pair, why("instead_of_byes", a=a, a_why=why_a, b=b, b_why=why_b,
                                  repeat=int(history.times_met(a, b) > 0))))
    return byes


def seat_for_byes(members: Sequence[int], byes: Mapping[int, int]) -> tuple[int, ...]:
    """Seat an odd group so that its byes go to players who have had fewest.

    An odd group's round robin sits out its bottom seats first; players who have already
    had byes move up (keeping their order otherwise), because "any player should have,
    at most, one bye in a tournament, if possible" (Director's Manual, "Speed Pairings"). An even
    group has no byes and keeps its order.
    """
    if len(members) % 2 == 0:
        return tuple(members)
    return tuple(sorted(members, key=lambda p: -byes.get(p, 0)))
