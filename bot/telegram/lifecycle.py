"""Start and stop an Application by hand, in the order ``run_polling`` uses.

``Application.run_polling`` owns the event loop and blocks, which suits ``tdbot run`` but
not tests or the demo, which need the bot running beside code that acts as users. PTB only
calls ``post_init``/``post_stop``/``post_shutdown`` from ``run_polling``/``run_webhook``
(see ``Application.initialize`` docs), so these helpers call them too: a test then runs
exactly the start-up path production runs (re-arming deadlines, starting the sender).
Updates are never dropped at start-up (results sent while the bot was down must
be applied).
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import Update
from telegram.error import Conflict, TelegramError
from telegram.ext import Application

log = logging.getLogger(__name__)


async def start(
    app: Application[Any, Any, Any, Any, Any, Any], *, poll_timeout: int = 1
) -> None:
    """initialize, post_init, start, then long polling (pending updates kept)."""
    await app.initialize()
    if app.post_init:
        await app.post_init(app)
    await app.start()
    if app.updater is not None:
        await app.updater.start_polling(
            poll_interval=0.0,
            timeout=poll_timeout,
            allowed_updates=Update.ALL_TYPES,
            drop_pending_updates=False,
            error_callback=_polling_failed,
        )


def _polling_failed(exc: TelegramError) -> None:
    """A getUpdates that failed (PTB polls again): logged as PTB would, except a 409
    Conflict, which ``one_poller`` has said in one line."""
    if not isinstance(exc, Conflict):
        log.error("polling for updates failed", exc_info=exc)


async def stop(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
    """The reverse of :func:`start`; safe to call after a failed start."""
    if app.updater is not None and app.updater.running:
        await app.updater.stop()
    if app.running:
        await app.stop()
        if app.post_stop:
            await app.post_stop(app)
    await app.shutdown()
    if app.post_shutdown:
        await app.post_shutdown(app)
