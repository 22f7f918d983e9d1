"""Modified Swiss: win groups, top half against bottom half.

Director's Manual, appendix "Modified-Swiss Pairings":

- round 1 orders the players by rating and pairs the top half against the bottom half
  ("with 32 players, #1 vs. #17, #2 vs. #18... #16 vs. #32"); with no games played
  the standings are exactly that order, so round 1 needs no special case;
- later rounds put "all the players having the same number of wins ... in the same
  grouping", ranked by standing, and pair each group's top half against its bottom
  half (step 2: four players with 4 wins play 1v3, 2v4; six play 1v4, 2v5, 3v6);
- groups are paired from the top, and an odd group takes "the next highest player"
  from below (step 3: five 4-win players plus the top 3-win player play 1v4, 2v5, 3v6);
- "If the players have already played each other (and it's still prior to the last 2
  rounds), switch players within the win group if you can until there are no repeat
  pairings": the engine's repeat tier sits above its score-group tier, which sits
  above rank distance, so it swaps inside the group before it reaches outside it;
- step 4 and the note after it: many directors pair the last two rounds King of the
  Hill (repeats allowed), or FP4 then KOTH (``final="koth"`` / ``final="fp4"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.pairing.engine import Reasoned, Rules, forbid_map, pair_round, ranked_active
from core.pairing.factored import pair_factored
from core.pairing.history import Pair, history_before
from core.pairing.why import Why, why
from core.standings import scrabble_standings
from core.tournament import Division, Pairings

FINALS = ("none", "koth", "fp4")



def swiss_table(ranked: Sequence[int], wins: Mapping[int, float]) -> list[tuple[Pair, Why]]:
    """The modified-Swiss table over ``ranked`` (best first, even in number).

    The engine relies on this table being the least on its score tier: a perfect
    matching must cross each boundary between win groups that has an odd number of
    players above it, and this table crosses exactly those, each once, with a pair from
    the two groups next to it, which costs the least such a crossing can (a pair that
    spans several boundaries costs the square of their summed gaps, never less than
    the sum of their squares)."""
    if len(ranked) % 2:
        raise ValueError(f"cannot pair an odd number of players ({len(ranked)})")
    table: list[tuple[Pair, Why]] = []
    n = len(ranked)
    start = 0
    while start < n:
        score = wins[ranked[start]]
        end = start
        while end < n and wins[ranked[end]] == score:
            end += 1
        pulled: tuple[Why, ...] = ()
        if (end - start) % 2:
            pulled = (why("pulled_up", player=ranked[end], wins=wins[ranked[end]]),)
            end += 1
        size = end - start
        half = size // 2
        for i in range(half):
            p, q = ranked[start + i], ranked[start + i + half]
            table.append(((p, q), why("swiss", wins=score, a=i + 1, b=i + half + 1,
                                      size=size, pulled=pulled)))
        start = end
    return table


def pair_swiss(
    division: Division,
    round_number: int,
    *,
    total_rounds: int | None = None,
    final: str = "none",
    fixed: Reasoned = (),
    forbidden: Reasoned = (),
) -> Pairings:
    """Modified Swiss for round ``round_number``.

    ``total_rounds`` (the event's length) tells when the last two rounds begin: there
    repeats stop being avoided, and ``final`` ("koth" or "fp4") takes over."""
    if final not in FINALS:
        raise ValueError(f"final must be one of {', '.join(FINALS)}; got {final!r}")
    if final != "none" and total_rounds is None:
        raise ValueError(f"final={final!r} needs total_rounds, to know which rounds are last")
    if total_rounds is not None and not 1 <= round_number <= total_rounds:
        raise ValueError(f"round {round_number} is outside the event's {total_rounds} rounds")
    left = None if total_rounds is None else total_rounds - round_number + 1
    if left is not None and left <= 2 and final != "none":
        factor = 4 if final == "fp4" and left == 2 else 2
        return pair_factored(division, round_number, factor=factor, repeats=True,
                             fixed=fixed, forbidden=forbidden)
    standings = scrabble_standings(division.up_to_round(round_number - 1))
    wins = {s.number: s.wins for s in standings}
    rules = Rules(avoid_repeats=left is None or left > 2, forbidden=forbid_map(forbidden),
                  score=wins)
    return pair_round(
        division,
        round_number,
        ranked_active(division, [s.number for s in standings]),
        lambda ranked: swiss_table(ranked, wins),
        rules=rules,
        fixed=fixed,
        history=history_before(division, round_number),
    )
