"""The web server of the live pages: ``GET /e/SLUG/...`` (``routes``), nothing else.

It runs in a process of its own, ``tdbot site serve`` (``serve``), on connections of its
own that only read (``db.open_reader``): on SQLite in WAL mode its reads take no lock, so
the bot's process writes results while pages are read, and neither waits for the other;
on PostgreSQL its snapshots take no advisory lock. The readers' work (making the pages,
answering the connections) is then on a core of its own, not in the bot's event loop,
whose results it would otherwise delay (``python -m bench.site``). ``tdbot run`` still
serves the pages itself when ``TDBOT_SITE_PORT`` is set (one process, for a small event),
on a listener of its own beside the webhook's (``bot.telegram.app``), on the bot's own
connection and loop: a page's making then holds the bot's transactions up while its
statements run. A connection of its own does not help there: SQLite empties a
connection's page cache whenever another connection commits, so every page would be read
from the file again after each result, on the bot's loop; and made on a thread of the
bot's process, the pages slow every statement of the bot's own, each of which gives up
Python's lock and must wait to take it back (``python -m bench.site`` measured both
slower). A reverse proxy in front sends ``/e/`` here (docs/operator-guide.md). No page writes
anything. Pages are sent with ``no-cache`` and a content security policy that allows no
script at all and only the page's own inline stylesheet.

A page made is kept and served again as long as the database has not changed since: every
change a page can show (a result, a slip agreed or made final, a dispute ruled, a round
opened, a player entered) writes a line to the journal, so the journal's newest line
(``site.last_change``, one lookup of its key) says whether a kept page is still the one
the database would give. Once the journal has moved on, the kept page is made again, and
served as it was meanwhile: readers never queue behind the database, and a reload shows a
result one page's making after it was committed. A page is made again at most once every
``FRESH`` seconds, however fast results arrive: made again after every result, the pages
kept a core busy while results came in (the standings and a round's pairings of a
1,000-player event take a tenth of a second each to make), the core the bot's results
needed on a small machine (``python -m bench.site``); so a reload shows a result within
``FRESH`` seconds and one making. A page is also made again once it is ``MAX_AGE`` old, so
that what changes without a journal line, and the time in its footer, are never older
than that. Pages are made one at a time, and one making of a page serves everyone who
asks for it meanwhile.

Each page is sent with an ``ETag``, a digest of the page as it was made: a reload whose
``If-None-Match`` names it (a browser sends it with every reload of a ``no-cache`` page) is
answered ``304 Not Modified``, with no page at all, so the reader's phone keeps the one it
has; a page made again after a result has another digest, and is sent in full.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web

from bot.service.events import site
from bot.service.platform.errors import NotFound, ServiceError
from bot.store.db import Database, open_reader
from bot.web import pages, routes

log = logging.getLogger(__name__)
T = TypeVar("T")

HEADERS = {
    "Cache-Control": "no-cache",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


#: The longest a page made is served while the journal has not moved (seconds).
MAX_AGE = 60.0
#: The shortest time between two makings of one page (seconds): a result is shown on
#: the next reload after that at the latest (module docstring).
FRESH = 2.0
#: How many pages are kept (an event of 1,000 players has some 2,000 pages).
KEPT = 4096


@dataclass(frozen=True)
class _Kept:
    change: int  # the journal's newest line when the page was made
    at: float  # when (the cache's clock)
    page: str


class PageCache:
    """Pages kept while the journal has not moved (module docstring): ``changes`` reads
    its newest line, once for all who ask at the same moment; a page kept from before it
    moved (or older than ``max_age``) is served while it is made again, once it is
    ``fresh`` seconds old; one making of a page at a time, shared by everyone who asks for
    it meanwhile; the least recently served forgotten past ``size``. A page that could not
    be made (not found) is not kept. A ``max_age`` of 0 keeps nothing (each page read as
    the database has it)."""

    def __init__(self, changes: Callable[[], Awaitable[int]], max_age: float = MAX_AGE,
                 size: int = KEPT, clock: Callable[[], float] = time.monotonic,
                 fresh: float = FRESH) -> None:
        self.max_age, self.size, self._clock = max_age, size, clock
        self.fresh = min(fresh, max_age)
        self._changes = changes
        self._checking: asyncio.Future[int] | None = None
        self._kept: OrderedDict[str, _Kept] = OrderedDict()
        self._making: dict[str, tuple[int, asyncio.Future[str]]] = {}
        self._one_at_a_time = asyncio.Semaphore(1)
        self._refreshing: set[asyncio.Task[None]] = set()
        self.made = 0  # how many pages were read from the database (for the tests)

    async def get(self, key: str, make: Callable[[], Awaitable[str]]) -> str:
        if self.max_age <= 0:  # nothing kept: each page read as the database has it now
            self.made += 1
            return await make()
        kept = self._kept.get(key)
        if kept is not None and self._clock() - kept.at < self.fresh:
            self._kept.move_to_end(key)
            return kept.page  # made too recently to be made again yet
        change = await self._last_change()
        kept = self._kept.get(key)
        if kept is not None and kept.change == change and self._clock() - kept.at < self.max_age:
            self._kept.move_to_end(key)
            return kept.page
        pending = self._making.get(key)
        if kept is not None:  # out of date: served as it is while it is made again
            if pending is None:  # (once at a time: a change meanwhile is seen after it)
                task = asyncio.create_task(self._refresh(key, self._start(key, change), make))
                self._refreshing.add(task)
                task.add_done_callback(self._refreshing.discard)
            return kept.page
        if pending is not None:  # being made (begun at most one making ago): wait for it
            return await asyncio.shield(pending[1])
        return await self._make(key, self._start(key, change), make)

    def _start(self, key: str, change: int) -> tuple[int, asyncio.Future[str]]:
        """The page is being made: whoever asks meanwhile waits for (or is served while)
        this one making."""
        entry = (change, asyncio.get_running_loop().create_future())
        self._making[key] = entry
        return entry

    async def _refresh(self, key: str, entry: tuple[int, asyncio.Future[str]],
                       make: Callable[[], Awaitable[str]]) -> None:
        try:
            await self._make(key, entry, make)
        except NotFound:
            self._kept.pop(key, None)  # gone (the event made private): not served any more
        except Exception:
            log.exception("page %s could not be made again; the last one is served", key)

    async def settle(self) -> None:
        """Wait for the pages being made again (a test, or stopping)."""
        while self._refreshing:
            await asyncio.gather(*self._refreshing, return_exceptions=True)

    async def _last_change(self) -> int:
        """The journal's newest line: one reading shared by everyone who asks while it is
        read (it began at most one reading's time before they asked)."""
        if self._checking is None or self._checking.done():
            self._checking = asyncio.ensure_future(self._changes())
        return await asyncio.shield(self._checking)

    async def _make(self, key: str, entry: tuple[int, asyncio.Future[str]],
                    make: Callable[[], Awaitable[str]]) -> str:
        """Make the page; ``entry`` holds the journal's line read before (the page holds at
        least that much: a later line makes it again at the next asking)."""
        change, future = entry
        try:
            async with self._one_at_a_time:
                page = await make()
                self.made += 1
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            if self._making.get(key) is entry:
                del self._making[key]
        future.set_result(page)
        kept = self._kept.get(key)
        if kept is None or kept.change <= change:
            self._kept[key] = _Kept(change, self._clock(), page)
            self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return page


def _html(text: str, status: int = 200, tag: str | None = None) -> web.Response:
    headers = HEADERS if tag is None else {**HEADERS, "ETag": tag}
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8",
                        headers=headers)


