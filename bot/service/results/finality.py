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

from bot.store import slips_repo
from bot.store.db import Tx
from bot.store.matches_repo import MatchView
from bot.store.slips_repo import SlipRow
from core.knockout.match import MatchStage


async def open_slips(tx: Tx, view: MatchView) -> list[SlipRow]:
    """The match's slips that can still be disputed or are being disputed."""
    if view.match_bye is not None or view.state == MatchStage.BYE:
        return []
    return await slips_repo.open_counted(tx, match_id=view.id)


async def is_final(tx: Tx, view: MatchView) -> bool:
    """Whether the match is decided (or a bye) and nothing of it can still change by a
    player's dispute."""
    if view.state not in (MatchStage.DECIDED, MatchStage.BYE):
        return False
    return not await open_slips(tx, view)


async def unsettled_matches(tx: Tx, event_id: int) -> set[int]:
    """The ids of an event's matches with a slip still open: their results are not final."""
    return {s.match_id for s in await slips_repo.open_counted(tx, event_id=event_id)}
