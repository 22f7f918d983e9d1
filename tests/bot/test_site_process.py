"""The live pages from a process of their own (``tdbot site serve``): a connection that only
reads (``bot.store.db.open_reader``), whose reads the bot's writes never wait for, and pages
kept while the journal has not moved (``bot.web.server.PageCache``)."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from bot.service.platform.errors import NotFound
from bot.store.db import open_database, open_reader
from bot.store.errors import DatabaseUnusable
from bot.store.migrations import MigrationError
from bot.web.server import PageCache
from tests.bot.test_site import ok, run, swiss


async def test_a_page_is_kept_until_the_journal_moves_or_it_is_too_old() -> None:
    """Fifty readers at once: one reading of the journal, one making of the page; the page
    is served as kept while the journal's newest line stays; once it moves, the kept page
    is served while it is made again (once, for all who ask), and so it is after
    ``max_age`` whatever the journal; a page not found is not kept."""
    now = [0.0]
    last = [7]
    checks: list[int] = []
    made: list[str] = []

    async def changes() -> int:
        checks.append(last[0])
        await asyncio.sleep(0.01)
        return last[0]

    async def make() -> str:
        await asyncio.sleep(0.01)
        made.append("page")
        return f"page {len(made)}"

    cache = PageCache(changes, max_age=60.0, clock=lambda: now[0])
    pages = await asyncio.gather(*(cache.get("e/a", make) for _ in range(50)))
    assert set(pages) == {"page 1"} and len(made) == 1 and len(checks) == 1
    now[0] = 59.0
    assert await cache.get("e/a", make) == "page 1" and len(made) == 1
    last[0] = 8  # a result: the journal moved on
    pages = await asyncio.gather(*(cache.get("e/a", make) for _ in range(20)))
    assert set(pages) == {"page 1"}  # served at once, as it was
    await cache.settle()
    assert len(made) == 2 and await cache.get("e/a", make) == "page 2"  # made again, once
    now[0] = 59.0 + 60.0  # too old, though nothing was journaled
    assert await cache.get("e/a", make) == "page 2"
    await cache.settle()
    assert await cache.get("e/a", make) == "page 3" and len(made) == 3

    async def missing() -> str:
        raise NotFound("no")

    for _ in range(2):
        with pytest.raises(NotFound):
            await cache.get("e/b", missing)
    assert cache.made == 3  # the three pages made; nothing kept for the missing one


async def test_a_page_is_made_again_at_most_once_every_fresh_seconds() -> None:
    """Results arriving faster than pages are worth making again: a page made is served as
    it is, without asking the journal, for ``fresh`` seconds, however often the journal
    moves meanwhile; after that, the next asking makes it again, once."""
    now = [0.0]
    last = [1]
    checks: list[int] = []
    made: list[str] = []

    async def changes() -> int:
        checks.append(last[0])
        return last[0]

    async def make() -> str:
        made.append("page")
        return f"page {len(made)}"

    cache = PageCache(changes, max_age=60.0, clock=lambda: now[0], fresh=2.0)
    assert await cache.get("e/a", make) == "page 1"
    for tick in range(1, 20):  # a result every 0.1 s, a reader asking after each
        last[0] += 1
        now[0] = tick * 0.1
        assert await cache.get("e/a", make) == "page 1"
        await cache.settle()
    assert made == ["page"] and checks == [1]  # neither made again nor the journal read
    now[0] = 2.0
    assert await cache.get("e/a", make) == "page 1"  # served while it is made again
    await cache.settle()
    assert await cache.get("e/a", make) == "page 2" and len(made) == 2
    assert checks == [1, 20]


async def test_a_reader_sees_one_snapshot_and_never_holds_the_writer_up(
        db_target: Path | str) -> None:
    """While a reader's transaction is open, the bot's process commits (it does not wait for
    the reader: SQLite's WAL, PostgreSQL's snapshot without the advisory lock); the reader
    goes on seeing the database as it began, and its next transaction sees the commit. A
    write through the reader is refused."""
    writer = await open_database(db_target)
    reader = await open_reader(db_target)
    try:
        async with reader.transaction() as tx:
            before = await tx.scalar("SELECT count(*) FROM journal")

            async def write() -> None:
                async with writer.transaction() as wtx:
                    await wtx.execute(
                        "INSERT INTO journal (who, action, subject, at) VALUES (?, ?, ?, ?)",
                        ("cli", "event.create", "event:1", "2026-03-04T12:00:00+00:00"))

            await asyncio.wait_for(write(), timeout=10)  # not held up by the open read
            assert await tx.scalar("SELECT count(*) FROM journal") == before
        async with reader.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM journal") == before + 1
        with pytest.raises(Exception, match="(?i)read.only|readonly|query_only"):
            async with reader.transaction() as tx:
                await tx.execute("DELETE FROM journal")
        async with writer.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM journal") == before + 1
    finally:
        await reader.close()
        await writer.close()


async def test_a_reader_refuses_a_database_not_set_up_by_this_tdbot(tmp_path: Path) -> None:
    """No file: refused, and none made. A database missing a migration (the bot not started
    since an upgrade): refused, naming the migration and what to run."""
    missing = tmp_path / "none.sqlite3"
    with pytest.raises(DatabaseUnusable, match="start tdbot run"):
        await open_reader(missing)
    assert not missing.exists()
    older = tmp_path / "older.sqlite3"
    db = await open_database(older)
    async with db.transaction() as tx:
        last = await tx.scalar("SELECT max(version) FROM schema_migrations")
        await tx.execute("DELETE FROM schema_migrations WHERE version = ?", (last,))
    await db.close()
    with pytest.raises(MigrationError, match=f"lacks 1 migration.*{last}_.*tdbot db migrate"):
        await open_reader(older)
    code, _, err = await asyncio.to_thread(run, "site", "serve", "--db", str(older), "--port",
                                           "0", "--nice", "0")
    assert code == 2 and "lacks 1 migration" in err


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def fetch(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


async def test_tdbot_site_serve_shows_a_result_entered_meanwhile_once_reloaded(
        tmp_path: Path) -> None:
    """``tdbot site serve`` in a process of its own beside the command line writing the
    same SQLite file: the round page is served (and kept while nothing changes), the round
    is opened and a result entered by other processes, and the reloads that follow show
    them; SIGTERM stops it cleanly."""
    db = await asyncio.to_thread(swiss, tmp_path)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TDBOT_")}
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("tdbot")), "site", "serve", "--db", db, "--port",
         str(port)], stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    base = f"http://127.0.0.1:{port}/e/weekly-swiss"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                status, html = await fetch(f"{base}/round-2.html")
                break
            except aiohttp.ClientConnectionError:
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
                assert time.monotonic() < deadline, "tdbot site serve did not answer"
                await asyncio.sleep(0.2)
        assert status == 200 and "Round 2" in html
        await asyncio.to_thread(ok, "round", "open", "weekly-swiss", "2", "--closes",
                                "2026-12-30", "--unpaid-ok", "--why", "x", "--db", db)
        for _ in range(100):  # the round opened meanwhile: shown at the next reloads
            status, before = await fetch(f"{base}/round-2.html")
            if "being played" in before:
                break
            await asyncio.sleep(0.1)
        assert status == 200 and "being played" in before and "401-399" not in before
        assert (await fetch(f"{base}/round-2.html"))[1] == before  # kept: nothing changed
        pairs = json.loads(await asyncio.to_thread(
            ok, "event", "pairings", "weekly-swiss", "--json", "--db", db))["pairings"]
        a, b = pairs[0][0]["name"], pairs[0][1]["name"]
        await asyncio.to_thread(ok, "game", "report", "weekly-swiss", a, "401", b, "399",
                                "--db", db)
        for _ in range(100):  # made again once the journal moved: at the next reloads
            status, after = await fetch(f"{base}/round-2.html")
            if "401-399" in after:
                break
            await asyncio.sleep(0.1)
        assert status == 200 and "401-399" in after
        assert after.count("to play") == before.count("to play") - 1
        status, _ = await fetch(f"{base}/no-such-page.html")
        assert status == 404
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
    assert server.returncode == 0, err
    assert "live pages at http://127.0.0.1:" in err
