"""What the ladder use-cases answer (``ladders``), as their wording reads it
(``ladder_texts``): kept apart so that the wording needs none of the use-cases."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service.events.lookup import Event
from core import ladder as lad
from core.phrases import Phrase


@dataclass(frozen=True)
class LadderView:
    """The ladder as a table: (rung, name, open challenge marker) top first; ``me`` is the
    asker's name (None for a TD who does not play)."""

    event: Event
    rows: list[tuple[int, str, str]]
    me: str | None
    rules: lad.LadderRules


@dataclass(frozen=True)
class TargetsView:
    """Whom the asker may challenge now: (name, entry id) top first, those within reach who
    may not be challenged with why, and the reach note."""

    event: Event
    me: str
    rung: int
    allowed: list[tuple[str, int]]
    excluded: list[tuple[str, Phrase]]
    note: Phrase


@dataclass(frozen=True)
class Challenged:
    """A challenge made: its number, the two names and rungs, the acceptance deadline."""

    event: Event
    number: int
    challenger: str
    challenged: str
    rungs: tuple[int, int]
    accept_by: datetime


@dataclass(frozen=True)
class Answered:
    """What an accept, decline or withdraw did: the challenge's number, the other player
    (the challenger, to one who accepted or declined; the challenged, to one who
    withdrew), the answerer's rung before and after of ``total``, the core's lines (in
    English, for the command line), the match code and play-by time of an accepted
    challenge, and whether a decline was a forfeit (club rule ``decline``)."""

    event: Event
    action: str
    number: int
    other: str
    rung: tuple[int, int | None]
    total: int
    lines: list[str]
    match_code: str | None = None
    best_of: int = 1
    play_by: datetime | None = None
    forfeit: bool = False


@dataclass(frozen=True)
class Joined:
    event: Event
    name: str
    rung: int
    code: str  # the newcomer's personal invite code
