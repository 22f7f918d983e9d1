"""The round-based tournament model shared by the pairing systems, standings and file formats.

A division is a list of players (numbered from 1 as in a tsh ``.t`` file) and the games
played so far, round by round. Scrabble games carry scores; chess games carry only the
points and colours. Byes and forfeits are games without an opponent (``b is None``),
as tsh records them (opponent 0, score = the spread for that round; Director's Manual,
"tsh Format").

Everything here is a frozen value: pairing systems take a ``Division`` and return a
``Pairings``; nothing mutates in place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from core.pairing.why import Why


class GameKind(StrEnum):
    """How a game's result came about."""

    PLAYED = "played"
    BYE = "bye"  # a (full or half) point without an opponent; score_a holds the spread
    FORFEIT = "forfeit"  # won or lost by forfeit (with or without a named opponent)
    UNPLAYED = "unplayed"  # an absence that scores 0 and is not a bye (TRF 'Z'; 'U' is a full-point bye)


@dataclass(frozen=True)
class Player:
    """A player of one division. ``number`` is 1-based and stable across rounds."""

    number: int
    name: str
    rating: int = 0  # 0 means unrated, as in tsh
    team: str = ""  # team, club or school: for team scores and same-team avoidance
    active: bool = True  # False once withdrawn: not paired any more
    extra: str = ""  # format-specific data kept intact on a round trip


@dataclass(frozen=True)
class Game:
    """One player's game in one round, seen from player ``a``.

    A played game between two players appears once, with ``a < b`` by convention
    where the writer has a choice; readers must accept either order.
    ``points_a`` is what ``a`` scored in the standings (1, 0.5 or 0); ``points_b`` is
    the opponent's (usually ``1 - points_a``; both 0 for a double forfeit).
    ``first`` is the player who went first (Scrabble) or had White (chess), if known.

    Not a ``core.knockout.match.MatchGame``: this is a line of a division's record (a tsh
    or TRF file's game between numbered players, with standings points), where a match
    game is one game of a best-of-N match between two sides.
    """

    round: int  # 1-based
    a: int
    b: int | None
    points_a: float
    points_b: float = 0.0
    score_a: int | None = None  # Scrabble score; for a bye or forfeit, the spread
    score_b: int | None = None
    first: int | None = None
    kind: GameKind = GameKind.PLAYED

    def involves(self, number: int) -> bool:
        return number == self.a or number == self.b

    def opponent_of(self, number: int) -> int | None:
        if number == self.a:
            return self.b
        if number == self.b:
            return self.a
        raise ValueError(f"player {number} is not in this game")

    def points_of(self, number: int) -> float:
        if number == self.a:
            return self.points_a
        if number == self.b:
            return self.points_b
        raise ValueError(f"player {number} is not in this game")

    def spread_of(self, number: int) -> int:
        """The spread this game gives ``number`` (a bye's spread is ``score_a``)."""
        if self.b is None:
            if number != self.a:
                raise ValueError(f"player {number} is not in this game")
            return self.score_a or 0
        if self.score_a is None or self.score_b is None:
            return 0
        diff = self.score_a - self.score_b
        if number == self.a:
            return diff
        if number == self.b:
            return -diff
        raise ValueError(f"player {number} is not in this game")


@dataclass(frozen=True)
class Division:
    """A division: its players and every game recorded so far."""

    name: str
    players: tuple[Player, ...]
    games: tuple[Game, ...] = ()
    rounds: int = 0  # the number of rounds with results (or pairings) recorded
    meta: tuple[tuple[str, str], ...] = field(default=())  # e.g. tsh '#' lines, TRF headers

    def player(self, number: int) -> Player:
        player = self.players[number - 1]
        if player.number != number:  # players must be stored in number order
            raise ValueError(f"players are not numbered 1..n (found {player.number} at {number})")
        return player

    @cached_property
    def _games_by_player(self) -> dict[int, tuple[Game, ...]]:
        """Each player's games, built once per division value: the pairing systems and
        standings ask for them per player, and a scan per call made a 10,000-player
        round quadratic. (A frozen value never changes, so the cache never goes stale.)"""
        found: dict[int, list[Game]] = {}
        for game in self.games:
            found.setdefault(game.a, []).append(game)
            if game.b is not None and game.b != game.a:
                found.setdefault(game.b, []).append(game)
        return {number: tuple(games) for number, games in found.items()}

    def games_of(self, number: int) -> tuple[Game, ...]:
        return self._games_by_player.get(number, ())

    def opponents_of(self, number: int) -> tuple[int, ...]:
        """Real opponents met so far, in round order, with repeats."""
        found = []
        for game in sorted(self.games_of(number), key=lambda g: g.round):
            opponent = game.opponent_of(number)
            if opponent is not None:
                found.append(opponent)
        return tuple(found)

    def times_met(self, p: int, q: int) -> int:
        return sum(1 for g in self.games_of(p) if g.b is not None and g.involves(q))

    def byes_of(self, number: int) -> int:
        return sum(
            1 for g in self.games_of(number) if g.a == number and g.b is None and g.kind == GameKind.BYE
        )

    def up_to_round(self, last_round: int) -> Division:
        """This division as it stood after ``last_round`` (for lagged and Portland pairing)."""
        return Division(
            name=self.name,
            players=self.players,
            games=tuple(g for g in self.games if g.round <= last_round),
            rounds=min(self.rounds, last_round),
            meta=self.meta,
        )


@dataclass(frozen=True)
class Pairings:
    """One round's pairings. In each pair the first player goes first (or has White)
    where the system decides that; ``reasons`` explains each pair for a TD."""

    round: int
    pairs: tuple[tuple[int, int], ...]
    byes: tuple[int, ...] = ()
    reasons: tuple[tuple[tuple[int, int], Why], ...] = ()

    def reason_for(self, pair: tuple[int, int]) -> Why | None:
        for key, reason in self.reasons:
            if key == pair or key == (pair[1], pair[0]):
                return reason
        return None