def etag(page: str) -> str:
    """The page's entity tag: a digest of it as made (module docstring)."""
    return '"' + hashlib.blake2b(page.encode(), digest_size=12).hexdigest() + '"'


def _has(if_none_match: str, tag: str) -> bool:
    """Whether an ``If-None-Match`` header names ``tag`` (a weak ``W/`` one alike, RFC 9110
    para 13.1.2: the comparison is weak) or is ``*``."""
    given = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
    return "*" in given or tag in given


#: Where a page is made: ``make(work)`` runs the coroutine ``work`` and gives its result.
Make = Callable[[Coroutine[Any, Any, str]], Awaitable[str]]


async def _here(work: Coroutine[Any, Any, str]) -> str:
    return await work


class PageMaker:
    """A thread of its own, with its own event loop, where ``tdbot site serve`` makes its
    pages on a reading connection of their own (``serve``). Making a large event's page
    takes its loop's thread for tens of milliseconds at a stretch (its statements run
    there, ``bot.store.db``), and pages are made again after every result: made on the
    server's own loop, every reader's request would wait for the makings queued before
    it, some seconds while results arrive (``python -m bench.site``). Made here, the
    server's loop goes on answering readers from the pages kept (Python switches between
    the two threads every few milliseconds)."""

    def __init__(self) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="pages",
                                         daemon=True)
        self._thread.start()

    def run(self, work: Coroutine[Any, Any, T]) -> Awaitable[T]:
        """``work`` run on the maker's loop, awaited from the caller's."""
        return asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, self._loop))

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


