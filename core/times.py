"""How a moment is written for the people who read it: one format for the whole project.

A time a player or a director reads is in their own zone, with the zone's short name so
that nobody has to guess whose clock it is: ``Mon 09 Mar 2026 17:00 (+08)``, or in French
``lun. 9 mars 2026 17:00 (+08)``. The caller converts the moment to the zone first (the bot:
the event's ``time_zone``); a fixed UTC offset shows as ``UTC+08:00`` and UTC as ``UTC``.
The day and month names are the reader's language's (Babel's locale data, the CLDR); the
language is an argument, so this stays free of any catalogue.
"""

from __future__ import annotations

from datetime import date, datetime

#: The shape of a moment in each language (CLDR patterns), short enough for a phone:
#: weekday, day, month, year, 24-hour time. A language not listed takes English's shape
#: with its own day and month names.
MOMENT_PATTERNS = {
    "en": "EEE dd MMM y HH:mm",
    "fr": "EEE d MMM y HH:mm",
}
#: The shape of a day without a time, the same in each language minus the time.
DAY_PATTERNS = {lang: pattern.removesuffix(" HH:mm") for lang, pattern in MOMENT_PATTERNS.items()}
#: The shape of a moment on a button, where the year and the zone are known from the message:
#: the same in each language minus the year.
SHORT_PATTERNS = {lang: pattern.replace(" y ", " ") for lang, pattern in MOMENT_PATTERNS.items()}


def local_text(moment: datetime, locale: str = "en", *, zone_name: str | None = None) -> str:
    """``moment`` as read in its own zone, in ``locale``'s words ("en", "fr", "fr_FR"):
    'Mon 09 Mar 2026 17:00 (+08)'. The zone's name is the moment's own (``tzname``), the
    same in every language; with ``zone_name`` too when the reader chose the zone and no
    other words say so: 'Tue 03 Mar 2026 09:00 (GMT, Europe/London)'."""
    from babel.dates import format_datetime  # lazy: Babel's locale data, on first use

    lang = _language(locale)
    pattern = MOMENT_PATTERNS.get(lang, MOMENT_PATTERNS["en"])
    written = format_datetime(moment, pattern, tzinfo=moment.tzinfo, locale=lang)
    shown = f"{moment.tzname()}, {zone_name}" if zone_name else moment.tzname()
    return f"{written} ({shown})"


def short_text(moment: datetime, locale: str = "en") -> str:
    """``moment`` on a button, in its own zone, without the year and the zone's name (the
    message above says them): 'Sat 07 Mar 15:00'."""
    from babel.dates import format_datetime  # lazy: Babel's locale data, on first use

    lang = _language(locale)
    return format_datetime(moment, SHORT_PATTERNS.get(lang, SHORT_PATTERNS["en"]),
                           tzinfo=moment.tzinfo, locale=lang)


def day_text(day: date, locale: str = "en", *, weekday: bool = True) -> str:
    """A day without a time in ``locale``'s words: 'Mon 09 Mar 2026' ('09 Mar 2026' without
    its ``weekday``)."""
    from babel.dates import format_date  # lazy: Babel's locale data, on first use

    lang = _language(locale)
    pattern = DAY_PATTERNS.get(lang, DAY_PATTERNS["en"])
    return format_date(day, pattern if weekday else pattern.removeprefix("EEE "), locale=lang)


def _language(locale: str) -> str:
    """The language part of a locale name ('fr' of 'fr_FR'), the key of the patterns."""
    return locale.replace("-", "_").split("_")[0] or "en"
