"""Who is unavailable for which round of a round-based event, and the pairs a TD forbids
(migrations/0026_availability.sql)."""

from __future__ import annotations

from datetime import datetime

from bot.store.db import Tx
from bot.store.times import iso


async def add_absence(tx: Tx, event_id: int, round_seq: int, entry_id: int, by: str,
                      now: datetime) -> bool:
    """True if this marked the entry unavailable (it was not)."""
    return await tx.execute(
        "INSERT INTO round_absences (event_id, round_seq, entry_id, said_by, said_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (event_id, round_seq, entry_id) DO NOTHING",
        (event_id, round_seq, entry_id, by, iso(now))) == 1


async def remove_absence(tx: Tx, event_id: int, round_seq: int, entry_id: int) -> bool:
    return await tx.execute(
        "DELETE FROM round_absences WHERE event_id = ? AND round_seq = ? AND entry_id = ?",
        (event_id, round_seq, entry_id)) == 1


async def absent(tx: Tx, event_id: int, round_seq: int) -> set[int]:
    """The entries unavailable for the round."""
    rows = await tx.all("SELECT entry_id FROM round_absences WHERE event_id = ? AND round_seq = ?",
                        (event_id, round_seq))
    return {int(r["entry_id"]) for r in rows}


async def absences_of(tx: Tx, event_id: int, entry_id: int) -> list[int]:
    """The rounds the entry said it is unavailable for, in order."""
    rows = await tx.all("SELECT round_seq FROM round_absences WHERE event_id = ? AND entry_id = ?"
                        " ORDER BY round_seq", (event_id, entry_id))
    return [int(r["round_seq"]) for r in rows]


async def forbid(tx: Tx, event_id: int, a: int, b: int, why: str, now: datetime) -> bool:
    lo, hi = sorted((a, b))
    return await tx.execute(
        "INSERT INTO forbidden_pairs (event_id, entry_a, entry_b, why, created_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (event_id, entry_a, entry_b) DO NOTHING",
        (event_id, lo, hi, why, iso(now))) == 1


async def forbidden(tx: Tx, event_id: int) -> list[tuple[int, int, str]]:
    rows = await tx.all("SELECT entry_a, entry_b, why FROM forbidden_pairs WHERE event_id = ?"
                        " ORDER BY entry_a, entry_b", (event_id,))
    return [(int(r["entry_a"]), int(r["entry_b"]), str(r["why"])) for r in rows]
