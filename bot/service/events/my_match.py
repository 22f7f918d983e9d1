"""A player's match as ``/matches`` shows it (``readmodels.my_matches`` finds them,
``my_matches_texts`` words them)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.words.said import Said


class MyMatchState(StrEnum):
    """A match as its player reads it: its stage, except that a match ready in an open
    round can be played now, one left unfinished by a closed round awaits a TD, and one
    whose slot is open awaits the TDs' choice of who takes it (SSSg para 29)."""

    WAITING = "waiting"
    READY = "ready"
    PLAYING = "playing"
    DECIDED = "decided"
    UNFINISHED = "unfinished"
    SLOT_OPEN = "slot open"


@dataclass(frozen=True)
class MyMatch:
    """One of a person's matches, from their side."""

    match_id: int
    event_id: int
    event_name: str
    format: str  # the event's: only a knockout's texts cite SSSg (``formats.cite``)
    round_name: str
    code: str
    opponent: Said | str  # as far as known (``opponents``): "the winner of Ann Lee v Dev Rao"
    best_of: int
    state: MyMatchState
    score_line: str  # from the person's side, e.g. "Ann 3-2 Bob (+41)"; "" before any score
    closes_at: datetime | None  # the round's deadline on the person's clock; None once decided
    next_game: int | None
    next_starter: str | None  # who starts the next game, or None when players draw tiles
    next_is_deciding: bool = False  # the next game is game N (SSSg para 16)
    # results awaiting agreement: (game, who must agree: "you" or the opponent, until when)
    open_slips: tuple[tuple[int, str, datetime | None], ...] = ()
    # a knockout's: what the match decides ("Win and you reach the final; lose and ...")
    stakes: Said | None = None
    # Board photos (SSSg para 25): the photos slice adds the games awaiting one here.
    agreed_at: datetime | None = None  # the time the players agreed, on this person's clock
    # the match is one game (``seam.Format.single_game``): it reads as that game
    single: bool = False
    # a decided one-game match: the game's scores, this person's first, when it was played
    # on the board; else the spread it was won or lost by without a game
    game: tuple[int, int] | None = None
    unplayed_spread: int | None = None
    you_won: bool | None = None  # None: a tie, or not decided
    you_start: bool = False  # this person starts the next game
    # the zone this person set (/timezone) that the match's times are shown in; None: the
    # event's zone
    own_zone: str | None = None
