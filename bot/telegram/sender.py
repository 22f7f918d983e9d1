"""The outbox sender: delivers the messages the service wrote, through the Bot API.

Why an outbox (docs/architecture.md, "One report, end to end" step 4; "Outbox"): a message is
written in the same transaction as the change it reports, so it is never lost; this sender
reads due rows, sends each through python-telegram-bot and records the outcome. It paces
(``pacing.ChatPacer``, Telegram's limits: one message a second per chat, 20 a minute per
group, 30 a second overall): each pass asks the pacer which chats must wait for their turn
(``ChatPacer.waiting_chats``), reads the next row of every other chat (``next_per_chat``,
the waiting chats left out inside SQLite, so under load, when most chats wait their second,
a pass costs what the chats that may go cost) and sends them; a chat that must wait keeps
its place and its order (none of its rows is read) while the other chats go ahead, and the
sender sleeps until the first turn of a chat left out with a row comes. The overall limit holds
every chat alike, so it is checked row by row (``wait``) as each goes. The outcomes:

- delivered: ``mark_sent`` with Telegram's message id. Telegram answering 2xx means it
  carried the call out, so a message whose answer cannot be read (a field of an unexpected
  type, a body that is not JSON: ``answered_unreadably``) is sent too, recorded without a
  message id and logged; sending it again would give the person a second copy;
- refused for good because the person blocked the bot (``Forbidden``): ``mark_blocked``, and
  the row stays visible to a TD (the service's TD read model lists blocked messages);
- refused as malformed (``BadRequest``: chat not found, bad HTML): retrying cannot help, so
  after a few attempts it is marked ``undeliverable``, with Telegram's reason, for a TD to
  see (kept apart from ``blocked``: it points at a wrong chat or a bug, not a person);
- a row with a photo is sent with sendPhoto, its text the caption (the service keeps
  captions under Telegram's 1024 characters): a Telegram file id (``photo_file_id``, a
  board photo forwarded), or a picture of the media table (``media_id``); a bracket
  picture is drawn here, at send time, off the event loop (``bot/service/formats/knockout/brackets.py``:
  a use-case never holds the database while drawing);
- an edit row (``edit_of``) edits the message its original row delivered (editMessageText);
  "message is not modified" counts as done;
- the network or Telegram's own trouble (``NetworkError``: time-outs, 5xx):
  ``mark_failed`` with a back-off (``retry_delay``) and tried again later, for as long as
  it takes;
- flood control (``RetryAfter``, 429): the row is due again after Telegram's
  ``retry_after``, and that chat alone waits (the pacer holds it; the others go on);
- a group that became a supergroup (``ChatMigrated``): the event and the rows waiting for
  the old chat follow the new chat id (``groups.follow_move``), and the row goes again;
- anything else (a row the sender cannot build, a bug):
  tried ``UNEXPECTED_ATTEMPTS`` times with the same back-off, then ``undeliverable`` with the
  error, so it shows in the TD's list instead of being sent again and again.

While the database cannot be written (a full disk, a lock held past the busy timeout:
``bot.store.errors.may_pass``) no row can be taken to send (taking one writes its lease), and
an outcome cannot be recorded: a row not recorded as sent is due again, and sending on would
send it again at every pass. So nothing is sent while the claim fails, and an outcome that
cannot be recorded (the disk filled between the claim and the answer) is kept in memory and
the pass ends; each later pass first tries to record what is kept and sends nothing until
that works. Then the sender logs it, tells the
directors how long messages were held (``outages.tell_directors``), and goes on. A message
is sent twice only if the process also stops while one is kept.

Several workers (``fleet.py``): the pass's read is a claim. The rows it returns are leased
to this worker (``LEASE``; the outcome clears the lease), a row another worker is sending
holds its chat, and with the real clock Telegram's limits are kept for the fleet in the
database as well (``outbox.SendClaim``, ``turns_repo``). A worker killed mid-send leaves its
rows leased; once the lease runs out another worker sends them (the one in flight may
then arrive twice: at-least-once, as after any crash).

A failed row holds back that chat's later rows (``outbox_repo``: until its retry), and a
pass takes one row per chat, so a person reads their messages in the order written.

A message over Telegram's 4096 characters goes out in pieces (``split_text``), one piece per
turn of its chat: after each piece the row keeps only the pieces not yet delivered, so
neither the next turn nor a retry repeats one.

Stopping (Ctrl-C) never waits for the backlog: ``stop()`` lets a Bot API call under way be
answered for ``STOP_GRACE`` seconds, then gives it up; rows not sent stay pending for the next
start. A message is sent twice only if the process stops or dies between Telegram carrying it
out and the ``mark_sent`` commit (or a time-out hides a delivery): at-least-once, never lost.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, TypeVar

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, LinkPreviewOptions
from telegram.constants import ParseMode
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    NetworkError,
    RetryAfter,
    TelegramError,
)
from telegram.ext import ExtBot

from bot.service.events import groups
from bot.service.formats.knockout import brackets
from bot.service.platform import outages, outbox
from bot.service.platform.unit import Request
from bot.store.db import Database
from bot.store.errors import may_pass
from bot.store.outbox_repo import OutboxRow
from bot.telegram.pacing import FLEET_LIMITS, NO_RETRY, ChatPacer, retry_after_seconds

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How many chats' rows one pass reads (the chats waiting for their turn are left out).
BATCH = 50
#: A malformed message (BadRequest) is tried this many times, then marked undeliverable.
BAD_REQUEST_ATTEMPTS = 3
#: A failure that is neither Telegram refusing the message nor the network is tried this
#: many times (back-off 5, 10, 20, 40 s), then marked undeliverable for a TD to see.
UNEXPECTED_ATTEMPTS = 5
#: Telegram's limit on a message's text (Bot API, sendMessage: 1-4096 characters).
MAX_TEXT = 4096
#: On stop, a Bot API call under way gets this long to be answered before it is given up.
STOP_GRACE = 1.0
#: How long a worker holds the rows it took to send: longer than a Bot API call may take
#: (PTB's time-outs: 5 s to connect, 5 to write, 5 to read), so a live worker's row is
#: never taken over; a dead worker's rows go out this long after it died, at the latest.
LEASE = timedelta(seconds=20)


class _MorePieces:
    """``_send`` delivered one piece of a long message; the rest waits for the chat's turn."""


