"""Durable time: every deadline and reminder is a row; the scheduler is only the alarm clock.

``fire_due`` is a compare-and-set: it acts only if the row is still open, is due, and the
kind's handler finds its subject still in the state that opened it (a round still open, a
slip still unconfirmed...). Firing twice, late, or after a restart therefore does no harm
(docs/architecture.md, "Durable time"). A handler returns True when it acted; the row is then
'fired', otherwise 'cancelled' (its subject moved on). A row that cannot fire -- a kind this
code has no handler for (a row written by a newer version, or a kind since removed), or a
handler that fails -- is marked 'failed' with the reason and a journal entry, and shown to
the event's TDs (``readmodels.td_inbox``), instead of being retried by every sweep for ever.

Kinds register a handler with ``@handler("kind")``; the modules that define them are
imported by ``_load_handlers`` so the adapter needs to import nothing but this module.

The alarm clock (bot/telegram/scheduler.py) calls the use-cases ``armable``,
``opened_since``, ``fire`` and ``sweep``, which open their own transactions.

Several workers arm the same rows. A worker (``Holder``) fires a row only if no other
worker holds it: a sweep leases the due rows it is about to fire (``deadlines_repo.
claim_due``), and an alarm that finds its row leased elsewhere tries again when that lease
runs out (``Holder.until``), so a worker killed mid-sweep loses nothing. Exactly once is
still the compare-and-set's.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.service.platform import journal
from bot.service.platform.actors import Actor
from bot.service.platform.clock import iso, utc
from bot.service.platform.unit import Request, reading, unit
from bot.store import arrivals_repo, deadlines_repo, updates_repo
from bot.store.db import Database, Tx
from bot.store.deadlines_repo import Deadline, DeadlineState, FailedDeadline
from bot.store.errors import busy
from bot.words.said import said

__all__ = ["Deadline", "FailedDeadline"]

log = logging.getLogger(__name__)

#: How long processed update ids are kept (Telegram keeps an update at most 24 hours).
CLAIMS_KEPT = timedelta(days=7)

#: How long the updates received are kept (``arrivals_repo``): Telegram re-sends for a day.
ARRIVALS_KEPT = timedelta(days=1)
#: How long a worker's sweep holds the due rows it took (it fires them one after another).
LEASE = timedelta(seconds=20)


@dataclass
class Holder:
    """The worker that fires: its name, the real time now, and how long its sweep's leases
    last. ``fire`` sets ``until`` when another worker holds the row: till when."""

    worker: str
    real_now: datetime
    lease: timedelta = LEASE
    until: datetime | None = None


Handler = Callable[[Tx, Deadline, datetime], Awaitable[bool]]
_HANDLERS: dict[str, Handler] = {}
_HANDLER_MODULES = ("bot.service.events.rounds", "bot.service.results.reporting", "bot.service.results.photos",
                    "bot.service.formats.ladder.ladders", "bot.service.between.arranging", "bot.service.between.no_shows",
                    "bot.service.formats.rounds.round_events")


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


def too_late(now: datetime, moment: datetime | None) -> bool:
    """A reminder is for before ``moment`` (a photo window's close, a round's deadline, a
    round's opening): one that fires at or after it -- the bot was down across both --
    says what is no longer true ("due by ...") and goes unsent; the deadline of the moment
    itself tells whoever must act now (the TDs). SSSg para 25 (photo within 24 hours),
    para 6 (a round's period), para 26 (fees before a round commences)."""
    return moment is not None and utc(now) >= utc(moment)


async def open_deadline(
    tx: Tx,
    kind: str,
    subject: str,
    due_at: datetime,
    payload: dict[str, Any] | None = None,
    *,
    now: datetime,
) -> None:
    """Open a deadline row; the adapter arms it after the transaction commits."""
    await deadlines_repo.open_unread(tx, kind, subject, due_at, payload or {}, now)


async def get_deadline(tx: Tx, deadline_id: int) -> Deadline | None:
    return await deadlines_repo.get(tx, deadline_id)


async def open_deadlines(tx: Tx) -> list[Deadline]:
    """Every open row, soonest first."""
    return await deadlines_repo.open_all(tx)


async def due_deadlines(tx: Tx, now: datetime) -> list[Deadline]:
    """Open rows already due at ``now``: what the periodic sweep fires."""
    return await deadlines_repo.due(tx, now)


async def armable(db: Database, until: datetime) -> tuple[list[tuple[int, datetime]], int]:
    """Use-case (the alarm clock at start-up and in every sweep): (id, due_at) of the open
    rows due by ``until`` (overdue ones included), and the highest deadline id so far, where
    ``opened_since`` goes on from. Rows due later are left for a later sweep, so the cost
    is the rows near, not every open row of a months-long event."""
    async with reading(db) as tx:
        return await deadlines_repo.open_due_by(tx, until), await deadlines_repo.last_id(tx)


async def opened_since(db: Database, after_id: int) -> list[tuple[int, datetime]]:
    """Use-case (the alarm clock after every update): (id, due_at) of the open rows with an
    id above ``after_id``, i.e. those opened since it last looked (ids only grow)."""
    async with reading(db) as tx:
        return await deadlines_repo.open_after(tx, after_id)


async def fire(db: Database, deadline_id: int, now: datetime,
               holder: Holder | None = None) -> bool:
    """Use-case: fire one row in its own transaction (``fire_due``); True if it acted.
    With a ``holder``, a row another worker holds is left to it (``holder.until`` says
    till when).

    A handler that raises is marked failed (journalled and shown to TDs) rather than retried
    by every sweep for ever; only a busy or locked database is left for the next sweep."""
    try:
        async with unit(db, Request.system(now)) as tx:
            if holder is not None:
                holder.until = await deadlines_repo.leased_elsewhere(
                    tx, deadline_id, holder.worker, holder.real_now)
                if holder.until is not None:
                    return False
            return await fire_due(tx, deadline_id, now)
    except Exception as exc:
        if busy(exc):
            log.exception("deadline %s: database busy; the sweep will retry", deadline_id)
            return False
        log.exception("deadline %s failed to fire; marking it failed", deadline_id)
        async with unit(db, Request.system(now)) as tx:
            await mark_failed(tx, deadline_id, f"{type(exc).__name__}: {exc}", now)
        return False


async def sweep(db: Database, now: datetime, holder: Holder | None = None) -> int:
    """Use-case (the periodic sweep): fire every open row due by ``now``, one transaction
    per row so that one failing handler cannot undo the others; returns how many acted.
    With a ``holder``, only the due rows no other worker holds, leased to it first.

    Housekeeping rides along: Telegram re-sends an update for at most 24 hours, so claims
    older than ``CLAIMS_KEPT`` can never be needed again (a months-long event would
    otherwise keep every update id for ever)."""
    if holder is not None:  # outside the use-cases' lock: the rows are locked one by one
        async with db.bookkeeping() as tx:
            due = await deadlines_repo.claim_due(tx, now, holder.worker, holder.real_now,
                                                 holder.real_now + holder.lease)
    async with unit(db, Request.system(now)) as tx:
        if holder is None:
            due = [d.id for d in await deadlines_repo.due(tx, now)]
        await updates_repo.prune(tx, now - CLAIMS_KEPT)
        if holder is not None:  # the fleet's record of updates received (real time): an
            # update is re-sent for a day at most, and only the ids near a new one are read
            await arrivals_repo.prune(tx, (holder.real_now - ARRIVALS_KEPT).timestamp())
    fired = 0
    for deadline_id in due:
        if await fire(db, deadline_id, now, holder):
            fired += 1
    return fired


async def fire_due(tx: Tx, deadline_id: int, now: datetime) -> bool:
    """Fire one deadline if it is still open and due; True if its handler acted."""
    now = utc(now)
    d = await deadlines_repo.get(tx, deadline_id)
    if d is None or d.state != DeadlineState.OPEN or d.due_at > now:
        return False
    _load_handlers()
    fn = _HANDLERS.get(d.kind)
    if fn is None:
        await mark_failed(tx, d.id, f"this version of TDBot has no deadline kind {d.kind!r}",
                          now)
        return False
    acted = await fn(tx, d, now)
    state = DeadlineState.FIRED if acted else DeadlineState.CANCELLED
    changed = await deadlines_repo.close(tx, d.id, state, now)
    await journal.record(
        tx, who=Actor.system(), action=f"deadline.{state}", subject=d.subject, now=now,
        detail={"deadline_id": d.id, "kind": d.kind, "due_at": iso(d.due_at)},
        why="" if acted else said("its subject moved on"),
    )
    return acted and changed


async def fired_with(tx: Tx, deadline_id: int, by: Deadline, now: datetime) -> bool:
    """Close an open row as 'fired' because the handler of ``by`` did its work in the same
    transaction (several photo windows closing together are asked about in one message);
    journalled like any firing. False if it was not open."""
    d = await deadlines_repo.get(tx, deadline_id)
    if d is None or d.state != DeadlineState.OPEN:
        return False
    changed = await deadlines_repo.close(tx, d.id, DeadlineState.FIRED, now)
    await journal.record(
        tx, who=Actor.system(), action="deadline.fired", subject=d.subject, now=now,
        detail={"deadline_id": d.id, "kind": d.kind, "due_at": iso(d.due_at), "with": by.id},
    )
    return changed


async def mark_failed(tx: Tx, deadline_id: int, error: str, now: datetime) -> bool:
    """Close an open row as 'failed' with the reason (journalled); False if it was not open."""
    d = await deadlines_repo.get(tx, deadline_id)
    if d is None or d.state != DeadlineState.OPEN:
        return False
    await deadlines_repo.fail(tx, d.id, error[:500], now)
    await journal.record(
        tx, who=Actor.system(), action="deadline.failed", subject=d.subject, now=now,
        detail={"deadline_id": d.id, "kind": d.kind, "due_at": iso(d.due_at)}, why=error[:500],
    )
    return True


async def failed_deadlines(tx: Tx, event_id: int) -> list[FailedDeadline]:
    """Failed rows that concern an event (``deadlines_repo.failed_for_event``): better shown
    to every event's TDs than to none when the subject names no event."""
    return await deadlines_repo.failed_for_event(tx, event_id)


async def cancel_deadlines(
    tx: Tx, subject: str, now: datetime, kinds: tuple[str, ...] | None = None
) -> int:
    """Cancel the open deadlines of a subject (e.g. a round closed early); returns how many."""
    return await deadlines_repo.cancel(tx, subject, now, kinds)


async def release_leases(db: Database) -> int:
    """Forget every lease (``deadlines_repo.release_leases``: SQLite's start-up)."""
    async with db.transaction() as tx:
        return await deadlines_repo.release_leases(tx)
