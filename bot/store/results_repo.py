"""Which games of an event are not final yet: what the exports add to the games
(``games_repo.games_of_event``), so that a season followed and audited from the command
line, or a treasurer's or a rating officer's spreadsheet, says which results may still move.

A game counts once its slip is confirmed, and stays open to dispute until the slip's
window closes (SSSg Annex A para 24).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.db import Tx
from bot.store.times import parse
from core.slip import SlipState


@dataclass(frozen=True)
class OpenSlip:
    """The slip that keeps a game open: pending (its window closes at ``final_at``) or
    disputed (frozen until a TD rules)."""

    state: SlipState
    final_at: datetime | None


async def open_slips_of_event(tx: Tx, event_id: int) -> dict[int, OpenSlip]:
    """Game id -> the newest of its slips still open (pending or disputed), for every game
    of the event that has one; agreed, final and void slips leave a game final."""
    rows = await tx.all(
        "SELECT s.game_id, s.state, s.closes_at FROM slips s"
        " JOIN games g ON g.id = s.game_id JOIN matches m ON m.id = g.match_id"
        " WHERE m.event_id = ? AND s.state IN ('pending', 'disputed') ORDER BY s.id",
        (event_id,),
    )
    # ordered by id: the newest open slip of a game is the last one written
    return {r["game_id"]: OpenSlip(SlipState(r["state"]), parse(r["closes_at"])
                                   if r["closes_at"] else None) for r in rows}
