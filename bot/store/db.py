"""The database: SQLite (one file, the embedded default) or PostgreSQL (a server, see
``bot.store.postgres``), behind one API: ``Database`` and its transactions, ``Tx``.

Which one is chosen by the database setting (``--db`` / ``TDBOT_DB``): a
``postgresql://`` URL opens PostgreSQL, anything else is a SQLite file's path
(``open_database``). Every repository (``bot/store/*_repo.py``) writes ``?`` placeholders
and portable SQL; the few statements that must differ pick theirs by ``tx.postgres``, next
to the portable version in the same function.

SQLite: one file, WAL mode, foreign keys on, a busy timeout.

The bot is one process with one connection. Every use-case runs inside
``async with db.transaction() as tx`` (BEGIN IMMEDIATE ... COMMIT, ROLLBACK on any
exception), and transactions are serialised by an asyncio lock, so a use-case never sees
another's half-done work. Other processes (``tdbot db backup``, the CLI while the bot runs)
wait for the write lock up to the busy timeout.

What may wait goes to aiosqlite's worker thread, so the event loop never blocks on it:
opening the file, BEGIN IMMEDIATE (it waits up to the busy timeout while another process
writes), COMMIT (in WAL mode a commit may checkpoint, which writes and syncs the database
file), ROLLBACK, migrations and backups. The statements between BEGIN and COMMIT run on
the event loop's own thread: the transaction then holds SQLite's write lock, so in WAL mode
a statement waits for nobody, and one indexed statement on a local file takes a few
microseconds, where a trip to the worker thread and back takes 60-180 (three trips for a
cursor read). A use-case makes a hundred or more statements, so the trips were most of its
time and of the delay before a person's answer is saved (``python -m bench.load``). The
connection is shared between the two threads (``check_same_thread=False``) but never used by
both at once: every use of it is under the lock, and the loop waits for each trip.

A process that only reads (the live pages' server, ``tdbot site serve``) opens the file
with ``open_reader``: no migration, every write refused (``PRAGMA query_only``), and each
transaction a plain BEGIN, which in WAL mode takes no lock at all: it reads the database
as the last commit left it, while the bot's process goes on writing, neither waiting for
the other (SQLite, "Write-Ahead Logging": readers do not block writers, nor writers
readers). It runs on the event loop's thread from BEGIN to COMMIT, as nothing in it waits.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncGenerator, AsyncIterator, Sequence
from contextlib import asynccontextmanager
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.database import POSTGRES_BACKUP_HINT as POSTGRES_BACKUP_HINT
from bot.store.database import Database as Database
from bot.store.database import Row as Row
from bot.store.database import Tx as Tx
from bot.store.database import database_target as database_target
from bot.store.database import is_postgres as is_postgres
from bot.store.database import shown_target as shown_target
from bot.store.errors import DatabaseUnusable, explain
from bot.store.migrations import (
    MIGRATIONS_DIR,
    PG_MIGRATIONS_DIR,
    MigrationError,
    apply_migrations,
    require_current,
)

BUSY_TIMEOUT_MS = 5000


class SqliteTx(Tx):
    """A SQLite transaction. Its statements run on the calling thread (the module's
    docstring says why); the methods stay ``async`` so that a use-case reads the same
    whichever database runs them."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        super().__init__()
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._wrote(sql)
        return self._conn.execute(sql, params).rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._wrote(sql)
        row_id = self._conn.execute(sql, params).lastrowid
        if row_id is None:  # pragma: no cover - sqlite gives one for a row insert
            raise RuntimeError("insert did not create a row")
        return row_id

    async def insert_rows(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._wrote(sql)
        self._conn.executemany(sql, rows)

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        self._wrote(sql)  # a read, or a write with RETURNING
        cur = self._conn.execute(sql, params)
        try:
            row: sqlite3.Row | None = cur.fetchone()
        finally:
            cur.close()  # a RETURNING write is finished by then; a read's cursor is released
        return row

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        self._wrote(sql)
        return self._conn.execute(sql, params).fetchall()

    async def chunks(self, sql: str, params: Sequence[Any] = (),
                     size: int = 256) -> AsyncGenerator[list[Row], None]:
        self._wrote(sql)
        cur = self._conn.execute(sql, params)
        try:
            while True:
                rows = cur.fetchmany(size)
                if rows:
                    yield rows
                if len(rows) < size:
                    return
        finally:
            cur.close()


class SqliteDatabase(Database):
    """The SQLite file (the module's docstring)."""

    def __init__(self, conn: aiosqlite.Connection, raw: sqlite3.Connection, path: Path,
                 *, read_only: bool = False) -> None:
        self._conn = conn
        self._raw = raw  # the same connection, for the statements of a transaction
        self.path = path
        self.shown = str(path)
        self._lock = asyncio.Lock()
        self.read_only = read_only  # open_reader: BEGIN, no lock taken, no write allowed

    @classmethod
    async def open_file(
        cls,
        path: Path,
        *,
        migrate: bool = True,
        migrations_dir: Traversable = MIGRATIONS_DIR,
    ) -> SqliteDatabase:
        """Connect, set the pragmas and apply pending migrations (see migrations.py).

        A file that cannot be used (not SQLite, read-only, disk full...) raises
        :class:`DatabaseUnusable`; disagreeing migrations raise ``MigrationError``. Either
        way the connection is closed first: its worker thread would keep the process alive.
        """
        conn, raw = await connect_shared(path)
        try:
            if migrate:
                await apply_migrations(conn, migrations_dir)
        except BaseException as exc:
            await _close_quietly(conn)
            cause = exc.__cause__ if isinstance(exc, MigrationError) else exc
            if isinstance(cause, sqlite3.Error) and (plain := explain(cause, path)):
                raise plain from cause
            if isinstance(exc, MigrationError):
                raise MigrationError(f"{path}: {exc}") from exc.__cause__
            raise
        return cls(conn, raw, path)

    async def close(self) -> None:
        async with self._lock:  # not while a transaction's statements use the connection
            await self._conn.close()

    async def check_writable(self) -> None:
        """Raise :class:`DatabaseUnusable` unless this process may write the file.

        A read-only file (its mode, its folder's, a read-only mount) opens and reads, as
        SQLite falls back to reading it, and even BEGIN IMMEDIATE succeeds in WAL mode: only
        the first write fails. The bot would start and then refuse every update, so ``tdbot
        run`` asks first: the header's user version written with its own value, in a
        transaction rolled back (nothing reaches the disk)."""
        async with self._lock:
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    cursor = await self._conn.execute("PRAGMA user_version")
                    row = await cursor.fetchone()
                    await self._conn.execute(f"PRAGMA user_version = {int(row[0]) if row else 0}")
                finally:
                    await self._conn.execute("ROLLBACK")
            except sqlite3.Error as exc:
                raise (explain(exc, self.path) or exc) from exc

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Tx]:
        """BEGIN IMMEDIATE ... COMMIT; any exception rolls back everything and re-raises.
        A reader's (``open_reader``) is BEGIN ... COMMIT on this thread: it waits for
        nobody, and nobody waits for it (the module's docstring)."""
        if self.read_only:
            async with self._lock:
                self._raw.execute("BEGIN")
                try:
                    yield SqliteTx(self._raw)
                finally:
                    self._raw.execute("COMMIT")  # a read: nothing to write, nothing lost
            return
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield SqliteTx(self._raw)
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            try:
                await self._conn.execute("COMMIT")
            except BaseException:
                # A COMMIT that fails (in WAL mode the pages reach the disk here, so a
                # full disk shows up at COMMIT) may leave the transaction open, and every
                # later BEGIN would fail: end it, so the next transaction can run.
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise

    async def backup(self, dest: str | Path) -> None:
        """A consistent copy of the live database (SQLite's online backup API)."""
        async with self._lock:
            await backup_file_from(self._conn, Path(dest))


