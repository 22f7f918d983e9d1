"""The times players type and the calendar entry of an agreed game (core/meeting_times.py)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.meeting_times import BadTime, calendar_entry, parse_when, slots, split_times
from core.times import local_text

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


@pytest.mark.parametrize(("text", "expected"), [
    ("sam 15h", datetime(2026, 3, 7, 15, 0)),
    ("sam. 15h", datetime(2026, 3, 7, 15, 0)),
    ("samedi 15h00", datetime(2026, 3, 7, 15, 0)),
    ("Samedi à 15h30", datetime(2026, 3, 7, 15, 30)),
    ("samedi 15 h 30", datetime(2026, 3, 7, 15, 30)),
    ("demain 19h30", datetime(2026, 3, 3, 19, 30)),
    ("demain midi", datetime(2026, 3, 3, 12, 0)),
    ("aujourd'hui 20h", datetime(2026, 3, 2, 20, 0)),
    ("aujourd’hui 20h", datetime(2026, 3, 2, 20, 0)),
    ("7 mars 15h", datetime(2026, 3, 7, 15, 0)),
    ("le 7 mars à 15h", datetime(2026, 3, 7, 15, 0)),
    ("sam. 7 mars 2026 15:00", datetime(2026, 3, 7, 15, 0)),
    ("1er janv. 10h", datetime(2027, 1, 1, 10, 0)),
    ("14 févr 9h", datetime(2027, 2, 14, 9, 0)),
    ("15 août 18h", datetime(2026, 8, 15, 18, 0)),
    ("3 juil 18h", datetime(2026, 7, 3, 18, 0)),
    ("mar 18h", datetime(2026, 3, 3, 18, 0)),  # mardi: a weekday alone is a day
    ("lun 16h", datetime(2026, 3, 9, 16, 0)),  # today's has passed: next week's
    ("Sat 15:00", datetime(2026, 3, 7, 15, 0)),  # English is read too: the commands' examples
    ("tomorrow 19:30", datetime(2026, 3, 3, 19, 30)),
])
def test_a_french_player_types_a_time_in_french(text: str, expected: datetime) -> None:
    assert parse_when(text, NOW, "fr") == expected.replace(tzinfo=SGT)


@pytest.mark.parametrize("text", ["sam 15h", "demain 19h30", "7 mars 15h", "samedi 15h00"])
def test_french_words_are_read_only_for_a_french_reader(text: str) -> None:
    """An English reader's "mar" stays March, never mardi; French day names are not read."""
    with pytest.raises(BadTime):
        parse_when(text, NOW)


def test_a_month_begun_ambiguously_is_refused() -> None:
    """"jui" begins juin and juillet: which is not guessed."""
    with pytest.raises(BadTime, match="is not a day I can read"):
        parse_when("3 jui 18h", NOW, "fr")


def test_a_refusal_shows_examples_in_the_reader_s_language() -> None:
    with pytest.raises(BadTime, match="sam 15h, demain 19h30, 7 mars 15h"):
        parse_when("samdi 15h", NOW, "fr")
    with pytest.raises(BadTime, match="say the day and the time: sam 15h"):
        parse_when("15h", NOW, "fr_FR")
    with pytest.raises(BadTime, match="Sat 15:00, tomorrow 19:30"):
        parse_when("Satx 10:00", NOW, "de")  # a language without words: English's


def test_several_french_times_in_one_message() -> None:
    assert split_times("sam 15h, dim 10h ou demain 9h", "fr") == [
        "sam 15h", "dim 10h", "demain 9h"]
    assert split_times("Sat 15:00 or Sun 10:00", "fr") == ["Sat 15:00", "Sun 10:00"]


@settings(max_examples=300, deadline=None)
@given(ahead=st.integers(min_value=1, max_value=300 * 24 * 60), language=st.sampled_from(
    ["en", "fr"]))
def test_a_time_as_the_bot_writes_it_reads_back(ahead: int, language: str) -> None:
    """What a player reads (``core.times.local_text``, in their language, without the zone's
    name) is a time they can type back: the same moment."""
    moment = (NOW + timedelta(minutes=ahead)).replace(second=0, microsecond=0)
    written = local_text(moment, language).rsplit(" (", 1)[0]
    assert parse_when(written, NOW, language) == moment


@settings(max_examples=300, deadline=None)
@given(ahead=st.integers(min_value=1, max_value=360), hour=st.integers(0, 23),
       minute=st.integers(0, 59), weekday=st.booleans())
def test_a_french_date_with_its_month_names_reads_as_that_day(ahead: int, hour: int,
                                                              minute: int,
                                                              weekday: bool) -> None:
    """Every month's and weekday's French name, written out as people do ("samedi 7 mars
    15h05"), names the day it says, in the coming year."""
    day = NOW.date() + timedelta(days=ahead)
    text = (f"{FRENCH_DAYS[day.weekday()] + ' ' if weekday else ''}{day.day} "
            f"{FRENCH_MONTHS[day.month - 1]} {hour}h{minute:02d}")
    assert parse_when(text, NOW, "fr") == datetime(day.year, day.month, day.day, hour, minute,
                                                   tzinfo=SGT)


FRENCH_DAYS = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
FRENCH_MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
                 "septembre", "octobre", "novembre", "décembre")
