"""Which of a player's matches a result is for, when they play several at once.

SSSg Annex A para 23 has the player key in the result of their game; a player in two
events at once (a cup final and a weekly Swiss round) may play the same opponent in both,
so the opponent's name alone cannot say which match a result is for. The words of the
message can: the opponent's first or full name, the match's code (``M3``, ``R2-1``), its
round or stage (``Final``, ``Round 2``), or the event (its slug, ``club-cup``, or its
name). Each is a key of the match; the match the message gives the most keys of is meant.
The same keys make the example the bot gives when it asks, so what it suggests works.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.events.lookup import Event
from bot.store.matches_repo import MatchView


@dataclass(frozen=True)
class Keyed:
    """A match and the words that name it, as its player ``side`` may write them."""

    view: MatchView
    event: Event
    side: int

    @property
    def opponent(self) -> str:
        return self.view.label(1 - self.side)

    def keys(self) -> list[str]:
        """What tells this match apart, in the order an example prefers: the opponent's
        first name, their full name, the round, the event's slug, the match's code."""
        names = [self.opponent.split()[0], self.opponent] if self.opponent.split() else []
        return list(dict.fromkeys(
            [*names, self.view.round_name, self.event.slug, self.view.code, self.event.name]))


_WORD = re.compile(r"[\w'-]+")


def _says(words: str, key: str) -> bool:
    """Whether ``words`` hold ``key`` as whole words in a row, in any case."""
    said = _WORD.findall(words.casefold())
    wanted = _WORD.findall(key.casefold())
    n = len(wanted)
    return n > 0 and any(said[i:i + n] == wanted for i in range(len(said) - n + 1))


def hits(keyed: Keyed, words: str) -> int:
    return sum(_says(words, key) for key in keyed.keys())


def named_by(matches: Sequence[Keyed], words: str) -> list[Keyed]:
    """The matches the words name the most keys of; all of them when they name none."""
    counts = [hits(m, words) for m in matches]
    best = max(counts, default=0)
    if best == 0:
        return list(matches)
    return [m for m, n in zip(matches, counts, strict=True) if n == best]


def unknown_tags(matches: Sequence[Keyed], tags: Sequence[str]) -> list[str]:
    """The typed codes (words with digits, ``M5``) that are a key of none of the matches:
    a code is never taken for chatter, so a result for the wrong match is not guessed."""
    return [t for t in tags
            if not any(k.casefold() == t.casefold() for m in matches for k in m.keys())]


def telling_apart(keyed: Keyed, matches: Sequence[Keyed]) -> str:
    """The first key of ``keyed`` that names it alone among ``matches``: what the example
    in the question shows (its code always does)."""
    for key in keyed.keys():
        if [m.view.id for m in named_by(matches, key)] == [keyed.view.id]:
            return key
    return keyed.view.code
