"""Fees paid per round (SSSg para 26), in minor units of the event's currency."""

from __future__ import annotations

from datetime import datetime

from bot.store.db import Tx
from bot.store.times import iso


async def exists(tx: Tx, entry_id: int, round_id: int) -> bool:
    row = await tx.one(
        "SELECT id FROM payments WHERE entry_id = ? AND round_id = ?", (entry_id, round_id)
    )
    return row is not None


async def add(
    tx: Tx, *, event_id: int, entry_id: int, round_id: int, amount: int, currency: str,
    recorded_by: str, note: str, paid_at: datetime,
) -> int:
    return await tx.insert(
        "INSERT INTO payments (event_id, entry_id, round_id, amount, currency, recorded_by, note,"
        " paid_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (event_id, entry_id, round_id, amount, currency, recorded_by, note, iso(paid_at)),
    )


async def unpaid_entries(tx: Tx, round_id: int) -> list[int]:
    """Entry ids playing a match of the round (not a bye) with no payment for it."""
    rows = await tx.all(
        "SELECT DISTINCT e.id FROM matches m JOIN entries e ON e.id IN (m.entry_a, m.entry_b)"
        " WHERE m.round_id = ? AND m.state != 'bye' AND NOT EXISTS"
        " (SELECT 1 FROM payments p WHERE p.entry_id = e.id AND p.round_id = m.round_id)"
        " ORDER BY e.id",
        (round_id,),
    )
    return [r["id"] for r in rows]
