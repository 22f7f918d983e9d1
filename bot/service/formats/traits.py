"""What an event's format changes in the shared slip flow's wording and rules.

Every format reports through the same slips, photos, disputes and rulings, but only the
knockouts (``sssg``, ``single``, ``double``) play by SSSg 2016 Annex A (seed
003_053a0fd902066061.txt), so only their messages cite its paragraphs: a club night or a
Swiss told "(para 24)" would look for a rule book it does not play by. The rule itself is
still said in words for every format ("after that it is final").
"""

from __future__ import annotations

from typing import Protocol

#: The knockout formats, whose matches come from a drawn bracket (``core.knockout.sssg``) and
#: whose rules are SSSg Annex A's.
KNOCKOUTS = ("sssg", "single", "double")
#: The formats whose rounds are drawn or paired ahead and close on a date (a club night's
#: rounds are paired on the night; a ladder's challenges have time limits of their own).
DATED_ROUNDS = (*KNOCKOUTS, "rounds")
#: What each format is, in words a person reads ("Club Ladder is a challenge ladder").
_KINDS = {"rounds": "a round-based event", "club": "a club night", "ladder": "a challenge ladder"}


class HasFormat(Protocol):
    """An event, or a view that carries its event's format."""

    @property
    def format(self) -> str: ...


def is_knockout(fmt: str) -> bool:
    """True for a format whose matches are fed by a bracket's earlier results."""
    return fmt in KNOCKOUTS


def kind(fmt: str) -> str:
    """The format in words: "a knockout", "a club night"."""
    if is_knockout(fmt):
        return "a knockout"
    return _KINDS.get(fmt, f"a {fmt} event")


def cite(of: HasFormat, ref: str, form: str = " ({})") -> str:
    """``ref`` ("para 24", "SSSg para 25") set in ``form`` for a knockout, whose rules are
    SSSg Annex A's; "" for any other format, whose rules are not."""
    return form.format(ref) if is_knockout(of.format) else ""


def board_photos(fmt: str, rules: object) -> bool:
    """Whether the responsible player owes a board photo of each game (``[rules]
    board_photos``). Unset, a game played remotely needs one (SSSg para 25: knockouts,
    ladders, round-based events) and a club night's does not: it is played in the club's
    room, where the director sees the boards (NASPA Director's Manual, the club chapters)."""
    value = rules.get("board_photos") if isinstance(rules, dict) else None
    if value is None:
        return fmt != "club"
    return bool(value)
