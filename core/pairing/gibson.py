"""The Gibson rule: who has clinched, and whom a clinched player meets instead of a contender.

Director's Manual (NASPA Director's Manual, "The Gibson Rule"):

- "How to Determine Whether a Player has Clinched First": a player has clinched when they
  can lose ALL their remaining games and still finish ahead "by at least one win no matter
  which other players win all of their remaining games". Spread is ignored by default
  ("we recommend that, at your local tournament, spread not be a factor").
- The manual's caveat (NSC Division 1) treats a spread lead of more than 500, 800 and 900
  points as uncatchable with 1, 2 and 3 rounds left when wins could end level.
  NSC 2006 notes (2006 NSC overview, "Basic Approach", point 13) gives 500, 700 and 900 for the
  same purpose. Both tables are offered; neither is the default.
- "How to Determine who a Gibsonized Player Should Play": the highest placed player who
  CANNOT finish as high as the last prize place, disregarding spread.

NSC 2006 notes ("Basic Approach", two winners in Division 1) Gibsonizes a player who is
guaranteed one of several top places ("1st place or a seat in the finals"); with
``top_places`` > 1 several players can be Gibsonized at once, and they then meet each
other, so that the contenders keep playing among themselves.

Everything here works on the Scrabble standings (wins with a tie as half, then spread),
computed once by :func:`core.standings.scrabble_standings`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from core.pairing.why import Why, why
from core.standings import StandingLine, scrabble_standings
from core.tournament import Division

#: NSC 2006 notes, "Basic Approach" point 13: games left -> the largest spread deficit still
#: counted as catchable when wins could end level.
NSC_2006_SPREAD_LIMITS: Mapping[int, int] = {1: 500, 2: 700, 3: 900}
#: Director's Manual, "The Gibson Rule", the caveat for NSC Division 1: 500, 800 and 900 points.
NASPA_MANUAL_SPREAD_LIMITS: Mapping[int, int] = {1: 500, 2: 800, 3: 900}


def can_catch(
    chaser: StandingLine,
    leader: StandingLine,
    rounds_left: int,
    spread_limits: Mapping[int, int] | None = None,
) -> bool:
    """Whether ``chaser`` can still finish level with or ahead of ``leader``.

    The worst case for the leader is that the leader loses every remaining game and the
    chaser wins every one, which moves the chaser ``rounds_left`` wins closer. If that
    leaves the chaser ahead on wins, the leader is catchable; if it leaves them level, the
    leader is catchable unless spread limits are in force and the chaser is further behind
    on spread than the limit for ``rounds_left`` rounds (Director's Manual caveat; NSC 2006 notes table).
    """
    gap = leader.wins - chaser.wins
    if gap < rounds_left:
        return True
    if gap > rounds_left:
        return False
    if spread_limits is None or rounds_left not in spread_limits:
        return True
    return leader.spread - chaser.spread <= spread_limits[rounds_left]


@dataclass(frozen=True)
class GibsonDecision:
    """What the Gibson rule fixes for the next round.

    ``gibsonized`` lists the players who have clinched, best first. ``pairs`` holds the
    pairings the rule fixes, each with the reason a TD can read; the pairing system pairs
    everyone else around them.
    """

    gibsonized: tuple[int, ...]
    pairs: tuple[tuple[tuple[int, int], Why], ...]

    @property
    def fixed(self) -> tuple[tuple[int, int], ...]:
        return tuple(pair for pair, _ in self.pairs)


def gibsonized_players(
    standings: Sequence[StandingLine],
    *,
    rounds_left: int,
    top_places: int = 1,
    spread_limits: Mapping[int, int] | None = None,
) -> tuple[int, ...]:
    """Players who have clinched one of the ``top_places`` places, best first.

    A player has clinched a top-``k`` place when fewer than ``k`` other players can still
    catch them (Director's Manual for ``k`` = 1; NSC 2006 notes' two-winner division for ``k`` = 2).
    """
    if rounds_left < 1:
        return ()
    active = [s for s in standings if s.active]
    clinched = []
    for leader in active[:top_places]:
        chasers = sum(
            1
            for other in active
            if other.number != leader.number
            and can_catch(other, leader, rounds_left, spread_limits)
        )
        if chasers < top_places:
            clinched.append(leader.number)
    return tuple(clinched)


def out_of_the_money(
    standings: Sequence[StandingLine],
    *,
    rounds_left: int,
    prize_places: int,
    spread_limits: Mapping[int, int] | None = None,
) -> tuple[int, ...]:
    """Players who can no longer finish as high as ``prize_places``-th, best placed first.

    A player cannot reach the last prize place when at least ``prize_places`` others
    are sure to stay ahead of them even if they win every remaining game (Director's Manual,
    "How to Determine who a Gibsonized Player Should Play": "the highest placed player
    who CANNOT finish as high as 4th").
    """
    active = [s for s in standings if s.active]
    found = []
    for player in active:
        sure_ahead = sum(
            1
            for other in active
            if other.number != player.number
            and not can_catch(player, other, rounds_left, spread_limits)
        )
        if sure_ahead >= prize_places:
            found.append(player.number)
    return tuple(found)


def gibson_fixed_pairs(
    division: Division,
    *,
    rounds_left: int,
    prize_places: int,
    top_places: int = 1,
    spread_limits: Mapping[int, int] | None = None,
    avoid_repeats: bool = False,
    standings: Sequence[StandingLine] | None = None,
) -> GibsonDecision:
    """The pairings the Gibson rule fixes for the next round of ``division``.

    Several Gibsonized players meet each other in standing order (1st v 2nd Gibsonized,
    and so on); a lone one (or the odd one out) meets the highest placed player who can
    no longer reach the last prize place, spread disregarded even where
    ``spread_limits`` decide the clinch (Director's Manual). By default that is exactly the
    seed's player, met before or not: the seed's worked example names one player, and
    late in an event nearly everyone has met. With ``avoid_repeats`` a player the
    Gibsonized player has already met is passed over for the next one down, where there
    is one (a TD's choice the seed neither asks for nor forbids).
    ``rounds_left`` counts the round about to be paired.
    """
    if prize_places < 1:
        raise ValueError(f"prize places must be 1 or more, got {prize_places}")
    table = list(standings) if standings is not None else list(scrabble_standings(division))
    clinched = gibsonized_players(
        table, rounds_left=rounds_left, top_places=top_places, spread_limits=spread_limits
    )
    pairs: list[tuple[tuple[int, int], Why]] = []
    for a, b in zip(clinched[0::2], clinched[1::2], strict=False):
        pairs.append(((a, b), why("gibson_both", a=a, b=b)))
    if len(clinched) % 2 == 1:
        lone = clinched[-1]
        taken = set(clinched)
        candidates = [
            p
            # "Disregard spread in your calculation" (Director's Manual): the spread limits
            # decide who has clinched, not whom the clinched player meets
            for p in out_of_the_money(table, rounds_left=rounds_left, prize_places=prize_places)
            if p not in taken
        ]
        if candidates:
            unmet = [p for p in candidates if division.times_met(lone, p) == 0]
            choice = unmet[0] if (avoid_repeats and unmet) else candidates[0]
            passed = () if choice == candidates[0] else (
                why("passed_over", player=candidates[0], met=lone),)
            pairs.append(((lone, choice), why("gibson", player=lone, opponent=choice,
                                             places=prize_places, passed=passed)))
    return GibsonDecision(gibsonized=clinched, pairs=tuple(pairs))
