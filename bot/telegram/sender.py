"""The outbox sender: delivers the messages the service wrote, through the Bot API.

Why an outbox (design.md, "One report, end to end" step 4; issue 3, "Outbox"): a message is
written in the same transaction as the change it reports, so it is never lost; this sender
reads due rows, sends each through python-telegram-bot (whose AIORateLimiter keeps under
Telegram's limits and retries HTTP 429 itself) and records the outcome:

- delivered: ``mark_sent`` with Telegram's message id;
- refused for good because the person blocked the bot (``Forbidden``): ``mark_blocked``, and
  the row stays visible to a TD (the service's TD read model lists blocked messages);
- refused as malformed (``BadRequest``: chat not found, bad HTML): retrying cannot help, so
  after a few attempts it is marked ``undeliverable``, with Telegram's reason, for a TD to
  see (kept apart from ``blocked``: it points at a wrong chat or a bug, not a person);
- an edit row (``edit_of``) edits the message its original row delivered (editMessageText);
  "message is not modified" counts as done;
- anything else (429 after the limiter's retries, time-outs, 5xx): ``mark_failed`` with a
  back-off (``retry_delay``) and tried again later; that chat's later rows wait behind it
  (here for the rest of the pass, in ``outbox_repo.due`` after it), so a person reads their
  messages in the order they were written.

A message over Telegram's 4096 characters goes out in pieces (``split_text``); if a piece
fails, the row keeps only the pieces not yet delivered, so its retry repeats none.

A message is sent twice only if the process dies between Telegram's answer and the
``mark_sent`` commit (or a time-out hides a delivery): at-least-once, never lost.
"""

from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, LinkPreviewOptions
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, RetryAfter
from telegram.warnings import PTBDeprecationWarning

from bot.store import outbox_repo
from bot.store.db import Database, Tx
from bot.store.outbox_repo import OutboxRow

log = logging.getLogger(__name__)

#: How many rows one pass reads; the rate limiter paces them.
BATCH = 50
#: A malformed message (BadRequest) is tried this many times, then marked undeliverable.
BAD_REQUEST_ATTEMPTS = 3
#: Telegram's limit on a message's text (Bot API, sendMessage: 1-4096 characters).
MAX_TEXT = 4096


def split_text(text: str, limit: int = MAX_TEXT) -> list[str]:
    """Cut a long message at line ends into pieces Telegram accepts.

    A draw or a list of pending requests for a big event can pass 4096 characters. The
    texts keep every HTML tag within one line, so cutting between lines never splits a
    tag; a single line longer than the limit (never written by our texts) is cut hard.
    """
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pieces.append(current)
            candidate = line
        current = candidate
    if current.strip() or not pieces:
        pieces.append(current)
    return [p for p in pieces if p.strip()] or [text[:limit]]


def retry_delay(attempts: int) -> timedelta:
    """Back-off after the ``attempts``-th failure: 5 s, 10 s, 20 s ... capped at one hour.

    Doubling keeps a flaky network from being hammered; the cap keeps a message from waiting
    longer than an hour once Telegram is reachable again.
    """
    if attempts < 1:
        raise ValueError(f"attempts counts failures so far and starts at 1, got {attempts}")
    return min(timedelta(seconds=5 * 2 ** min(attempts - 1, 20)), timedelta(hours=1))


def reply_markup(buttons: list[list[dict[str, Any]]]) -> InlineKeyboardMarkup | None:
    """Button rows as the service stores them (``{"text", "data"|"url"}``) to a keyboard."""
    if not buttons:
        return None
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(b["text"], url=b["url"])
                if "url" in b
                else InlineKeyboardButton(b["text"], callback_data=b["data"])
                for b in row
            ]
            for row in buttons
        ]
    )


