"""Which rounds a table system fixes before they are played, so a TD can hand them out.

Director's Manual ("Tournament Structures"): round robin, snake and speed pairings "are computed
for fixed number of rounds based on each player's starting rating, not dependent on game
outcomes"; of a round robin, "all pairings can be computed at the beginning of the
tournament", and "simply copy the table and post to the wall"; a split round robin is
"used to allow precomputed pairings for a good portion of the games". Such a block of
rounds is a table of the field as it stood before the block's first round: each round
follows from the rounds before it in the block (who has met, who has had a bye), never
from their results.

Each table system has a block function beside it (``round_robin_block``,
``snake_block`` ...) with the system's options, answering with the block a round
belongs to, or :class:`NotATable` saying why that round waits for results.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableBlock:
    """Rounds ``first``..``last`` are one table: drawn from the standings before
    ``first`` (the ratings, at the start of an event), then fixed. ``then`` says how the
    round after the block is paired when that waits for results ("" when the block is
    the whole event or the system's schedule ends with it)."""

    first: int
    last: int
    then: str = ""


class NotATable(ValueError):
    """The round is paired on results, so it cannot be printed before they are in."""
