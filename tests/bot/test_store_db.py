"""The database contract shared with the adapter: one transaction per use-case (all or
nothing), updates applied at most once, and a consistent backup while the bot runs.

The contract holds on both databases: the tests that take ``db`` run on SQLite and, when
TDBOT_TEST_POSTGRES is set, on PostgreSQL (tests/conftest.py, ``db_target``)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import db as db_module
from bot.store.db import Database, SqliteDatabase, backup_database, open_database

try:
    from psycopg import IntegrityError as IntegrityErrorOfPostgres
except ImportError:  # pragma: no cover - psycopg is a dependency
    IntegrityErrorOfPostgres = sqlite3.IntegrityError  # type: ignore[misc,assignment]

STAMP = "2016-08-01T00:00:00+00:00"


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[SqliteDatabase]:
    database = await open_database(tmp_path / "t.sqlite3")
    assert isinstance(database, SqliteDatabase)
    yield database
    await database.close()


async def test_commit_keeps_everything(db: Database) -> None:
    async with db.transaction() as tx:
        await tx.insert("INSERT INTO people (name, created_at) VALUES (?, ?)", ("Ann", STAMP))
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM people") == 1


async def test_exception_half_way_rolls_back_everything(db: Database) -> None:
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await tx.insert("INSERT INTO people (name, created_at) VALUES (?, ?)", ("Ann", STAMP))
            assert await tx.claim_update(7)
            raise RuntimeError("boom")
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM people") == 0
        # the update was not consumed either: its re-delivery will be applied
        assert await tx.claim_update(7)


async def test_claim_update_only_once(db: Database) -> None:
    async with db.transaction() as tx:
        assert await tx.claim_update(41) is True
        assert await tx.claim_update(41) is False
    async with db.transaction() as tx:
        assert await tx.claim_update(41) is False
        assert await tx.claim_update(42) is True


async def test_a_commit_reaches_the_disk_before_it_returns(
        sqlite_db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
    """WAL with ``synchronous = NORMAL`` syncs only at checkpoints: a power cut can undo
    a transaction that committed, and its update was already confirmed to Telegram (SQLite
    docs, "PRAGMA synchronous"). The log is synced after the lock is let go and before the
    transaction returns (``SqliteDatabase._writing``)."""
    synced: list[int] = []
    monkeypatch.setattr(db_module, "_datasync", lambda fd: synced.append(os.fstat(fd).st_ino))
    async with sqlite_db.transaction() as tx:
        assert await tx.scalar("PRAGMA journal_mode") == "wal"
        await tx.insert("INSERT INTO people (name, created_at) VALUES (?, ?)", ("Ann", STAMP))
    assert synced == [os.stat(f"{sqlite_db.path}-wal").st_ino]  # the log, once
    async with sqlite_db.transaction() as tx:  # nothing written: nothing to sync
        await tx.scalar("SELECT count(*) FROM people")
    assert len(synced) == 1


async def test_foreign_keys_are_enforced(db: Database) -> None:
    with pytest.raises((sqlite3.IntegrityError, IntegrityErrorOfPostgres)):
        async with db.transaction() as tx:
            await tx.execute(
                "INSERT INTO roles (event_id, person_id, role, granted_at) VALUES (99, 99, 'td', ?)",
                (STAMP,),
            )


async def test_concurrent_transactions_do_not_interleave(db: Database) -> None:
    """Two use-cases at once: each sees the other's work whole or not at all."""
    async with db.transaction() as tx:
        await tx.insert("INSERT INTO people (id, name, created_at) VALUES (1, 'n0', ?)", (STAMP,))

    async def bump() -> None:
        async with db.transaction() as tx:
            name = await tx.scalar("SELECT name FROM people WHERE id = 1")
            await asyncio.sleep(0)
            await tx.execute("UPDATE people SET name = ? WHERE id = 1", (f"n{int(name[1:]) + 1}",))

    await asyncio.gather(*(bump() for _ in range(20)))
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT name FROM people WHERE id = 1") == "n20"


async def test_backup_while_open_is_a_consistent_copy(sqlite_db: SqliteDatabase,
                                                      tmp_path: Path) -> None:
    db = sqlite_db
    async with db.transaction() as tx:
        for i in range(50):
            await tx.insert("INSERT INTO people (name, created_at) VALUES (?, ?)", (f"p{i}", STAMP))
    copy = tmp_path / "backup" / "copy.sqlite3"
    await backup_database(db.path, copy)  # another connection, as `tdbot db backup` uses
    restored = await open_database(copy)
    async with restored.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM people") == 50
        assert await tx.scalar("SELECT count(*) FROM schema_migrations") >= 1
    await restored.close()
    with pytest.raises(FileExistsError):
        await db.backup(copy)


async def test_backup_through_the_open_database(sqlite_db: Database, tmp_path: Path) -> None:
    db = sqlite_db
    async with db.transaction() as tx:
        await tx.insert("INSERT INTO people (name, created_at) VALUES (?, ?)", ("Ann", STAMP))
    await db.backup(tmp_path / "b.sqlite3")
    copy = await open_database(tmp_path / "b.sqlite3")
    async with copy.transaction() as tx:
        assert await tx.scalar("SELECT name FROM people") == "Ann"
    await copy.close()


async def test_old_update_ids_can_be_pruned(db: Database) -> None:
    from datetime import UTC, datetime, timedelta

    now = datetime(2016, 8, 10, tzinfo=UTC)
    async with db.transaction() as tx:
        assert await tx.claim_update(1, now - timedelta(days=8))
        assert await tx.claim_update(2, now)
        assert await tx.prune_updates(now - timedelta(days=7)) == 1
        assert await tx.claim_update(2, now) is False


