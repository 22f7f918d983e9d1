"""Durations written in an event definition: ``24h``, ``90m``, ``2d``, ``1h30m``.

Used for windows and offsets a TD sets per event: the 24-hour discrepancy window after a
result slip (SSSg para 24), the 24-hour photo window (SSSg para 25), reminders before a
round closes. One format, read strictly, so that "1.5h" or "90" is refused with an
example instead of being read as something the TD did not mean.

Format: one or more parts, each a whole number and a unit, largest unit first, each unit
at most once: ``d`` (days), ``h`` (hours), ``m`` (minutes). Letters may be capitals and
parts may be spaced (``1h 30m``). The total must be more than zero and at most ``limit``.
"""

from __future__ import annotations

import re
from datetime import timedelta

#: Longer than any round or reminder an event needs; also keeps ``timedelta`` in range.
LIMIT = timedelta(days=366)

_UNITS = {"d": timedelta(days=1), "h": timedelta(hours=1), "m": timedelta(minutes=1)}
_PART = re.compile(r"\s*([0-9]+)\s*([a-z]+)\s*")
_EXAMPLES = "like 24h, 90m, 2d or 1h30m"


class DurationError(ValueError):
    """A duration that cannot be read; the message says why and shows what works."""


def parse_duration(text: str, *, limit: timedelta = LIMIT) -> timedelta:
    """Read ``text`` as a duration (see the module docstring); raise ``DurationError``."""
    shown = text.strip()
    body = shown.lower()
    if not body:
        raise DurationError(f"A duration is needed: a number and a unit, {_EXAMPLES}.")
    total = timedelta(0)
    seen: list[str] = []
    at = 0
    while at < len(body):
        part = _PART.match(body, at)
        if part is None:
            raise DurationError(_unreadable(shown, body[at:]))
        digits, unit = part.groups()
        if unit not in _UNITS:
            raise DurationError(
                f"'{shown}': '{unit}' is not a unit. Use d (days), h (hours) or m (minutes), "
                f"{_EXAMPLES}."
            )
        if unit in seen:
            raise DurationError(f"'{shown}' gives {unit} twice. Add them up, {_EXAMPLES}.")
        if seen and list(_UNITS).index(unit) < list(_UNITS).index(seen[-1]):
            raise DurationError(
                f"'{shown}': put the largest unit first (days, then hours, then minutes), "
                f"{_EXAMPLES}."
            )
        seen.append(unit)
        if len(digits.lstrip("0")) > 6:  # int() of a huge digit string is slow or refused
            raise DurationError(_too_long(shown, limit))
        total += int(digits) * _UNITS[unit]
        at = part.end()
    if total <= timedelta(0):
        raise DurationError(f"'{shown}' is no time at all. Give more than zero, {_EXAMPLES}.")
    if total > limit:
        raise DurationError(_too_long(shown, limit))
    return total


def _too_long(shown: str, limit: timedelta) -> str:
    return f"'{shown}' is longer than the most allowed, {format_duration(limit)}."


def _unreadable(shown: str, rest: str) -> str:
    if re.match(r"\s*[0-9]*[.,][0-9]", rest):
        return f"'{shown}': use whole numbers, like 1h30m for an hour and a half."
    if re.fullmatch(r"\s*[0-9]+\s*", rest):
        return f"'{shown}' needs a unit after the number, {_EXAMPLES}."
    if rest.lstrip().startswith("-"):
        return f"'{shown}': a duration can't be negative. Use one {_EXAMPLES}."
    return f"I can't read '{shown}' as a duration. Write one {_EXAMPLES}."


def format_duration(duration: timedelta) -> str:
    """The duration in the same format, largest units first: '1d2h', '90m' reads '1h30m'.
    Seconds are dropped (rounded down to the minute)."""
    if duration < timedelta(0):
        raise ValueError(f"a duration can't be negative, got {duration}")
    minutes = int(duration.total_seconds()) // 60
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = [f"{n}{u}" for n, u in ((days, "d"), (hours, "h"), (minutes, "m")) if n]
    return "".join(parts) or "0m"