async def connect(path: Path) -> aiosqlite.Connection:
    """Open a connection with the pragmas every TDBot connection uses."""
    return (await connect_shared(path))[0]


async def connect_shared(path: Path) -> tuple[aiosqlite.Connection, sqlite3.Connection]:
    """Open a connection with the pragmas every TDBot connection uses: aiosqlite's, and the
    sqlite3 connection it wraps, which a transaction's statements use from the event loop's
    thread (the module's docstring says why).

    The pragmas are the first reads of the file, so a file that is not a database, or that
    cannot be written, fails here: the connection is then closed (its worker thread would
    keep the process alive for ever) and the error said plainly (``DatabaseUnusable``).
    """
    if not path.parent.is_dir():  # say so plainly: SQLite only says "unable to open"
        raise FileNotFoundError(
            f"no folder {path.parent} for the database {path}; create it, or give another "
            "--db / TDBOT_DB"
        )
    try:
        raw = await asyncio.to_thread(sqlite3.connect, path, isolation_level=None,
                                      check_same_thread=False)
    except sqlite3.Error as exc:
        raise (explain(exc, path) or exc) from exc
    conn = await _wrapped(raw)
    try:
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute("PRAGMA journal_mode = WAL")
        # FULL: in WAL mode NORMAL syncs the log only at checkpoints, so a power cut can
        # undo a commit whose update was already confirmed to Telegram (SQLite docs, "PRAGMA
        # synchronous"); FULL syncs the log at each commit.
        await conn.execute("PRAGMA synchronous = FULL")
    except BaseException as exc:
        await _close_quietly(conn)
        if isinstance(exc, sqlite3.Error):
            raise (explain(exc, path) or exc) from exc
        raise
    return conn, raw


