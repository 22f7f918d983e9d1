"""What an event's format changes in the shared slip flow's wording and rules, asked of the
format (``registry.format_of``).

Every format reports through the same slips, photos, disputes and rulings, but only the
knockouts play by SSSg 2016 Annex A, so only their messages
cite its paragraphs: a club night or a Swiss told "(para 24)" would look for a rule book it
does not play by. The rule itself is still said in words for every format ("after that it
is final").
"""

from __future__ import annotations

from bot.service.formats.registry import HasFormat, format_of, named, names
from bot.words.said import Said, said

__all__ = ["HasFormat", "board_photos", "cite", "kind"]


def kind(fmt: str) -> Said:
    """The format ``fmt`` (a ``format`` key) in words: "a knockout", "a club night" (each
    format's ``kind``, a catalogue message); one no longer known (an old journal's) as "a
    FMT event"."""
    return Said(named(fmt).kind) if fmt in names() else said("a {format} event", format=fmt)


def cite(of: HasFormat, ref: str, form: str = " ({})") -> str:
    """``ref`` ("para 24", "SSSg para 25") set in ``form`` for a format whose rules are
    SSSg Annex A's (``Format.rulebook``); "" for any other format, whose rules are not."""
    return form.format(ref) if format_of(of).rulebook is not None else ""


def board_photos(fmt: str, rules: object) -> bool:
    """Whether the responsible player owes a board photo of each game (``[rules]
    board_photos``). Unset, the format says (``Format.photos``): a game played remotely
    needs one (SSSg para 25: knockouts, ladders, round-based events) and a club night's
    does not: it is played in the club's room, where the director sees the boards (NASPA
    Director's Manual, the club chapters)."""
    value = rules.get("board_photos") if isinstance(rules, dict) else None
    if value is None:
        return named(fmt).photos
    return bool(value)
