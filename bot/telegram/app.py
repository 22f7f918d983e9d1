"""Builds the python-telegram-bot Application: pacer, job queue, handlers, start-up.

Start-up (``post_init``) opens the database (applying migrations), re-arms every open
deadline row (docs/architecture.md, "Durable time": overdue ones fire at once), starts the periodic
sweep and the outbox sender (``tdbot run``'s polling bot, once it knows it is the one poller:
one_poller.py), and sets the default command menu. Shutdown closes them in
reverse. The clock is injected (``BotOptions.clock`` -> ``bot_data["clock"]``).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from telegram.ext import Application, ApplicationBuilder
from telegram.request import BaseRequest, HTTPXRequest

from bot import logsafe
from bot.service.events import site_links
from bot.service.formats import registry
from bot.service.platform import deadlines, outbox
from bot.store.db import Database, is_postgres, open_database
from bot.telegram import commands, handlers
from bot.telegram.bot_api_http import AiohttpRequest
from bot.telegram.clock import Clock, utc_now
from bot.telegram.fleet import ArrivalOrder, worker_name
from bot.telegram.one_poller import CONFLICT_WINDOW, OnePoller
from bot.telegram.pacing import MAX_RETRIES, ChatPacer, PaceTime, RealTime
from bot.telegram.runtime import CLOCK, RUNTIME, Runtime, runtime_of
from bot.telegram.scheduler import SWEEP_INTERVAL, DeadlineScheduler, horizon_for
from bot.telegram.sender import LEASE, OutboxSender
from bot.telegram.update_queue import ApplyThenConfirm, ConfirmWhenApplied, InChatOrder
from bot.telegram.webhook_reply import TAP_REPLY, TapReply
from bot.words import SOURCE, for_locale, locales
from core.times import day_text, local_text, short_text

if TYPE_CHECKING:
    from bot.web.server import SiteServer

log = logging.getLogger(__name__)

ONE_POLLER = "one_poller"
SENDING = "sending"  # the task that starts the sender once this bot is the one poller
SITE = "site"
SITE_PORT = "site_port"  # the port the pages are served on (the one picked, for port 0)

@dataclass(frozen=True)
class BotOptions:
    """Everything that differs between production, the demo and a test."""

    token: str
    db_path: Path | str  # a SQLite file, or a postgresql:// URL (open_database)
    organisers: frozenset[int] = frozenset()
    clock: Clock = utc_now
    base_url: str | None = None  # e.g. http://127.0.0.1:8081/bot (PTB's base_url)
    base_file_url: str | None = None  # default: derived from base_url (file_url_for)
    request: BaseRequest | None = None  # an in-process fake Bot API for tests and the demo
    max_retries: int = MAX_RETRIES  # a direct answer's tries after a 429 (pacing.ChatPacer)
    pace_time: PaceTime = field(default_factory=RealTime)  # what the pacer waits on
    sweep_interval: timedelta = SWEEP_INTERVAL
    sender_idle_poll: float = 1.0
    webhook: bool = False  # Telegram posts updates (webhook.serve) rather than being polled
    freeze_heap: bool = False  # tdbot run: see freeze_startup_heap
    # Long polling: a bot that meets another poller with its token within this many seconds
    # of its first poll is the newcomer (one_poller.py); with stop_if_not_alone (tdbot run)
    # it stops, else it says so in the log and goes on.
    conflict_window: float = CONFLICT_WINDOW
    stop_if_not_alone: bool = False
    extra_bot_data: dict[str, Any] = field(default_factory=dict)
    # The live pages (bot/web): served at site_listen:site_port when a port is given (0:
    # one the system picks, for tests); public_url is where readers reach them, linked
    # from the chat (bot/service/events/site_links.py).
    site_port: int | None = None
    site_listen: str = "127.0.0.1"
    site_max_age: float | None = None  # the longest a page made is kept (None: server.MAX_AGE)
    public_url: str | None = None
    # Several workers (fleet.py): this worker's name in its leases ("": host:pid), and how
    # long a lease lasts
    worker: str = ""
    lease: timedelta = LEASE


def not_alone(app: Application[Any, Any, Any, Any, Any, Any]) -> str | None:
    """Why the bot stopped because another program polls with its token, if it did."""
    guard = app.bot_data.get(ONE_POLLER)
    return guard.stopped_because if isinstance(guard, OnePoller) else None


def file_url_for(base_url: str) -> str:
    """The file-download base for a Bot API base URL: ``.../bot`` -> ``.../file/bot``.

    Telegram serves files at ``https://api.telegram.org/file/bot<token>/<path>`` beside
    ``https://api.telegram.org/bot<token>/<method>``; a local Bot API server (or our fake)
    does the same, so the file URL is the API URL with ``/file`` before the final ``/bot``.
    """
    trimmed = base_url.rstrip("/")
    if not trimmed.endswith("/bot"):
        raise ValueError(
            f"base URL {base_url!r} must end in /bot, as PTB's base_url does "
            "(e.g. http://127.0.0.1:8081/bot)"
        )
    return trimmed[: -len("/bot")] + "/file/bot"


def build_application(options: BotOptions) -> Application[Any, Any, Any, Any, Any, Any]:
    logsafe.protect(options.token)  # it is in every Bot API URL a logger may print
    registry.load_all()  # every handler asks the event's format: load them before any update
    # Telegram forgets an update only once it is applied, and updates are handled several at
    # a time, each chat's in order (update_queue.py says why and how).
    updates = ApplyThenConfirm()
    in_order = InChatOrder(updates)
    builder = (
        ApplicationBuilder()
        .token(options.token)
        # our pacer, not PTB's AIORateLimiter: per chat, and a 429 holds one chat (pacing.py)
        .rate_limiter(ChatPacer(options.pace_time, max_retries=options.max_retries))
        .post_init(_post_init)
        .post_stop(_post_stop)
        .post_shutdown(_post_shutdown)
        .update_queue(updates)
        .concurrent_updates(in_order)
    )
    if options.base_url:
        builder = builder.base_url(options.base_url.rstrip("/")).base_file_url(
            options.base_file_url or file_url_for(options.base_url)
        )
    # the Bot API through aiohttp, not PTB's httpx (bot_api_http.py says why)
    builder = builder.request(options.request or AiohttpRequest())
    guard = OnePoller(options.conflict_window)
    if options.webhook:  # the bot's own webhook server takes the updates (webhook.py)
        builder = builder.updater(None)
    else:  # long polling: the next getUpdates confirms, once all is applied
        polling = options.request or HTTPXRequest(connection_pool_size=1)  # PTB's own default
        builder = builder.get_updates_request(ConfirmWhenApplied(polling, updates, guard))
    app = builder.build()
    if options.webhook and is_postgres(options.db_path):  # several workers may share it
        in_order.gate = ArrivalOrder(lambda: runtime_of(app).db, options.worker or worker_name())
    app.bot_data[ONE_POLLER] = guard
    if options.webhook:  # a tap's acknowledgement rides the webhook's answer
        app.bot_data[TAP_REPLY] = TapReply()
    if options.stop_if_not_alone:  # run_polling's own way out: the loop stops, then shutdown
        guard.stop = lambda _why: app.stop_running()
    app.bot_data[CLOCK] = options.clock
    app.bot_data["options"] = options
    app.bot_data.update(options.extra_bot_data)
    handlers.register(app)
    return app


async def _post_init(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
    options: BotOptions = app.bot_data["options"]
    clock: Clock = app.bot_data[CLOCK]
    db = await open_database(options.db_path)
    pacer = app.bot.rate_limiter
    assert isinstance(pacer, ChatPacer), "build_application sets the ChatPacer"
    worker = options.worker or worker_name()
    if not is_postgres(options.db_path):  # one process: a lease left is a dead run's
        await deadlines.release_leases(db)
    # the fleet's limits in the database need one clock for every worker: the real one
    fleet_time = time.time if isinstance(options.pace_time, RealTime) else None
    sender = OutboxSender(app.bot, db, clock, pacer, idle_poll=options.sender_idle_poll,
                          organisers=options.organisers, worker=worker, lease=options.lease,
                          fleet_time=fleet_time)
    assert app.job_queue is not None, "install python-telegram-bot[job-queue]"
    scheduler = DeadlineScheduler(app.job_queue, db, clock, sender.kick,
                                  horizon=horizon_for(options.sweep_interval),
                                  worker=worker, lease=options.lease)
    app.bot_data[RUNTIME] = Runtime(db, sender, scheduler, options.organisers, pacer.time)
    await site_links.set_public_url(db, options.public_url)
    if options.site_port is not None:
        from bot.web.server import MAX_AGE, SiteServer  # lazy: aiohttp, only to serve pages

        server = SiteServer(db, clock, options.site_listen, options.site_port,
                            max_age=MAX_AGE if options.site_max_age is None
                            else options.site_max_age)
        app.bot_data[SITE] = server
        app.bot_data[SITE_PORT] = await server.start()
    armed = await scheduler.reconcile()
    scheduler.start_sweeping(options.sweep_interval)
    guard = app.bot_data[ONE_POLLER]
    if options.stop_if_not_alone and not options.webhook:
        app.bot_data[SENDING] = asyncio.create_task(
            _send_when_alone(guard, db, sender, sqlite=not is_postgres(options.db_path)),
            name="tdbot-send-when-alone")
    else:
        await _start_sending(db, sender, sqlite=not is_postgres(options.db_path))
    await commands.set_default_menu(app.bot)
    if options.freeze_heap:
        read_the_words()
        freeze_startup_heap()
    log.info("TDBot started as @%s; %d open deadlines due within %s armed", app.bot.username,
             armed, scheduler.horizon)


async def _send_when_alone(guard: OnePoller, db: Database, sender: OutboxSender, *,
                           sqlite: bool) -> None:
    """Start the sender once no other program polls with the token (one_poller.py): the
    outbox may be a running bot's, and this one may be about to stop."""
    await guard.alone.wait()
    await _start_sending(db, sender, sqlite=sqlite)


