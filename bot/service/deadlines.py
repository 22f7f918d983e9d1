"""Durable time: every deadline and reminder is a row; the scheduler is only the alarm clock.

``fire_due`` is a compare-and-set: it acts only if the row is still open, is due, and the
kind's handler finds its subject still in the state that opened it (a round still open, a
slip still unconfirmed...). Firing twice, late, or after a restart therefore does no harm
(design.md, "Durable time"). A handler returns True when it acted; the row is then
'fired', otherwise 'cancelled' (its subject moved on). A row that cannot fire -- a kind this
code has no handler for (a row written by a newer version, or a kind since removed), or a
handler that fails -- is marked 'failed' with the reason and a journal entry, and shown to
the event's TDs (``readmodels.td_inbox``), instead of being retried by every sweep for ever.

Kinds register a handler with ``@handler("kind")``; the modules that define them are
imported by ``_load_handlers`` so the adapter needs to import nothing but this module.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.service import journal
from bot.service.actors import Actor
from bot.service.clock import iso, parse, utc
from bot.store.db import Row, Tx


@dataclass(frozen=True)
class Deadline:
    id: int
    kind: str
    subject: str
    due_at: datetime
    state: str
    payload: dict[str, Any]


Handler = Callable[[Tx, Deadline, datetime], Awaitable[bool]]
_HANDLERS: dict[str, Handler] = {}
_HANDLER_MODULES = ("bot.service.rounds", "bot.service.reporting")


def handler(kind: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        if kind in _HANDLERS and _HANDLERS[kind] is not fn:
            raise ValueError(f"two handlers for deadline kind {kind!r}")
        _HANDLERS[kind] = fn
        return fn

    return register


def _load_handlers() -> None:
    for name in _HANDLER_MODULES:
        importlib.import_module(name)


def _deadline(row: Row) -> Deadline:
    return Deadline(
        row["id"], row["kind"], row["subject"], parse(row["due_at"]), row["state"],
        json.loads(row["payload_json"]),
    )


async def open_deadline(
    tx: Tx,
    kind: str,
    subject: str,
    due_at: datetime,
    payload: dict[str, Any] | None = None,
    *,
    now: datetime,
) -> int:
    """Open a deadline row; the adapter arms it after the transaction commits."""
    return await tx.insert(
        "INSERT INTO deadlines (kind, subject, due_at, state, payload_json, opened_at)"
        " VALUES (?, ?, ?, 'open', ?, ?)",
        (kind, subject, iso(due_at), json.dumps(payload or {}, sort_keys=True), iso(now)),
    )


async def get_deadline(tx: Tx, deadline_id: int) -> Deadline | None:
    row = await tx.one("SELECT * FROM deadlines WHERE id = ?", (deadline_id,))
    return None if row is None else _deadline(row)


async def open_deadlines(tx: Tx) -> list[Deadline]:
    """Every open row, soonest first: what the adapter arms again at start-up."""
    rows = await tx.all("SELECT * FROM deadlines WHERE state = 'open' ORDER BY due_at, id")
    return [_deadline(r) for r in rows]


async def last_id(tx: Tx) -> int:
    """The highest deadline id so far (0 for none): where ``open_after`` goes on from."""
    return int(await tx.scalar("SELECT MAX(id) FROM deadlines") or 0)


async def open_after(tx: Tx, after_id: int) -> list[tuple[int, datetime]]:
    """(id, due_at) of the open rows with an id above ``after_id``: what was opened since the
    scheduler last looked (ids only grow: deadline rows are never deleted). A range scan
    on the primary key, cheap enough to run after every update."""
    rows = await tx.all(
        "SELECT id, due_at FROM deadlines WHERE id > ? AND state = 'open' ORDER BY id",
        (after_id,),
    )
    return [(r["id"], parse(r["due_at"])) for r in rows]


async def due_deadlines(tx: Tx, now: datetime) -> list[Deadline]:
    """Open rows already due at ``now``: what the periodic sweep fires."""
    rows = await tx.all(
        "SELECT * FROM deadlines WHERE state = 'open' AND due_at <= ? ORDER BY due_at, id",
        (iso(now),),
    )
    return [_deadline(r) for r in rows]


async def fire_due(tx: Tx, deadline_id: int, now: datetime) -> bool:
    """Fire one deadline if it is still open and due; True if its handler acted."""
    now = utc(now)
    d = await get_deadline(tx, deadline_id)
    if d is None or d.state != "open" or d.due_at > now:
        return False
    _load_handlers()
    fn = _HANDLERS.get(d.kind)
    if fn is None:
        await mark_failed(tx, d.id, f"this version of TDBot has no deadline kind {d.kind!r}",
                          now)
        return False
    acted = await fn(tx, d, now)
    state = "fired" if acted else "cancelled"
    changed = await tx.execute(
        "UPDATE deadlines SET state = ?, closed_at = ? WHERE id = ? AND state = 'open'",
        (state, iso(now), d.id),
    )
    await journal.record(
        tx, who=Actor.system(), action=f"deadline.{state}", subject=d.subject, now=now,
        detail={"deadline_id": d.id, "kind": d.kind, "due_at": iso(d.due_at)},
        why="" if acted else "its subject moved on",
    )
    return acted and changed == 1


async def mark_failed(tx: Tx, deadline_id: int, error: str, now: datetime) -> bool:
    """Close an open row as 'failed' with the reason (journalled); False if it was not open."""
    d = await get_deadline(tx, deadline_id)
    if d is None or d.state != "open":
        return False
    await tx.execute(
        "UPDATE deadlines SET state = 'failed', closed_at = ?, last_error = ?"
        " WHERE id = ? AND state = 'open'",
        (iso(now), error[:500], d.id),
    )
    await journal.record(
        tx, who=Actor.system(), action="deadline.failed", subject=d.subject, now=now,
        detail={"deadline_id": d.id, "kind": d.kind, "due_at": iso(d.due_at)}, why=error[:500],
    )
    return True


@dataclass(frozen=True)
class FailedDeadline:
    id: int
    kind: str
    subject: str
    due_at: datetime
    error: str


async def failed_deadlines(tx: Tx, event_id: int) -> list[FailedDeadline]:
    """Failed rows that concern an event: subjects ``round:N``, ``match:N`` and ``event:N``
    of that event, and any subject naming no event (better shown to every event's TDs than
    to none)."""
    rows = await tx.all(
        "SELECT d.* FROM deadlines d"
        " LEFT JOIN rounds r ON d.subject = 'round:' || r.id"
        " LEFT JOIN matches m ON d.subject = 'match:' || m.id"
        " WHERE d.state = 'failed' AND (d.subject = ? OR r.event_id = ? OR m.event_id = ?"
        "  OR (r.id IS NULL AND m.id IS NULL AND d.subject NOT LIKE 'event:%'))"
        " ORDER BY d.id",
        (f"event:{event_id}", event_id, event_id),
    )
    return [FailedDeadline(r["id"], r["kind"], r["subject"], parse(r["due_at"]),
                           r["last_error"] or "") for r in rows]


async def cancel_deadlines(
    tx: Tx, subject: str, now: datetime, kinds: tuple[str, ...] | None = None
) -> int:
    """Cancel the open deadlines of a subject (e.g. a round closed early); returns how many."""
    sql = "UPDATE deadlines SET state = 'cancelled', closed_at = ? WHERE subject = ? AND state = 'open'"
    params: list[Any] = [iso(now), subject]
    if kinds:
        sql += " AND kind IN (" + ", ".join("?" for _ in kinds) + ")"
        params.extend(kinds)
    return await tx.execute(sql, params)
