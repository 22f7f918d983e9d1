"""Standings: who leads a division after the games recorded so far.

Scrabble standings (wins, spread) come first here; chess standings (points, then the
USCF guide tiebreaks of ``core.tiebreaks``) and team scores follow at the end.

Scrabble events rank on wins, a tie counting half a win, then on cumulative spread
(Director's Manual, NASPA Director's Manual: the basic submission format carries exactly these
two figures per player, "Basic Format"; the pairing systems of its appendix pair "by
standings", meaning wins then spread). A spread cap, when the event has one, limits
the spread any one game can add or take away (e.g. a 300-point blowout counts as 250
under a 250 cap), so that one lopsided game cannot decide a prize.

The order and the ties follow tsh (John Chew's tournament software, the reference
that NASPA's tsh Format comes from; TSH::Player::SortByCurrentStanding and
TSH::Division::ComputeRanks): more wins first, then fewer losses (it matters when
players have played different numbers of games), then more spread; players level on
all three share a rank (1, 2, 2, 4). Among equals the listing falls back to rating
(higher first) and then player number (tsh uses a random draw there; we keep the
order reproducible). tsh leaves withdrawn players out of the ranking; we list them
after every active player, ranked among themselves, so no player goes missing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.tiebreaks import Tiebreaks, chess_tiebreaks
from core.tournament import Division, Game, GameKind


@dataclass(frozen=True)
class StandingLine:
    """One player's line in the Scrabble standings.

    ``wins`` and ``losses`` count a tie as half of each; ``games`` counts every
    result, byes and forfeits included (they are wins or losses in the standings).
    """

    rank: int
    number: int
    name: str
    wins: float
    losses: float
    spread: int
    games: int
    rating: int = 0
    active: bool = True


def capped(spread: int, cap: int | None) -> int:
    """One game's spread, limited to ``±cap`` when the event caps spread per game."""
    if cap is None:
        return spread
    return max(-cap, min(cap, spread))


def _counts(game: Game) -> bool:
    """A game counts in a record unless it is an absence that scored nothing (TRF 'Z'):
    such a round is neither a win nor a loss."""
    return game.kind != GameKind.UNPLAYED


def scrabble_standings(division: Division, *, spread_cap: int | None = None) -> tuple[StandingLine, ...]:
    """The division's Scrabble standings, best first: wins (ties half), then spread.

    Director's Manual (NASPA Director's Manual, "Tournament Data Submission Formats": a player's
    record is W/L/T/B results and a cumulative spread; byes and forfeits carry the
    spread recorded for them, "typically +50 or -50", tsh Format).
    """
    if spread_cap is not None and spread_cap < 0:
        raise ValueError(f"spread cap must be 0 or more, got {spread_cap}")
    rows: list[tuple[float, float, int, int]] = []  # wins, losses, spread, games
    for player in division.players:
        wins = losses = 0.0
        spread = games = 0
        for game in division.games_of(player.number):
            if not _counts(game):
                continue
            points = game.points_of(player.number)
            wins += points
            losses += 1.0 - points
            spread += capped(game.spread_of(player.number), spread_cap)
            games += 1
        rows.append((wins, losses, spread, games))

    def key(i: int) -> tuple[bool, float, float, int, int, int]:
        wins, losses, spread, _ = rows[i]
        player = division.players[i]
        return (not player.active, -wins, losses, -spread, -player.rating, player.number)

    result: list[StandingLine] = []
    rank = 0
    previous: tuple[bool, float, float, int] | None = None
    for position, i in enumerate(sorted(range(len(division.players)), key=key), start=1):
        wins, losses, spread, games = rows[i]
        player = division.players[i]
        if (player.active, wins, losses, spread) != previous:
            rank = position
            previous = (player.active, wins, losses, spread)
        result.append(
            StandingLine(
                rank=rank,
                number=player.number,
                name=player.name,
                wins=wins,
                losses=losses,
                spread=spread,
                games=games,
                rating=player.rating,
                active=player.active,
            )
        )
    return tuple(result)


def standing_of(standings: tuple[StandingLine, ...], number: int) -> StandingLine:
    """The line of player ``number`` (raises ``KeyError`` if absent)."""
    for standing in standings:
        if standing.number == number:
            return standing
    raise KeyError(number)


