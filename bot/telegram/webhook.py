"""The bot's own webhook server: Telegram posts an update, the bot answers once it is applied.

``tdbot run --webhook-url`` serves it, in place of python-telegram-bot's ``run_webhook``
(a tornado server), for two reasons:

- **The answer is the confirmation.** Telegram forgets an update once its POST is answered
  with a 2xx, so the answer waits until the update's handlers have run
  (``update_queue.ApplyThenConfirm.apply``). An update they never finished (a stop cut it
  off) gets no 200, and Telegram posts it again, to this worker or another
  (``fleet.py``); one posted twice is applied once (its claim, docs/architecture.md,
  "Nothing lost, nothing doubled").
- **The answer carries the tap's acknowledgement.** Bot API, "Making requests when getting
  updates": the answer may hold one method call, which Telegram makes itself. A button's
  press is acknowledged there (``webhook_reply.TapReply`` decides when), saving the
  answerCallbackQuery call most updates would otherwise cost. PTB's server answers before
  the update is handled, when no acknowledgement exists yet.

What it checks, as Telegram and PTB do: only a POST to the webhook's path; the secret in
``X-Telegram-Bot-Api-Secret-Token`` (compared in constant time, so a guesser learns nothing
from how long a refusal takes); a body of at most ``MAX_BODY`` (an update is a few
kilobytes; a larger body is not Telegram's); JSON that makes an update. Each refusal is one
line of text and is never a 2xx.

Start and stop (:func:`serve`) follow ``run_webhook``'s order, except that the server
listens first (an address in use then stops start-up before anything else is touched):
the server, then the application's start-up, then setWebhook (the secret, every kind of
update, the pending updates kept). On SIGINT or
SIGTERM the server stops taking POSTs and gives those in flight ``STOP_GRACE`` seconds to be
applied and answered (one not answered by then is posted again later), then the
application stops as ``run_webhook`` stops it. The webhook is left set, as PTB leaves it:
Telegram keeps the updates sent while the bot is down, and the other workers of a fleet go
on receiving theirs.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import signal
from typing import Any

from aiohttp import web
from telegram import Update
from telegram.ext import Application, ExtBot

from bot.telegram import lifecycle
from bot.telegram.update_queue import ApplyThenConfirm
from bot.telegram.webhook_reply import TAP_REPLY, TapReply

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
#: The largest body taken (bytes). An update is text and ids: a long message with a quoted
#: reply and its entities is some tens of kilobytes; files are never in it (getFile).
MAX_BODY = 1024 * 1024
#: Seconds the POSTs in flight at a stop are given to be applied and answered.
STOP_GRACE = 15.0

AnyApplication = Application[Any, Any, Any, Any, Any, Any]


class CannotListen(Exception):
    """The webhook's address cannot be bound (in use, or not this machine's)."""


class WebhookServer:
    """Answers Telegram's POSTs to ``path`` on ``listen``:``port`` for ``app``."""

    def __init__(self, app: AnyApplication, *, listen: str, port: int, path: str,
                 secret: str | None) -> None:
        queue = app.update_queue
        if not isinstance(queue, ApplyThenConfirm):
            raise TypeError("the application's update queue must be an ApplyThenConfirm "
                            "(build_application makes it)")
        self._app = app
        self._queue = queue
        self._listen = listen
        self._port = port
        self._path = "/" + path.strip("/")
        self._secret = secret.encode() if secret else None
        self._runner: web.AppRunner | None = None
        self.port = 0  # the bound port (the one the system picked, for port 0)

    @property
    def path(self) -> str:
        return self._path

    async def start(self) -> int:
        """Start listening; returns the port."""
        site_app = web.Application(client_max_size=MAX_BODY)
        site_app.router.add_post(self._path, self._post)
        if self._path != "/":
            site_app.router.add_post(self._path + "/", self._post)  # as PTB's route took it
        self._runner = web.AppRunner(site_app, access_log=None, shutdown_timeout=STOP_GRACE)
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, self._listen, self._port).start()
        except OSError as exc:
            await self._runner.cleanup()
            self._runner = None
            why = os.strerror(exc.errno) if exc.errno else str(exc)
            raise CannotListen(f"cannot listen on {self._listen}:{self._port} "
                               f"({why.lower()})") from exc
        self.port = int(self._runner.addresses[0][1])
        return self.port

    async def stop(self) -> None:
        """Take no more POSTs; those in flight get ``STOP_GRACE`` seconds to be answered."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _post(self, request: web.Request) -> web.StreamResponse:
        if self._secret is not None:
            given = request.headers.get(SECRET_HEADER, "").encode()
            if not hmac.compare_digest(given, self._secret):
                return _refused(403, "wrong or missing secret token")
        try:
            data = json.loads(await request.read())
        except web.HTTPRequestEntityTooLarge:
            return _refused(413, f"body larger than {MAX_BODY} bytes")
        except ValueError:  # not UTF-8, or not JSON
            return _refused(400, "the body is not JSON")
        try:
            update = Update.de_json(data, self._app.bot) if isinstance(data, dict) else None
        except Exception as exc:  # data PTB cannot read: say so, do not confirm it
            log.warning("the webhook refused a body that is not an update (%s: %s)",
                        type(exc).__name__, exc)
            update = None
        if update is None:
            return _refused(400, "the body is not an update")
        if isinstance(self._app.bot, ExtBot):
            self._app.bot.insert_callback_data(update)  # as PTB's webhook does
        replies = self._app.bot_data.get(TAP_REPLY)
        if isinstance(replies, TapReply):
            replies.open(update)
        try:
            applied = await self._queue.apply(update)
        finally:
            call = replies.close(update) if isinstance(replies, TapReply) else None
        if not applied:  # a stop cut it off: Telegram keeps it and posts it again
            return _refused(503, "stopping: the update was not applied")
        if call is None:
            return web.Response(status=200)
        return web.json_response(call)


def _refused(status: int, why: str) -> web.Response:
    return web.Response(status=status, text=why + "\n")


async def serve(app: AnyApplication, *, listen: str, port: int, path: str, url: str,
                secret: str | None, allowed_updates: list[str] | None = None,
                stop: asyncio.Event | None = None) -> None:
    """Run ``app`` behind its webhook until ``stop`` is set, or, without one, SIGINT or
    SIGTERM.

    Telegram is told the webhook (``url``, ``secret``, ``allowed_updates``) once the server
    listens; pending updates are kept (results sent while the bot was down must be
    applied). Raises :class:`CannotListen` (after stopping what had started) if the address
    cannot be bound."""
    loop = asyncio.get_running_loop()
    signals = (signal.SIGINT, signal.SIGTERM) if stop is None else ()
    stop = stop or asyncio.Event()
    for sig in signals:
        loop.add_signal_handler(sig, stop.set)
    server = WebhookServer(app, listen=listen, port=port, path=path, secret=secret)
    try:
        # bound first: a port in use stops start-up before the database or Telegram is
        # touched; a POST that comes meanwhile waits in the queue for the start
        await server.start()
        await app.initialize()
        if app.post_init:
            await app.post_init(app)
        await app.start()
        await app.bot.set_webhook(url=url, allowed_updates=allowed_updates,
                                  drop_pending_updates=False, secret_token=secret)
        log.info("listening for Telegram's updates on %s:%s%s", listen, server.port, server.path)
        await stop.wait()
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)
        await server.stop()
        await lifecycle.stop(app)
