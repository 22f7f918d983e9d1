"""Factored pairings (FPn): KOTH with a wider rank separation.

Director's Manual, appendix "Factored Pairings": "Factored Pairings (FP) are the same as KOTH
except that the optimum rank separation of players is some fixed number (the factor)
greater than the value of one used in KOTH ... FP4 ... pairs each group of four players
beginning with the leaders of the division as: 1-3, 2-4, 5-7, 6-8 ... FP6 (1-4, 2-5,
3-6)". The division is cut from the top into groups of n; in each group the top half
plays the bottom half in order. A last group smaller than n (the division size is not
a multiple of n) is paired the same way at its own size, so FP4 over 10 players ends
9-10.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.pairing.engine import Reasoned, Rules, forbid_map, pair_round, ranked_active
from core.pairing.history import Pair, history_before
from core.pairing.why import Why, why
from core.standings import scrabble_standings
from core.tournament import Division, Pairings


def factored_table(ranked: Sequence[int], factor: int,
                   after: int | None = None) -> list[tuple[Pair, Why]]:
    """The FP``factor`` table over ``ranked`` (best first, even in number); ``after``: the
    round of the standings it pairs on, for a lagged system (Portland)."""
    if factor < 2 or factor % 2:
        raise ValueError(f"the factor must be an even number, 2 or more (FP4, FP6...), got {factor}")
    if len(ranked) % 2:
        raise ValueError(f"cannot pair an odd number of players ({len(ranked)})")
    table: list[tuple[Pair, Why]] = []
    for start in range(0, len(ranked), factor):
        group = ranked[start:start + factor]
        half = len(group) // 2
        for i in range(half):
            a, b = start + i + 1, start + i + half + 1
            table.append(((group[i], group[i + half]),
                          why("factored", factor=factor, a=a, b=b, after=after or 0)))
    return table


def pair_factored(
    division: Division,
    round_number: int,
    *,
    factor: int = 4,
    repeats: bool = False,
    fixed: Reasoned = (),
    forbidden: Reasoned = (),
    standings_after: int | None = None,
    max_repeats: int | None = None,
) -> Pairings:
    """Pair round ``round_number`` FP``factor`` on the standings after the previous round
    (or after round ``standings_after``, for lagged systems).

    Repeats are avoided where a repeat-free pairing exists unless ``repeats`` is set:
    Director's Manual allows "repeat and even multiple repeat pairings ... for the last round".
    ``max_repeats`` N is tsh's middle way ("koth N"): a pair who have met up to N times
    may meet again as the table says; only a meeting beyond that is avoided. Late in
    a long event, where nearly every pair has met, avoiding every repeat would send
    the leader far down the table; a TD allows the repeats the table needs.
    """
    if max_repeats is not None:
        if repeats:
            raise ValueError("give either repeats (any number) or max_repeats N, not both")
        if max_repeats < 0:
            raise ValueError(f"max_repeats must be 0 or more, got {max_repeats}")
    if factor < 2 or factor % 2:
        raise ValueError(f"the factor must be an even number, 2 or more (FP4, FP6...), got {factor}")
    last = round_number - 1 if standings_after is None else standings_after
    order = [s.number for s in scrabble_standings(division.up_to_round(max(0, last)))]
    rules = Rules(avoid_repeats=not repeats, forbidden=forbid_map(forbidden),
                  allowed_meetings=max_repeats or 0)
    after = None if last == round_number - 1 else last
    return pair_round(
        division,
        round_number,
        ranked_active(division, order),
        lambda ranked: factored_table(ranked, factor, after),
        rules=rules,
        fixed=fixed,
        history=history_before(division, round_number),
    )
