"""Deadline rows: the truth about durable time (docs/architecture.md, "Durable time"). A row is open
until it is fired, cancelled (its subject moved on) or marked failed (it could not fire);
rows are never deleted, so ids only grow.

Several workers: a worker's sweep takes the due rows it is about to fire with a lease
(``claim_due``: its name and until when, real time), so the workers' sweeps share the due
rows out instead of each trying every one; a worker that dies mid-batch leaves the rest
leased, and another takes them once the lease has run out. Firing stays compare-and-set
(an open row acts once, whoever fires it); the lease only says who tries."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from bot.store.db import Row, Tx
from bot.store.times import iso, parse


class DeadlineState(StrEnum):
    """A deadline's state: open until it fires, is cancelled, or its handler fails."""

    OPEN = "open"
    FIRED = "fired"
    CANCELLED = "cancelled"
    FAILED = "failed"


@dataclass(frozen=True)
class Deadline:
    id: int
    kind: str
    subject: str
    due_at: datetime
    state: DeadlineState
    payload: dict[str, Any]


@dataclass(frozen=True)
class FailedDeadline:
    id: int
    kind: str
    subject: str
    due_at: datetime
    error: str


def _deadline(row: Row) -> Deadline:
    return Deadline(
        row["id"], row["kind"], row["subject"], parse(row["due_at"]), DeadlineState(row["state"]),
        json.loads(row["payload_json"]),
    )


_ADD = ("INSERT INTO deadlines (kind, subject, due_at, state, payload_json, opened_at)"
        " VALUES (?, ?, ?, 'open', ?, ?)")


def _added(kind: str, subject: str, due_at: datetime, payload: dict[str, Any],
           now: datetime) -> tuple[str, ...]:
    return kind, subject, iso(due_at), json.dumps(payload, sort_keys=True), iso(now)


async def add(
    tx: Tx, kind: str, subject: str, due_at: datetime, payload: dict[str, Any], now: datetime
) -> int:
    """A new open deadline; its id."""
    return await tx.insert(_ADD, _added(kind, subject, due_at, payload, now))


async def open_unread(
    tx: Tx, kind: str, subject: str, due_at: datetime, payload: dict[str, Any], now: datetime
) -> None:
    """``add`` for a use-case that never reads the new row's id (the adapter arms the
    deadline after the commit, found by ``opened_since``): on PostgreSQL it travels with
    the transaction's next statement (``Tx.write``), one round trip fewer under the lock."""
    await tx.write(_ADD, _added(kind, subject, due_at, payload, now))


async def get(tx: Tx, deadline_id: int) -> Deadline | None:
    row = await tx.one("SELECT * FROM deadlines WHERE id = ?", (deadline_id,))
    return None if row is None else _deadline(row)


async def open_all(tx: Tx) -> list[Deadline]:
    """Every open row, soonest first."""
    rows = await tx.all("SELECT * FROM deadlines WHERE state = 'open' ORDER BY due_at, id")
    return [_deadline(r) for r in rows]


async def open_due_by(tx: Tx, until: datetime) -> list[tuple[int, datetime]]:
    """(id, due_at) of the open rows due by ``until``, soonest first: a range read on the
    ``deadlines_open (state, due_at)`` index (which holds the id too), so its cost is the
    rows returned, not the rows open."""
    # PostgreSQL has no INDEXED BY: its planner takes the index by itself
    rows = await tx.all(
        "SELECT id, due_at FROM deadlines"
        + ("" if tx.postgres else " INDEXED BY deadlines_open")
        + " WHERE state = 'open' AND due_at <= ? ORDER BY due_at, id",
        (iso(until),),
    )
    return [(r["id"], parse(r["due_at"])) for r in rows]


async def last_id(tx: Tx) -> int:
    """The highest deadline id so far (0 for none)."""
    return int(await tx.scalar("SELECT MAX(id) FROM deadlines") or 0)


async def open_after(tx: Tx, after_id: int) -> list[tuple[int, datetime]]:
    """(id, due_at) of the open rows with an id above ``after_id``: a range scan on the
    primary key, cheap enough to run after every update."""
    rows = await tx.all(
        "SELECT id, due_at FROM deadlines WHERE id > ? AND state = 'open' ORDER BY id",
        (after_id,),
    )
    return [(r["id"], parse(r["due_at"])) for r in rows]


async def due(tx: Tx, now: datetime) -> list[Deadline]:
    """Open rows already due at ``now``, soonest first."""
    rows = await tx.all(
        "SELECT * FROM deadlines WHERE state = 'open' AND due_at <= ? ORDER BY due_at, id",
        (iso(now),),
    )
    return [_deadline(r) for r in rows]


