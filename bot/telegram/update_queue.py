"""Updates handled several at a time, each chat's in order, confirmed to Telegram once applied.

docs/architecture.md, "Nothing lost, nothing doubled": an update's claim commits with its effect, so an
update Telegram sends again is applied once. That covers "again" only if Telegram still has
it: Telegram forgets an update when the bot confirms it, by asking getUpdates for a higher
offset (long polling) or by answering the webhook's POST. python-telegram-bot confirms as
soon as the update is in its queue: its poller puts a batch in the queue and at once polls
with the next offset (``Updater._start_polling``), and its webhook server answers 200 once
the update is queued (``WebhookHandler.post``). A process killed while an update waits in
the queue or is being handled would lose it for good. So the confirmation waits:

- long polling: the request that carries getUpdates (:class:`ConfirmWhenApplied`) first
  waits until every update queued so far has been handled (PTB calls ``task_done`` after an
  update's handlers, ``Application.__process_update_wrapper``). The poller is the only one
  that queues, and it is waiting there, so a batch is handled whole before the next offset
  confirms it;
- a webhook: the bot's own webhook server (``webhook.py``) answers the POST once
  :meth:`ApplyThenConfirm.apply` says the update's handlers ran to their end; an update
  that never ran, or was cut off (a stop), is not answered with a 200.

A kill before the confirmation leaves the update with Telegram, which sends it again; a kill
after the commit and before the confirmation is what the claim is for.

Updates are handled concurrently (:class:`InChatOrder`): a handler waits on the network (a
button's answer, a photo's download, Telegram's answer to a direct reply), and one person's
wait must not hold up everybody else's report. The database keeps use-cases apart (one
transaction at a time, ``bot/store/db.py``); what must not be reordered is one chat's
updates: a person who sends a score and then taps Confirm means them in that order.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, Protocol

from telegram import Update
from telegram.ext import BaseUpdateProcessor
from telegram.request import BaseRequest, RequestData

from bot.telegram.one_poller import OnePoller, conflict_of


class Gate(Protocol):
    """What an update passes before and after its handlers when several workers share the
    bot (``fleet.ArrivalOrder``)."""

    async def before(self, update: object) -> None: ...

    async def after(self, update: object) -> None: ...

#: Updates in flight at most. More than a getUpdates batch (100) or Telegram's webhook
#: connections (at most 100) can bring before the bot confirms them, so an update never
#: waits for a place: it enters ``do_process_update`` in the order PTB queued it.
MOST_AT_ONCE = 256


def chat_key(update: object) -> object:
    """What orders an update: its chat, else its sender (an inline button's press has no
    chat), else nothing in particular (one shared key)."""
    if isinstance(update, Update):
        if update.effective_chat is not None:
            return update.effective_chat.id
        if update.effective_user is not None:
            return ("user", update.effective_user.id)
    return None


class ApplyThenConfirm(asyncio.Queue[object]):
    """PTB's update queue, knowing when each update it holds has been handled.

    Long polling: ``put`` (PTB's poller) returns at once and the next getUpdates waits
    instead (:class:`ConfirmWhenApplied`). A webhook: :meth:`apply` queues the update and
    returns once it has been handled, and only then does the webhook answer Telegram."""

    def __init__(self) -> None:
        super().__init__()
        self._waiting: dict[int, asyncio.Future[bool]] = {}

    async def apply(self, update: Update) -> bool:
        """Queue ``update`` and wait until it has been handled: True if its handlers ran to
        their end (applied, refused, or failed and reported), False if they never ran or
        were cut off by a stop (then Telegram must keep it and send it again)."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting[id(update)] = done
        try:
            await self.put(update)
            return await asyncio.shield(done)
        finally:
            self._waiting.pop(id(update), None)

    def handled(self, update: object, *, ran: bool = True) -> None:
        """Called once ``update``'s handlers have run (or failed: ``ran``), or will never
        run (not ``ran``): its :meth:`apply` may return."""
        done = self._waiting.pop(id(update), None)
        if done is not None and not done.done():
            done.set_result(ran)


class InChatOrder(BaseUpdateProcessor):
    """Several updates at once; one chat's one after another, in the order they came.

    PTB starts a task per update in the queue's order, and each task reaches
    ``do_process_update`` without waiting (fewer than ``MOST_AT_ONCE`` are ever in flight),
    so a chat's updates are chained here in that order: each waits for the chat's previous
    one to finish before its handlers run.

    Several workers (``gate``, ``fleet.ArrivalOrder``): an update first waits, a bounded
    time, for its chat's earlier updates that other workers hold, and takes its place in
    the chain after that."""

    def __init__(self, queue: ApplyThenConfirm, most: int = MOST_AT_ONCE) -> None:
        super().__init__(most)
        self._queue = queue
        self._last: dict[object, asyncio.Future[None]] = {}  # chat -> its latest update's end
        self.gate: Gate | None = None

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        if self.gate is None:
            await self._in_chat_order(update, coroutine)
            return
        started = False
        try:
            await self.gate.before(update)
            started = True
            await self._in_chat_order(update, coroutine)
        finally:
            if started:
                await self.gate.after(update)
            else:  # cancelled while waiting (a stop): never run, never confirmed
                if asyncio.iscoroutine(coroutine):
                    coroutine.close()
                self._queue.handled(update, ran=False)

    async def _in_chat_order(self, update: object, coroutine: Awaitable[Any]) -> None:
        key = chat_key(update)
        before = self._last.get(key)
        mine: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._last[key] = mine
        started = ended = False
        try:
            if before is not None:
                await asyncio.shield(before)  # a cancelled wait must not cancel the chain
            started = True
            try:
                await coroutine
                ended = True
            except Exception:  # a handler's own error ends it (PTB reports it); a stop's
                ended = True   # cancellation (BaseException) cuts it off
                raise
        finally:
            if not started and asyncio.iscoroutine(coroutine):
                coroutine.close()  # cancelled while waiting its turn (a stop): never run
            mine.set_result(None)
            if self._last.get(key) is mine:
                del self._last[key]
            self._queue.handled(update, ran=ended)

    async def initialize(self) -> None:
        """Nothing to set up: the chains live in memory, per run."""

    async def shutdown(self) -> None:
        """Nothing to free: PTB waits for every update in flight before shutting down."""


class ConfirmWhenApplied(BaseRequest):
    """The request that carries getUpdates, made to wait until every update queued so far has
    been handled: its offset is what confirms them to Telegram (long polling). Its answers
    also tell whether another program polls with the same token (``guard``, a 409)."""

    def __init__(self, inner: BaseRequest, queue: ApplyThenConfirm,
                 guard: OnePoller | None = None) -> None:
        self._inner = inner
        self._queue = queue
        self._guard = guard

    @property
    def read_timeout(self) -> float | None:
        return self._inner.read_timeout

    async def initialize(self) -> None:
        await self._inner.initialize()

    async def shutdown(self) -> None:
        await self._inner.shutdown()

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = BaseRequest.DEFAULT_NONE,
        write_timeout: Any = BaseRequest.DEFAULT_NONE,
        connect_timeout: Any = BaseRequest.DEFAULT_NONE,
        pool_timeout: Any = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        await self._queue.join()
        if self._guard is not None:
            self._guard.polling()
        status, payload = await self._inner.do_request(
            url, method, request_data, read_timeout=read_timeout, write_timeout=write_timeout,
            connect_timeout=connect_timeout, pool_timeout=pool_timeout,
        )
        if self._guard is not None and (conflict := conflict_of(status, payload)) is not None:
            self._guard.conflict(conflict)
        return status, payload
