"""Clocks the bot reads the time from.

Deadlines and reminders are rows (docs/architecture.md, "Durable time"), so the clock is injected: the
Application keeps a callable returning aware UTC ``now`` in ``bot_data["clock"]``, so the demo
and the tests can fire a week-long deadline by moving a simulated clock instead of sleeping.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The real clock: aware UTC, as everything is stored in UTC (docs/architecture.md, "Durable time")."""
    return datetime.now(UTC)


class SimClock:
    """A clock that stands still until told to move: for the demo and for tests."""

    def __init__(self, start: datetime) -> None:
        if start.tzinfo is None:
            raise ValueError("SimClock needs an aware start time (UTC), got a naive datetime")
        self._now = start.astimezone(UTC)

    def __call__(self) -> datetime:
        return self._now

    def advance(self, delta: timedelta) -> datetime:
        if delta < timedelta(0):
            raise ValueError("a clock only moves forward")
        self._now += delta
        return self._now
