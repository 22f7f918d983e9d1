"""Durable time: every deadline and reminder is a row; the scheduler is only the alarm clock.

``fire_due`` is a compare-and-set: it acts only if the row is still open, is due, and the
kind's handler finds its subject still in the state that opened it (a round still open, a
slip still unconfirmed...). Firing twice, late, or after a restart therefore does no harm
(design.md, "Durable time"). A handler returns True when it acted; the row is then
'fired', otherwise 'cancelled' (its subject moved on).

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
_HANDLER_MODULES = ("bot.service.rounds",)


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
        raise LookupError(f"no handler for deadline kind {d.kind!r} (deadline {d.id})")
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
