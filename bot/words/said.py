"""A message not yet in a language: what the service says, as a record, and the one place
that turns a record into Telegram HTML in the reader's language.

A use-case says what happened with ``said("You won <b>{match}</b>.", match=code)``: the
English text is the message's id in the catalogue (``python -m bot.words.extract`` finds it,
as it finds ``_()``), with its HTML tags and named ``{placeholders}``; the values go in by
name. ``said_n(singular, plural, count, ...)`` is a message that varies with a count
(``{n}`` is the count unless a value of that name is given). The record is written in the
reader's language only when its outbox row is written (``render``), so the use-case knows
nothing of languages, escaping or HTML entities.

A value is one of:

- plain text (``str``): a name, a code, what someone typed; ``render`` escapes it (``&``,
  ``<``, ``>`` and ``"``, so it is safe in an attribute too), so user text is never escaped
  by hand;
- a number (``int``, ``float``, ``Decimal``): put in as it is, so the message's format spec
  (``{amount:.2f}``, ``{change:+d}``) applies;
- a moment (an aware ``datetime``, already in the zone its reader reads it in): written in
  the reader's language with the zone's short name, 'Sat 07 Mar 2026 15:00 (CET)' or
  'sam. 7 mars 2026 15:00 (CET)' (``core.times.local_text``); ``{at:short}`` writes it as a
  button says it, 'Sat 07 Mar 15:00', ``{at:day}`` the day alone, ``{at:time}`` the
  time of day alone, '15:00', and ``{at:named}`` with the zone's name too, '(GMT,
  Europe/London)'; a ``date``, the day;
- another record: rendered in the same language, then put in (a phrase shared by several
  messages, a sentence chosen by the case);
- a sequence of records: each rendered, joined one per line;
- ``Rendered``: HTML this module wrote before (an outbox row's text, now edited), kept as
  it is.

A button's label is plain text, not HTML: ``plain`` renders a record without escaping.
What the core says in words (``core.phrases.Phrase``) becomes a record with ``from_core``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from bot.words import SOURCE, Words, for_locale
from core.phrases import Phrase
from core.times import day_text, local_text, short_text


@dataclass(frozen=True)
class Said:
    """A message in no language yet: its English (the catalogue's id), the plural form and
    the count for a message that varies with one, and its named values."""

    message: str
    values: tuple[tuple[str, Value], ...] = ()
    plural: str | None = None
    count: int | None = None

    def named(self) -> Mapping[str, Value]:
        return dict(self.values)


@dataclass(frozen=True)
class Rendered:
    """Telegram HTML written before by ``render`` (a message's text as sent, which an edit
    extends): a value put in as it is."""

    html: str


#: What a record's named value may be (the module's docstring says how each is rendered).
Value = (str | int | float | Decimal | datetime | date | Said | tuple[Said | Rendered, ...]
         | Rendered)


def said(message: str, /, **values: Value | Sequence[Said]) -> Said:
    """The record of one message with its named values (marks ``message`` for the
    catalogue, as ``_()`` does)."""
    return Said(message, _frozen(values))


def said_n(singular: str, plural: str, count: int, /, **values: Value | Sequence[Said]) -> Said:
    """The record of a message that varies with ``count`` (marks both forms for the
    catalogue, as ``n_()`` does): ``{n}`` in it is the count."""
    return Said(singular, _frozen(values), plural, count)


def lines(*records: Said | Rendered | None) -> tuple[Said | Rendered, ...]:
    """Records to be joined one per line (a value of a record), leaving out the Nones."""
    return tuple(r for r in records if r is not None)


def stacked(*records: Said | Rendered | None) -> Said:
    """Records one per line, as one record (no words of its own: nothing to translate),
    leaving out the Nones."""
    return Said("{lines}", (("lines", lines(*records)),))


def joined(records: Sequence[Said], between: str = ", ") -> Said:
    """Records one after another, ``between`` each (no words of its own: nothing to
    translate); none: an empty record."""
    if not records:
        return Said("", ())
    out = records[0]
    for more in records[1:]:
        out = Said("{a}" + between + "{b}", (("a", out), ("b", more)))
    return out


def paragraphs(first: Said, *more: Said) -> Said:
    """Records one after another with a blank line between (no words of its own: nothing
    to translate)."""
    out = first
    for below in more:
        out = Said("{above}\n\n{below}", (("above", out), ("below", below)))
    return out


def _frozen(values: Mapping[str, Value | Sequence[Said]]) -> tuple[tuple[str, Value], ...]:
    out: list[tuple[str, Value]] = []
    for name, value in values.items():
        if isinstance(value, bool) or value is None:
            raise TypeError(f"{name}={value!r}: a record's value is text, a number or a record")
        if isinstance(value, datetime) and value.utcoffset() is None:
            raise TypeError(f"{name}={value!r}: a moment needs its zone (an aware datetime)")
        if isinstance(value, list):
            value = tuple(value)
        out.append((name, value))  # type: ignore[arg-type]  # a list was made a tuple
    return tuple(out)


def escape(text: str) -> str:
    """Text made safe in Telegram HTML, in a tag's body or an attribute's quotes."""
    return html.escape(text, quote=False).replace('"', "&quot;")


def render(record: Said, words: Words) -> str:
    """The record as Telegram HTML in the language of ``words``: its message translated (the
    plural form for its count), its text values escaped, its records rendered in the same
    language. A message given no values and no count stands as it is, braces and all."""
    return _render(record, words, escape)


def english(record: Said) -> str:
    """The record as Telegram HTML in English, the source (what a test reads)."""
    return render(record, for_locale(SOURCE))


def plain(record: Said, words: Words) -> str:
    """The record as plain text (a button's label): as ``render``, nothing escaped."""
    return _render(record, words, str)


def text(record: Said, words: Words) -> str:
    """The record as plain text in the language of ``words``, where no HTML is read (the
    CLI, a log, a button's notification): rendered, its tags dropped and its entities read
    back, so a name typed with a ``<`` in it comes out as typed."""
    return html.unescape(_TAG.sub("", render(record, words)))


def english_text(record: Said | str) -> str:
    """The record as plain text in English (a refusal's ``str``, what the CLI prints, what
    a row keeps); a plain string, a person's own words, as it is."""
    return record if isinstance(record, str) else text(record, for_locale(SOURCE))


#: A Telegram HTML tag, as ``render`` leaves them (text values are escaped, so every ``<``
#: left is a tag's).
_TAG = re.compile(r"<[^>]*>")


def _render(record: Said, words: Words, esc: Callable[[str], str]) -> str:
    if not record.message:
        return ""  # gettext's "" is a catalogue's header
    if record.plural is not None:
        text = words.ngettext(record.message, record.plural, record.count or 0)
    else:
        text = words.gettext(record.message)
    if not record.values and record.count is None:
        return text
    values = {name: _value(value, words, esc) for name, value in record.values}
    if record.count is not None:
        values.setdefault("n", record.count)
    return text.format(**values)


def _value(value: Value, words: Words, esc: Callable[[str], str]) -> object:
    if isinstance(value, Said):
        return _render(value, words, esc)
    if isinstance(value, tuple):
        return "\n".join(r.html if isinstance(r, Rendered) else _render(r, words, esc)
                         for r in value)
    if isinstance(value, str):
        return esc(value)
    if isinstance(value, Rendered):
        return value.html
    if isinstance(value, datetime):
        return _Moment(value, words.locale, esc)
    if isinstance(value, date):
        return esc(day_text(value, words.locale))
    return value


@dataclass(frozen=True)
class _Moment:
    """A moment as the message's placeholder asks for it: ``{at}`` in full with its zone,
    ``{at:short}`` as on a button, ``{at:day}`` the day alone (in the reader's language),
    ``{at:time}`` the time of day alone (24-hour, the same in every language), ``{at:named}``
    in full with its zone's name too ('Tue 03 Mar 2026 09:00 (GMT, Europe/London)')."""

    moment: datetime
    locale: str
    esc: Callable[[str], str]

    def __format__(self, spec: str) -> str:
        if spec == "short":
            return self.esc(short_text(self.moment, self.locale))
        if spec == "day":
            return self.esc(day_text(self.moment.date(), self.locale))
        if spec == "time":
            return self.moment.strftime("%H:%M")
        if spec == "named":
            zone = self.moment.tzinfo
            named = zone.key if isinstance(zone, ZoneInfo) else None
            return self.esc(local_text(self.moment, self.locale, zone_name=named))
        if spec:
            raise ValueError(f"a moment is written {{x}}, {{x:short}}, {{x:day}}, {{x:time}} "
                             f"or {{x:named}}, not {spec!r}")
        return self.esc(local_text(self.moment, self.locale))


def from_core(words: Phrase) -> Said:
    """The core's words (``core/phrases.py``) as a record: its English is the catalogue's
    id, as a record's is, and its values go in by name (a phrase in it, as a record)."""
    return Said(words.message, tuple(
        (name, from_core(value) if isinstance(value, Phrase) else value)
        for name, value in words.values))
