"""The ladders tables: each ladder event's core record (``core.ladder.to_record``) and the
match each accepted challenge is played as."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from bot.store.db import Tx
from bot.store.times import iso


async def add(tx: Tx, event_id: int, round_id: int, record: dict[str, Any], now: datetime) -> None:
    await tx.execute(
        "INSERT INTO ladders (event_id, round_id, record_json, updated_at) VALUES (?, ?, ?, ?)",
        (event_id, round_id, json.dumps(record), iso(now)),
    )


async def get(tx: Tx, event_id: int) -> tuple[int, dict[str, Any]] | None:
    """(round id, record) of an event's ladder, or None when the event has none."""
    row = await tx.one("SELECT round_id, record_json FROM ladders WHERE event_id = ?",
                       (event_id,))
    return None if row is None else (int(row["round_id"]), json.loads(row["record_json"]))


async def save(tx: Tx, event_id: int, record: dict[str, Any], now: datetime) -> None:
    await tx.execute("UPDATE ladders SET record_json = ?, updated_at = ? WHERE event_id = ?",
                     (json.dumps(record), iso(now), event_id))


async def link_match(tx: Tx, event_id: int, challenge: int, match_id: int) -> None:
    await tx.execute(
        "INSERT INTO ladder_matches (event_id, challenge, match_id) VALUES (?, ?, ?)",
        (event_id, challenge, match_id),
    )


async def matches(tx: Tx, event_id: int) -> dict[int, int]:
    """challenge number -> match id, for every challenge that became a match."""
    rows = await tx.all("SELECT challenge, match_id FROM ladder_matches WHERE event_id = ?",
                        (event_id,))
    return {int(r["challenge"]): int(r["match_id"]) for r in rows}


async def ladder_events_of(tx: Tx, person_id: int) -> list[int]:
    """The ladder events a person has an active entry in, oldest first."""
    rows = await tx.all(
        "SELECT l.event_id FROM ladders l JOIN entries e ON e.event_id = l.event_id"
        " WHERE e.person_id = ? AND e.state = 'active' ORDER BY l.event_id", (person_id,))
    return [int(r["event_id"]) for r in rows]

