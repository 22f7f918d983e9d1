"""What every handler needs from the Application: the database, the clock, the sender.

They live in ``application.bot_data`` (the clock among them, so that
tests and the demo can move time) under fixed keys; these accessors keep the key names in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from telegram.ext import Application, ContextTypes

if TYPE_CHECKING:
    from bot.store.db import Database
    from bot.telegram.clock import Clock
    from bot.telegram.pacing import PaceTime
    from bot.telegram.scheduler import DeadlineScheduler
    from bot.telegram.sender import OutboxSender

CLOCK = "clock"
RUNTIME = "runtime"


@dataclass
class Runtime:
    """The per-Application services, created in post_init once the database is open."""

    db: Database
    sender: OutboxSender
    scheduler: DeadlineScheduler
    organisers: frozenset[int]
    #: What a wait before trying an update again sleeps on (the pacer's: real in
    #: production, virtual in tests, so a test's back-off costs no real seconds).
    time: PaceTime


def runtime_of(app: Application[Any, Any, Any, Any, Any, Any]) -> Runtime:
    runtime = app.bot_data.get(RUNTIME)
    if runtime is None:
        raise RuntimeError("the bot is not started: post_init has not opened the database")
    return runtime  # type: ignore[no-any-return]


def runtime(context: ContextTypes.DEFAULT_TYPE) -> Runtime:
    return runtime_of(context.application)


def now(context: ContextTypes.DEFAULT_TYPE) -> datetime:
    """The injected clock's time (aware UTC)."""
    clock: Clock = context.application.bot_data[CLOCK]
    return clock()


async def after_commit(context: ContextTypes.DEFAULT_TYPE) -> None:
    """A use-case committed: deliver what it enqueued and arm what it opened."""
    rt = runtime(context)
    rt.sender.kick()
    await rt.scheduler.sync()
