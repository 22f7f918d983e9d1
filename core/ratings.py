"""Rating estimates from an event's results: NASPA's method for Scrabble, FIDE's Elo for chess.

Both are estimates, labelled so wherever they are shown: the rating body rates the event
from the file it is sent, with every player's lifetime record, which an event does not hold.

Scrabble, NASPA's method as tsh computes it (tsh's ``Ratings::Elo``, rating system
``nsa2008``, the reference implementation NASPA names in "How the NSA Rating System Works"):

- a player's expected wins against each opponent are ``1 - 1/(1+exp(0.0031879*delta))``,
  ``delta`` being their rating minus the opponent's; the change is the *excess* (wins minus
  expected wins, a tie half a win) times a multiplier: 30, 24 or 15 below 1800, below 2000
  and from 2000 for a player with fewer than 50 rated games, else 20, 16 and 10. A change
  crossing 1800 or 2000 is taken at each band's multiplier up to the boundary.
- an acceleration bonus: whatever a player gains beyond 5 points a game is added again.
  (tsh then passes a twentieth of it back to the opponents, "feedback"; the estimate leaves
  that out: a point or two.)
- an unrated player's rating is their performance rating, iterated: the rating at which
  their expected wins equal their wins (no fewer than 5%, no more than 95% of their games),
  at least 500 and at most 400 * wins/games above the best rated opponent; rated players
  meet them at that rating.
- byes and forfeits are not rated (Director's Manual, "Basic Format": a bye "has no ratings
  computation or opponent").

Chess, FIDE's Elo (FIDE Handbook, B.02 Rating Regulations, 8.1.2 and 8.3): each game's
expected score is read from table 8.1.2 for the rating difference, a difference over 400
counting as 400; the change is K times the sum of score minus expected score, rounded to a
whole number (0.5 away from zero); K is 40 for a player with fewer than 30 rated games, 20
under 2400 and 10 from 2400, and K times the games may not pass 700. Games against unrated
players are not rated; an unrated player's estimate is their performance, the opponents'
average rating plus ``dp`` for their percentage score (table 8.1.1); one who has not
scored against a rated player gets none yet.

A local club tournament counts at one third: "Rated at 1/3 value of an ORT" (Director's
Manual, tournament types: Open Rated Tournament and Local Club Tournament), as tsh's ``lct``
systems divide the change by three, without acceleration bonuses. The same third is used
for a club's chess event.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from core.phrases import Phrase, phrase
from core.tournament import Division, GameKind, Player

#: NASPA's logistic curve (How the NSA Rating System Works: 0.57903 at 100 points).
NASPA_SLOPE = 0.0031879
#: Games a Scrabble player needs for the lower multipliers; a chess player for K 20.
NASPA_ESTABLISHED = 50
FIDE_ESTABLISHED = 30
#: Minimum games for a rated event (Director's Manual, tournament types).
MIN_GAMES = {"open": 4, "club": 3}
#: A division NASPA rates needs this many rated players (Director's Manual, Unrated Players).
MIN_RATED = 2

#: FIDE table 8.1.2: (largest rating difference, the higher rated player's expected score).
FIDE_PD: tuple[tuple[int, float], ...] = (
    (3, .50), (10, .51), (17, .52), (25, .53), (32, .54), (39, .55), (46, .56), (53, .57),
    (61, .58), (68, .59), (76, .60), (83, .61), (91, .62), (98, .63), (106, .64),
    (113, .65), (121, .66), (129, .67), (137, .68), (145, .69), (153, .70), (162, .71),
    (170, .72), (179, .73), (188, .74), (197, .75), (206, .76), (215, .77), (225, .78),
    (235, .79), (245, .80), (256, .81), (267, .82), (278, .83), (290, .84), (302, .85),
    (315, .86), (328, .87), (344, .88), (357, .89), (374, .90), (391, .91), (411, .92),
)
#: FIDE table 8.1.1: percentage score (in hundredths, 50 to 100) -> rating difference dp.
FIDE_DP: Mapping[int, int] = dict(zip(range(100, 49, -1), (
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296, 284, 273,
    262, 251, 240, 230, 220, 211, 202, 193, 184, 175, 166, 158, 149, 141, 133, 125, 117, 110,
    102, 95, 87, 80, 72, 65, 57, 50, 43, 36, 29, 21, 14, 7, 0), strict=True))


@dataclass(frozen=True)
class Rated:
    """One player's estimate: the rating before (0: unrated), after, and the figures that
    made it (games rated, score in them, the score expected)."""

    number: int
    name: str
    before: int
    after: int
    games: int
    score: float
    expected: float

    @property
    def change(self) -> int:
        return self.after - self.before if self.before else 0


def round_half_away(x: float) -> int:
    """FIDE 8.3.4: to the nearest whole number, 0.5 away from zero."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


# --- NASPA ---------------------------------------------------------------------------------


def naspa_expected(rating: float, other: float) -> float:
    return 1 - 1 / (1 + math.exp(NASPA_SLOPE * (rating - other)))


