"""Why a pair was made, in no language: what a pairing system decided, as data.

A TD checks a pairing against the system's rule (Director's Manual, "Pairing Systems and
Pairing Tables"; tsh logs each step the same way), so every system says, for each pair and
each bye, which rule made it and with what figures: ``Why("table", ...)`` with the players
by number and the places, points and counts as numbers. The bot words each kind once, in
each reader's language (``bot/service/formats/rounds/why_texts.py``); the command line
prints the same words in English. A reason is kept with the match as JSON (``to_json``)
when the round is paired, so it is read in the reader's language later.

A value is a number, a text that is in no language (a team's or a TD's words, a list of
player numbers), another ``Why``, or a tuple of them (parts said one after the other).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Why:
    """One decision: its ``kind`` (which rule or step) and its named values."""

    kind: str
    values: tuple[tuple[str, WhyValue], ...] = ()

    def named(self) -> dict[str, WhyValue]:
        return dict(self.values)

    def mentions(self, kind: str) -> bool:
        """Whether this reason, or a part of it, is of ``kind``."""
        if self.kind == kind:
            return True
        for _, value in self.values:
            parts = value if isinstance(value, tuple) else (value,)
            if any(isinstance(p, Why) and p.mentions(kind) for p in parts):
                return True
        return False


#: What a reason's named value may be.
WhyValue = int | float | str | Why | tuple[Why, ...]


def why(kind: str, /, **values: WhyValue) -> Why:
    """The reason ``kind`` with its named values."""
    return Why(kind, tuple(values.items()))


def to_json(reason: Why) -> dict[str, Any]:
    """The reason as plain JSON values: a part as its own object, parts as a list."""
    return {"kind": reason.kind, "values": {k: _out(v) for k, v in reason.values}}


def _out(value: WhyValue) -> object:
    if isinstance(value, Why):
        return to_json(value)
    if isinstance(value, tuple):
        return [to_json(v) for v in value]
    return value


def from_json(data: object) -> Why:
    """A reason ``to_json`` wrote; ``ValueError`` for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError(f"not a pairing reason: {data!r}")
    values = data.get("values", {})
    if not isinstance(values, dict):
        raise ValueError(f"not a pairing reason's values: {values!r}")
    return Why(data["kind"], tuple((str(k), _in(v)) for k, v in values.items()))


def _in(value: object) -> WhyValue:
    if isinstance(value, dict):
        return from_json(value)
    if isinstance(value, list):
        return tuple(from_json(v) for v in value)
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"not a pairing reason's value: {value!r}")
    return value
