"""Portland Swiss and lagged pairing: round X paired from the standings after X-2.

Director's Manual, appendix "Portland Swiss Pairing System": "1. The standings as of round (X-2)
are used to pair round X, NOT round X-1. 2. The size of a player group equals the number
of Swiss rounds to be played. 3. No rematches permitted during the Swiss rounds ... if
you need to pair five rounds in this fashion, they are paired in order FP10 (1-6, 2-7,
3-8, 4-9, 5-10...), FP8 (1-5, 2-6, 3-7, 4-8...), FP6 (1-4, 2-5, 3-6...), FP4 (1-3,
2-4...), K-H (1-2, 3-4, 5-6...)". Round X with k Swiss rounds still to play (X among
them) is therefore FP(2k). When the table would repeat a pairing, "#1 of the first
group is matched with the player closest to #6 who has not played #1": the engine's
rank-distance tier, under a repeat tier that only gives way when nothing else can.
Repeats are counted over every round before X, including round X-1 whose pairings
are known when X is paired.

ABG rules (All Bankers' Game) runs "8 games (5 lagged pairing, 3 KOTH)" and says no
more about it. Lagged pairing is pairing from results a round behind, so that each
round's pairings are up while the round before is still being played; the one such
system the seeds define is this one (Director's Manual, Portland Swiss rule 1, and its first
"Advantage": "matches are posted during round X-1"). So the lagged rounds are Portland
Swiss ending at round 5 (FP10, FP8, FP6, FP4, KOTH, rounds 1 and 2 on rating as there
are no standings two rounds back), and the last three KOTH on the latest standings,
repeats avoided until the last two rounds (Director's Manual, "King-of-the-Hill Pairings": "do
not play each other more than once, until the last two rounds").
"""

from __future__ import annotations

from core.pairing.engine import Reasoned
from core.pairing.factored import pair_factored
from core.pairing.koth import pair_koth
from core.tournament import Division, Pairings


def portland_factor(round_number: int, last_swiss_round: int) -> int:
    """FP factor of a Portland Swiss round: twice the Swiss rounds left, this one included."""
    if round_number > last_swiss_round:
        raise ValueError(
            f"round {round_number} is after the last Portland Swiss round ({last_swiss_round}); "
            "pair it King of the Hill"
        )
    return 2 * (last_swiss_round - round_number + 1)


def pair_portland(
    division: Division,
    round_number: int,
    *,
    last_swiss_round: int,
    fixed: Reasoned = (),
    forbidden: Reasoned = (),
) -> Pairings:
    """Portland Swiss for round ``round_number`` of a Swiss stretch ending at
    ``last_swiss_round``. Rounds 1 and 2 have no standings two rounds back, so they
    pair on rating (the standings before any game)."""
    factor = portland_factor(round_number, last_swiss_round)
    return pair_factored(
        division,
        round_number,
        factor=factor,
        repeats=False,
        fixed=fixed,
        forbidden=forbidden,
        standings_after=max(0, round_number - 2),
    )


def pair_lagged(
    division: Division,
    round_number: int,
    *,
    lagged_rounds: int = 5,
    total_rounds: int = 8,
    fixed: Reasoned = (),
    forbidden: Reasoned = (),
) -> Pairings:
    """A lagged event like ABG rules: ``lagged_rounds`` of Portland Swiss, then King of
    the Hill on the latest standings to the end (``total_rounds``)."""
    if not 0 <= lagged_rounds <= total_rounds:
        raise ValueError(
            f"lagged rounds ({lagged_rounds}) must be between 0 and the total ({total_rounds})"
        )
    if not 1 <= round_number <= total_rounds:
        raise ValueError(f"round {round_number} is outside the event's {total_rounds} rounds")
    if round_number <= lagged_rounds:
        return pair_portland(division, round_number, last_swiss_round=lagged_rounds,
                             fixed=fixed, forbidden=forbidden)
    return pair_koth(division, round_number, repeats=round_number > total_rounds - 2,
                     fixed=fixed, forbidden=forbidden)
