"""Several bot workers on one PostgreSQL database, behind one webhook.

Telegram posts each update to the webhook's URL; a reverse proxy hands it to any of several
``tdbot run --webhook-url`` workers (``deploy/fleet/``), so one worker can die and the others
go on. What keeps them from doubling or dropping work:

- **An update is applied once**, whichever worker gets it: its id is claimed in the
  transaction of its effect (``Tx.claim_update``), and the webhook is answered only once it
  is handled (``update_queue.ApplyThenConfirm``), so an update whose worker died is re-sent
  by Telegram to another.
- **A chat's updates are applied in update-id order** (:class:`ArrivalOrder`): Telegram
  may have two of a chat's updates in flight to two workers at once, and the later may
  arrive first. The waiting update is woken when what it waits for arrives or is handled
  (a NOTIFY from the worker that did it, ``arrivals_repo.CHANNEL``), not by looking again
  every few milliseconds.
- **Messages and deadlines are leased**: the worker that takes an outbox row to send, or a
  batch of due deadlines to fire, writes its name and until when (``sender.LEASE``,
  ``deadlines.LEASE``); the others leave them alone until then and take them over after.
  The claim runs outside the lock that orders the use-cases (``Database.bookkeeping``) and
  locks the rows it takes ``FOR UPDATE SKIP LOCKED``, so two workers claiming at once take
  different rows and neither waits for the other, nor for a use-case.
  A worker killed mid-send costs that lease's wait and, at worst, the message in flight
  sent twice (at-least-once, as after any crash).
- **Telegram's limits hold for the fleet**: each chat's next turn, a group's last sends and
  the bot's last 30 sends live in the database (``turns_repo``), taken in the claim's
  transaction.
- **Long polling stays one process**: Telegram allows one getUpdates at a time per bot
  (``one_poller``); several workers need the webhook.

On SQLite the bot is one process: the leases are written all the same (one code path), and
released at start-up (a lease then can only be a dead run's); the arrival order is kept in
memory (``update_queue.InChatOrder``) and :class:`ArrivalOrder` is not used.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Callable

from telegram import Update

from bot.store import arrivals_repo
from bot.store.db import Database
from bot.telegram.update_queue import chat_key

log = logging.getLogger(__name__)

#: How long an update waits, at most, for its chat's earlier updates (seconds).
MOST_WAIT = 1.0
#: How often it looks again meanwhile when a notice may be missed (the listening
#: connection is down or not up yet).
POLL = 0.02
#: How often it looks again while every notice is heard: only in case one was lost.
FALLBACK = 0.25
#: An earlier update not handled this long after it arrived is not waited for (its worker
#: died holding it; Telegram sends it again, later).
STALE = 10.0
#: How many ids below an update's are looked for (Telegram has at most 100 webhook
#: connections, so no more updates than that are in flight at once).
WINDOW = 100


def worker_name() -> str:
    """The name a worker's leases carry: its host and process, so a restarted worker is a
    new one (its old leases run out rather than being taken back by a stranger)."""
    return f"{socket.gethostname()}:{os.getpid()}"


class _Waiting:
    """One update waiting for its chat's earlier updates: what it waits for, as the
    database said it and as the notices since change it (an id arrived: not missing any
    more, and busy if it is an earlier one of the same chat; an id handled: not busy).
    The notices heard while the database is being asked are kept and applied to its
    answer, so none falls between the two."""

    def __init__(self, update_id: int, key: str) -> None:
        self.update_id = update_id
        self.key = key
        self.busy: set[int] = set()
        self.missing: set[int] = set()
        self.lost = False  # a notice may have been missed: ask the database again
        self._kept: list[arrivals_repo.Notice | None] | None = None
        self._changed = asyncio.Event()

    @property
    def waits(self) -> bool:
        return bool(self.busy or self.missing)

    def asking(self) -> None:
        self._kept = []
        self.lost = False

    def answered(self, earlier: arrivals_repo.Earlier) -> None:
        self.busy, self.missing = set(earlier.busy), set(earlier.missing)
        kept, self._kept = self._kept or [], None
        for notice in kept:
            self._apply(notice)
        self._changed.clear()

    def told(self, notice: arrivals_repo.Notice | None) -> None:
        if self._kept is not None:
            self._kept.append(notice)
        else:
            self._apply(notice)

    def _apply(self, notice: arrivals_repo.Notice | None) -> None:
        if notice is None:
            self.lost = True
        elif notice.chat_key is None:
            self.busy.discard(notice.update_id)
        else:
            self.missing.discard(notice.update_id)
            if notice.chat_key == self.key and notice.update_id < self.update_id:
                self.busy.add(notice.update_id)
        if self.lost or not self.waits:
            self._changed.set()

    async def changed(self, timeout: float) -> bool:
        """Until nothing is waited for any more (True), or a notice may have been missed,
        or ``timeout`` (False: ask the database)."""
        try:
            await asyncio.wait_for(self._changed.wait(), max(0.0, timeout))
        except TimeoutError:
            return False
        return not self.lost and not self.waits


class ArrivalOrder:
    """Keeps a chat's updates in update-id order across workers.

    The rule: update ids are the bot's, counted across all chats, so a worker holding update
    N of a chat cannot know whether N-1 was this chat's. Before applying N it records that
    N arrived, then waits while (a) an earlier update of the same chat has arrived at some
    worker and is not handled yet, or (b) one of the ids just below N has not arrived
    anywhere yet (it may be this chat's, still on its way to another worker). It waits at
    most ``MOST_WAIT`` and then applies N anyway: a missing id may have been another chat's
    and be late, or belong to an update Telegram will send again only after a time-out (its
    worker died), and a chat must not stall for it. So the order is kept whenever the
    earlier update reaches some worker within ``MOST_WAIT`` of the later one, which is the
    case Telegram's concurrent deliveries make; an earlier update that comes later still is
    applied after, as on one process.

    It learns that what it waits for came from the notices every worker gives as an update
    arrives and as it is handled (``arrivals_repo.Notice``: this worker's at once, the
    others' by PostgreSQL's NOTIFY, ``Database.listen``), so the update goes as soon as the
    earlier one is handled and the database is asked once, not every ``poll`` seconds: with
    4 workers that look was a good part of a worker's transactions per update (``python -m
    bench.fleet --counters``). It still asks again every ``fallback`` seconds in case a
    notice was lost, and every ``poll`` while notices may be missed (the listening
    connection down)."""

    def __init__(self, db: Callable[[], Database], worker: str, *, most_wait: float = MOST_WAIT,
                 poll: float = POLL, clock: Callable[[], float] = time.time,
                 fallback: float = FALLBACK) -> None:
        self._db = db
        self._worker = worker
        self._most_wait = most_wait
        self._poll = poll
        self._fallback = fallback
        self._clock = clock
        self._waiting: set[_Waiting] = set()
        self._heard: Database | None = None  # the database whose notices it listens to

    def _listen(self, db: Database) -> None:
        if self._heard is not db:
            db.listen(arrivals_repo.CHANNEL, self._notice)
            self._heard = db

    def _notice(self, payload: str) -> None:
        notice = arrivals_repo.Notice.read(payload)
        for waiting in list(self._waiting):
            waiting.told(notice)

    async def before(self, update: object) -> None:
        """Record ``update``'s arrival, then wait (bounded) for its chat's earlier ones."""
        if not isinstance(update, Update):
            return
        key = str(chat_key(update))
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self._most_wait
        waiting = _Waiting(update.update_id, key)
        try:
            db = self._db()
            self._listen(db)
            self._waiting.add(waiting)
            first = True
            while True:
                waiting.asking()
                async with db.bookkeeping() as tx:
                    if first:
                        await arrivals_repo.arrived(tx, update.update_id, key, self._worker,
                                                    self._clock())
                    found = await arrivals_repo.earlier(
                        tx, update.update_id, key, self._clock() - STALE, WINDOW)
                if first:  # this process's other waiters hear it at once
                    db.heard(arrivals_repo.CHANNEL,
                             arrivals_repo.Notice(update.update_id, key).payload())
                    first = False
                waiting.answered(found)
                while waiting.waits and not waiting.lost and loop.time() < give_up:
                    every = (self._fallback if db.hears_all(arrivals_repo.CHANNEL)
                             else self._poll)
                    if not await waiting.changed(min(every, give_up - loop.time())):
                        break
                if not waiting.waits or loop.time() >= give_up:
                    return
        except Exception:  # the order is a courtesy; the update itself must still go
            log.exception("update %s: could not check its chat's earlier updates",
                          update.update_id)
        finally:
            self._waiting.discard(waiting)

    async def after(self, update: object) -> None:
        """``update`` is handled: a later one of its chat need not wait for it."""
        if not isinstance(update, Update):
            return
        try:
            db = self._db()
            async with db.bookkeeping() as tx:
                await arrivals_repo.handled(tx, update.update_id)
            db.heard(arrivals_repo.CHANNEL, arrivals_repo.Notice(update.update_id, None).payload())
        except Exception:
            log.exception("update %s: could not record it as handled", update.update_id)
