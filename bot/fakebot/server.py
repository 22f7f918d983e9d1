"""The fake Bot API over HTTP on 127.0.0.1, for end-to-end runs with real polling.

It serves the same :class:`World` as the in-process request, at the URLs
python-telegram-bot builds: ``<base_url><token>/<method>`` with base_url
``http://127.0.0.1:PORT/bot``, and file downloads at ``<base_file_url><token>/<path>``
with base_file_url ``http://127.0.0.1:PORT/file/bot`` (telegram/_bot.py,
``_parse_base_url`` and ``get_file``). Like Telegram it takes parameters as a query
string, url-encoded or multipart form, or a JSON body (Bot API, "Making requests").
It binds port 0 by default: the system picks a free port, read it from ``port``.
While it runs, a webhook set with setWebhook gets the updates POSTed to it
(bot.fakebot.webhook).

A timeout fault holds the answer ``delay`` seconds (10 if not given): set the
client's read timeout below that to see TimedOut.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import web

from bot.fakebot.methods import Upload, serve_call
from bot.fakebot.state import World
from bot.fakebot.webhook import WebhookPusher

# Room for a 50 MB upload (methods.MAX_UPLOAD) plus the form around it.
MAX_BODY = 51 * 1024 * 1024
HELD_ANSWER_SECONDS = 10.0


class FakeBotServer:
    """An aiohttp server answering Bot API calls from ``world``."""

    def __init__(self, world: World, *, host: str = "127.0.0.1", port: int = 0,
                 webhook_connections: int = 1) -> None:
        self.world = world
        self.host = host
        self._wanted_port = port
        self._runner: web.AppRunner | None = None
        self._pusher = WebhookPusher(world, connections=webhook_connections)
        self.port = 0

    @property
    def base_url(self) -> str:
        """For ``ApplicationBuilder().base_url(...)`` and ``tdbot run --base-url``."""
        return f"http://{self.host}:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://{self.host}:{self.port}/file/bot"

    async def start(self) -> None:
        app = web.Application(client_max_size=MAX_BODY)
        app.router.add_route("*", "/bot{token}/{method}", self._method)
        app.router.add_get("/file/bot{token}/{path:.+}", self._file)
        self._runner = web.AppRunner(
            app, shutdown_timeout=1.0, access_log=None, handler_cancellation=True
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self._wanted_port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        await self._pusher.start()

    async def stop(self) -> None:
        await self._pusher.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeBotServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _method(self, request: web.Request) -> web.Response:
        raw: dict[str, Any] = dict(request.query)
        uploads: dict[str, Upload] = {}
        if request.content_type == "application/json":
            try:
                body = await request.json()
            except ValueError:
                return _error(400, "Bad Request: can't parse JSON body")
            if isinstance(body, dict):
                raw.update(body)
        elif request.can_read_body:
            form = await request.post()
            for name, value in form.items():
                if isinstance(value, web.FileField):
                    uploads[name] = Upload(value.filename, value.file.read(), value.content_type)
                else:
                    raw[name] = value
        answer = await serve_call(
            self.world, request.match_info["token"], request.match_info["method"], raw, uploads
        )
        if answer.timeout is not None:
            await asyncio.sleep(answer.timeout.delay or HELD_ANSWER_SECONDS)
            if not answer.timeout.delivered:
                return _error(504, "Gateway Timeout")
        if answer.raw is not None:
            return web.Response(body=answer.raw, status=answer.status or 200,
                                content_type="text/html")
        return web.json_response(
            answer.body,
            status=answer.status or 200,
            dumps=lambda o: json.dumps(o, ensure_ascii=False),
        )

    async def _file(self, request: web.Request) -> web.Response:
        stored = self.world.files_by_path.get(request.match_info["path"])
        if request.match_info["token"] != self.world.token or stored is None:
            return _error(404, "Not Found")
        return web.Response(
            body=stored.data, content_type=stored.mime_type or "application/octet-stream"
        )


def _error(status: int, description: str) -> web.Response:
    return web.json_response(
        {"ok": False, "error_code": status, "description": description}, status=status
    )
