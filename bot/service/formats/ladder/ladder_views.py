"""What the ladder use-cases answer (``ladders``), as their wording reads it
(``ladder_texts``): kept apart so that the wording needs none of the use-cases."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service.events.lookup import Event
from core import ladder as lad


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
    excluded: list[tuple[str, str]]
    note: str


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
    """What an accept, decline or withdraw did: the core's lines, and the match code for
    an accepted challenge."""

    event: Event
    action: str
    lines: list[str]
    match_code: str | None = None
    best_of: int = 1
    me: str = ""  # the player who answered (their own lines say "You")


@dataclass(frozen=True)
class Joined:
    event: Event
    name: str
    rung: int
    code: str  # the newcomer's personal invite code
