"""The one stored time format: UTC ISO-8601 text, which sorts as text in time order.

It lives in the store because it is how rows hold time (docs/architecture.md, "Durable time": stored
in UTC, shown in the event's time zone); the service re-exports it as ``bot.service.platform.clock``.
"""

from __future__ import annotations

from datetime import UTC, datetime


def utc(now: datetime) -> datetime:
    """``now`` as aware UTC; a naive datetime is a programming error, not a user's."""
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be an aware datetime (UTC)")
    return now.astimezone(UTC)


def iso(moment: datetime) -> str:
    """How times are stored: UTC ISO-8601 (sorts as text in time order)."""
    return utc(moment).isoformat()


def parse(text: str) -> datetime:
    return utc(datetime.fromisoformat(text))
