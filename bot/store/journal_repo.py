"""The journal table: append-only lines of who did what, to what, when and why
(docs/architecture.md, "Nothing lost, nothing doubled")."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store.db import Row, Tx
from bot.store.times import iso


@dataclass(frozen=True)
class JournalEntry:
    who: str
    action: str
    subject: str
    detail: dict[str, Any]
    why: str
    at: str  # stored UTC ISO-8601
    # a reason the bot gave, as its record's JSON (bot/words/said_json.py); ``why`` is its
    # English. None: a reason a person typed, or a line written before records were kept.
    why_json: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"who": self.who, "action": self.action, "subject": self.subject,
                "detail": self.detail, "why": self.why, "at": self.at}


def _entry(r: Row) -> JournalEntry:
    return JournalEntry(r["who"], r["action"], r["subject"], json.loads(r["detail_json"]),
                        r["why"], r["at"], r["why_json"])


async def add(
    tx: Tx, *, who: str, action: str, subject: str, detail: dict[str, Any], why: str,
    now: datetime, why_json: str | None = None,
) -> None:
    """A line of the journal, which the use-case writing it never reads back: on PostgreSQL
    it travels with the transaction's next statement (``Tx.write``), one round trip fewer
    while the lock is held."""
    await tx.write(
        "INSERT INTO journal (who, action, subject, detail_json, why, why_json, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (who, action, subject, json.dumps(detail, sort_keys=True), why, why_json, iso(now)),
    )


async def last_id(tx: Tx) -> int:
    """The id of the newest line (0 for none): it moves on with every change a use-case
    journals, whatever the event (one lookup of the table's key)."""
    return int(await tx.scalar("SELECT max(id) FROM journal") or 0)


async def of_subject(tx: Tx, subject: str) -> list[JournalEntry]:
    rows = await tx.all(
        "SELECT who, action, subject, detail_json, why, why_json, at FROM journal WHERE subject = ?"
        " ORDER BY id",
        (subject,),
    )
    return [_entry(r) for r in rows]


#: The journal lines about an event: the event itself, its rounds, entries and matches, its
#: matches' board-photo windows and, for a ladder, the ladder and its challenges (?1: the
#: event's subject, ?2: its id).
_OF_EVENT = (
    "subject = ?1"
    " OR subject IN (SELECT 'round:' || CAST(id AS TEXT) FROM rounds WHERE event_id = ?2)"
    " OR subject IN (SELECT 'entry:' || CAST(id AS TEXT) FROM entries WHERE event_id = ?2)"
    " OR subject IN (SELECT 'match:' || CAST(id AS TEXT) FROM matches WHERE event_id = ?2)"
    " OR subject IN (SELECT 'photo:' || CAST(w.id AS TEXT) FROM photo_windows w"
    "  JOIN matches m ON m.id = w.match_id WHERE m.event_id = ?2)"
    " OR subject = 'ladder:' || CAST(?2 AS TEXT)"
    " OR subject LIKE 'ladder:' || CAST(?2 AS TEXT) || ':%'"
)


async def of_event(tx: Tx, event_id: int, limit: int) -> list[JournalEntry]:
    """The last ``limit`` lines about an event, oldest first."""
    rows = await tx.all(
        "SELECT who, action, subject, detail_json, why, why_json, at FROM ("
        f" SELECT * FROM journal WHERE {_OF_EVENT}"
        " ORDER BY id DESC LIMIT ?3) AS recent ORDER BY id",
        (f"event:{event_id}", event_id, limit),
    )
    return [_entry(r) for r in rows]


async def count_of_event(tx: Tx, event_id: int) -> int:
    return int(await tx.scalar(
        f"SELECT count(*) FROM journal WHERE {_OF_EVENT}", (f"event:{event_id}", event_id)
    ))


async def of_event_doing(tx: Tx, event_id: int, actions: Collection[str], limit: int
                         ) -> tuple[list[JournalEntry], int]:
    """The last ``limit`` lines about an event whose action is one of ``actions``, oldest
    first, and how many such lines there are in all (the public log: bot/service/events/site.py)."""
    marks = ", ".join("?" for _ in actions)
    where = f"({_OF_EVENT.replace('?1', '?').replace('?2', '?')}) AND action IN ({marks})"
    first = (f"event:{event_id}", event_id, event_id, event_id, event_id, event_id, event_id)
    rows = await tx.all(
        "SELECT who, action, subject, detail_json, why, why_json, at FROM ("
        f" SELECT * FROM journal WHERE {where} ORDER BY id DESC LIMIT ?) AS recent ORDER BY id",
        (*first, *actions, limit),
    )
    total = await tx.scalar(f"SELECT count(*) FROM journal WHERE {where}", (*first, *actions))
    return [_entry(r) for r in rows], int(total)
