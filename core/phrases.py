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


@dataclass(frozen=True)
class Phrase:
    """A message's English with ``{named}`` placeholders, and the values that fill them."""

    message: str
    values: tuple[tuple[str, str | int | Phrase], ...] = ()

    def __str__(self) -> str:
        return self.message.format(**{name: str(value) if isinstance(value, Phrase) else value
                                      for name, value in self.values})


def phrase(message: str, /, **values: str | int | Phrase) -> Phrase:
    """The phrase ``message`` with its named values (marks ``message`` for the catalogue)."""
    return Phrase(message, tuple(values.items()))
