"""Who a player meets in a match, in the words a player knows: people and rounds, never a
match's code ("winner of Q4" means nothing to someone who has only ever been told names).

A slot filled by an earlier match's result names its player once that result is final
(``finality``: SSSg para 24, a reported game counts at once but can be disputed within the
window, so the player it sent on may still change). Until then the slot is the match it
comes from, named by its players: "the winner of Ann Lee v Dev Rao". The words are records
(``opponents_texts``), said in each reader's language.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from bot.service.results import finality
from bot.service.results import opponents_texts as say
from bot.service.results.matches import MatchView, matches_of_event
from bot.store.db import Tx
from bot.store.matches_repo import source_said
from bot.words.said import Said

#: A slot's source kinds whose player an earlier match's result decides.
FED = ("winner", "loser")


@dataclass(frozen=True)
class Opponent:
    """``words``: who, as a message says it (a known player's name, or a record);
    ``known``: the player for good (named);
    ``source``: for a slot an earlier match fills while its player is not known for good,
    where that player comes from without the article ("winner of Ann Lee v Dev Rao", as
    a page or a picture names the slot), else None."""

    words: Said | str
    known: bool
    source: Said | None = None


def feeder_code(view: MatchView, side: int) -> str | None:
    """The code of the match whose winner (or loser) fills slot ``side``, if one does."""
    kind, _, code = view.sources[side].partition(":")
    return code if kind in FED else None


def players_of(feeder: MatchView) -> Said:
    """A match as a player knows it: by its players ("Ann Lee v Dev Rao")."""
    return say.players([n for n in feeder.names if n is not None], feeder.round_name)


def slot_words(view: MatchView, side: int, by_code: Mapping[str, MatchView],
               final: Collection[str]) -> Opponent:
    """Who is in slot ``side`` of ``view`` (``by_code``: the event's matches; ``final``:
    the codes of those whose result is final)."""
    code = feeder_code(view, side)
    feeder = by_code.get(code) if code is not None else None
    name = view.names[side]
    kind = view.sources[side].partition(":")[0]
    if feeder is None:
        if name is None and kind == "draw":
            return Opponent(say.drawn_later(), False)
        return Opponent(name if name is not None else source_said(view.sources[side]),
                        name is not None)
    if name is not None and feeder.code in final:
        return Opponent(name, True)
    fed = say.fed_by(kind, [n for n in feeder.names if n is not None], feeder.round_name)
    return Opponent(say.the(fed), False, fed)


async def opponent_of(tx: Tx, view: MatchView, side: int) -> Opponent:
    """Who the player in slot ``side`` meets in ``view``."""
    code = feeder_code(view, 1 - side)
    if code is None:
        return slot_words(view, 1 - side, {}, ())
    by_code = {m.code: m for m in await matches_of_event(tx, view.event_id)}
    feeder = by_code.get(code)
    final = {code} if feeder is not None and await finality.is_final(tx, feeder) else set()
    return slot_words(view, 1 - side, by_code, final)
