"""Which person a typed name means: the one rule for every place a person types a name
(a player naming their opponent in a chat result, a TD's ``/paid NAME ROUND``, the
command line's player arguments).

A name is typed on a phone or a terminal, so it is forgiven what does not change whom it
names (case, extra spaces, a shortened word) and refused when it could name two people:
a ruling, a fee or a result recorded against the wrong player is worse than a question.

Levels, best first; the best level that matches anyone decides:

1. the exact name (spaces tidied): "Ann Lee";
2. the whole name, case aside: "ann lee";
3. whole words of it, in order: "Ricky" (the first name), "Purnomo", "Tan Wei" of
   "Tan Wei Ming";
4. starts of its words, in order: "Ric", "R Purnomo", "R. Purnomo".

So "Tan" picks "Tan Wei" (a whole word) over "Tanya Lim" (only a start). Two people at
the deciding level, or nobody at any level, is refused with ``NameRefused``, which names
the candidates so the person can type one of them. A name that matches nobody is most
often misspelt ("Rikcy"): the refusal then names the closest names (``close_to``: a letter
wrong, missing or swapped), never picks one. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from difflib import get_close_matches

#: How alike a misspelt name and a name must be to be suggested (difflib's ratio).
CLOSE_ENOUGH = 0.75


class NameRefused(ValueError):
    """``said`` names nobody (``candidates``: every name it was matched against; ``close``:
    those it may be a misspelling of, closest first) or several people (``ambiguous``;
    ``candidates``: the names it could be)."""

    def __init__(self, said: str, candidates: Sequence[str], *, ambiguous: bool,
                 close: Sequence[str] = ()) -> None:
        self.said = said
        self.candidates = tuple(candidates)
        self.ambiguous = ambiguous
        self.close = tuple(close)
        if ambiguous and len(self.candidates) == 1:
            text = f"more than one person is called {self.candidates[0]!r}"
        elif ambiguous:
            text = f"{said.strip()!r} could be {listed(self.candidates)}: give more of the name"
        elif self.close:
            text = f"nobody called {said.strip()!r} here: did you mean {listed(self.close)}?"
        elif self.candidates:
            text = (f"nobody called {said.strip()!r} here: give one of "
                    f"{listed(self.candidates)}")
        else:
            text = f"nobody called {said.strip()!r} here: there is nobody to name"
        super().__init__(text)

    @property
    def did_you_mean(self) -> str:
        """' (did you mean Ann Lee?)' for a message of the caller's own, or '' when nothing
        is close."""
        return f" (did you mean {listed(self.close)}?)" if self.close else ""


def tidy(name: str) -> str:
    """The name with its spaces tidied: the form names are compared and shown in."""
    return " ".join(name.split())


def matches_of(said: str, names: Sequence[str]) -> list[int]:
    """The indices of ``names`` that ``said`` matches at the best level that matches any
    (module docstring), in ``names``' order; [] when it matches none or is blank. Several
    indices mean the name does not tell those apart (or they are the same name)."""
    exact = tidy(said)
    if not exact:
        return []
    folded = exact.casefold().split()
    words = [tidy(n).casefold().split() for n in names]
    levels: tuple[Callable[[int], bool], ...] = (
        lambda i: tidy(names[i]) == exact,
        lambda i: words[i] == folded,
        lambda i: _in_order(folded, words[i], lambda s, n: s == n),
        lambda i: _in_order(folded, words[i], lambda s, n: n.startswith(s.rstrip(".") or s)),
    )
    for level in levels:
        found = [i for i in range(len(names)) if level(i)]
        if found:
            return found
    return []


def pick(said: str, names: Sequence[str]) -> int:
    """The index of the one name in ``names`` that ``said`` means; ``NameRefused`` when
    it means nobody, or several different names."""
    found = matches_of(said, names)
    if not found:
        raise NameRefused(said, _distinct(names), ambiguous=False, close=close_to(said, names))
    if len(found) > 1:
        raise NameRefused(said, _distinct([names[i] for i in found]), ambiguous=True)
    return found[0]


def close_to(said: str, names: Sequence[str], most: int = 3) -> list[str]:
    """The names ``said`` may be a misspelling of, closest first, at most ``most``: the
    whole name or one of its words is alike enough (``CLOSE_ENOUGH``), case aside."""
    typed = tidy(said).casefold()
    if not typed:
        return []
    keys: dict[str, list[str]] = {}
    for name in _distinct(names):
        for key in (name.casefold(), *name.casefold().split()):
            keys.setdefault(key, []).append(name)
    close: dict[str, None] = {}
    for key in get_close_matches(typed, list(keys), n=len(keys), cutoff=CLOSE_ENOUGH):
        close.update(dict.fromkeys(keys[key]))
    return list(close)[:most]


def listed(names: Sequence[str]) -> str:
    """'A', 'A or B', 'A, B or C'."""
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _distinct(names: Sequence[str]) -> list[str]:
    seen: dict[str, None] = {}
    for n in names:
        seen.setdefault(tidy(n), None)
    return list(seen)


def _in_order(said: list[str], name: list[str], fits: Callable[[str, str], bool]) -> bool:
    """Each word said fits a later word of the name than the one before it."""
    at = 0
    for word in said:
        while at < len(name) and not fits(word, name[at]):
            at += 1
        if at == len(name):
            return False
        at += 1
    return True