MORE_PIECES = _MorePieces()


class SenderStopped(Exception):
    """``stop()`` was called: the pass ends, the rows not sent stay pending."""


class _Held(Exception):
    """An outcome could not be recorded (the database cannot be written just now): it is
    kept, and the pass ends before anything more is sent."""


Record = Callable[[], Awaitable[None]]


def answered_unreadably(exc: BaseException) -> bool:
    """Whether a Bot API call failed only after Telegram answered 2xx, i.e. carried it out.

    python-telegram-bot turns every transport failure into ``NetworkError`` and every non-2xx
    answer into a ``TelegramError`` subclass (``BaseRequest._request_wrapper``). After a 2xx,
    a body that is not JSON raises a bare ``TelegramError("Invalid server response")``
    (``BaseRequest.post``), and a result it cannot turn into a ``Message`` raises whatever
    ``de_json`` meets (TypeError, AttributeError, KeyError, ValueError).
    """
    if isinstance(exc, TelegramError):
        return type(exc) is TelegramError
    return isinstance(exc, Exception)


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
    ``clock`` is the world's time (due dates, back-offs, stored in the database); the
    pacer's ``time`` is the one turns are measured and waited on (``pacing.PaceTime``:
    virtual in tests, so pacing costs them no real seconds).
    """

    def __init__(
        self,
        bot: ExtBot[Any],
        db: Database,
        clock: Callable[[], datetime],
        pacer: ChatPacer,
        *,
        idle_poll: float = 1.0,
        stop_grace: float = STOP_GRACE,
        organisers: frozenset[int] = frozenset(),
        worker: str = "",
        lease: timedelta = LEASE,
        real_clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        fleet_time: Callable[[], float] | None = None,
    ) -> None:
        self._bot = bot
        self._worker = worker  # the name its leases carry (fleet.worker_name)
        self._lease = lease
        self._real_clock = real_clock  # leases are real time, whatever the world's clock
        self._fleet_time = fleet_time  # epoch seconds: the fleet's limits (None: not kept)
        self._organisers = organisers  # told, with the events' directors, of a hold
        self._unrecorded: list[Record] = []  # outcomes Telegram gave that are not yet stored
        self._held_since: datetime | None = None  # when the first of them failed to store
        self._db = db
        self._clock = clock
        self._pacer = pacer
        self._next_turn: float | None = None
        self._idle_poll = idle_poll
        self._stop_grace = stop_grace
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._stopping = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def kick(self) -> None:
        """Ask for a pass soon (after a commit that may have written outbox rows)."""
        self._wake.set()

    def start(self) -> None:
        if self._stopping.is_set():
            raise RuntimeError("this outbox sender was stopped; the next start builds a new one")
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="tdbot-outbox-sender")

    async def stop(self) -> None:
        """Stop in about ``stop_grace`` seconds at most, whatever the backlog (Ctrl-C must not
        hang). No new row is started; a Bot API call under way gets ``stop_grace`` seconds to
        be answered (its outcome is then recorded), else it is given up and its row stays
        pending for the next start. Only a task that has still not ended after twice that
        (database work waiting on a lock) is cancelled, so a transaction is normally never
        cut short; in all, ``stop()`` returns within ``3 * stop_grace``. Safe to call twice."""
        self._stopping.set()
        self._wake.set()
        task, self._task = self._task, None
        if task is None:
            return
        _, running = await asyncio.wait({task}, timeout=2 * self._stop_grace)
        if running:
            log.warning("outbox sender did not stop in %.1f s; cancelling it", 2 * self._stop_grace)
            task.cancel()
            await asyncio.wait({task}, timeout=self._stop_grace)
        if self._unrecorded:
            log.error("outbox: stopped while the database could not be written: the message "
                      "sent last was not recorded as sent and goes again at the next start")

    async def _run(self) -> None:
        while not self._stopping.is_set():
            await self._rest()
            self._wake.clear()
            try:  # again at once only after a full batch: fewer ready rows means none left,
                # and a pass holds the database (the handlers wait for it)
                while await self.deliver_due() >= BATCH:
                    pass
            except Exception:  # the loop must survive a bad pass; the rows stay due
                log.exception("outbox pass failed; will try again")

    async def _rest(self) -> None:
        """Until a kick, a chat's turn for a row the last pass left waiting, or
        ``idle_poll`` (rows whose retry falls due), whichever comes first."""
        waits: set[asyncio.Future[Any]] = {asyncio.ensure_future(self._wake.wait())}
        if self._next_turn is not None:
            waits.add(asyncio.ensure_future(self._pacer.time.sleep(self._next_turn)))
        try:
            await asyncio.wait(waits, timeout=self._idle_poll, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()

    def next_turn(self) -> float | None:
        """Seconds (pacer time) until the first chat left waiting for its turn by the last
        pass may go; None if it left none."""
        return self._next_turn

    async def deliver_due(self) -> int:
        """One pass: the next due row of each chat whose turn has come, sent; return how
        many rows were handled (sent or failed). Chats left for their turn: ``next_turn``."""
        async with self._lock:
            self._next_turn = None
            if self._stopping.is_set() or not await self._catch_up():
                return 0
            now = self._clock()
            clock = self._pacer.time.monotonic
            waiting = self._pacer.waiting_chats()
            leave_out = [chat for chat, _ in waiting]
            first: float | None = None  # when the first chat left out with a row may go
            claim = outbox.SendClaim(
                self._worker, self._real_clock(), self._lease,
                None if self._fleet_time is None else self._fleet_time(), FLEET_LIMITS)
            try:
                rows = await outbox.next_per_chat(self._db, BATCH, now, leave_out=leave_out,
                                                  claim=claim)
            except Exception as exc:  # the claim writes its leases: it too may meet a full disk
                if not may_pass(exc):
                    raise
                if self._held_since is None:
                    self._held_since = self._clock()
                    log.error("outbox: cannot write to the database (%s): nothing is taken to "
                              "send until it can be", exc)
                return 0
            if len(rows) < BATCH and waiting:  # else a pass follows at once anyway
                index = await outbox.first_with_rows(self._db, now, leave_out)
                if index is not None:
                    first = clock() + waiting[index][1]
            if claim.next_turn is not None:  # a chat the fleet's limits left out
                first = min(clock() + claim.next_turn, first if first is not None else math.inf)
            handled = 0
            for row in rows:
                if self._stopping.is_set():
                    break
                # the overall limit, or a direct answer to this chat while the pass sent
                wait = self._pacer.wait(row.chat_id)
                if wait > 0:  # not this chat's turn yet: it keeps its place, others go on
                    first = min(clock() + wait, first if first is not None else math.inf)
                    continue
                handled += 1
                try:
                    await self._deliver(row)
                except _Held:
                    break  # nothing more is sent until the outcome is recorded
            # the pass took time (in tests, virtual time moves whenever someone sleeps)
            self._next_turn = None if first is None else max(0.0, first - clock())
            return handled

    async def _record(self, write: Record) -> None:
        """Store an outcome Telegram gave. If the database cannot take it for a reason that
        may pass, keep it for the next pass (``_catch_up``) and end this one (``_Held``):
        the row is still due in the database, and sending on would send it again."""
        try:
            await write()
        except Exception as exc:
            if not may_pass(exc):
                raise
            self._unrecorded.append(write)
            if self._held_since is None:
                self._held_since = self._clock()
                log.error("outbox: cannot write to the database (%s): what was sent is kept "
                          "in memory, and nothing more is sent until it can be recorded", exc)
            raise _Held() from exc

    async def _catch_up(self) -> bool:
        """Before a pass: record the outcomes kept while the database could not be
        written, then tell the directors how long messages were held. False while that
        still fails: nothing is to be sent yet."""
        while self._unrecorded:
            try:
                await self._unrecorded[0]()
            except Exception as exc:
                if may_pass(exc):
                    return False
                self._unrecorded.pop(0)  # a bug, not the disk: not tried for ever
                raise
            self._unrecorded.pop(0)
        if self._held_since is not None:
            since, until = self._held_since, self._clock()
            try:
                await outages.tell_directors(self._db, Request.system(until), since, until,
                                             self._organisers)
            except Exception as exc:
                if may_pass(exc):
                    return False
                self._held_since = None  # a bug, not the disk: the pass logs it, once
                raise
            self._held_since = None
            log.warning("outbox: the database can be written again; sending resumes (held "
                        "since %s)", since.isoformat(timespec="seconds"))
        return True

    async def _api(self, row: OutboxRow, call: Awaitable[T]) -> T | None:
        """One Bot API call for ``row``, given up if ``stop()`` comes and the answer does not
        follow within the grace (``SenderStopped``). None: Telegram carried the call out but
        its answer could not be read (``answered_unreadably``) -- done, and not to repeat."""
        task = asyncio.ensure_future(call)
        stopping = asyncio.ensure_future(self._stopping.wait())
        try:
            await asyncio.wait({task, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if not task.done():
                await asyncio.wait({task}, timeout=self._stop_grace)
        finally:
            stopping.cancel()
            if not task.done():
                task.cancel()
        if not task.done() or task.cancelled():
            raise SenderStopped()
        try:
            return task.result()
        except Exception as exc:
            if not answered_unreadably(exc):
                raise
            log.warning("outbox %s: Telegram carried it out but its answer could not be read "
                        "(%r); recorded as sent, without a message id", row.id, exc)
            return None

    async def _send(self, row: OutboxRow, delivered: list[str]) -> int | _MorePieces | None:
        """One Bot API delivery of ``row``; returns the message id to record (None if an
        answer could not be read), or ``MORE_PIECES`` when it sent the first piece of a
        long message (appended to ``delivered``) and the rest waits for the chat's turn."""
        markup = reply_markup(row.buttons)
        no_preview = LinkPreviewOptions(is_disabled=True)
        if row.edit_of is not None:
            if row.edit_message_id is None:
                raise BadRequest("the message to edit was never delivered")
            try:
                await self._api(row, self._post("editMessageText", {
                    "text": split_text(row.text_html)[-1],
                    "chat_id": row.chat_id,
                    "message_id": row.edit_message_id,
                    "parse_mode": ParseMode.HTML,
                    "reply_markup": markup,
                    "link_preview_options": no_preview,
                }))
            except BadRequest as exc:
                if "not modified" not in exc.message.lower():
                    raise
            return row.edit_message_id
        document = (None if row.media_id is None
                    else await brackets.document_of(self._db, row.media_id))
        if document is not None:  # a file (/export), its text the caption
            name, data = document
            sent = await self._api(row, self._bot.send_document(
                chat_id=row.chat_id, document=data, filename=name, caption=row.text_html,
                parse_mode=ParseMode.HTML, reply_markup=markup,
            ))
            delivered.append(row.text_html)
            answered = None if sent is None else sent.message_id
            return answered if isinstance(answered, int) else None
        if row.photo_file_id is not None or row.media_id is not None:
            # a photo, its text the caption (under 1024: outbox.enqueue checks); a picture
            # of the media table is drawn now if it was not yet (brackets.picture_png)
            photo: str | bytes
            if row.photo_file_id is not None:
                photo = row.photo_file_id
            else:
                assert row.media_id is not None
                photo = await brackets.picture_png(self._db, row.media_id, self._clock())
            sent = await self._api(row, self._bot.send_photo(
                chat_id=row.chat_id,
                photo=photo,
                caption=row.text_html,
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
                rate_limit_args=NO_RETRY,
            ))
            delivered.append(row.text_html)
            answered = None if sent is None else sent.message_id
            return answered if isinstance(answered, int) else None
        pieces = split_text(row.text_html)
        message = await self._api(row, self._post("sendMessage", {
            "chat_id": row.chat_id,
            "text": pieces[0],
            "parse_mode": ParseMode.HTML,
            "reply_markup": markup if len(pieces) == 1 else None,  # buttons on the last piece
            "link_preview_options": no_preview,
        }))
        delivered.append(pieces[0])
        if len(pieces) > 1:
            return MORE_PIECES
        return _message_id(row, message)

    def _post(self, endpoint: str, data: dict[str, Any]) -> Awaitable[Any]:
        """A Bot API call whose answer is left as Telegram's JSON: the sender reads only the
        message id, and turning each answer into PTB's ``Message`` was a good part of the
        CPU a message cost (docs/operator-guide.md, "Where the next wall is"). It goes the
        way PTB's own methods go (``Bot._post``: defaults, the pacer, PTB's errors), the
        pacer told not to retry a 429 (``NO_RETRY``: the row waits instead, see above)."""
        return self._bot._post(  # noqa: SLF001 -- PTB's documented path below every method
            endpoint, data, api_kwargs=self._bot._merge_api_rl_kwargs(None, NO_RETRY))

    async def _deliver(self, row: OutboxRow) -> bool:
        """Send one row and record the outcome; False if it is to be retried later (the
        chat's later rows then wait behind it, to keep their order). When a long message
        fails after some of its pieces got through, the row keeps only the rest, so the
        retry sends no piece twice. An outcome that cannot be recorded raises ``_Held``."""
        delivered: list[str] = []
        record = self._record
        try:
            message_id = await self._send(row, delivered)
        except Forbidden as exc:
            log.info("outbox %s: chat %s refuses the bot (%s)", row.id, row.chat_id, exc)
            await record(partial(outbox.refused, self._db, row.id, self._clock(), str(exc),
                                 blocked=True))
            return True
        except BadRequest as exc:
            attempts = row.attempts + 1
            log.warning("outbox %s: Telegram refused it as malformed: %s", row.id, exc)
            if attempts >= BAD_REQUEST_ATTEMPTS or row.edit_of is not None:
                await record(partial(outbox.refused, self._db, row.id, self._clock(), str(exc),
                                     blocked=False))
                return True
            await record(partial(outbox.retry_later, self._db, row.id, str(exc),
                                 self._clock() + retry_delay(attempts),
                                 rest=_rest(row, delivered)))
            return False
        except RetryAfter as exc:  # the pacer holds this chat; the row waits as long
            delay = timedelta(seconds=retry_after_seconds(exc))
            await record(partial(outbox.retry_later, self._db, row.id, str(exc),
                                 self._clock() + delay, rest=_rest(row, delivered)))
            return False
        except NetworkError as exc:  # TimedOut, 5xx, no connection: retried until it works
            log.warning("outbox %s: delivery failed, will retry: %r", row.id, exc)
            retry_at = self._clock() + retry_delay(row.attempts + 1)
            await record(partial(outbox.retry_later, self._db, row.id, repr(exc), retry_at,
                                 rest=_rest(row, delivered)))
            return False
        except ChatMigrated as exc:  # the group became a supergroup: follow it, send again
            # group chat ids are negative; a private chat cannot move, and a move to where
            # the row already goes would only repeat: both are unexpected
            if row.chat_id < 0 and exc.new_chat_id != row.chat_id:
                log.info("outbox %s: chat %s moved to %s", row.id, row.chat_id, exc.new_chat_id)
                await groups.follow_move(self._db, Request.system(self._clock()), row.chat_id,
                                         exc.new_chat_id)
                self.kick()
                return False
            return await self._unexpected(row, exc, delivered)
        except SenderStopped:
            if delivered:
                await record(partial(outbox.retry_later, self._db, row.id, None, None,
                                     rest=_rest(row, delivered)))
            return False
        except Exception as exc:  # neither a refusal nor the network: bounded retries
            if may_pass(exc):  # the database, before anything was sent: the pass fails
                raise
            return await self._unexpected(row, exc, delivered)
        if isinstance(message_id, _MorePieces):
            await record(partial(outbox.retry_later, self._db, row.id, None, None,
                                 rest=_rest(row, delivered)))
            return True
        answered = (None if self._fleet_time is None or not isinstance(row.chat_id, int)
                    else (row.chat_id, self._fleet_time(), FLEET_LIMITS))
        await record(partial(outbox.delivered, self._db, row.id, message_id, self._clock(),
                             answered))
        return True

    async def _unexpected(self, row: OutboxRow, exc: Exception, delivered: list[str]) -> bool:
        """A failure that is neither a refusal nor the network: tried
        ``UNEXPECTED_ATTEMPTS`` times with back-off, then shown to a TD."""
        failures = row.unexpected_failures + 1
        if failures >= UNEXPECTED_ATTEMPTS:
            log.error("outbox %s: failed %d times (%r); marked undeliverable",
                      row.id, failures, exc)
            await self._record(partial(outbox.given_up, self._db, row.id, self._clock(),
                                       repr(exc), rest=_rest(row, delivered)))
            return True
        log.warning("outbox %s: unexpected failure %d of %d, will retry: %r",
                    row.id, failures, UNEXPECTED_ATTEMPTS, exc)
        await self._record(partial(outbox.retry_later, self._db, row.id, repr(exc),
                                   self._clock() + retry_delay(failures),
                                   rest=_rest(row, delivered), unexpected=True))
        return False


def _message_id(row: OutboxRow, answer: Any) -> int | None:
    """The message id in Telegram's answer to a send (its JSON, see ``OutboxSender._post``);
    None, with the warning ``_api`` gives for an answer it cannot read, when there is none
    to read (the message was delivered all the same: Telegram answered ok)."""
    answered = answer.get("message_id") if isinstance(answer, dict) else None
    if isinstance(answered, int) and not isinstance(answered, bool):
        return answered
    if answer is not None:  # None: _api has already said so
        log.warning("outbox %s: Telegram carried it out but its answer could not be read "
                    "(no message id in %.200r); recorded as sent, without a message id",
                    row.id, answer)
    return None


def _rest(row: OutboxRow, delivered: list[str]) -> str | None:
    """What is left to send of a long message some of whose pieces got through (None: all
    of it), so that a retry sends no piece twice."""
    if not delivered:
        return None
    return "\n".join(split_text(row.text_html)[len(delivered):])