def naspa_multiplier(games_before: int, rating: float) -> int:
    if games_before < NASPA_ESTABLISHED:
        return 30 if rating < 1800 else 24 if rating < 2000 else 15
    return 20 if rating < 1800 else 16 if rating < 2000 else 10


def naspa_points(before: float, excess: float, games_before: int) -> float:
    """The rating after ``excess`` wins over expectation, each band at its own multiplier
    (tsh ``ConvertExcessToPoints``, without the old NSA boundary bug)."""
    rating = before
    while excess:
        m = naspa_multiplier(games_before, rating)
        target = rating + m * excess
        if m == naspa_multiplier(games_before, target):
            return target
        if rating < 1800:
            boundary = 1800.0
        elif rating < 2000:
            boundary = 2000.0 if excess > 0 else 1799.0
        else:
            boundary = 1999.0
        excess -= (boundary - rating) / m
        rating = boundary
    return rating


def _rated_games(division: Division) -> dict[int, list[tuple[int, float]]]:
    """Each player's rated games, (opponent, score): played games only, both ways."""
    out: dict[int, list[tuple[int, float]]] = {p.number: [] for p in division.players}
    for g in division.games:
        if g.b is None or g.kind != GameKind.PLAYED:
            continue
        out[g.a].append((g.b, g.points_a))
        out[g.b].append((g.a, g.points_b))
    return out


def _search(f: Callable[[float], float], target: float, lo: float = 0.0,
            hi: float = 3000.0) -> float:
    """The x in [lo, hi] where the increasing ``f`` reaches ``target`` (bisection)."""
    for _ in range(60):
        mid = (lo + hi) / 2
        if f(mid) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _expected_wins(opponents: list[float]) -> Callable[[float], float]:
    def wins(rating: float) -> float:
        return sum(naspa_expected(rating, o) for o in opponents)
    return wins


def _newcomers(division: Division, games: Mapping[int, list[tuple[int, float]]],
               old: Mapping[int, int]) -> dict[int, float]:
    """Unrated players' ratings: iterated performance ratings (tsh ``RateNewcomersCorrectly``)."""
    unrated = [n for n, r in old.items() if not r and games[n]]
    current: dict[int, float] = {}
    for n in unrated:
        rated = [old[o] for o, _ in games[n] if old[o]]
        current[n] = sum(rated) / len(rated) if rated else 1500.0
    for _ in range(50):
        changed = False
        following = dict(current)
        for n in unrated:
            played = games[n]
            wins = sum(s for _, s in played)
            target = min(max(wins, 0.05 * len(played)), 0.95 * len(played))
            opponents = [old[o] or current.get(o, 1500.0) for o, _ in played]
            r = _search(_expected_wins(opponents), target)
            r = max(r, 500.0)
            best = max((old[o] for o, _ in played if old[o]), default=0) or max(
                (current.get(o, 0.0) for o, _ in played if not old[o]), default=0.0)
            if best:
                r = min(r, best + 400 * wins / len(played))
            if abs(r - current[n]) > 1e-6:
                changed = True
            following[n] = r
        current = following
        if not changed:
            break
    return current


def naspa_ratings(division: Division, *, club: bool = False,
                  games_before: Mapping[int, int] | None = None) -> dict[int, Rated]:
    """Every player's NASPA estimate (module docstring). ``games_before``: each player's
    rated games before the event; a player not listed counts as established (50 or more).
    ``club``: a local club tournament, at one third and without acceleration."""
    games = _rated_games(division)
    old = {p.number: p.rating for p in division.players}
    newcomer = _newcomers(division, games, old)
    effective = {n: float(old[n]) if old[n] else newcomer.get(n, 0.0) for n in old}
    return {p.number: _naspa_one(p, games[p.number], effective, newcomer, club=club,
                                 lived=(games_before or {}).get(p.number, NASPA_ESTABLISHED))
            for p in division.players}


def _naspa_one(p: Player, played: list[tuple[int, float]], effective: Mapping[int, float],
               newcomer: Mapping[int, float], *, club: bool, lived: int) -> Rated:
    """One player's NASPA estimate from their rated games and the ratings everyone in
    them is rated at (``effective``: a rated player's own, an unrated one's iterated
    performance, ``newcomer``)."""
    score = sum(s for _, s in played)
    expected = sum(naspa_expected(effective[p.number], effective[o]) for o, _ in played)
    if not p.rating:
        after = round(newcomer[p.number]) if p.number in newcomer else 0
        return Rated(p.number, p.name, 0, after, len(played), score, expected)
    new = naspa_points(p.rating, score - expected, lived)
    if club:
        new = p.rating + (new - p.rating) / 3
    else:
        new += max(0.0, new - p.rating - 5 * len(played))  # acceleration bonus
    return Rated(p.number, p.name, p.rating, round(new), len(played), score, expected)


# --- FIDE ----------------------------------------------------------------------------------


def fide_expected(rating: int, other: int) -> float:
    """Table 8.1.2, a difference over 400 counting as 400 (8.3.1)."""
    d = min(abs(rating - other), 400)
    high = next(pd for top, pd in FIDE_PD if d <= top)
    return high if rating >= other else round(1 - high, 2)


