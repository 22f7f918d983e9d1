"""Arms deadline rows on PTB's JobQueue and sweeps for any an alarm missed.

docs/architecture.md, "Durable time": every deadline and reminder is a row; the row is the truth and
APScheduler (through PTB's JobQueue) is only the alarm clock. So:

- Only rows due within the *horizon* (the sweep interval plus ``HORIZON_MARGIN``) have an
  alarm. A months-long event holds thousands of open rows (every slip window, reminder and
  round close); arming them all at start-up cost seconds and memory, and a row due next
  month needs no alarm today. ``reconcile()`` (at start-up and in every sweep) arms the open
  rows due by ``now + horizon`` not armed yet (an indexed range read on ``(state,
  due_at)``) and disarms every alarm whose row is closed or no longer that near (the clock
  was set back); so a far row is armed by the sweep before the one in which it falls due.
  ``sync()`` (after every committed update) looks only at the rows opened since it last
  looked and arms those within the horizon at once. Overdue rows fire at once;
  ``misfire_grace_time=None`` keeps APScheduler from silently dropping an alarm that is
  late because the loop was busy.
- ``sweep()`` runs periodically and fires every open row whose ``due_at`` has passed by the
  injected clock, so a lost alarm (or a simulated clock moved by a test or the demo) still
  fires.
- Firing goes through the service's use-cases ``deadlines.fire`` and ``deadlines.sweep``
  (compare-and-set), which open their own transactions: a row acts only if it is
  still open and its subject still in the state that opened it, so firing twice (alarm and
  sweep, or after a restart) does no harm. This module never touches the database itself.

Several workers (``fleet.py``) each arm the same rows. A sweep leases the due rows it fires
and an alarm leaves a row another worker holds to it (``deadlines.Holder``); the alarm is
then set again for when that lease runs out, so a row whose worker died mid-sweep fires
that long after, at the latest. Leases are real time (``real_clock``), whatever the world's
clock says.

Alarms are armed as a delay from the injected clock (``due_at - clock()``), so with the real
clock they ring at ``due_at`` and with a simulated clock they never ring early.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from telegram.ext import ContextTypes, Job, JobQueue

from bot.service.platform import deadlines
from bot.store.db import Database

#: How often the sweep runs with the real clock.
SWEEP_INTERVAL = timedelta(seconds=60)
#: How far beyond the next sweep rows are armed: a sweep that runs late (a busy loop, a
#: coalesced run) still finds the rows due just after it armed, so they ring on time.
HORIZON_MARGIN = timedelta(minutes=5)


def horizon_for(sweep_interval: timedelta) -> timedelta:
    """How far ahead of the clock rows are armed when the sweep runs every
    ``sweep_interval``: the next sweep, plus the margin."""
    return sweep_interval + HORIZON_MARGIN


class DeadlineScheduler:
    """The alarm clock over the ``deadlines`` table for one Application."""

    def __init__(
        self,
        job_queue: JobQueue[Any],
        db: Database,
        clock: Callable[[], datetime],
        on_fired: Callable[[], None],
        horizon: timedelta = horizon_for(SWEEP_INTERVAL),
        *,
        worker: str = "",
        lease: timedelta = deadlines.LEASE,
        real_clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._worker = worker
        self._lease = lease
        self._real_clock = real_clock
        if horizon <= timedelta(0):
            raise ValueError(f"the arming horizon must be positive, got {horizon}")
        self._jobs = job_queue
        self._horizon = horizon
        self._db = db
        self._clock = clock
        self._on_fired = on_fired
        self._armed: dict[int, Job[Any]] = {}
        self._seen = 0  # the highest deadline id looked at; 0: nothing yet (start-up)
        self._lock = asyncio.Lock()

    @property
    def armed(self) -> frozenset[int]:
        """Ids of the deadline rows that have an alarm set (for tests and diagnostics): after
        a reconcile, the open rows due within the horizon whose alarm has not rung yet."""
        return frozenset(self._armed)

    @property
    def horizon(self) -> timedelta:
        """How far ahead of the clock rows are armed."""
        return self._horizon

    async def sync(self) -> int:
        """Arm the rows opened since the last look and due within the horizon; returns how
        many were armed.

        Runs after every committed update, so it reads only rows with an id above the
        highest seen (a primary-key range scan), not every open row. A row due later is
        armed by the sweep that comes before it falls due. Closed rows are disarmed by
        ``reconcile`` (at start-up and in every sweep); an alarm left on a closed row is
        harmless, as ``fire_due`` finds it closed and does nothing.
        """
        rows = await deadlines.opened_since(self._db, self._seen)
        if rows:
            self._seen = max(self._seen, max(deadline_id for deadline_id, _ in rows))
        now = self._clock()
        return self._arm([(i, due) for i, due in rows if due <= now + self._horizon], now)

    async def reconcile(self) -> int:
        """Arm the open rows due within the horizon that have no alarm, and disarm the
        alarms of rows that are closed or no longer within it; returns how many were armed."""
        now = self._clock()
        rows, last_id = await deadlines.armable(self._db, now + self._horizon)
        self._seen = max(self._seen, last_id)
        near = {deadline_id for deadline_id, _ in rows}
        for gone in set(self._armed) - near:
            job = self._armed.pop(gone)
            try:
                job.schedule_removal()
            except Exception:  # already ran or removed: nothing to disarm
                pass
        return self._arm(rows, now)

    def _arm(self, rows: list[tuple[int, datetime]], now: datetime) -> int:
        armed = 0
        for deadline_id, due_at in rows:
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

    def _holder(self) -> deadlines.Holder:
        return deadlines.Holder(self._worker, self._real_clock(), self._lease)

    async def fire_if_due(self, deadline_id: int) -> bool:
        """Fire one row if it is open and due by the clock; True if it acted. A row another
        worker holds is left to it, and its alarm set again for when that lease runs out."""
        holder = self._holder()
        async with self._lock:
            fired = await deadlines.fire(self._db, deadline_id, self._clock(), holder)
        if holder.until is not None and deadline_id not in self._armed:
            wait = max(holder.until - holder.real_now, timedelta(0)) + timedelta(seconds=0.05)
            self._armed[deadline_id] = self._jobs.run_once(
                self._alarm, when=wait, data=deadline_id, name=f"deadline:{deadline_id}",
                job_kwargs={"misfire_grace_time": None})
        await self._after_firing()
        return fired

    async def sweep(self) -> int:
        """Fire every open row that is due by the clock and no other worker holds; return
        how many acted."""
        async with self._lock:
            fired = await deadlines.sweep(self._db, self._clock(), self._holder())
        self._on_fired()
        await self.reconcile()
        return fired

    async def _after_firing(self) -> None:
        # A fired deadline may enqueue messages and open follow-up deadlines.
        self._on_fired()
        await self.sync()