async def close(tx: Tx, deadline_id: int, state: DeadlineState, now: datetime) -> bool:
    """Close an open row as 'fired' or 'cancelled'; False if it was not open any more."""
    changed = await tx.execute(
        "UPDATE deadlines SET state = ?, closed_at = ? WHERE id = ? AND state = 'open'",
        (state, iso(now), deadline_id),
    )
    return changed == 1


async def fail(tx: Tx, deadline_id: int, error: str, now: datetime) -> bool:
    """Close an open row as 'failed' with the reason; False if it was not open any more."""
    changed = await tx.execute(
        "UPDATE deadlines SET state = 'failed', closed_at = ?, last_error = ?"
        " WHERE id = ? AND state = 'open'",
        (iso(now), error, deadline_id),
    )
    return changed == 1


async def cancel(
    tx: Tx, subject: str, now: datetime, kinds: tuple[str, ...] | None = None
) -> int:
    """Cancel the open rows of a subject (of some kinds only, if given); returns how many."""
    sql = "UPDATE deadlines SET state = 'cancelled', closed_at = ? WHERE subject = ? AND state = 'open'"
    params: list[Any] = [iso(now), subject]
    if kinds:
        sql += " AND kind IN (" + ", ".join("?" for _ in kinds) + ")"
        params.extend(kinds)
    return await tx.execute(sql, params)


async def count_due_after(tx: Tx, d: Deadline, now: datetime) -> int:
    """Rows of the same subject and kind as ``d``, open or fired, due after it and by
    ``now``: later ones that overtake it when it fires late."""
    return int(await tx.scalar(
        "SELECT count(*) FROM deadlines WHERE subject = ? AND kind = ?"
        " AND state IN ('open', 'fired') AND id <> ? AND due_at > ? AND due_at <= ?",
        (d.subject, d.kind, d.id, iso(d.due_at), iso(now)),
    ))


async def failed_for_event(tx: Tx, event_id: int) -> list[FailedDeadline]:
    """Failed rows that concern an event: subjects ``round:N``, ``match:N`` and ``event:N``
    of that event, and any subject naming no event."""
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


async def open_of_subject(tx: Tx, subject: str) -> list[Deadline]:
    """The open rows of ``subject`` and of the subjects below it (``subject:...``)."""
    rows = await tx.all(
        "SELECT * FROM deadlines WHERE state = 'open' AND (subject = ? OR subject LIKE ?)"
        " ORDER BY due_at, id", (subject, subject.replace("%", "") + ":%"))
    return [_deadline(r) for r in rows]


async def claim_due(tx: Tx, now: datetime, worker: str, real_now: datetime,
                    until: datetime) -> list[int]:
    """Lease to ``worker`` until ``until`` the open rows due by ``now`` that no other worker
    holds (its lease ran out, or there is none); their ids, soonest first.

    It runs outside the use-cases' lock (``Database.bookkeeping``): on PostgreSQL the rows
    are taken ``FOR UPDATE SKIP LOCKED``, so two workers' sweeps at once take different
    rows and neither waits, and a row a use-case is changing right now (cancelling it) is
    left for the next sweep; the lease's condition is checked again on the locked row."""
    free = "(leased_until IS NULL OR leased_until <= ? OR leased_by = ?)"
    if tx.postgres:
        await tx.execute(
            "UPDATE deadlines SET leased_by = ?, leased_until = ? WHERE id IN (SELECT id"
            f" FROM deadlines WHERE state = 'open' AND due_at <= ? AND {free}"
            " FOR UPDATE SKIP LOCKED)",
            (worker, iso(until), iso(now), iso(real_now), worker))
    else:
        await tx.execute(
            "UPDATE deadlines SET leased_by = ?, leased_until = ? WHERE state = 'open'"
            f" AND due_at <= ? AND {free}",
            (worker, iso(until), iso(now), iso(real_now), worker))
    rows = await tx.all(
        "SELECT id FROM deadlines WHERE state = 'open' AND due_at <= ? AND leased_by = ?"
        " AND leased_until = ? ORDER BY due_at, id", (iso(now), worker, iso(until)))
    return [int(r[0]) for r in rows]


async def leased_elsewhere(tx: Tx, deadline_id: int, worker: str,
                           real_now: datetime) -> datetime | None:
    """Until when another worker holds the row (None: nobody else does, or its lease ran out)."""
    row = await tx.one("SELECT leased_by, leased_until FROM deadlines WHERE id = ?",
                       (deadline_id,))
    if row is None or row[1] is None or row[0] == worker or row[1] <= iso(real_now):
        return None
    return parse(row[1])


async def release_leases(tx: Tx) -> int:
    """Forget every lease (SQLite's start-up: one process, so a lease is a dead run's)."""
    return await tx.execute("UPDATE deadlines SET leased_by = NULL, leased_until = NULL"
                            " WHERE leased_by IS NOT NULL")
