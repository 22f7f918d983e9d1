"""What the outbox sender needs: the rows due now, and recording how each delivery went.

A row addressed to a person waits until that person has linked a Telegram account; a
private chat's id is the user's id, so that is where it goes. A failed delivery stays
pending with a later ``due_at`` (the sender picks the back-off); a refusal for good (the
user blocked the bot) is marked ``blocked`` so a TD can be shown it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.service.clock import iso
from bot.service.outbox import parse_buttons
from bot.store.db import Tx


@dataclass(frozen=True)
class OutboxRow:
    id: int
    chat_id: int
    person_id: int | None
    text_html: str
    buttons: list[list[dict[str, Any]]]
    attempts: int


_SELECT = (
    "SELECT o.id, COALESCE(o.chat_id, p.tg_user_id) AS target, o.person_id, o.text_html,"
    " o.buttons_json, o.attempts FROM outbox o LEFT JOIN people p ON p.id = o.person_id"
)


async def due(tx: Tx, limit: int, now: datetime) -> list[OutboxRow]:
    """Pending rows whose time has come and whose recipient can be reached, oldest first."""
    rows = await tx.all(
        _SELECT + " WHERE o.state = 'pending' AND o.due_at <= ?"
        " AND COALESCE(o.chat_id, p.tg_user_id) IS NOT NULL ORDER BY o.due_at, o.id LIMIT ?",
        (iso(now), limit),
    )
    return [
        OutboxRow(r["id"], r["target"], r["person_id"], r["text_html"],
                  parse_buttons(r["buttons_json"]), r["attempts"])
        for r in rows
    ]


async def next_due_at(tx: Tx) -> datetime | None:
    """When the earliest deliverable pending row falls due (for the sender's sleep)."""
    value = await tx.scalar(
        "SELECT MIN(o.due_at) FROM outbox o LEFT JOIN people p ON p.id = o.person_id"
        " WHERE o.state = 'pending' AND COALESCE(o.chat_id, p.tg_user_id) IS NOT NULL"
    )
    return None if value is None else datetime.fromisoformat(value)


async def mark_sent(tx: Tx, id: int, message_id: int | None, now: datetime) -> bool:
    changed = await tx.execute(
        "UPDATE outbox SET state = 'sent', message_id = ?, sent_at = ?, attempts = attempts + 1"
        " WHERE id = ? AND state = 'pending'",
        (message_id, iso(now), id),
    )
    return changed == 1


async def mark_failed(tx: Tx, id: int, error: str, retry_at: datetime) -> bool:
    changed = await tx.execute(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?, due_at = ?"
        " WHERE id = ? AND state = 'pending'",
        (error[:500], iso(retry_at), id),
    )
    return changed == 1


async def mark_blocked(tx: Tx, id: int, now: datetime, error: str = "blocked by the user") -> bool:
    changed = await tx.execute(
        "UPDATE outbox SET state = 'blocked', attempts = attempts + 1, last_error = ?, sent_at = ?"
        " WHERE id = ? AND state = 'pending'",
        (error[:500], iso(now), id),
    )
    return changed == 1


async def blocked(tx: Tx) -> list[dict[str, Any]]:
    """Messages Telegram refused for good, for a TD to follow up by other means."""
    rows = await tx.all(
        "SELECT o.id, o.person_id, p.name, o.text_html, o.last_error, o.sent_at FROM outbox o"
        " LEFT JOIN people p ON p.id = o.person_id WHERE o.state = 'blocked' ORDER BY o.id"
    )
    return [dict(r) for r in rows]