async def _start_sending(db: Database, sender: OutboxSender, *, sqlite: bool) -> None:
    if sqlite:  # one process: a lease left is a dead run's
        await outbox.release_leases(db)
    sender.start()
    sender.kick()


async def _stop_waiting_to_send(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
    waiting = app.bot_data.pop(SENDING, None)
    if isinstance(waiting, asyncio.Task):
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)


def read_the_words() -> None:
    """Read now what the first message in each language would read from the disk: its
    catalogue and Babel's data for its dates (day and month names). Read on first use, it
    held up the first updates by 16-25 ms a language (``python -m bench.fleet --trace``:
    Babel's ``localedata.load`` in the loop's long callbacks); read before
    ``freeze_startup_heap``, it also stays out of the collections."""
    moment = datetime(2026, 1, 5, 12, tzinfo=UTC)
    for locale in (SOURCE, *locales()):
        for_locale(locale)
        local_text(moment, locale)
        short_text(moment, locale)
        day_text(moment.date(), locale)


def freeze_startup_heap() -> None:
    """Keep what start-up made out of Python's full garbage collections.

    The modules, python-telegram-bot, httpx and the rest are about 90,000 objects that live
    as long as the process, and each full collection walks them all: some 60 ms during
    which no update is handled, a pause that lands on whoever reported at that moment
    (``python -m bench.load``: the slowest 1 % of answers). ``gc.freeze`` moves them to a
    generation that is never collected, after one collection so that no garbage is kept;
    later collections walk only what the bot made since (10 ms). Only a long-running
    process does this: a test that starts a bot hundreds of times would pay the collection
    each time.
    """
    gc.collect()
    gc.freeze()


async def _post_stop(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
    await _stop_waiting_to_send(app)
    server: SiteServer | None = app.bot_data.pop(SITE, None)
    if server is not None:
        await server.stop()
    runtime = app.bot_data.get(RUNTIME)
    if runtime is not None:
        await runtime.sender.stop()


async def _post_shutdown(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
    await _stop_waiting_to_send(app)
    # a start-up that failed after starting the server leaves it here
    server: SiteServer | None = app.bot_data.pop(SITE, None)
    if server is not None:
        await server.stop()
    runtime = app.bot_data.pop(RUNTIME, None)
    if runtime is not None:
        await runtime.sender.stop()
        await runtime.db.close()
