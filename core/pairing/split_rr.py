"""Split round robin: two groups, and everyone plays everyone in the other group.

Director's Manual, appendix "Split Round-Robin": "after you split the division into two groups you
have the groups play a full Round Robin against players in the opposing group (as is
done in a team competition), instead of among themselves ... The number of games in a
split RR is equal to half the size of the division." The split is by snake (16 players:
1, 4, 5, 8, 9, 12, 13, 16 against 2, 3, 6, 7, 10, 11, 14, 15), because "the 'odds' will
always be a slightly tougher rating group than the evens"; the seed's Dan Stock example
also allows the odd/even split, so both are offered.

Round ``r`` pairs the ``i``-th player of the larger group with the ``(i + r - 1)``-th of
the other (counting round), so round 1 sets neighbours in the rating order against each
other. With an odd division the larger group has one player more, and the player whose
turn falls on the missing seat has the bye: one bye a round, one per player of the
larger group over the block. The larger group's ``i``-th player moves first against
the other's ``j``-th when ``i + j`` is even: each round moves every player one seat
along, so moves alternate, and over the block nobody has two firsts more than seconds.
"""

from __future__ import annotations

from core.pairing.round_robin import Pair, table_pairings
from core.pairing.snake import block_index, ranking_before, snake_groups
from core.pairing.tables import TableBlock
from core.pairing.why import why
from core.tournament import Division, Pairings

SPLITS = ("snake", "odd-even")


def split_groups(ranked: list[int], split: str = "snake") -> tuple[tuple[int, ...], ...]:
    """The two groups of a split round robin, from ``ranked`` (best first)."""
    if split == "snake":
        return snake_groups(ranked, 2)
    if split == "odd-even":
        return tuple(ranked[0::2]), tuple(ranked[1::2])
    raise ValueError(f"split must be one of {', '.join(SPLITS)}, got {split!r}")


def split_round(
    first: tuple[int, ...], second: tuple[int, ...], index: int
) -> tuple[tuple[Pair, ...], int | None]:
    """Round ``index`` (1-based) of the split round robin of two groups: the pairs, first
    player first, and who has the bye when the groups differ in size."""
    big, small = (first, second) if len(first) >= len(second) else (second, first)
    if len(big) - len(small) > 1 or not small:
        raise ValueError(f"groups of {len(big)} and {len(small)} cannot play a split round robin")
    if not 1 <= index <= len(big):
        raise ValueError(f"a split round robin of {len(big)} rounds has no round {index}")
    pairs: list[Pair] = []
    bye: int | None = None
    for i, player in enumerate(big):
        j = (i + index - 1) % len(big)
        if j == len(small):
            bye = player
            continue
        other = small[j]
        pairs.append((player, other) if (i + j) % 2 == 0 else (other, player))
    return tuple(pairs), bye


def _groups(division: Division, split: str, first_round: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if first_round < 1:
        raise ValueError(f"first_round must be 1 or more, got {first_round}")
    ranked = ranking_before(division, first_round)
    if len(ranked) < 2:
        raise ValueError(f"{len(ranked)} active player(s) cannot play a split round robin")
    first, second = split_groups(ranked, split)
    return first, second


def pair_split_rr(
    division: Division, round_number: int, *, split: str = "snake", first_round: int = 1
) -> Pairings:
    """Pair ``round_number`` of a split round robin whose first round is ``first_round``;
    the groups come from the standings before it (ratings, at the start of an event)."""
    first, second = _groups(division, split, first_round)
    rounds = max(len(first), len(second))
    index = block_index(round_number, first_round, rounds, f"{rounds}-round split round robin")
    pairs, bye = split_round(first, second, index)
    where = why("split_rr", round=index, rounds=rounds, split=split,
                first=", ".join(map(str, first)), second=", ".join(map(str, second)))
    return table_pairings(division, round_number, [(where, pairs, bye)])


def split_rr_block(
    division: Division, round_number: int, *, split: str = "snake", first_round: int = 1
) -> TableBlock:
    """The split round robin is one table, drawn from the standings before
    ``first_round`` (Director's Manual: "used to allow precomputed pairings")."""
    first, second = _groups(division, split, first_round)
    rounds = max(len(first), len(second))
    block_index(round_number, first_round, rounds, f"{rounds}-round split round robin")
    return TableBlock(first_round, first_round + rounds - 1)
