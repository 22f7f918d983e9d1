"""King of the Hill: #1 v #2, #3 v #4, ... on the current standings.

Director's Manual, appendix "King-of-the-Hill Pairings": "the tournament standings always
determine the pairing: #1 vs. #2, #3 vs. #4, etc. It is best to be careful when using
this method that contestants do not play each other more than once, until the last two
rounds. You may have to adjust the pairing somewhat". Round 1 pairs "the #1 rated
player against the #2 rated player": with no games the standings are the rating order.

KOTH is FP2 (appendix "Factored Pairings": "FP ... are the same as KOTH except that the
optimum rank separation ... is ... greater than the value of one used in KOTH"), so
the one rule lives in :mod:`core.pairing.factored`.
"""

from __future__ import annotations

from core.pairing.engine import Reasoned
from core.pairing.factored import pair_factored
from core.tournament import Division, Pairings


def pair_koth(
    division: Division,
    round_number: int,
    *,
    repeats: bool = False,
    fixed: Reasoned = (),
    forbidden: Reasoned = (),
    standings_after: int | None = None,
    max_repeats: int | None = None,
) -> Pairings:
    """KOTH for round ``round_number``. With ``repeats`` the table stands even where it
    repeats a pairing (the last rounds of many events, Director's Manual "Modified-Swiss
    Pairings" step 4; "threepeats" in NSC 2006 notes); without, the fewest repeats are
    made, each as close to the table as possible; with ``max_repeats`` N, pairs who
    have met up to N times may meet again (tsh's "koth N")."""
    return pair_factored(
        division,
        round_number,
        factor=2,
        repeats=repeats,
        fixed=fixed,
        forbidden=forbidden,
        standings_after=standings_after,
        max_repeats=max_repeats,
    )
