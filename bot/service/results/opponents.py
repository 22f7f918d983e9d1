"""Who a player meets in a match, in the words a player knows: people and rounds, never a
match's code ("winner of Q4" means nothing to someone who has only ever been told names).

A slot filled by an earlier match's result names its player once that result is final
(``finality``: SSSg para 24, a reported game counts at once but can be disputed within the
window, so the player it sent on may still change). Until then the slot is the match it
comes from, named by its players: "the winner of Ann Lee v Dev Rao".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from bot.service.results import finality
from bot.service.results.matches import MatchView, matches_of_event
from bot.store.db import Tx

#: A slot's source kinds whose player an earlier match's result decides.
FED = ("winner", "loser")


@dataclass(frozen=True)
class Opponent:
    """``words``: who, as a message says it; ``known``: the player for good (named)."""

    words: str
    known: bool


def feeder_code(view: MatchView, side: int) -> str | None:
    """The code of the match whose winner (or loser) fills slot ``side``, if one does."""
    kind, _, code = view.sources[side].partition(":")
    return code if kind in FED else None


def players_of(feeder: MatchView) -> str:
    """A match as a player knows it: by its players ("Ann Lee v Dev Rao")."""
    names = [n for n in feeder.names if n is not None]
    if len(names) == 2:
        return f"{names[0]} v {names[1]}"
    if names:
        return f"{names[0]}'s {feeder.round_name} match"
    return f"a {feeder.round_name} match"


def slot_words(view: MatchView, side: int, by_code: Mapping[str, MatchView],
               final: Collection[str]) -> Opponent:
    """Who is in slot ``side`` of ``view`` (``by_code``: the event's matches; ``final``:
    the codes of those whose result is final)."""
    code = feeder_code(view, side)
    feeder = by_code.get(code) if code is not None else None
    name = view.names[side]
    if feeder is None:
        kind = view.sources[side].partition(":")[0]
        if name is None and kind == "draw":
            return Opponent("a player drawn after the qualifying round", False)
        return Opponent(view.label(side), name is not None)
    if name is not None and feeder.code in final:
        return Opponent(name, True)
    kind = view.sources[side].partition(":")[0]
    return Opponent(f"the {kind} of {players_of(feeder)}", False)


async def opponent_of(tx: Tx, view: MatchView, side: int) -> Opponent:
    """Who the player in slot ``side`` meets in ``view``."""
    code = feeder_code(view, 1 - side)
    if code is None:
        return slot_words(view, 1 - side, {}, ())
    by_code = {m.code: m for m in await matches_of_event(tx, view.event_id)}
    feeder = by_code.get(code)
    final = {code} if feeder is not None and await finality.is_final(tx, feeder) else set()
    return slot_words(view, 1 - side, by_code, final)
