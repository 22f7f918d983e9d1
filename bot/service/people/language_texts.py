"""What /language says (``language_choice``): records (``bot/words/said.py``), written in the
reader's language; each language is named in itself ("English", "français"), so that a
reader who cannot read the current one finds theirs."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.people.languages import name_of
from bot.service.platform import callbacks
from bot.service.platform.outbox import SaidButtons
from bot.words.said import Said, said


def your_language(current: str, chosen: bool) -> Said:
    """The language the reader reads, said in it, over the buttons of the languages the
    bot speaks."""
    if chosen:
        return said("I write to you in {language}, as you chose. Tap another language to "
                    "change it, or send /language CODE (for example /language fr).",
                    language=name_of(current))
    return said("I write to you in {language}. Tap the language you want me to write in, or "
                "send /language CODE (for example /language fr).", language=name_of(current))


def language_buttons(offered: Sequence[str]) -> SaidButtons:
    """One button per language the bot speaks, each named in itself, capitalised as a
    label ("Français")."""
    return [[(_capitalised(name_of(code)), callbacks.language(code)) for code in offered]]


def _capitalised(name: str) -> str:
    return name[:1].upper() + name[1:]


def language_chosen(language: str, changed: bool) -> Said:
    """A choice of language, confirmed (in the language chosen: the answer is written in
    it)."""
    if changed:
        return said("From now on I write to you in {language}.", language=name_of(language))
    return said("I already write to you in {language}.", language=name_of(language))