def fide_k(rating: int, games_before: int, games: int) -> int:
    """8.3.3: 40 for a player with fewer than 30 games, 20 under 2400, 10 from 2400; K
    times the games at most 700."""
    k = 40 if games_before < FIDE_ESTABLISHED else 10 if rating >= 2400 else 20
    if games and k * games > 700:
        k = 700 // games
    return k


def fide_dp(score: float, games: int) -> int:
    """Table 8.1.1: the rating difference for a percentage score (rounded to hundredths)."""
    p = round(100 * score / games)
    return FIDE_DP[p] if p >= 50 else -FIDE_DP[100 - p]


def fide_ratings(division: Division, *, club: bool = False,
                 games_before: Mapping[int, int] | None = None) -> dict[int, Rated]:
    """Every player's FIDE estimate (module docstring). ``games_before`` as for NASPA (a
    player not listed counts as established, 30 games or more); ``club`` at one third."""
    games = _rated_games(division)
    old = {p.number: p.rating for p in division.players}
    return {p.number: _fide_one(p, games[p.number], old, club=club,
                                lived=(games_before or {}).get(p.number, FIDE_ESTABLISHED))
            for p in division.players}


def _fide_one(p: Player, played: list[tuple[int, float]], old: Mapping[int, int], *,
              club: bool, lived: int) -> Rated:
    """One player's FIDE estimate from their games and their opponents' ratings before the
    event (``old``): games against unrated players are not rated (FIDE 8.1)."""
    rated = [(o, s) for o, s in played if old[o]]
    score = sum(s for _, s in rated)
    if not p.rating:
        after = 0
        if rated and score > 0:  # a zero score gives no rating (FIDE 8.2)
            average = sum(old[o] for o, _ in rated) / len(rated)
            after = round_half_away(average + fide_dp(score, len(rated)))
        return Rated(p.number, p.name, 0, after, len(rated), score, 0.0)
    expected = sum(fide_expected(p.rating, old[o]) for o, _ in rated)
    change = fide_k(p.rating, lived, len(rated)) * (score - expected)
    if club:
        change /= 3
    return Rated(p.number, p.name, p.rating, p.rating + round_half_away(change), len(rated),
                 score, expected)


def estimate(division: Division, *, chess: bool, club: bool = False) -> dict[int, Rated]:
    """The event's estimate by its game's method: FIDE for chess, NASPA for Scrabble."""
    return fide_ratings(division, club=club) if chess else naspa_ratings(division, club=club)


def player_estimate(division: Division, number: int, *, chess: bool,
                    club: bool = False) -> Rated | None:
    """Player ``number``'s estimate as ``estimate`` of the whole division gives it, from a
    division that need hold only them, their opponents and their own games: a rated
    player's estimate is made from nothing else, their games and their opponents' ratings
    before the event (FIDE 8.3; "How the NSA Rating System Works": the expectation against
    each opponent's rating), so a result costs its two players' games, not the field's.

    None where it is made from more: NASPA rates an unrated player, and a rated player's
    game against one, at that player's performance rating, iterated over every unrated
    player's games together (tsh ``RateNewcomersCorrectly``); the caller then estimates
    the whole division."""
    player = next(p for p in division.players if p.number == number)
    played = _rated_games(division)[number]
    old = {p.number: p.rating for p in division.players}
    if chess:
        return _fide_one(player, played, old, club=club, lived=FIDE_ESTABLISHED)
    if not player.rating or any(not old[o] for o, _ in played):
        return None
    effective = {n: float(r) for n, r in old.items()}
    return _naspa_one(player, played, effective, {}, club=club, lived=NASPA_ESTABLISHED)


def missing_for_rating(division: Division, *, kind: str) -> list[Phrase]:
    """What a rating body would refuse the division for, in words a TD can act on
    (Director's Manual, tournament types and Unrated Players), each read in the TD's
    language; empty when nothing is missing. ``kind``: "open" or "club"."""
    problems = []
    rated = sum(1 for p in division.players if p.rating)
    if rated < MIN_RATED:
        problems.append(
            phrase("no rated player: a division needs at least {least} rated players to be "
                   "rated", least=MIN_RATED) if rated == 0 else
            phrase("only 1 rated player: a division needs at least {least} rated players to "
                   "be rated", least=MIN_RATED) if rated == 1 else
            phrase("only {rated} rated players: a division needs at least {least} rated "
                   "players to be rated", rated=rated, least=MIN_RATED))
    games = _rated_games(division)
    fewest = min((len(g) for g in games.values()), default=0)
    least = MIN_GAMES[kind]
    if fewest < least:
        label = (phrase("a local club tournament") if kind == "club"
                 else phrase("an open rated tournament"))
        problems.append(phrase("the fewest rated games of a player so far: {fewest}; {label} "
                               "is rated from {least} games", fewest=fewest, label=label,
                               least=least))
    unrated = [p.name for p in division.players if not p.rating]
    if unrated:
        problems.append(phrase("unrated (rating 0 in the file; check they have no rating "
                               "before sending): {names}", names=", ".join(unrated)))
    return problems
