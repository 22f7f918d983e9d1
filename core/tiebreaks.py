"""USCF tiebreaks for chess-style (Swiss) events, from USCF guide.

USCF guide (Scholastic chess tournament introduction, "What if several players are tied
at the end with the same score?") orders them: Modified Median, then Solkoff, then
Cumulative, then the opponents' Cumulative ("CTBCTB"). The rules each one follows:

- An opponent's score is adjusted: "a half-point is counted for any rounds that the
  opponent did not play" (byes, forfeits, absences all count 0.5 instead of what the
  opponent actually got for them).
- A round the player did not play (bye, forfeit either way, absence) counts as an
  opponent with 0, so that an unplayed point does not buy a tiebreak too.
- Modified Median "disregards the least-significant (usually the lowest scoring)
  opponent". Which one is least significant follows USCF rule 34E1, where the seed's
  "usually" comes from: a player above 50% drops the lowest opponent, below 50% the
  highest, at exactly 50% both.
- Solkoff counts every opponent.
- Cumulative adds the player's running score after each round; a point won without
  playing (a full-point bye or a forfeit win) is taken off once, since it came without
  facing anyone.
- Opponents' Cumulative adds up the Cumulative of every opponent actually played.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.tournament import Division, Game, GameKind


@dataclass(frozen=True)
class Tiebreaks:
    """A player's chess score and tiebreaks, in USCF guide's order of use."""

    points: float
    modified_median: float
    solkoff: float
    cumulative: float
    opponents_cumulative: float

    def key(self) -> tuple[float, float, float, float, float]:
        """Sort key, best first when sorted descending."""
        return (
            self.points,
            self.modified_median,
            self.solkoff,
            self.cumulative,
            self.opponents_cumulative,
        )


def _played(game: Game) -> bool:
    return game.kind == GameKind.PLAYED and game.b is not None


def rounds_of(division: Division) -> int:
    """The number of rounds the event has had (recorded rounds or the latest game)."""
    return max([division.rounds] + [g.round for g in division.games])


def _by_round(games: tuple[Game, ...], number: int) -> dict[int, float]:
    found: dict[int, float] = {}
    for game in games:
        found[game.round] = found.get(game.round, 0.0) + game.points_of(number)
    return found


def _adjusted(games: tuple[Game, ...], number: int, rounds: int) -> float:
    """An opponent's score for tiebreaks: played results as they stand, and half a
    point for every round not played (USCF guide, tiebreak rule 2)."""
    played = {g.round: g.points_of(number) for g in games if _played(g)}
    return sum(played.values()) + 0.5 * (rounds - len(played))


def _cumulative(games: tuple[Game, ...], number: int, rounds: int) -> float:
    """Sum of the running score after each round, less one for each point won
    without playing (full-point bye or forfeit win; USCF guide, tiebreak rule 3)."""
    points = _by_round(games, number)
    running = total = 0.0
    for r in range(1, rounds + 1):
        running += points.get(r, 0.0)
        total += running
    unearned = sum(
        1
        for game in games
        if not _played(game) and game.kind != GameKind.UNPLAYED and game.points_of(number) >= 1.0
    )
    return total - unearned


def modified_median(scores: list[float], points: float, rounds: int) -> float:
    """Solkoff without the least significant opponents (USCF 34E1, USCF guide)."""
    ordered = sorted(scores)
    if points * 2 > rounds:
        kept = ordered[1:]
    elif points * 2 < rounds:
        kept = ordered[:-1]
    else:
        kept = ordered[1:-1]
    return sum(kept)


def chess_tiebreaks(division: Division) -> dict[int, Tiebreaks]:
    """Score and tiebreaks of every player of the division, by player number."""
    rounds = rounds_of(division)
    mine = {p.number: division.games_of(p.number) for p in division.players}
    adjusted = {n: _adjusted(g, n, rounds) for n, g in mine.items()}
    cumulatives = {n: _cumulative(g, n, rounds) for n, g in mine.items()}
    result: dict[int, Tiebreaks] = {}
    for n, own in mine.items():
        points = sum(_by_round(own, n).values())
        # One value per round: the played opponent's adjusted score, or 0 for a
        # round the player did not play (a virtual opponent with no points).
        by_round: dict[int, float] = {}
        opponents: list[int] = []
        for game in own:
            opponent = game.opponent_of(n)
            if _played(game) and opponent is not None:
                by_round[game.round] = adjusted[opponent]
                opponents.append(opponent)
        scores = [by_round.get(r, 0.0) for r in range(1, rounds + 1)]
        result[n] = Tiebreaks(
            points=points,
            modified_median=modified_median(scores, points, rounds),
            solkoff=sum(scores),
            cumulative=cumulatives[n],
            opponents_cumulative=sum(cumulatives[o] for o in opponents),
        )
    return result
