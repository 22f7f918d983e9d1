"""Arms deadline rows on PTB's JobQueue and sweeps for any an alarm missed.

design.md, "Durable time": every deadline and reminder is a row; the row is the truth and
APScheduler (through PTB's JobQueue) is only the alarm clock. So:

- ``reconcile()`` (at start-up and in every sweep) arms every open row not armed yet and
  disarms rows that were fired or cancelled; ``sync()`` (after every committed update) arms
  only the rows opened since it last looked. Overdue rows fire at once; ``misfire_grace_time=None`` keeps
  APScheduler from silently dropping an alarm that is late because the loop was busy.
- ``sweep()`` runs periodically and fires every open row whose ``due_at`` has passed by the
  injected clock, so a lost alarm (or a simulated clock moved by a test or the demo) still
  fires.
- Firing goes through ``bot.service.deadlines.fire_due`` (compare-and-set, issue 3): it acts
  only if the row is still open and its subject still in the state that opened it, so firing
  twice (alarm and sweep, or after a restart) does no harm.

Alarms are armed as a delay from the injected clock (``due_at - clock()``), so with the real
clock they ring at ``due_at`` and with a simulated clock they never ring early.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from telegram.ext import ContextTypes, Job, JobQueue

from bot.service import deadlines
from bot.store.db import Database

log = logging.getLogger(__name__)

#: How often the sweep runs with the real clock.
SWEEP_INTERVAL = timedelta(seconds=60)
#: How long processed update ids are kept (Telegram keeps an update at most 24 hours).
UPDATE_MEMORY = timedelta(days=7)


class DeadlineScheduler:
    """The alarm clock over the ``deadlines`` table for one Application."""

    def __init__(
        self,
        job_queue: JobQueue[Any],
        db: Database,
        clock: Callable[[], datetime],
        on_fired: Callable[[], None],
    ) -> None:
        self._jobs = job_queue
        self._db = db
        self._clock = clock
        self._on_fired = on_fired
        self._armed: dict[int, Job[Any]] = {}
        self._seen = 0  # the highest deadline id looked at; 0: nothing yet (start-up)
        self._lock = asyncio.Lock()

    @property
    def armed(self) -> frozenset[int]:
        """Ids of the deadline rows that have an alarm set (for tests and diagnostics)."""
        return frozenset(self._armed)

    async def sync(self) -> int:
        """Arm the rows opened since the last look; returns how many were armed.

        Runs after every committed update, so it reads only rows with an id above the
        highest seen (a primary-key range scan), not every open row. Closed rows are
        disarmed by ``reconcile`` (at start-up and in every sweep); an alarm left on a
        closed row is harmless, as ``fire_due`` finds it closed and does nothing.
        """
        async with self._db.transaction() as tx:
            rows = await deadlines.open_after(tx, self._seen)
        return self._arm(rows)

    async def reconcile(self) -> int:
        """Arm every open row that has no alarm and disarm closed ones (start-up: all)."""
        async with self._db.transaction() as tx:
            rows = [(d.id, d.due_at) for d in await deadlines.open_deadlines(tx)]
            self._seen = max(self._seen, await deadlines.last_id(tx))
        open_ids = {deadline_id for deadline_id, _ in rows}
        for gone in set(self._armed) - open_ids:
            job = self._armed.pop(gone)
            try:
                job.schedule_removal()
            except Exception:  # already ran or removed: nothing to disarm
                pass
        return self._arm(rows)

    def _arm(self, rows: list[tuple[int, datetime]]) -> int:
        now = self._clock()
        armed = 0
        for deadline_id, due_at in rows:
            self._seen = max(self._seen, deadline_id)
            if deadline_id in self._armed:
                continue
            delay = max(due_at - now, timedelta(0))
            self._armed[deadline_id] = self._jobs.run_once(
                self._alarm,
                when=delay,
                data=deadline_id,
                name=f"deadline:{deadline_id}",
                job_kwargs={"misfire_grace_time": None},
            )
            armed += 1
        return armed

    def start_sweeping(self, interval: timedelta = SWEEP_INTERVAL) -> None:
        self._jobs.run_repeating(
            self._sweep_job,
            interval=interval,
            first=interval,
            name="deadline-sweep",
            job_kwargs={"misfire_grace_time": None, "coalesce": True},
        )

    async def _alarm(self, context: ContextTypes.DEFAULT_TYPE) -> None:
        job = context.job
        assert job is not None and isinstance(job.data, int)
        self._armed.pop(job.data, None)
        await self.fire_if_due(job.data)

    async def _sweep_job(self, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self.sweep()

    async def fire_if_due(self, deadline_id: int) -> bool:
        """Fire one row if it is open and due by the clock; True if it acted."""
        async with self._lock:
            fired = await self._fire(deadline_id, self._clock())
        await self._after_firing()
        return fired

    async def _fire(self, deadline_id: int, now: datetime) -> bool:
        """One row in its own transaction. A handler that raises is marked failed (journalled
        and shown to TDs) rather than retried by every sweep for ever; only a busy or locked
        database is left for the next sweep to retry."""
        try:
            async with self._db.transaction() as tx:
                return await deadlines.fire_due(tx, deadline_id, now)
        except sqlite3.OperationalError:
            log.exception("deadline %s: database busy; the sweep will retry", deadline_id)
            return False
        except Exception as exc:
            log.exception("deadline %s failed to fire; marking it failed", deadline_id)
            async with self._db.transaction() as tx:
                await deadlines.mark_failed(tx, deadline_id, f"{type(exc).__name__}: {exc}", now)
            return False

    async def sweep(self) -> int:
        """Fire every open row that is due by the clock; return how many acted."""
        fired = 0
        async with self._lock:
            now = self._clock()
            async with self._db.transaction() as tx:
                due = [row.id for row in await deadlines.due_deadlines(tx, now)]
                # Housekeeping rides along: Telegram re-sends an update for at most 24 hours,
                # so older claims can never be needed again (a months-long event would
                # otherwise keep every update id for ever).
                await tx.prune_updates(now - UPDATE_MEMORY)
            for deadline_id in due:
                # One transaction per row: one failing handler must not undo the others.
                if await self._fire(deadline_id, now):
                    fired += 1
        self._on_fired()
        await self.reconcile()
        return fired

    async def _after_firing(self) -> None:
        # A fired deadline may enqueue messages and open follow-up deadlines.
        self._on_fired()
        await self.sync()
