"""A name typed that names nobody, or several people (``core.names.NameRefused``), said to
whoever typed it in their language: the names it may mean are listed so that they can type
one again."""

from __future__ import annotations

from collections.abc import Sequence

from bot.words.said import Said, said
from core.names import NameRefused


def either(names: Sequence[str]) -> Said | str:
    """'A', 'A or B', 'A, B or C' in the reader's language."""
    if len(names) == 1:
        return names[0]
    return said("{names} or {last}", names=", ".join(names[:-1]), last=names[-1])


def refused(exc: NameRefused) -> Said:
    """Why ``exc.said`` named no one person, and what to type instead."""
    typed = exc.said.strip()
    if exc.ambiguous and len(exc.candidates) == 1:
        return said("more than one person is called '{name}'", name=exc.candidates[0])
    if exc.ambiguous:
        return said("'{typed}' could be {names}: give more of the name", typed=typed,
                    names=either(exc.candidates))
    if exc.close:
        return said("nobody called '{typed}' here: did you mean {names}?", typed=typed,
                    names=either(exc.close))
    if exc.candidates:
        return said("nobody called '{typed}' here: give one of {names}", typed=typed,
                    names=either(exc.candidates))
    return said("nobody called '{typed}' here: there is nobody to name", typed=typed)
