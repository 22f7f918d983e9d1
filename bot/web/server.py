"""The bot's web server for the live pages: ``GET /e/SLUG/...`` (``routes``), nothing else.

It runs beside the bot in the same process and event loop (``tdbot run`` with
``TDBOT_SITE_PORT``), by long polling or by webhook alike, on a listener of its own: the
webhook's listener belongs to python-telegram-bot, and a reverse proxy in front can send
``/e/`` here and the webhook's path there under one host name (docs/operator-guide.md). Each
page is one read transaction; no page writes anything. Pages are sent with ``no-cache``,
so a reload shows the newest results, and with a content security policy that allows no
script at all and only the page's own inline stylesheet.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from aiohttp import web

from bot.service.platform.errors import NotFound, ServiceError
from bot.store.db import Database
from bot.web import pages, routes

log = logging.getLogger(__name__)

HEADERS = {
    "Cache-Control": "no-cache",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8",
                        headers=HEADERS)


def make_app(db: Database, clock: Callable[[], datetime]) -> web.Application:
    """The pages as an aiohttp application over ``db``; ``clock`` says when a page is read."""

    async def event_page(request: web.Request) -> web.Response:
        slug = request.match_info["slug"]
        path = request.match_info.get("path", "")
        try:
            return _html(await routes.page(db, slug, path, clock()))
        except NotFound:
            return _html(pages.not_found_html(), 404)
        except ServiceError:
            log.exception("page /e/%s/%s could not be made", slug, path)
            return _html(pages.not_found_html(), 404)

    async def bare(request: web.Request) -> web.Response:
        raise web.HTTPMovedPermanently(f"/e/{request.match_info['slug']}/")

    async def elsewhere(request: web.Request) -> web.Response:
        return _html(pages.not_found_html(), 404)

    app = web.Application()
    app.router.add_get("/e/{slug}", bare)
    app.router.add_get("/e/{slug}/", event_page)
    app.router.add_get("/e/{slug}/{path:.+}", event_page)
    app.router.add_get("/{tail:.*}", elsewhere)
    return app


class SiteServer:
    """The pages' listener: started once the database is open, stopped before it closes."""

    def __init__(self, db: Database, clock: Callable[[], datetime], listen: str, port: int):
        self._app = make_app(db, clock)
        self._listen, self._port = listen, port
        self._runner: web.AppRunner | None = None

    async def start(self) -> int:
        """Start listening; returns the port (the one the system chose for port 0)."""
        self._runner = web.AppRunner(self._app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self._listen, self._port)
        await site.start()
        # the bound port: the one the system chose, for port 0 (the tests)
        port = int(self._runner.addresses[0][1])
        log.info("live pages at http://%s:%d/e/SLUG/", self._listen, port)
        return port

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