async def _wrapped(raw: sqlite3.Connection) -> aiosqlite.Connection:
    """aiosqlite's connection around ``raw``, a connection already open. SQLite opens the
    file before aiosqlite starts a worker thread, because a failed open inside aiosqlite
    leaves its thread to stop on its own: it then finished after the event loop had
    closed, and died handing the loop its last result ("Event loop is closed")."""
    return await aiosqlite.Connection(lambda: raw, iter_chunk_size=64)


async def _close_quietly(conn: aiosqlite.Connection) -> None:
    """Close a connection that already failed; the first error is the one to report, and
    aiosqlite stops its worker thread even when the close itself fails."""
    try:
        await conn.close()
    except Exception:
        pass


async def backup_file_from(conn: aiosqlite.Connection, dest: Path) -> None:
    if dest.exists():
        raise FileExistsError(f"{dest} already exists; choose a new file for the backup")
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:
        target = await _wrapped(await asyncio.to_thread(sqlite3.connect, dest,
                                                        check_same_thread=False))
        try:
            await conn.backup(target)
        finally:
            await _close_quietly(target)
    except sqlite3.Error as exc:  # the copy's disk is full, its folder read-only...
        raise (explain(exc, dest) or exc) from exc


async def backup_database(src: str | Path, dest: str | Path) -> None:
    """Copy the database at ``src`` to ``dest`` while other processes may be using it."""
    src = Path(src)
    if not src.exists():
        raise FileNotFoundError(f"no database at {src}")
    conn = await connect(src)
    try:
        await backup_file_from(conn, Path(dest))
    finally:
        await conn.close()


async def open_reader(target: str | Path) -> Database:
    """The database for a process that only reads it (``tdbot site serve``): SQLite's file
    with every write refused and transactions that take no lock (the module's docstring),
    or PostgreSQL's read-only snapshots (``postgres.PostgresDatabase``). It migrates
    nothing: a database this TDBot has not brought up to date (the bot not started yet
    after an upgrade) is refused, and is ready once ``tdbot run`` or ``tdbot db migrate``
    has run."""
    if is_postgres(target):
        from bot.store.postgres import PostgresDatabase  # lazy: psycopg, only for a server

        pg = await PostgresDatabase.connect(str(target), migrate=False, read_only=True)
        return await _when_current(pg, PG_MIGRATIONS_DIR)
    path = Path(target)
    if not path.is_file():
        raise DatabaseUnusable(f"no database at {path}: start tdbot run (or tdbot db migrate) "
                               "on it first, then give the same --db")
    conn, raw = await connect_shared(path)
    try:
        await conn.execute("PRAGMA query_only = ON")
    except BaseException:
        await _close_quietly(conn)
        raise
    return await _when_current(SqliteDatabase(conn, raw, path, read_only=True), MIGRATIONS_DIR)


async def _when_current(db: Database, folder: Traversable) -> Database:
    """``db`` if it has every migration of this TDBot; else closed, and the reason raised."""
    try:
        await require_current(db, folder)
    except BaseException:
        await db.close()
        raise
    return db


async def open_database(
    target: str | Path,
    *,
    migrate: bool = True,
    migrations_dir: Traversable | None = None,
) -> Database:
    """Connect and apply pending migrations (see migrations.py): SQLite's for a file,
    PostgreSQL's (``migrations/postgresql/``) for a server.

    A database that cannot be used (a file that is not SQLite or is read-only, a server
    that cannot be reached...) raises :class:`DatabaseUnusable`; disagreeing migrations
    raise ``MigrationError``."""
    if is_postgres(target):
        from bot.store.postgres import PostgresDatabase  # lazy: psycopg, only for a server

        return await PostgresDatabase.connect(str(target), migrate=migrate,
                                              migrations_dir=migrations_dir)
    return await SqliteDatabase.open_file(Path(target), migrate=migrate,
                                          migrations_dir=migrations_dir or MIGRATIONS_DIR)
