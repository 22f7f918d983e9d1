"""Blackouts: times when SSSg games may not be played because of another rated event.

Source: SSSg 2016, Annex A para 20 and footnote 5: "Players
who are playing in another SA-rated tourney are also not allowed to play SSSg games in
the period between the start and end of the other SA-rated tourney (e.g. during lunch
breaks)."

A blackout is that period. It binds only the players of the other event, so the caller
passes the blackouts of the events either player of the match entered.

Boundaries: a blackout runs from its start, included, to its end, excluded. A game at
the very start of the other event is during it (play has begun there); a game at the
moment it ends is after it. Times must carry a time zone (store and compare in UTC).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime


def _check_aware(when: datetime, what: str) -> None:
    if when.tzinfo is None or when.utcoffset() is None:
        raise ValueError(f"{what} must carry a time zone (use UTC), got {when.isoformat()}")


@dataclass(frozen=True)
class Blackout:
    """The period of another rated event (``event``) during which its players may not
    play SSSg games (para 20)."""

    start: datetime
    end: datetime
    event: str

    def __post_init__(self) -> None:
        _check_aware(self.start, f"the start of {self.event}")
        _check_aware(self.end, f"the end of {self.event}")
        if self.end <= self.start:
            raise ValueError(
                f"{self.event} must end after it starts (start {self.start.isoformat()}, "
                f"end {self.end.isoformat()})"
            )

    def covers(self, when: datetime) -> bool:
        """Whether ``when`` is within the blackout: start included, end excluded."""
        _check_aware(when, "the game's time")
        return self.start <= when < self.end


def blackout_at(blackouts: Iterable[Blackout], when: datetime) -> Blackout | None:
    """The blackout a game played at ``when`` falls in (SSSg para 20), or None.

    When blackouts overlap, the one that started first is named (ties: the first given).
    """
    _check_aware(when, "the game's time")
    hits = [b for b in blackouts if b.covers(when)]
    return min(hits, key=lambda b: b.start) if hits else None
