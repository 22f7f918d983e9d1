"""Costs of running an event (SSSg para 9), in minor units of its currency."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.db import Tx
from bot.store.times import iso


@dataclass(frozen=True)
class CostRow:
    id: int
    amount: int
    note: str
    recorded_by: str


async def add(tx: Tx, *, event_id: int, amount: int, currency: str, note: str,
              recorded_by: str, now: datetime) -> int:
    return await tx.insert(
        "INSERT INTO costs (event_id, amount, currency, note, recorded_by, recorded_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (event_id, amount, currency, note, recorded_by, iso(now)),
    )


async def of_event(tx: Tx, event_id: int) -> list[CostRow]:
    rows = await tx.all("SELECT * FROM costs WHERE event_id = ? ORDER BY id", (event_id,))
    return [CostRow(r["id"], r["amount"], r["note"], r["recorded_by"]) for r in rows]
