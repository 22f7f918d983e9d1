"""The real bot running against the in-process fake Telegram: for the demo and the tests.

docs/architecture.md, "Tests": the real python-telegram-bot ``Application`` is driven against a fake Bot
API the project owns (B2's ``bot.fakebot``). This puts the two together with a simulated
clock, and knows when the bot has finished reacting (``settle``), so a script can act as
people, one step after another, without sleeping for fixed times:

1. every update the fake holds has been fetched and confirmed by the next ``getUpdates``
   (so PTB has queued it),
2. PTB's update queue is fully processed (``update_queue.join()``: PTB calls
   ``task_done`` after each update's handlers),
3. the outbox has nothing due left (the sender is run until a pass finds no row; a row
   waiting for its chat's turn is waited for, on the pacer's time: virtual by default).

Time is the simulated clock's: ``advance`` moves it and runs the deadline sweep, which is how
a week-long deadline fires in a test or the demo ("fire deadlines by advancing it
and running the sweep").
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from telegram.ext import Application

from bot.fakebot import FakeChat, FakeTelegram, FakeUser
from bot.telegram import lifecycle
from bot.telegram.app import BotOptions, build_application
from bot.telegram.clock import SimClock
from bot.telegram.one_poller import CONFLICT_WINDOW
from bot.telegram.pacing import PaceTime, VirtualTime
from bot.telegram.runtime import Runtime, runtime_of

#: A fixed, realistic start for simulated clocks: reproducible transcripts.
DEFAULT_START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


class BotUnderTest:
    """One fake Telegram, one database, and the bot (restartable) between them."""

    def __init__(
        self,
        db_path: Path | str,  # a SQLite file, or a postgresql:// URL
        *,
        telegram: FakeTelegram | None = None,
        clock: SimClock | None = None,
        organisers: frozenset[int] = frozenset(),
        max_retries: int = 5,
        bot_username: str = "tdbot_demo_bot",
        pace_time: PaceTime | None = None,
        freeze_heap: bool = False,
        conflict_window: float = CONFLICT_WINDOW,
        site_port: int | None = None,
        public_url: str | None = None,
    ) -> None:
        self.clock = clock or SimClock(DEFAULT_START)
        #: What the pacer waits on: virtual by default, so a player's third message in a
        #: row costs no real seconds; ``pacing.RealTime()`` for a benchmark.
        self.pace_time = pace_time or VirtualTime()
        self.telegram = telegram or FakeTelegram(bot_username=bot_username, clock=self.clock)
        self.db_path = db_path
        self.organisers = organisers
        self.max_retries = max_retries
        self.freeze_heap = freeze_heap  # as tdbot run does (app.freeze_startup_heap): benchmarks
        #: How soon after its first poll a conflict makes this bot the newcomer (one_poller)
        self.conflict_window = conflict_window
        self.site_port = site_port  # serve the live pages (0: on a port the system picks)
        self.public_url = public_url  # TDBOT_PUBLIC_URL: the chat links the pages
        self.app: Application[Any, Any, Any, Any, Any, Any] | None = None

    def options(self) -> BotOptions:
        return BotOptions(
            token=self.telegram.token,
            db_path=self.db_path,
            organisers=self.organisers,
            clock=self.clock,
            request=self.telegram.request(),
            max_retries=self.max_retries,
            sender_idle_poll=0.05,
            pace_time=self.pace_time,
            freeze_heap=self.freeze_heap,
            conflict_window=self.conflict_window,
            site_port=self.site_port,
            site_max_age=0.0,  # a test reads each page as the database has it now
            public_url=self.public_url,
        )

    @property
    def runtime(self) -> Runtime:
        assert self.app is not None, "the bot is not running; call start() first"
        return runtime_of(self.app)

    async def start(self) -> None:
        if self.app is not None:
            raise RuntimeError("the bot is already running")
        self.app = build_application(self.options())
        try:
            await lifecycle.start(self.app, poll_timeout=1)
        except BaseException:
            await lifecycle.stop(self.app)
            self.app = None
            raise

    async def stop(self) -> None:
        if self.app is not None:
            app, self.app = self.app, None
            await lifecycle.stop(app)

    async def restart(self) -> None:
        """Stop the Application and build a new one on the same database file."""
        await self.stop()
        await self.start()

    async def __aenter__(self) -> BotUnderTest:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def settle(self, *, timeout: float = 10.0) -> None:
        """Wait until the bot has applied every update and delivered every due message."""
        assert self.app is not None, "the bot is not running; call start() first"
        app = self.app
        await self.telegram.wait_until(
            lambda: self.telegram.pending_updates() == 0,
            timeout=timeout,
            what="the bot to fetch and confirm its updates",
        )
        await app.update_queue.join()
        sender = self.runtime.sender
        while True:
            if await sender.deliver_due():
                continue
            turn = sender.next_turn()
            if turn is None:
                break
            await self.pace_time.sleep(turn)  # a chat's next message waits for its turn

    async def say(self, user: FakeUser, text: str, *, chat: FakeChat | None = None) -> str:
        """``user`` sends ``text`` (in their private chat, or ``chat``); the bot's last word there.

        The answer is the text of the bot's latest message in that chat once it has settled.
        """
        self.telegram.user_sends(user, text, chat=chat)
        await self.settle()
        return self.telegram.last_sent(chat or user).text or ""

    async def tap(self, user: FakeUser, label: str) -> None:
        """``user`` taps the button called ``label`` (``FakeTelegram.tap_label``); settle."""
        self.telegram.tap_label(user, label)
        await self.settle()

    async def advance(self, delta: timedelta) -> int:
        """Move the simulated clock, fire what fell due, deliver; return deadlines fired."""
        self.clock.advance(delta)
        fired = await self.runtime.scheduler.sweep()
        await self.settle()
        return fired
