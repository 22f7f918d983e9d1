"""Telegram update ids already applied (docs/architecture.md, "Nothing lost, nothing doubled")."""

from __future__ import annotations

from datetime import datetime

from bot.store.db import Tx


async def claim(tx: Tx, update_id: int, now: datetime) -> bool:
    """Record an update id in the transaction of its effect; False if it was applied."""
    return await tx.claim_update(update_id, now)


async def prune(tx: Tx, before: datetime) -> int:
    """Forget update ids older than Telegram can re-send (see ``Tx.prune_updates``)."""
    return await tx.prune_updates(before)