class _HeldSync:
    """The log's sync, held until ``release``: what waits for it and what does not."""

    def __init__(self) -> None:
        self.calls = 0
        self.started = threading.Event()
        self.go = threading.Event()

    def __call__(self, fd: int) -> None:
        self.calls += 1
        self.started.set()
        assert self.go.wait(10)

    def release(self) -> None:
        self.go.set()


async def test_the_next_use_case_runs_while_a_commit_syncs(
        sqlite_db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sync is outside the lock: a use-case does not wait for the one before it to
    reach the disk, and neither returns before its own commit is there."""
    held = _HeldSync()
    monkeypatch.setattr(db_module, "_datasync", held)

    async def write(name: str) -> None:
        async with sqlite_db.transaction() as tx:
            await tx.insert("INSERT INTO people (name, created_at) VALUES (?, ?)", (name, STAMP))

    first = asyncio.create_task(write("Ann"))
    assert await asyncio.to_thread(held.started.wait, 10)
    second = asyncio.create_task(write("Bob"))
    for _ in range(50):  # Bob's transaction runs and commits while Ann's sync is held
        await asyncio.sleep(0.01)
        if sqlite_db._written == 2:  # noqa: SLF001 -- the commits counted
            break
    assert sqlite_db._written == 2  # noqa: SLF001
    assert not first.done() and not second.done()  # neither is on the disk yet
    held.release()
    await asyncio.wait_for(asyncio.gather(first, second), 10)
    assert held.calls == 2  # Bob's commit came after Ann's sync began: a second one


async def test_a_claim_returns_once_what_it_saw_is_on_the_disk(
        sqlite_db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the sender's claim read is handed out only once it is on the disk: a message
    of a change a power cut would undo is never sent. A lookup does not wait: the
    use-case it leads to syncs what it saw with its own commit."""
    held = _HeldSync()
    monkeypatch.setattr(db_module, "_datasync", held)

    async def write() -> None:
        async with sqlite_db.transaction() as tx:
            await tx.insert("INSERT INTO people (name, created_at) VALUES (?, ?)", ("Ann", STAMP))

    async def look() -> int:
        async with sqlite_db.snapshot() as tx:
            return int(await tx.scalar("SELECT count(*) FROM people"))

    async def claim() -> int:
        async with sqlite_db.bookkeeping() as tx:
            return int(await tx.scalar("SELECT count(*) FROM people"))

    writing = asyncio.create_task(write())
    assert await asyncio.to_thread(held.started.wait, 10)
    assert await asyncio.wait_for(look(), 10) == 1  # while the sync is held
    claiming = asyncio.create_task(claim())
    await asyncio.sleep(0.3)
    assert not claiming.done()
    held.release()
    assert await asyncio.wait_for(claiming, 10) == 1
    await writing
    assert held.calls == 1  # one sync for both


async def test_bookkeeping_is_not_synced_by_itself(
        sqlite_db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
    """A message recorded as sent is synced with the next change, not on its own."""
    synced: list[int] = []
    monkeypatch.setattr(db_module, "_datasync", synced.append)
    async with sqlite_db.bookkeeping() as tx:
        await tx.insert("INSERT INTO people (name, created_at) VALUES (?, ?)", ("Ann", STAMP))
    assert synced == []
    async with sqlite_db.transaction() as tx:
        await tx.insert("INSERT INTO people (name, created_at) VALUES (?, ?)", ("Bob", STAMP))
    assert len(synced) == 1
    async with sqlite_db.snapshot() as tx:
        assert await tx.scalar("SELECT count(*) FROM people") == 2


async def test_use_cases_waiting_go_before_the_bookkeeping(sqlite_db: SqliteDatabase) -> None:
    """A sender's record asked for while use-cases wait for the database goes after them
    (``SqliteDatabase._bookkeeping``): the updates are not queued behind the answers."""
    order: list[str] = []
    inside = asyncio.Event()
    leave = asyncio.Event()

    async def use_case(name: str, hold: bool = False) -> None:
        async with sqlite_db.transaction() as tx:
            if hold:
                inside.set()
                await leave.wait()
            await tx.scalar("SELECT 1")
            order.append(name)

    async def record() -> None:
        async with sqlite_db.bookkeeping() as tx:
            await tx.scalar("SELECT 1")
            order.append("record")

    first = asyncio.create_task(use_case("first", hold=True))
    await inside.wait()
    recording = asyncio.create_task(record())
    await asyncio.sleep(0)
    second = asyncio.create_task(use_case("second"))
    await asyncio.sleep(0.05)
    leave.set()
    await asyncio.wait_for(asyncio.gather(first, recording, second), 10)
    assert order == ["first", "second", "record"]


async def test_a_database_in_memory_has_no_log_to_sync(monkeypatch: pytest.MonkeyPatch) -> None:
    """A database in memory (the tests' own) has no write-ahead log: a commit syncs
    nothing and does not look for one."""
    synced: list[int] = []
    monkeypatch.setattr(db_module, "_datasync", synced.append)
    database = await open_database(":memory:")
    try:
        async with database.transaction() as tx:
            await tx.insert("INSERT INTO people (name, created_at) VALUES (?, ?)", ("Ann", STAMP))
        async with database.snapshot() as tx:
            assert await tx.scalar("SELECT count(*) FROM people") == 1
    finally:
        await database.close()
    assert synced == []
