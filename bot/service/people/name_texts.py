"""Why a typed name names nobody, or more than one person (``core.names.NameRefused``,
which says it in English for the command line and carries whom it could be): a record
(``bot/words/said.py``), so the reader reads it in their own language."""

from __future__ import annotations

from collections.abc import Sequence

from bot.words.said import Said, said
from core.names import NameRefused


def listed(names: Sequence[str]) -> Said:
    """'A', 'A or B', 'A, B or C' in the reader's language."""
    if not names:
        return said("nobody")
    if len(names) == 1:
        return said("{name}", name=names[0])
    return said("{names} or {last}", names=", ".join(names[:-1]), last=names[-1])


def refused(exc: NameRefused) -> Said:
    """What was wrong with the name, and whom it could be (as ``NameRefused`` says it)."""
    typed = exc.said.strip()
    if exc.ambiguous and len(exc.candidates) == 1:
        return said("more than one person is called '{name}'", name=exc.candidates[0])
    if exc.ambiguous:
        return said("'{typed}' could be {names}: give more of the name", typed=typed,
                    names=listed(exc.candidates))
    if exc.close:
        return said("nobody called '{typed}' here: did you mean {names}?", typed=typed,
                    names=listed(exc.close))
    if exc.candidates:
        return said("nobody called '{typed}' here: give one of {names}", typed=typed,
                    names=listed(exc.candidates))
    return said("nobody called '{typed}' here: there is nobody to name", typed=typed)


def did_you_mean(exc: NameRefused) -> Said | str:
    """' (did you mean Ann Lee?)' after a message of the caller's own, or '' when no name
    is close."""
    if not exc.close:
        return ""
    return said(" (did you mean {names}?)", names=listed(exc.close))
