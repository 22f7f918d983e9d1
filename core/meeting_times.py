"""When two players of a remote event meet to play: the times they type, and the calendar
entry of the time they agreed.

A time is typed as people say it, in the typist's own time zone: ``Sat 15:00``,
``tomorrow 19:30``, ``2026-03-07 15:00``, ``7 Mar 15:00``. A weekday is the next such day
(today's only while the time is still ahead). No clock here: ``now`` is an argument, and
the result is an aware moment in ``now``'s zone.

The calendar entry is iCalendar (RFC 5545), a few lines written here: one VEVENT whose UID
is the match's, so a moved game updates the same entry (its SEQUENCE grows).
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
EXAMPLES = "Sat 15:00, tomorrow 19:30, 7 Mar 15:00 or 2026-03-07 15:00"

_TIME = re.compile(r"(?P<h>[0-9]{1,2})(?::|\.|h)(?P<m>[0-9]{2})\s*(?P<ampm>am|pm)?$|"
                   r"(?P<h12>[0-9]{1,2})\s*(?P<ampm2>am|pm)$")


class BadTime(ValueError):
    """A time that cannot be read; the message says what was wrong and shows examples."""


def _clock(text: str) -> time:
    found = _TIME.match(text.strip().lower())
    if found is None:
        raise BadTime(f"{text!r} is not a time of day: write it as 15:00 or 3pm")
    if found.group("h12") is not None:
        hour, minute, ampm = int(found.group("h12")), 0, found.group("ampm2")
    else:
        hour, minute, ampm = int(found.group("h")), int(found.group("m")), found.group("ampm")
    if ampm is not None:
        if not 1 <= hour <= 12:
            raise BadTime(f"{text!r}: an am/pm hour is 1 to 12")
        hour = hour % 12 + (12 if ampm == "pm" else 0)
    if hour > 23 or minute > 59:
        raise BadTime(f"{text!r} is not a time of day: hours 0-23, minutes 0-59")
    return time(hour, minute)


def _day(text: str, today: date) -> tuple[date | None, int | None]:
    """(a date, or None with a weekday number) for the day words."""
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise BadTime(f"say the day as well as the time: {EXAMPLES}")
    if words == ["today"]:
        return today, None
    if words == ["tomorrow"]:
        return today + timedelta(days=1), None
    if len(words) == 1 and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", words[0]):
        try:
            return date.fromisoformat(words[0]), None
        except ValueError:
            raise BadTime(f"{words[0]!r} is no date") from None
    if len(words) == 1 and any(name.startswith(words[0]) and len(words[0]) >= 3
                               for name in DAY_NAMES):
        return None, WEEKDAYS.index(words[0][:3])
    if words and words[0][:3] in WEEKDAYS and len(words) > 1:
        words = words[1:]  # "Sat 7 Mar": the date decides
    if len(words) == 2:
        day_word, month_word = words
        if not day_word.isdigit():
            day_word, month_word = month_word, day_word
        if day_word.isdigit() and month_word[:3] in MONTHS:
            month = MONTHS.index(month_word[:3]) + 1
            for year in (today.year, today.year + 1):
                try:
                    found = date(year, month, int(day_word))
                except ValueError:
                    raise BadTime(f"{text.strip()!r} is no date") from None
                if found >= today:
                    return found, None
    raise BadTime(f"{text.strip()!r} is not a day I can read: {EXAMPLES}")


def parse_when(text: str, now: datetime) -> datetime:
    """The moment ``text`` names, in ``now``'s zone (``now`` must be aware)."""
    if now.tzinfo is None:
        raise ValueError("now must be aware")
    text = re.sub(r"^([0-9]{4}-[0-9]{2}-[0-9]{2})T", r"\1 ", text.strip())
    parts = text.rsplit(maxsplit=1)
    if len(parts) == 2 and parts[1].lower() in ("am", "pm"):
        head, _, number = parts[0].rpartition(" ")
        parts = [head, f"{number}{parts[1]}"]
    if len(parts) != 2:
        raise BadTime(f"say the day and the time: {EXAMPLES}")
    day_text, clock_text = parts
    at = _clock(clock_text)
    today = now.date()
    day, weekday = _day(day_text, today)
    if day is None:
        assert weekday is not None
        ahead = (weekday - today.weekday()) % 7
        day = today + timedelta(days=ahead)
        if datetime.combine(day, at, now.tzinfo) <= now:
            day += timedelta(days=7)
    return datetime.combine(day, at, now.tzinfo)


def split_times(text: str) -> list[str]:
    """Several times in one message: separated by commas, semicolons or " or "."""
    return [p.strip() for p in re.split(r"[;,]|\s+or\s+", text) if p.strip()]


def slots(now: datetime, days: int = 3, hours: tuple[int, ...] = (10, 15, 20)) -> list[datetime]:
    """Times to offer as buttons: each of the next ``days`` days at ``hours`` (in ``now``'s
    zone), from tomorrow."""
    first = now.date() + timedelta(days=1)
    return [datetime.combine(first + timedelta(days=d), time(h), now.tzinfo)
            for d in range(days) for h in hours]


def _text(value: str) -> str:
    """RFC 5545 3.3.11: backslash, semicolon, comma and newline escaped."""
    return (value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\n", "\\n"))


def _fold(line: str) -> str:
    """RFC 5545 3.1: lines longer than 75 octets are folded (CRLF and a space)."""
    data = line.encode("utf-8")
    if len(data) <= 75:
        return line
    out: list[str] = []
    chunk = b""
    for ch in line:
        b = ch.encode("utf-8")
        if len(chunk) + len(b) > (75 if not out else 74):
            out.append(chunk.decode("utf-8"))
            chunk = b""
        chunk += b
    out.append(chunk.decode("utf-8"))
    return "\r\n ".join(out)


def _utc(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def calendar_entry(*, uid: str, sequence: int, starts: datetime, length: timedelta,
                   summary: str, description: str, stamp: datetime,
                   cancelled: bool = False) -> str:
    """One VEVENT in a VCALENDAR (RFC 5545): times in UTC, so every calendar shows them in
    its owner's zone."""
    lines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TDBot//Match times//EN",
        "METHOD:CANCEL" if cancelled else "METHOD:PUBLISH",
        "BEGIN:VEVENT", f"UID:{uid}", f"SEQUENCE:{sequence}", f"DTSTAMP:{_utc(stamp)}",
        f"DTSTART:{_utc(starts)}", f"DTEND:{_utc(starts + length)}",
        f"SUMMARY:{_text(summary)}", f"DESCRIPTION:{_text(description)}",
        f"STATUS:{'CANCELLED' if cancelled else 'CONFIRMED'}",
        "END:VEVENT", "END:VCALENDAR",
    ]
    return "\r\n".join(_fold(line) for line in lines) + "\r\n"
