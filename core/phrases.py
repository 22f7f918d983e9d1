"""Words the core says in no language yet: a message's English, which is its id in the bot's
message catalogue, and its named values, so that each reader reads it in their own language.

The core decides what happened and says it once, here, in English; the bot turns a
``Phrase`` into its own record of a message (``bot/words/said.py``) and writes it in each
reader's language, the way it writes its own messages. ``str(phrase)`` is the English, for
a log or a test. The catalogue is extracted from ``phrase(...)`` calls, as from the bot's
own marks, so a message written here is translated like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from core.times import local_text


@dataclass(frozen=True)
class Phrase:
    """A message's English with ``{named}`` placeholders, and the values that fill them (a moment is
    written in the reader's language when the bot renders it)."""

    message: str
    values: tuple[tuple[str, PhraseValue], ...] = ()

    def __str__(self) -> str:
        return self.message.format(**{name: _english(value) for name, value in self.values})


#: What a phrase's named value may be: plain text (a name), a whole number, a moment (in
#: the zone its reader reads it in), another phrase.
PhraseValue = str | int | datetime | Phrase


def _english(value: PhraseValue) -> object:
    if isinstance(value, Phrase):
        return str(value)
    if isinstance(value, datetime):
        return local_text(value)
    return value


def phrase(message: str, /, **values: PhraseValue) -> Phrase:
    """The phrase ``message`` with its named values (marks ``message`` for the catalogue)."""
    return Phrase(message, tuple(values.items()))


def to_record(words: Phrase) -> dict[str, object]:
    """The phrase as plain JSON values (a journal line's detail keeps it, so that its
    reader reads it in their language later): a moment as ``{"at": ISO}``, a phrase in
    it as its own record."""
    return {"message": words.message,
            "values": {name: _recorded(value) for name, value in words.values}}


def _recorded(value: PhraseValue) -> object:
    if isinstance(value, Phrase):
        return to_record(value)
    if isinstance(value, datetime):
        return {"at": value.isoformat()}
    return value


def from_record(data: object) -> Phrase | None:
    """A phrase ``to_record`` wrote, or None for anything else (a line an older version
    wrote)."""
    if not isinstance(data, dict) or not isinstance(data.get("message"), str):
        return None
    values = data.get("values")
    if not isinstance(values, dict):
        return None
    out: list[tuple[str, PhraseValue]] = []
    for name, value in values.items():
        if isinstance(value, dict) and isinstance(value.get("at"), str):
            out.append((str(name), datetime.fromisoformat(value["at"])))
        elif isinstance(value, dict):
            inner = from_record(value)
            if inner is None:
                return None
            out.append((str(name), inner))
        elif isinstance(value, str | int) and not isinstance(value, bool):
            out.append((str(name), value))
        else:
            return None
    return Phrase(data["message"], tuple(out))
