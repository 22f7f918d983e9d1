"""One bot per token: a second ``tdbot run`` with the same token stops and says why.

Telegram keeps one getUpdates waiting per bot; when another comes, the one waiting is
answered 409 Conflict ("terminated by other getUpdates request"). Two processes polling
with one token so end each other's polls in turn, and both would run on: each applying the
updates its own polls brought, each sending its outbox, each logging a conflict every few
seconds. python-telegram-bot polls again a second after a failed poll, so the bot that
started polling last meets a conflict within seconds of its first poll, while the one that
has been running meets them long after its own. That tells them apart: a conflict within
``window`` of this bot's first poll makes it the newcomer, which stops (``tdbot run`` exits
2 with one line saying why); a later one is logged in one line and the bot goes on. Two
bots started within ``window`` of each other both stop, so neither runs beside the other.

A bot that stops when it is the newcomer sends nothing before it knows it is the one poller
(``alone``): its outbox may be a running bot's (the same database), which would otherwise be
sent twice, or by the bot about to stop. Its first getUpdates ends the running bot's (a
409 there), and python-telegram-bot polls again a second after a failed poll, which ends
this bot's poll with a 409 within about a second. So the bot counts as alone once
``grace`` seconds (three) have passed since its first poll without a conflict: a restart
holds its messages that long, and no more however busy the bot is (a quiet answer, a long
poll that ran out, would take the poll's ten seconds).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

#: A conflict this soon (seconds) after the first poll means this bot is the newcomer.
CONFLICT_WINDOW = 60.0
#: No conflict this long (seconds) after the first poll: this bot is the one poller.
GRACE = 3.0


def conflict_of(status: int, payload: bytes) -> str | None:
    """Telegram's description of a getUpdates answer that is a 409 Conflict, else None."""
    if status != 409:
        return None
    try:
        described = json.loads(payload).get("description")
    except (ValueError, AttributeError):
        described = None
    return described if isinstance(described, str) and described else "Conflict"


class OnePoller:
    """Watches this bot's getUpdates calls for another poller with the same token.

    ``stop`` (set by whoever runs the bot) is called once, with the reason, when this bot
    turns out to be the newcomer; without it the reason is logged and the bot goes on.
    ``stopped_because`` keeps the reason for the command line's exit message. ``alone`` is
    set once this bot knows no other program polls (the module's docstring)."""

    def __init__(self, window: float = CONFLICT_WINDOW,
                 clock: Callable[[], float] = time.monotonic, grace: float = GRACE) -> None:
        self.window = window
        self.grace = grace
        self.stop: Callable[[str], None] | None = None
        self.stopped_because: str | None = None
        self._clock = clock
        self._began: float | None = None
        self.alone = asyncio.Event()

    def polling(self) -> None:
        """A getUpdates is about to go (the first one starts the window)."""
        if self._began is None:
            self._began = self._clock()
            asyncio.get_running_loop().call_later(self.grace, self._no_conflict_came)

    def _no_conflict_came(self) -> None:
        if self.stopped_because is None:
            self.alone.set()

    def conflict(self, description: str) -> None:
        """Telegram answered a getUpdates 409: another program polls with this token."""
        began = self._began if self._began is not None else self._clock()
        if self._clock() - began >= self.window:
            log.warning("getUpdates: %s: another program is polling with this bot's token "
                        "and should be stopped; this bot, polling for %.0f s, goes on",
                        description, self._clock() - began)
            return
        if self.stopped_because is not None:
            return
        self.stopped_because = (
            f"another program is already polling Telegram with this bot's token (Telegram "
            f"says: {description}); only one may: stop it first, or give this one its own "
            "bot token")
        if self.stop is not None:
            self.stop(self.stopped_because)
        else:
            log.error("%s", self.stopped_because)
