"""When a match's result is final, so that nothing is announced as over while a slip that
makes it so can still be disputed.

SSSg para 24 (and every format's slips, ``reporting``): a reported game counts at once, and
its players have the window (24 hours) to raise a discrepancy; the opponent's Agree, or
both players reporting it the same way, closes the window early, and a dispute holds it
until a TD rules. A game a TD entered or ruled on has no open slip. So a decided match's
result is final once none of its counted games has a slip still open (pending or
disputed); a match bye (para 27) is final when given.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.store import slips_repo
from bot.store.db import Tx
from bot.store.events_repo import Event
from bot.store.matches_repo import MatchView
from bot.store.slips_repo import SlipRow
from bot.words.said import Said, said
from core.knockout.match import MatchStage
from core.slip import SlipState


def _is_bye(view: MatchView) -> bool:
    return view.match_bye is not None or view.state == MatchStage.BYE


async def open_slips(tx: Tx, view: MatchView) -> list[SlipRow]:
    """The match's slips that can still be disputed or are being disputed."""
    if _is_bye(view):
        return []
    return await slips_repo.open_counted(tx, match_id=view.id)


def _final(view: MatchView, unsettled: set[int]) -> bool:
    """The rule (module docstring): decided or a bye, and no slip of it open
    (``unsettled``: the ids of the matches with one)."""
    if view.state not in (MatchStage.DECIDED, MatchStage.BYE):
        return False
    return _is_bye(view) or view.id not in unsettled


async def is_final(tx: Tx, view: MatchView) -> bool:
    """Whether the match is decided (or a bye) and nothing of it can still change by a
    player's dispute."""
    return _final(view, {s.match_id for s in await open_slips(tx, view)})


async def unsettled_matches(tx: Tx, event_id: int) -> set[int]:
    """The ids of an event's matches with a slip still open: their results are not final."""
    return {s.match_id for s in await slips_repo.open_counted(tx, event_id=event_id)}


async def final_codes(tx: Tx, event_id: int, views: Iterable[MatchView]) -> set[str]:
    """The codes of those of an event's matches ``views`` whose result is final
    (``is_final``, for many matches in one reading of the event's open slips)."""
    unsettled = await unsettled_matches(tx, event_id)
    return {v.code for v in views if _final(v, unsettled)}


async def waits_said(tx: Tx, event: Event, view: MatchView) -> Said | None:
    """What a decided result still waits for, None once it is final: a slip is counted at
    once but can be disputed until its window closes, and a dispute holds it until a TD
    rules (SSSg para 24). What the live pages and the bracket pictures say of a result
    they must not show as decided yet, in their reader's language."""
    if view.state != MatchStage.DECIDED or await is_final(tx, view):
        return None
    slips = await open_slips(tx, view)
    if any(s.state == SlipState.DISPUTED for s in slips):
        return said("disputed: awaiting a TD's ruling")
    closes = [s.closes_at for s in slips if s.closes_at is not None]
    return (said("awaiting agreement until {until}", until=event.at(max(closes))) if closes
            else said("awaiting agreement"))
