"""The draw of an event as stored on its events row: the seed, the core's record of the
draw (``draw_json``, core/knockout/sssg.py ``to_record``) and the state changes the draw and the
first round make (registration -> drawn -> running). Narrow on purpose: the rest of an
event row belongs to the events repository."""

from __future__ import annotations

import json
from typing import Any

from bot.store.db import Tx


async def draw_record(tx: Tx, event_id: int) -> dict[str, Any] | None:
    """The stored record of the draw, or None before the draw."""
    text = await draw_text(tx, event_id)
    return None if not text else dict(json.loads(text))


async def draw_text(tx: Tx, event_id: int) -> str | None:
    """The stored record of the draw as its JSON text (None before the draw): for a reader
    that keeps what it makes of the record by its text."""
    text = await tx.scalar("SELECT draw_json FROM events WHERE id = ?", (event_id,))
    return str(text) if text else None


async def record_draw(tx: Tx, event_id: int, seed: int, record: dict[str, Any]) -> None:
    """The event is drawn: its seed and record are kept from now on."""
    await tx.execute(
        "UPDATE events SET state = 'drawn', draw_seed = ?, draw_json = ? WHERE id = ?",
        (seed, json.dumps(record), event_id),
    )


async def record_rounds(tx: Tx, event_id: int, seed: int) -> None:
    """A round-based event is drawn: its rounds are made and each is paired from the
    results when it opens, so there is no bracket record (``draw_json`` stays empty)."""
    await tx.execute("UPDATE events SET state = 'drawn', draw_seed = ? WHERE id = ?",
                     (seed, event_id))


async def mark_running(tx: Tx, event_id: int) -> None:
    """A drawn event is running once its first round opens (later rounds change nothing)."""
    await tx.execute(
        "UPDATE events SET state = 'running' WHERE id = ? AND state = 'drawn'", (event_id,)
    )


async def update_record(tx: Tx, event_id: int, record: dict[str, Any]) -> None:
    """Replace the stored record of a drawn event (e.g. with a seating pinned since)."""
    await tx.execute("UPDATE events SET draw_json = ? WHERE id = ? AND draw_json IS NOT NULL",
                     (json.dumps(record), event_id))
