"""The database contract shared with the adapter: one transaction per use-case (all or
nothing), updates applied at most once, and a consistent backup while the bot runs.

The contract holds on both databases: the tests that take ``db`` run on SQLite and, when
TDBOT_TEST_POSTGRES is set, on PostgreSQL (tests/conftest.py, ``db_target``)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

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


async def test_a_commit_reaches_the_disk_before_it_returns(sqlite_db: Database) -> None:
    """WAL with ``synchronous = NORMAL`` syncs only at checkpoints: a power cut can undo
    a transaction that committed, and its update was already confirmed to Telegram (SQLite
    docs, "PRAGMA synchronous"). FULL syncs the WAL at every commit."""
    async with sqlite_db.transaction() as tx:
        assert await tx.scalar("PRAGMA journal_mode") == "wal"
        assert await tx.scalar("PRAGMA synchronous") == 2  # FULL


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