@dataclass(frozen=True)
class ChessStanding:
    """One player's line in chess-style standings: points, then the USCF guide tiebreaks."""

    rank: int
    number: int
    name: str
    points: float
    games: int
    tiebreaks: Tiebreaks
    rating: int = 0
    team: str = ""


def chess_standings(division: Division) -> tuple[ChessStanding, ...]:
    """Chess standings, best first: points, then Modified Median, Solkoff, Cumulative
    and Opponents' Cumulative, in the order of USCF guide (tiebreak rules 2 and 3).

    Players equal on points and every tiebreak share a rank; USCF guide sends a tie for
    first among perfect scores to a playoff, which is the TD's to run, not ours.
    """
    tiebreaks = chess_tiebreaks(division)

    def key(number: int) -> tuple[float, ...]:
        player = division.player(number)
        return tuple(-v for v in tiebreaks[number].key()) + (-player.rating, number)

    result: list[ChessStanding] = []
    rank = 0
    previous: tuple[float, ...] | None = None
    numbers = sorted((p.number for p in division.players), key=key)
    for position, number in enumerate(numbers, start=1):
        player = division.player(number)
        if tiebreaks[number].key() != previous:
            rank = position
            previous = tiebreaks[number].key()
        result.append(
            ChessStanding(
                rank=rank,
                number=number,
                name=player.name,
                points=tiebreaks[number].points,
                games=sum(1 for g in division.games_of(number) if _counts(g)),
                tiebreaks=tiebreaks[number],
                rating=player.rating,
                team=player.team,
            )
        )
    return tuple(result)


@dataclass(frozen=True)
class TeamScore:
    """A team's score: the points of its best ``counted`` players (USCF guide)."""

    rank: int
    team: str
    points: float
    counted: tuple[int, ...]  # the player numbers whose points count, best first
    cumulative: float
    modified_median: float


def team_scores(division: Division, *, top: int = 4) -> tuple[TeamScore, ...]:
    """Team standings: each team (school) scores the sum of its ``top`` highest-scoring
    players (USCF guide, "the four highest scores on the team after a given round produce
    the school's team score"). Ties go to the counted players' Cumulative, then their
    Modified Median ("Cumulative tiebreaks, and then Modified Median tiebreaks, are used
    to break ties among tied teams"). Players without a team are left out.
    """
    if top < 1:
        raise ValueError(f"a team needs at least one counted player, got top={top}")
    teams: dict[str, list[ChessStanding]] = {}
    for standing in chess_standings(division):  # best first, so the top are the first
        if standing.team:
            teams.setdefault(standing.team, []).append(standing)
    rows = []
    for team, members in teams.items():
        best = members[:top]
        rows.append(
            (
                team,
                sum(m.points for m in best),
                tuple(m.number for m in best),
                sum(m.tiebreaks.cumulative for m in best),
                sum(m.tiebreaks.modified_median for m in best),
            )
        )
    rows.sort(key=lambda row: (-row[1], -row[3], -row[4], row[0]))
    result: list[TeamScore] = []
    rank = 0
    previous: tuple[float, float, float] | None = None
    for position, (team, points, counted, cumul, median) in enumerate(rows, start=1):
        if (points, cumul, median) != previous:
            rank = position
            previous = (points, cumul, median)
        result.append(TeamScore(rank, team, points, counted, cumul, median))
    return tuple(result)


def standings_rows(division: Division, *, chess: bool,
                   spread_cap: int | None = None) -> list[dict[str, Any]]:
    """The standings as plain rows, best first: what ``tdbot files standings --json`` prints and
    a round-based event's standings show. Scrabble: wins, losses, spread (Director's Manual);
    chess: points and the USCF tiebreaks (USCF guide)."""
    if chess:
        rows = []
        for c in chess_standings(division):
            tb = c.tiebreaks
            rows.append({
                "division": division.name, "rank": c.rank, "number": c.number,
                "name": c.name, "points": c.points, "games": c.games, "rating": c.rating,
                "team": c.team,
                "tiebreaks": {"modified_median": tb.modified_median, "solkoff": tb.solkoff,
                              "cumulative": tb.cumulative,
                              "opponents_cumulative": tb.opponents_cumulative},
            })
        return rows
    return [
        {"division": division.name, "rank": s.rank, "number": s.number, "name": s.name,
         "wins": s.wins, "losses": s.losses, "spread": s.spread, "games": s.games,
         "rating": s.rating, "active": s.active}
        for s in scrabble_standings(division, spread_cap=spread_cap)
    ]