def make_app(db: Database, clock: Callable[[], datetime],
             cache: PageCache | None = None, *, pages_db: Database | None = None,
             make: Make = _here) -> web.Application:
    """The pages as an aiohttp application over ``db``; ``clock`` says when a page is read.
    A page is read from ``pages_db`` (default ``db``) by ``make`` (default: on this loop;
    ``PageMaker.run``: on the maker's)."""
    pages_kept = cache or PageCache(lambda: site.last_change(db))
    source = pages_db or db

    async def event_page(request: web.Request) -> web.Response:
        slug = request.match_info["slug"]
        path = request.match_info.get("path", "")
        try:
            made = await pages_kept.get(
                f"{slug}/{path}", lambda: make(routes.page(source, slug, path, clock())))
            tag = etag(made)
            if _has(request.headers.get("If-None-Match", ""), tag):
                return web.Response(status=304, headers={**HEADERS, "ETag": tag})
            return _html(made, tag=tag)
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
                 *, max_age: float = MAX_AGE, pages_db: Database | None = None,
                 make: Make = _here, fresh: float = FRESH):
        self.cache = PageCache(lambda: site.last_change(db), max_age, fresh=fresh)
        self._app = make_app(db, clock, self.cache, pages_db=pages_db, make=make)
        self._listen, self._port = listen, port
        self._runner: web.AppRunner | None = None
        self._closing: list[Callable[[], Awaitable[None]]] = []

    @classmethod
    async def reading(cls, target: str | Path, clock: Callable[[], datetime], listen: str,
                      port: int, *, max_age: float = MAX_AGE) -> SiteServer:
        """``tdbot site serve``'s: the pages of the database ``target`` on connections of
        their own that only read (``db.open_reader``), made on a ``PageMaker``'s thread;
        ``stop`` closes them."""
        db = await open_reader(target)  # this loop's: the journal's newest line
        maker = PageMaker()
        try:
            pages_db = await maker.run(open_reader(target))  # the maker's: the pages
        except BaseException:
            maker.stop()
            await db.close()
            raise

        async def close() -> None:
            try:
                await maker.run(pages_db.close())
            finally:
                maker.stop()
                await db.close()

        server = cls(db, clock, listen, port, max_age=max_age, pages_db=pages_db,
                     make=maker.run)
        server._closing.append(close)
        return server

    async def start(self) -> int:
        """Start listening; returns the port (the one the system chose for port 0)."""
        self._runner = web.AppRunner(self._app, access_log=None)
        await self._runner.setup()
        listener = web.TCPSite(self._runner, self._listen, self._port)
        await listener.start()
        # the bound port: the one the system chose, for port 0 (the tests)
        port = int(self._runner.addresses[0][1])
        log.info("live pages at http://%s:%d/e/EVENT/", self._listen, port)
        return port

    async def stop(self) -> None:
        await self.cache.settle()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        while self._closing:
            await self._closing.pop()()


async def serve(target: str | Path, listen: str, port: int,
                clock: Callable[[], datetime]) -> None:
    """``tdbot site serve``: the pages of the database ``target`` (``SiteServer.reading``)
    at ``listen``:``port`` until SIGTERM or SIGINT."""
    server = await SiteServer.reading(target, clock, listen, port)
    try:
        await server.start()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        log.info("stopping the live pages")
    finally:
        await server.stop()
