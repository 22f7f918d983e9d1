"""The two copies of a submitted result slip (SSSg para 24: "a copy of the submitted result
slip will automatically be" sent "to both players"), and taking the Agree / Dispute
buttons off the opponent's copy once the slip is no longer open.

The copies are outbox rows with a key per slip and side, so the edit that closes one is
an outbox row too: written in the same transaction as the change, never lost.
"""

from __future__ import annotations

from datetime import datetime

from bot.service import outbox
from bot.store import outbox_repo
from bot.store.db import Tx
from bot.store.slips_repo import SlipRow


def copy_key(slip_id: int, side: int) -> str:
    """The outbox key of the copy that side ``side`` got."""
    return f"slip:{slip_id}:copy:{side}"


async def close_copy(tx: Tx, slip: SlipRow, note_html: str, now: datetime) -> None:
    """Edit the opponent's copy: its text plus ``note_html``, and no buttons."""
    key = copy_key(slip.id, 1 - slip.reporter_side)
    for stored in await outbox_repo.by_dedupe_prefix(tx, key):
        await outbox.enqueue_edit(tx, stored, text_html=stored.text_html + note_html, now=now)
