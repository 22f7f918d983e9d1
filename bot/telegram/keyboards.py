"""Inline keyboards. Their callback data comes from ``callbacks.py``, the one place that
builds and parses it; Telegram allows at most 64 bytes of it. The labels are names (an
entry's, a language's in itself), the same in every language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.people.languages import name_of
from bot.service.platform import callbacks

Buttons = list[list[dict[str, str]]]


def pick_entry(code: str, choices: Sequence[tuple[int, str]]) -> Buttons:
    """One button per unclaimed entry, one per row so long names stay readable."""
    return [[{"text": name, "data": callbacks.join_pick(code, entry_id)}]
            for entry_id, name in choices]


def languages(offered: Sequence[str]) -> Buttons:
    """One button per language the bot speaks, each named in itself ("English",
    "Français"), so that a reader who cannot read the current one finds theirs."""
    return [[{"text": capitalised(name_of(code)), "data": callbacks.language(code)}
             for code in offered]]


def capitalised(name: str) -> str:
    """A language's name as a button's label: "français" -> "Français"."""
    return name[:1].upper() + name[1:]
