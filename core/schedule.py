"""How many games a match has in each round.

Source: SSSg 2016: Annex A para 4 ("11 games per match in
the Round of 16, and a 2-game increase ... for each subsequent round. Minor and major
rounds in the Lower Bracket count as the same round"), footnote 4 (the plate: "9 games
per match in the first round, and a 2-game increase ... for each subsequent round"), the
"Schedule and Details" table (Grand Final BO18) and para 2 (the upper-bracket winner's
one-game advantage in the grand final).

A round is given by its *level*: upper round ``r`` of a bracket with ``levels`` upper
rounds has level ``r``; a lower-bracket round has the level of its upper counterpart
(``core.knockout.double_elim``). The top division's best-of is anchored at the round of 16 (three
rounds before the final) rather than at the first round, so a top division of 8 players
still plays its quarter-finals best-of-13; the plate's is anchored at its first round,
whatever its size (footnote 4, and footnote 7: a bigger plate adds rounds in front).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BestOfSchedule:
    """``base`` games in the anchor round and ``step`` more each round after it.

    ``anchor_from_final``: None anchors ``base`` at the first round; ``k`` anchors it at
    the round ``k`` rounds before the final (the round of 16 is 3). Rounds before the
    anchor lose ``step`` games each, down to 1. The grand final (level ``levels + 1``)
    has ``grand_final_best_of`` games if set, else the next step.
    """

    base: int
    step: int = 0
    anchor_from_final: int | None = None
    grand_final_best_of: int | None = None
    grand_final_head_start: int = 0

    def __post_init__(self) -> None:
        if self.base < 1 or self.step < 0:
            raise ValueError(f"best-of must be 1 or more and its step 0 or more: {self}")
        if self.grand_final_best_of is not None and self.grand_final_best_of < 1:
            raise ValueError(f"the grand final's best-of must be 1 or more: {self}")

    def best_of(self, level: int, levels: int) -> int:
        """Games per match at ``level`` (1 = first round) of a bracket of ``levels`` rounds."""
        if level > levels and self.grand_final_best_of is not None:
            return self.grand_final_best_of
        anchor = 1 if self.anchor_from_final is None else levels - self.anchor_from_final
        return max(1, self.base + self.step * (level - anchor))


#: Top division: Ro16 BO11, QF BO13, SF BO15, finals BO17, grand final BO18 with the
#: upper-bracket winner one game up (para 2, para 4, "Schedule and Details").
SSSG_TOP = BestOfSchedule(
    base=11, step=2, anchor_from_final=3, grand_final_best_of=18, grand_final_head_start=1
)
#: Plate: BO9 in its first round, +2 each round (footnote 4).
SSSG_PLATE = BestOfSchedule(base=9, step=2)


def plain_schedule(
    base: int, step: int, players: int, *, grand_final: str, head_start: int = 1
) -> BestOfSchedule:
    """A plain knockout's schedule: ``base`` games in round 1, ``step`` more each round.

    A head-start grand final gets the final's best-of plus the head start, as SSSg's
    best-of-18 with one game up follows its best-of-17 finals (para 2, the table): the
    head start then never decides the match alone, and the lower-bracket winner still
    needs as many game wins as in the final before it plus one.
    """
    levels = max(1, (players - 1).bit_length())
    final = max(1, base + step * (levels - 1))
    if grand_final != "head_start":
        return BestOfSchedule(base=base, step=step)
    return BestOfSchedule(
        base=base,
        step=step,
        grand_final_best_of=final + head_start,
        grand_final_head_start=head_start,
    )
