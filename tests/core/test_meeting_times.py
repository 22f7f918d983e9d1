"""The times players type and the calendar entry of an agreed game (core/meeting_times.py)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from core.meeting_times import BadTime, calendar_entry, parse_when, slots, split_times

SGT = ZoneInfo("Asia/Singapore")
NOW = datetime(2026, 3, 2, 17, 0, tzinfo=SGT)  # a Monday


@pytest.mark.parametrize(("text", "expected"), [
    ("Sat 15:00", datetime(2026, 3, 7, 15, 0)),
    ("saturday 3pm", datetime(2026, 3, 7, 15, 0)),
    ("sat 3 pm", datetime(2026, 3, 7, 15, 0)),
    ("tomorrow 19:30", datetime(2026, 3, 3, 19, 30)),
    ("today 20:00", datetime(2026, 3, 2, 20, 0)),
    ("7 Mar 15:00", datetime(2026, 3, 7, 15, 0)),
    ("Sat 7 Mar 15:00", datetime(2026, 3, 7, 15, 0)),
    ("2026-03-07 15:00", datetime(2026, 3, 7, 15, 0)),
    ("2026-03-07T15:00", datetime(2026, 3, 7, 15, 0)),
    ("Mon 18:00", datetime(2026, 3, 2, 18, 0)),  # today, still ahead
    ("Mon 16:00", datetime(2026, 3, 9, 16, 0)),  # today's has passed: next week's
    ("1 Jan 10:00", datetime(2027, 1, 1, 10, 0)),  # past this year: next year's
    ("Thurs 10:00", datetime(2026, 3, 5, 10, 0)),
])
def test_a_typed_time_is_read_in_the_typists_zone(text: str, expected: datetime) -> None:
    assert parse_when(text, NOW) == expected.replace(tzinfo=SGT)


@pytest.mark.parametrize(("text", "says"), [
    ("Sat", "say the day and the time"),
    ("Sat 25:00", "hours 0-23"),
    ("31 Feb 10:00", "is no date"),
    ("Satx 10:00", "is not a day I can read"),
    ("Sat 13pm", "an am/pm hour is 1 to 12"),
])
def test_a_time_that_cannot_be_read_says_why(text: str, says: str) -> None:
    with pytest.raises(BadTime, match=says):
        parse_when(text, NOW)


def test_several_times_in_one_message() -> None:
    assert split_times("Sat 15:00, Sun 10:00 or tomorrow 9am; 7 Mar 8:00") == [
        "Sat 15:00", "Sun 10:00", "tomorrow 9am", "7 Mar 8:00"]


def test_slots_are_the_next_days_in_the_zone() -> None:
    found = slots(NOW, days=2, hours=(10, 20))
    assert found == [datetime(2026, 3, 3, 10, tzinfo=SGT), datetime(2026, 3, 3, 20, tzinfo=SGT),
                     datetime(2026, 3, 4, 10, tzinfo=SGT), datetime(2026, 3, 4, 20, tzinfo=SGT)]


def test_the_calendar_entry_is_rfc5545() -> None:
    text = calendar_entry(uid="match-1-cup@tdbot", sequence=2, starts=NOW,
                          length=timedelta(hours=3), summary="Cup: M1 v Dev, Rao; x",
                          description="d" * 120, stamp=NOW)
    lines = text.split("\r\n")
    assert text.endswith("\r\n") and lines[0] == "BEGIN:VCALENDAR"
    assert "UID:match-1-cup@tdbot" in lines and "SEQUENCE:2" in lines
    assert "DTSTART:20260302T090000Z" in lines and "DTEND:20260302T120000Z" in lines
    assert "SUMMARY:Cup: M1 v Dev\\, Rao\\; x" in lines
    assert all(len(line.encode()) <= 75 for line in lines)  # folded
    assert any(line.startswith(" ") for line in lines)
