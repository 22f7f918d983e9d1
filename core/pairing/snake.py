"""Snake groups: deal the division into groups of equal strength, each a round robin.

Director's Manual, appendix "Snake Pairings": when there are too many players for one round
robin, "the 36 players are divided by rating into three smaller groups of 12 players
each in the following 'snakelike' fashion": group 1 takes #1, #6, #7, #12, ..., group 2
#2, #5, #8, #11, ..., group 3 #3, #4, #9, #10, ... -- left to right along one row, right
to left along the next, "so that each group of 12 has approximately the same average
rating". NSC 2006 notes does the same for round robins "in groups of 8 players ...
using a 'snake' arrangement" over a whole division. Any number of groups works the
same way; when the division does not divide evenly, the short last row is dealt in the
direction the snake is going, so group sizes differ by at most one.

Each group then plays its own round robin (the Clark rotation of
:mod:`core.pairing.round_robin`), for as many rounds as the smallest group's cycle; an
odd group sits one player out each round, bottom seeds first (those who have had a bye
seated higher, :func:`core.pairing.round_robin.seat_for_byes`). The groups are drawn once,
from the standings before the block's first round (the rating order, for a block that
starts the event), so that later results do not move anyone between groups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from core.pairing.history import history_before
from core.pairing.round_robin import cycle_length, pair_groups, seat_for_byes
from core.pairing.tables import TableBlock
from core.pairing.why import why
from core.standings import scrabble_standings
from core.tournament import Division, Pairings


def snake_groups(ranked: Sequence[int], groups: int) -> tuple[tuple[int, ...], ...]:
    """Deal ``ranked`` (best first) into ``groups`` groups, snake fashion."""
    if groups < 1:
        raise ValueError(f"the number of groups must be 1 or more, got {groups}")
    dealt: list[list[int]] = [[] for _ in range(groups)]
    for i, player in enumerate(ranked):
        row, col = divmod(i, groups)
        dealt[col if row % 2 == 0 else groups - 1 - col].append(player)
    return tuple(tuple(g) for g in dealt)


def ranking_before(division: Division, first_round: int) -> list[int]:
    """The players a block of precomputed rounds is drawn from, in standings order before
    ``first_round`` (rating order at the start of an event).

    A player who has withdrawn is still in the draw if he played in the block (he left
    during it), so that one withdrawal does not redraw the tables already posted; his
    later opponents get byes. One who withdrew before the block is left out.
    """
    before = division.up_to_round(max(0, first_round - 1))
    # ranked as if everyone were still in, so a withdrawal does not reorder the draw
    before = replace(before, players=tuple(replace(p, active=True) for p in before.players))
    in_block = {
        number
        for g in division.games
        if g.round >= first_round
        for number in (g.a, g.b)
        if number is not None
    }
    return [
        s.number
        for s in scrabble_standings(before)
        if division.player(s.number).active or s.number in in_block
    ]


def block_index(round_number: int, first_round: int, rounds: int, what: str) -> int:
    """Which round of a block starting at ``first_round`` (1-based) is being paired."""
    index = round_number - first_round + 1
    if not 1 <= index <= rounds:
        last = first_round + rounds - 1
        raise ValueError(
            f"round {round_number} is outside the {what} (rounds {first_round} to {last})"
        )
    return index


def _dealt(
    division: Division, groups: int | None, group_size: int | None, first_round: int
) -> tuple[tuple[tuple[int, ...], ...], int, int]:
    """The seated snake groups of the block starting at ``first_round``, how many there
    are, and the block's length (the smallest group's cycle)."""
    if (groups is None) == (group_size is None):
        raise ValueError("give exactly one of groups (how many) or group_size (how big)")
    if first_round < 1:
        raise ValueError(f"first_round must be 1 or more, got {first_round}")
    ranked = ranking_before(division, first_round)
    if group_size is not None:
        if group_size < 2:
            raise ValueError(f"group_size must be 2 or more, got {group_size}")
        groups = max(1, len(ranked) // group_size)
    assert groups is not None
    if groups < 1 or len(ranked) < 2 * groups:
        raise ValueError(
            f"{len(ranked)} active players cannot make {groups} snake groups of 2 or more"
        )
    byes = history_before(division, first_round).byes
    dealt = tuple(seat_for_byes(g, byes) for g in snake_groups(ranked, groups))
    return dealt, groups, min(cycle_length(len(g)) for g in dealt)


def pair_snake(
    division: Division,
    round_number: int,
    *,
    groups: int | None = None,
    group_size: int | None = None,
    first_round: int = 1,
) -> Pairings:
    """Pair ``round_number`` of a block of snake round robins starting at ``first_round``.

    Give either ``groups`` (Director's Manual: 36 players in 3 groups of 12) or ``group_size``
    (NSC 2006 notes: groups of 8; the division makes ``players // group_size`` groups, so a
    remainder makes some groups one larger).
    """
    dealt, groups, rounds = _dealt(division, groups, group_size, first_round)
    index = block_index(round_number, first_round, rounds, f"{rounds}-round snake block")
    named = [
        (why("snake_group", group=k, groups=groups, members=", ".join(map(str, g))), g)
        for k, g in enumerate(dealt, start=1)
    ]
    return pair_groups(division, round_number, named, index)


def snake_block(
    division: Division,
    round_number: int,
    *,
    groups: int | None = None,
    group_size: int | None = None,
    first_round: int = 1,
) -> TableBlock:
    """The snake block is one table: its groups are drawn once, from the standings
    before ``first_round``, and each plays its own round robin (Director's Manual: snake pairings
    "are computed for fixed number of rounds ..., not dependent on game outcomes")."""
    _, _, rounds = _dealt(division, groups, group_size, first_round)
    block_index(round_number, first_round, rounds, f"{rounds}-round snake block")
    return TableBlock(first_round, first_round + rounds - 1)
