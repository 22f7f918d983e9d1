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
  arrive first.
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
#: How often it looks again meanwhile.
POLL = 0.02
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
    applied after, as on one process."""

    def __init__(self, db: Callable[[], Database], worker: str, *, most_wait: float = MOST_WAIT,
                 poll: float = POLL, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._worker = worker
        self._most_wait = most_wait
        self._poll = poll
        self._clock = clock

    async def before(self, update: object) -> None:
        """Record ``update``'s arrival, then wait (bounded) for its chat's earlier ones."""
        if not isinstance(update, Update):
            return
        key = str(chat_key(update))
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self._most_wait
        first = True
        try:
            while True:
                async with self._db().bookkeeping() as tx:
                    if first:
                        await arrivals_repo.arrived(tx, update.update_id, key, self._worker,
                                                    self._clock())
                        first = False
                    waiting = await arrivals_repo.earlier_pending(
                        tx, update.update_id, key, self._clock() - STALE, WINDOW)
                if not waiting or loop.time() >= give_up:
                    return
                await asyncio.sleep(self._poll)
        except Exception:  # the order is a courtesy; the update itself must still go
            log.exception("update %s: could not check its chat's earlier updates",
                          update.update_id)

    async def after(self, update: object) -> None:
        """``update`` is handled: a later one of its chat need not wait for it."""
        if not isinstance(update, Update):
            return
        try:
            async with self._db().bookkeeping() as tx:
                await arrivals_repo.handled(tx, update.update_id)
        except Exception:
            log.exception("update %s: could not record it as handled", update.update_id)