class OutboxSender:
    """One sender per Application: a background loop woken by ``kick()`` after each commit.

    A lock makes passes strictly sequential, so no row is read twice while being sent.
    """

    def __init__(
        self,
        bot: Bot,
        db: Database,
        clock: Callable[[], datetime],
        *,
        idle_poll: float = 1.0,
    ) -> None:
        self._bot = bot
        self._db = db
        self._clock = clock
        self._idle_poll = idle_poll
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def kick(self) -> None:
        """Ask for a pass soon (after a commit that may have written outbox rows)."""
        self._wake.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="tdbot-outbox-sender")

    async def stop(self) -> None:
        """Let a pass under way finish (a message sent is then also recorded), then stop."""
        if self._task is not None:
            async with self._lock:
                self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None

    async def _run(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=self._idle_poll)
            except TimeoutError:
                pass
            self._wake.clear()
            try:
                while await self.deliver_due() == BATCH:
                    pass
            except asyncio.CancelledError:
                raise
            except Exception:  # the loop must survive a bad pass; the rows stay due
                log.exception("outbox pass failed; will try again")

    async def deliver_due(self) -> int:
        """Deliver every row due now (one batch); return how many rows were handled."""
        async with self._lock:
            now = self._clock()
            async with self._db.transaction() as tx:
                rows = await outbox_repo.due(tx, BATCH, now)
            stopped: set[int] = set()  # chats whose earlier row failed in this pass
            for row in rows:
                if row.chat_id in stopped:
                    continue
                if not await self._deliver(row):
                    stopped.add(row.chat_id)
            return len(rows)

    async def _send(self, row: OutboxRow, delivered: list[str]) -> int | None:
        """One Bot API delivery of ``row``; returns the message id to record. Each piece of
        a long message Telegram accepted is appended to ``delivered``."""
        if row.edit_of is not None:
            if row.edit_message_id is None:
                raise BadRequest("the message to edit was never delivered")
            try:
                await self._bot.edit_message_text(
                    split_text(row.text_html)[-1],
                    chat_id=row.chat_id,
                    message_id=row.edit_message_id,
                    parse_mode=ParseMode.HTML,
                    reply_markup=reply_markup(row.buttons),
                    link_preview_options=LinkPreviewOptions(is_disabled=True),
                )
            except BadRequest as exc:
                if "not modified" not in exc.message.lower():
                    raise
            return row.edit_message_id
        pieces = split_text(row.text_html)
        message_id = None
        for n, piece in enumerate(pieces, start=1):
            message = await self._bot.send_message(
                chat_id=row.chat_id,
                text=piece,
                parse_mode=ParseMode.HTML,
                reply_markup=reply_markup(row.buttons) if n == len(pieces) else None,
                link_preview_options=LinkPreviewOptions(is_disabled=True),
            )
            delivered.append(piece)
            message_id = message.message_id
        return message_id

    async def _deliver(self, row: OutboxRow) -> bool:
        """Send one row and record the outcome; False if it is to be retried later (the
        chat's later rows then wait behind it, to keep their order). When a long message
        fails after some of its pieces got through, the row keeps only the rest, so the
        retry sends no piece twice."""
        delivered: list[str] = []
        try:
            message_id = await self._send(row, delivered)
        except Forbidden as exc:
            log.info("outbox %s: chat %s refuses the bot (%s)", row.id, row.chat_id, exc)
            async with self._db.transaction() as tx:
                await outbox_repo.mark_blocked(tx, row.id, self._clock(), error=str(exc))
            return True
        except BadRequest as exc:
            attempts = row.attempts + 1
            log.warning("outbox %s: Telegram refused it as malformed: %s", row.id, exc)
            async with self._db.transaction() as tx:
                if attempts >= BAD_REQUEST_ATTEMPTS or row.edit_of is not None:
                    await outbox_repo.mark_undeliverable(tx, row.id, self._clock(), str(exc))
                    return True
                retry_at = self._clock() + retry_delay(attempts)
                await self._keep_unsent(tx, row, delivered)
                await outbox_repo.mark_failed(tx, row.id, str(exc), retry_at)
            return False
        except RetryAfter as exc:
            with warnings.catch_warnings():  # PTB 22.2+: int now, timedelta later
                warnings.simplefilter("ignore", PTBDeprecationWarning)
                wait = exc.retry_after
            delay = wait if isinstance(wait, timedelta) else timedelta(seconds=float(wait))
            async with self._db.transaction() as tx:
                await self._keep_unsent(tx, row, delivered)
                await outbox_repo.mark_failed(tx, row.id, str(exc), self._clock() + delay)
            return False
        except Exception as exc:  # NetworkError, TimedOut, 5xx -- or a malformed row
            log.warning("outbox %s: delivery failed, will retry: %r", row.id, exc)
            retry_at = self._clock() + retry_delay(row.attempts + 1)
            async with self._db.transaction() as tx:
                await self._keep_unsent(tx, row, delivered)
                await outbox_repo.mark_failed(tx, row.id, repr(exc), retry_at)
            return False
        async with self._db.transaction() as tx:
            await outbox_repo.mark_sent(tx, row.id, message_id, self._clock())
        return True

    @staticmethod
    async def _keep_unsent(tx: Tx, row: OutboxRow, delivered: list[str]) -> None:
        if delivered:
            rest = "\n".join(split_text(row.text_html)[len(delivered):])
            await outbox_repo.set_text(tx, row.id, rest)
