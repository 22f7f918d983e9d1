"""The append-only journal: every change records who did it, what, to what, when and why,
so a TD can answer "who changed this score?" months later (design.md, "Nothing lost")."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from bot.service.actors import Actor
from bot.service.clock import iso
from bot.store.db import Tx


async def record(
    tx: Tx,
    *,
    who: Actor,
    action: str,
    subject: str,
    now: datetime,
    detail: dict[str, Any] | None = None,
    why: str = "",
) -> int:
    return await tx.insert(
        "INSERT INTO journal (who, action, subject, detail_json, why, at) VALUES (?, ?, ?, ?, ?, ?)",
        (who.label, action, subject, json.dumps(detail or {}, sort_keys=True), why, iso(now)),
    )


async def entries_for(tx: Tx, subject: str) -> list[dict[str, Any]]:
    rows = await tx.all(
        "SELECT who, action, subject, detail_json, why, at FROM journal WHERE subject = ?"
        " ORDER BY id",
        (subject,),
    )
    return [
        {
            "who": r["who"],
            "action": r["action"],
            "subject": r["subject"],
            "detail": json.loads(r["detail_json"]),
            "why": r["why"],
            "at": r["at"],
        }
        for r in rows
    ]


async def entries_for_event(tx: Tx, event_id: int, limit: int = 200) -> list[dict[str, Any]]:
    """The journal of an event, its rounds and its entries, newest last: what a TD reads to
    answer "who changed this, and why?"."""
    rows = await tx.all(
        "SELECT who, action, subject, detail_json, why, at FROM ("
        " SELECT * FROM journal WHERE subject = ?"
        " OR subject IN (SELECT 'round:' || CAST(id AS TEXT) FROM rounds WHERE event_id = ?)"
        " OR subject IN (SELECT 'entry:' || CAST(id AS TEXT) FROM entries WHERE event_id = ?)"
        " ORDER BY id DESC LIMIT ?) AS recent ORDER BY id",
        (f"event:{event_id}", event_id, event_id, limit),
    )
    return [
        {"who": r["who"], "action": r["action"], "subject": r["subject"],
         "detail": json.loads(r["detail_json"]), "why": r["why"], "at": r["at"]}
        for r in rows
    ]
