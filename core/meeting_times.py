"""When two players of a remote event meet to play: the times they type, and the calendar
entry of the time they agreed.

A time is typed as people say it, in the typist's own time zone: ``Sat 15:00``,
``tomorrow 19:30``, ``2026-03-07 15:00``, ``7 Mar 15:00``, or in French ``sam 15h``,
``samedi 15h00``, ``demain 19h30``, ``7 mars 15h``; a time as the bot writes it
(``Sat 07 Mar 2026 15:00``, ``sam. 7 mars 2026 15:00``) reads back too. A weekday is the
next such day (today's only while the time is still ahead). No clock here: ``now`` is an
argument, and the result is an aware moment in ``now``'s zone; no catalogue either: the
language is an argument, and its words are the table ``LANGUAGES``.

The calendar entry is iCalendar (RFC 5545), a few lines written here: one VEVENT whose UID
is the match's, so a moved game updates the same entry (its SEQUENCE grows).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta


@dataclass(frozen=True)
class TimeWords:
    """How one language names the days and months a player types, and the examples a
    refusal shows in it. Each day and month is a tuple of its names; a word is read as one
    when it begins one of them (three letters at least: "sam", "sept", "Thurs"), accents,
    case and a final dot aside, and begins no other."""

    weekdays: tuple[tuple[str, ...], ...]  # Monday first
    months: tuple[tuple[str, ...], ...]  # January first
    today: tuple[str, ...]
    tomorrow: tuple[str, ...]
    fillers: tuple[str, ...]  # words that say nothing of the day: "à" in "samedi à 15h"
    noon: tuple[str, ...]  # a time of day that is a word: 12:00
    either: tuple[str, ...]  # what joins several times: "or"
    examples: str


ENGLISH = TimeWords(
    weekdays=(("monday",), ("tuesday",), ("wednesday",), ("thursday",), ("friday",),
              ("saturday",), ("sunday",)),
    months=(("january",), ("february",), ("march",), ("april",), ("may",), ("june",),
            ("july",), ("august",), ("september",), ("october",), ("november",),
            ("december",)),
    today=("today",), tomorrow=("tomorrow",), fillers=("at", "on", "the"), noon=("noon",),
    either=("or",),
    examples="Sat 15:00, tomorrow 19:30, 7 Mar 15:00 or 2026-03-07 15:00",
)
FRENCH = TimeWords(
    weekdays=(("lundi",), ("mardi",), ("mercredi",), ("jeudi",), ("vendredi",), ("samedi",),
              ("dimanche",)),
    months=(("janvier",), ("fevrier",), ("mars",), ("avril",), ("mai",), ("juin",),
            ("juillet",), ("aout",), ("septembre",), ("octobre",), ("novembre",),
            ("decembre",)),
    today=("aujourd'hui", "auj"), tomorrow=("demain",), fillers=("a", "le", "au"),
    noon=("midi",), either=("ou",),
    examples="sam 15h, demain 19h30, 7 mars 15h ou 2026-03-07 15:00",
)
#: The languages a time may be typed in. A player is read in their own language and in
#: English (the commands' examples are English, and people copy them).
LANGUAGES = {"en": ENGLISH, "fr": FRENCH}
#: The examples of English, the source (what a refusal without a language shows).
EXAMPLES = ENGLISH.examples

_TIME = re.compile(r"(?P<h>[0-9]{1,2})(?::|\.|h)(?P<m>[0-9]{2})\s*(?P<ampm>am|pm)?$|"
                   r"(?P<h12>[0-9]{1,2})\s*(?P<ampm2>am|pm)$|"
                   r"(?P<hh>[0-9]{1,2})h$")


class BadTime(ValueError):
    """A time that cannot be read; the message says what was wrong and shows examples.

    Core has no catalogue: its message is English. ``kind`` names what was wrong, with
    ``typed`` (what the person wrote) and ``examples`` (in their language), so that the
    service says it again in the reader's language (``bot/service/between/
    arranging_texts.py``, ``bad_time``)."""

    #: What was wrong, by kind, in English.
    WHY = {
        "clock": "{typed!r} is not a time of day: write it as 15:00 or 3pm",
        "am_pm": "{typed!r}: an am/pm hour is 1 to 12",
        "clock_range": "{typed!r} is not a time of day: hours 0-23, minutes 0-59",
        "day_too": "say the day as well as the time: {examples}",
        "no_date": "{typed!r} is no date",
        "day": "{typed!r} is not a day I can read: {examples}",
        "day_and_time": "say the day and the time: {examples}",
    }

    def __init__(self, kind: str, *, typed: str = "", examples: str = "") -> None:
        self.kind, self.typed, self.examples = kind, typed, examples
        super().__init__(self.WHY[kind].format(typed=typed, examples=examples))


def words_of(language: str) -> tuple[TimeWords, ...]:
    """The words a player reading ``language`` ("fr", "fr_FR") types times in: their own,
    then English."""
    own = LANGUAGES.get(language.replace("-", "_").split("_")[0].lower())
    return (own, ENGLISH) if own is not None and own is not ENGLISH else (ENGLISH,)


def _plain(word: str) -> str:
    """A typed word as it is compared: lower case, no accents, no final dot, one kind of
    apostrophe ("Févr." reads "fevr", "aujourd’hui" "aujourd'hui")."""
    decomposed = unicodedata.normalize("NFD", word.strip().lower().replace("’", "'"))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).rstrip(".")


def _named(word: str, names: tuple[tuple[str, ...], ...]) -> int | None:
    """The index of the one day or month ``word`` begins the name of, or None."""
    if len(word) < 3:
        return None
    found = {i for i, own in enumerate(names) for name in own if name.startswith(word)}
    return found.pop() if len(found) == 1 else None


def _weekday(word: str, languages: tuple[TimeWords, ...]) -> int | None:
    return next((i for w in languages if (i := _named(word, w.weekdays)) is not None), None)


def _month(word: str, languages: tuple[TimeWords, ...]) -> int | None:
    return next((i + 1 for w in languages if (i := _named(word, w.months)) is not None), None)


def _clock(text: str, languages: tuple[TimeWords, ...]) -> time:
    plain = _plain(text)
    if any(plain in w.noon for w in languages):
        return time(12, 0)
    found = _TIME.match(plain)
    if found is None:
        raise BadTime("clock", typed=text)
    if found.group("hh") is not None:
        hour, minute, ampm = int(found.group("hh")), 0, None
    elif found.group("h12") is not None:
        hour, minute, ampm = int(found.group("h12")), 0, found.group("ampm2")
    else:
        hour, minute, ampm = int(found.group("h")), int(found.group("m")), found.group("ampm")
    if ampm is not None:
        if not 1 <= hour <= 12:
            raise BadTime("am_pm", typed=text)
        hour = hour % 12 + (12 if ampm == "pm" else 0)
    if hour > 23 or minute > 59:
        raise BadTime("clock_range", typed=text)
    return time(hour, minute)


def _day(text: str, today: date, languages: tuple[TimeWords, ...]) -> tuple[date | None, int | None]:
    """(a date, or None with a weekday number) for the day words."""
    examples = languages[0].examples
    fillers = {f for w in languages for f in w.fillers}
    words = [_plain(w) for w in text.replace(",", " ").split()]
    words = [w for w in words if w and w not in fillers]
    if not words:
        raise BadTime("day_too", examples=examples)
    if len(words) == 1 and any(words[0] in w.today for w in languages):
        return today, None
    if len(words) == 1 and any(words[0] in w.tomorrow for w in languages):
        return today + timedelta(days=1), None
    if len(words) == 1 and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", words[0]):
        try:
            return date.fromisoformat(words[0]), None
        except ValueError:
            raise BadTime("no_date", typed=words[0]) from None
    if len(words) == 1 and (weekday := _weekday(words[0], languages)) is not None:
        return None, weekday
    if len(words) > 1 and _weekday(words[0], languages) is not None:
        words = words[1:]  # "Sat 7 Mar": the date decides
    if len(words) in (2, 3):
        day_word, month_word, *year_word = words
        if not day_word[:1].isdigit():
            day_word, month_word = month_word, day_word
        day_word = re.sub(r"(er|st|nd|rd|th)$", "", day_word)  # "1er mars", "1st March"
        month = _month(month_word, languages)
        years = ([int(year_word[0])] if year_word and re.fullmatch(r"[0-9]{4}", year_word[0])
                 else [] if year_word else [today.year, today.year + 1])
        if day_word.isdigit() and month is not None:
            for year in years:
                try:
                    found = date(year, month, int(day_word))
                except ValueError:
                    raise BadTime("no_date", typed=text.strip()) from None
                if found >= today or year_word:
                    return found, None
    raise BadTime("day", typed=text.strip(), examples=examples)


def _split_clock(text: str) -> tuple[str, str]:
    """(the day words, the time of day) of a typed time: "Sat 3 pm" and "sam. 15 h 30" keep
    their time whole."""
    text = re.sub(r"^([0-9]{4}-[0-9]{2}-[0-9]{2})T", r"\1 ", text.strip())
    text = re.sub(r"(?<=[0-9])\s+(am|pm|h)\b", r"\1", text, flags=re.IGNORECASE)
    text = re.sub(r"(?<=[0-9]h)\s+(?=[0-9]{2}$)", "", text, flags=re.IGNORECASE)
    parts = text.rsplit(maxsplit=1)
    return (parts[0], parts[1]) if len(parts) == 2 else ("", text)


def parse_when(text: str, now: datetime, language: str = "en") -> datetime:
    """The moment ``text`` names, in ``now``'s zone (``now`` must be aware), typed in the
    words of ``language`` or in English; a refusal shows examples in ``language``."""
    if now.tzinfo is None:
        raise ValueError("now must be aware")
    languages = words_of(language)
    day_text, clock_text = _split_clock(text)
    if not day_text:
        raise BadTime("day_and_time", examples=languages[0].examples)
    at = _clock(clock_text, languages)
    today = now.date()
    day, weekday = _day(day_text, today, languages)
    if day is None:
        assert weekday is not None
        ahead = (weekday - today.weekday()) % 7
        day = today + timedelta(days=ahead)
        if datetime.combine(day, at, now.tzinfo) <= now:
            day += timedelta(days=7)
    return datetime.combine(day, at, now.tzinfo)


def split_times(text: str, language: str = "en") -> list[str]:
    """Several times in one message: separated by commas, semicolons or " or " (in the
    words of ``language`` too: " ou ")."""
    either = "|".join(sorted({re.escape(e) for w in words_of(language) for e in w.either}))
    return [p.strip() for p in re.split(rf"[;,]|\s+(?:{either})\s+", text) if p.strip()]


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
