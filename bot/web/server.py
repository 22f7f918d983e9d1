"""The bot's web server for the live pages: ``GET /e/SLUG/...`` (``routes``), nothing else.

It runs beside the bot in the same process and event loop (``tdbot run`` with
``TDBOT_SITE_PORT``), by long polling or by webhook alike, on a listener of its own: the
webhook's listener belongs to python-telegram-bot, and a reverse proxy in front can send
``/e/`` here and the webhook's path there under one host name (docs/operator-guide.md). Each
page is one read transaction; no page writes anything. Pages are sent with ``no-cache``
and with a content security policy that allows no script at all and only the page's own
inline stylesheet.

Readers must not slow the bot down: every transaction, the bot's and the pages', takes the
database's one lock in turn, and a large event's page takes tens of milliseconds to read.
So a page made is kept for ``MAX_AGE`` seconds and served to everyone who asks in that
time (a reload shows results at most that much older than the database), one reading of a
page serves all who asked for it at once, and pages are made one at a time, so that a
result being reported waits for at most one page's reading (``python -m bench.site``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
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


#: How long a page made is served as it is (seconds).
MAX_AGE = 2.0
#: How many pages are kept (an event of 1,000 players has some 2,000 pages).
KEPT = 4096


class PageCache:
    """Pages kept for ``max_age`` seconds (module docstring): one making of a page at a
    time, shared by everyone who asks for it meanwhile; the oldest forgotten past ``size``.
    A page older than ``max_age`` is still served while it is made again in the background
    (readers never queue behind the database for a page they have seen), so it is at most
    ``max_age`` plus one making old. A page that could not be made (not found) is not kept.
    A ``max_age`` of 0 keeps nothing (the tests read each page as the database has it)."""

    def __init__(self, max_age: float = MAX_AGE, size: int = KEPT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.max_age, self.size, self._clock = max_age, size, clock
        self._kept: OrderedDict[str, tuple[float, str]] = OrderedDict()
        self._making: dict[str, asyncio.Future[str]] = {}
        self._one_at_a_time = asyncio.Semaphore(1)
        self._refreshing: set[asyncio.Task[None]] = set()
        self.made = 0  # how many pages were read from the database (for the tests)

    async def get(self, key: str, make: Callable[[], Awaitable[str]]) -> str:
        if self.max_age <= 0:  # nothing kept: each page read as the database has it now
            self.made += 1
            return await make()
        kept = self._kept.get(key)
        if kept is not None and self._clock() - kept[0] < self.max_age:
            return kept[1]
        pending = self._making.get(key)
        if kept is not None:  # too old: served as it is while it is made again
            if pending is None:
                task = asyncio.create_task(self._refresh(key, self._start(key), make))
                self._refreshing.add(task)
                task.add_done_callback(self._refreshing.discard)
            return kept[1]
        if pending is not None:
            return await asyncio.shield(pending)
        return await self._make(key, self._start(key), make)

    def _start(self, key: str) -> asyncio.Future[str]:
        """The page is being made: whoever asks meanwhile waits for this one making."""
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._making[key] = future
        return future

    async def _refresh(self, key: str, future: asyncio.Future[str],
                       make: Callable[[], Awaitable[str]]) -> None:
        try:
            await self._make(key, future, make)
        except NotFound:
            self._kept.pop(key, None)  # gone (the event made private): not served any more
        except Exception:
            log.exception("page %s could not be made again; the last one is served", key)

    async def _make(self, key: str, future: asyncio.Future[str],
                    make: Callable[[], Awaitable[str]]) -> str:
        try:
            async with self._one_at_a_time:
                page = await make()
                self.made += 1
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._making[key]
        future.set_result(page)
        self._kept[key] = (self._clock(), page)
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return page

    async def settle(self) -> None:
        """Wait for the pages being made again (a test, or stopping)."""
        while self._refreshing:
            await asyncio.gather(*self._refreshing, return_exceptions=True)


def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8",
                        headers=HEADERS)


def make_app(db: Database, clock: Callable[[], datetime],
             cache: PageCache | None = None) -> web.Application:
    """The pages as an aiohttp application over ``db``; ``clock`` says when a page is read."""
    pages_kept = cache or PageCache()

    async def event_page(request: web.Request) -> web.Response:
        slug = request.match_info["slug"]
        path = request.match_info.get("path", "")
        try:
            made = await pages_kept.get(f"{slug}/{path}",
                                        lambda: routes.page(db, slug, path, clock()))
            return _html(made)
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

    def __init__(self, db: Database, clock: Callable[[], datetime], listen: str, port: int,
                 *, max_age: float = MAX_AGE):
        self.cache = PageCache(max_age)
        self._app = make_app(db, clock, self.cache)
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
        await self.cache.settle()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
