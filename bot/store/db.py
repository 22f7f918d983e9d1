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
opening the file, BEGIN IMMEDIATE when another process writes (it then waits up to the
busy timeout), a COMMIT that changed something (in WAL mode a commit may checkpoint,
which writes and syncs the database file), migrations and backups; the sync of the log
goes to a thread of its own, after the lock is let go (``SqliteDatabase._writing``). The statements between BEGIN and COMMIT run on
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
import os
import sqlite3
from collections.abc import AsyncGenerator, AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager, suppress
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
#: How long the bookkeeping lets the use-cases and lookups waiting for the database go
#: first, at most (seconds; ``SqliteDatabase._bookkeeping``).
YIELD_MOST = 0.25
#: SQLite's default: the log is copied into the database file once it has this many pages.
AUTOCHECKPOINT = 1000
#: Every commit's log synced to the disk (``connect_shared`` says why; ``_bookkeeping``
#: the exception).
SYNCHRONOUS = "FULL"


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
        # the use-cases and lookups that asked for the database and have not ended; the
        # bookkeeping lets them go first (``_bookkeeping``)
        self._asking = 0
        self._calm = asyncio.Event()
        self._calm.set()
        # commits that changed something, counted; how many of them are on the disk; the
        # sync of the log under way, and the log's file (``_on_disk``)
        self._written = 0
        self._synced = 0
        self._syncing: asyncio.Task[None] | None = None
        self._log_fd: int | None = None
        # a write-ahead log to sync (a file in WAL mode; not a database in memory, whose
        # commits sync nothing, nor one in another journal mode, whose COMMIT syncs)
        self._own_sync = (not read_only and raw.execute("PRAGMA journal_mode").fetchone()[0]
                          == "wal")

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
            if self._log_fd is not None:
                os.close(self._log_fd)
                self._log_fd = None

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
        It returns once the commit is on the disk (``_writing``). A reader's
        (``open_reader``) is BEGIN ... COMMIT on this thread: it waits for nobody, and
        nobody waits for it (the module's docstring)."""
        if self.read_only:
            async with self._lock:
                self._raw.execute("BEGIN")
                try:
                    yield SqliteTx(self._raw)
                finally:
                    self._raw.execute("COMMIT")  # a read: nothing to write, nothing lost
            return
        with self._first():
            async with self._writing(synced=True) as tx:
                yield tx

    @contextmanager
    def _first(self) -> Iterator[None]:
        """A use-case or a lookup, counted from its ask to its end: the bookkeeping waits
        for them (``_bookkeeping``)."""
        self._asking += 1
        self._calm.clear()
        try:
            yield
        finally:
            self._asking -= 1
            if not self._asking:
                self._calm.set()

    @asynccontextmanager
    async def _bookkeeping(self) -> AsyncIterator[Tx]:
        """The sender's and the alarms' records (``Database.bookkeeping``: a message
        Telegram accepted, the rows taken to send and their leases). They wait, a while
        at most (``YIELD_MOST``), while use-cases and lookups wait for the database: a
        sender pass records each message it sent, and those records queued among the
        updates, each ahead of the updates that came after it. And their commit is not
        synced to the disk by itself: the next use-case's sync takes it along (the log is
        written in order). A process that dies loses none of them (they reached the
        system's cache); a power cut may lose those made since the last change was
        synced: a message sent then is sent again, a lease is released at start-up
        anyway."""
        if self.read_only:
            async with self._transaction() as tx:
                yield tx
            return
        if not self._calm.is_set():  # the use-cases waiting go first, for a while
            with suppress(TimeoutError):
                await asyncio.wait_for(self._calm.wait(), YIELD_MOST)
        async with self._writing(synced=False) as tx:
            yield tx

    @asynccontextmanager
    async def _writing(self, *, synced: bool) -> AsyncIterator[Tx]:
        """A write transaction: BEGIN IMMEDIATE ... COMMIT under the lock, then (``synced``)
        the log synced to the disk after the lock is let go, before it returns.

        The lock is held from BEGIN to COMMIT, and every update waits for it in turn: a
        commit that synced the log while holding it (``synchronous = FULL``: about 0.7 ms
        on a quiet disk, 3-10 ms on a busy one) held every update queued behind it for
        that long, and the sync was most of a use-case's time there (``python -m
        bench.fleet --trace``). So the commit only writes the log (``synchronous =
        NORMAL`` for the transaction) and the sync follows outside the lock
        (``_on_disk``), one sync for every commit made by then: the next use-case runs
        meanwhile. What was committed is on the disk before the transaction returns, so
        before the update is confirmed to Telegram; and the bookkeeping waits, after its
        own end, for the sync of the commits it could see, so a sender's claim sends
        nothing of a change not yet on the disk. BEGIN and COMMIT go to aiosqlite's thread only when they may wait: BEGIN
        IMMEDIATE is tried here first without the busy timeout (``_begin_here``), and a
        COMMIT that changed nothing ends here too (``_end``)."""
        raw = self._raw
        async with self._lock:
            if self._own_sync:
                raw.execute("PRAGMA synchronous = NORMAL")
            try:
                if not self._begin_here():
                    await self._conn.execute("BEGIN IMMEDIATE")
                seen = self._written
                changes = raw.total_changes
                try:
                    yield SqliteTx(raw)
                except BaseException:
                    await self._end("ROLLBACK", changes)
                    raise
                try:
                    await self._end("COMMIT", changes, here=not synced)
                except BaseException:
                    # A COMMIT that fails (in WAL mode the pages reach the disk here, so
                    # a full disk shows up at COMMIT) may leave the transaction open, and
                    # every later BEGIN would fail: end it, so the next one can run.
                    if self._conn.in_transaction:
                        await self._conn.execute("ROLLBACK")
                    raise
                if raw.total_changes != changes:
                    self._written += 1
                    if synced:
                        seen = self._written
            finally:
                if self._own_sync:
                    raw.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
        if self._own_sync:
            await self._on_disk(seen)

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[Tx]:
        """A lookup (``Database.snapshot``): a plain BEGIN, which in WAL mode takes no
        lock, and its COMMIT, on this thread: neither waits nor writes (a lookup that did
        write after all ends on aiosqlite's thread, as any write does). It does not wait
        for the sync of what it saw (``_writing``): what a lookup finds decides what the
        update's use-case does, and that use-case's own sync takes every earlier commit
        along; waiting here put a sync's wait before every update's use-case."""
        if self.read_only:
            async with self._transaction() as tx:
                yield tx
            return
        raw = self._raw
        with self._first():
            async with self._lock:
                raw.execute("BEGIN")
                changes = raw.total_changes
                try:
                    yield SqliteTx(raw)
                except BaseException:
                    await self._end("ROLLBACK", changes)
                    raise
                await self._end("COMMIT", changes)

    async def _on_disk(self, upto: int) -> None:
        """Wait until the log holds the first ``upto`` commits on the disk: one sync of
        the log (fdatasync, on a thread) covers every commit made before it began, so the
        commits made while one runs share the next."""
        while self._synced < upto:
            if self._syncing is None:
                self._syncing = asyncio.ensure_future(self._sync_log())
            await asyncio.shield(self._syncing)

    async def _sync_log(self) -> None:
        target = self._written
        try:
            if self._log_fd is None:
                self._log_fd = os.open(f"{self.path}-wal", os.O_RDONLY)
            await asyncio.get_running_loop().run_in_executor(None, _datasync, self._log_fd)
            self._synced = max(self._synced, target)
        finally:
            self._syncing = None

    def _begin_here(self) -> bool:
        """BEGIN IMMEDIATE on this thread, unless it would have to wait for another
        process's write lock (then False, and nothing begun): the busy timeout is off for
        the try, so SQLite answers at once."""
        raw = self._raw
        raw.execute("PRAGMA busy_timeout = 0")
        try:
            raw.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode & 0xFF not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise
            return False
        finally:
            raw.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        return True

    async def _end(self, verb: str, changes: int, *, here: bool = False) -> None:
        """COMMIT or ROLLBACK: on this thread if the transaction changed nothing (nothing
        to write); else on aiosqlite's thread, where a commit may checkpoint (copy the log
        into the database file and sync it, once the log has ``AUTOCHECKPOINT`` pages),
        unless ``here``: the commit then only writes the log to the system's cache, on
        this thread, with the checkpoint left to the next commit made on the thread."""
        raw = self._raw
        if raw.total_changes == changes:
            raw.execute(verb)
        elif here and verb == "COMMIT":
            raw.execute("PRAGMA wal_autocheckpoint = 0")
            try:
                raw.execute(verb)
            finally:
                raw.execute(f"PRAGMA wal_autocheckpoint = {AUTOCHECKPOINT}")
        else:
            await self._conn.execute(verb)

    async def backup(self, dest: str | Path) -> None:
        """A consistent copy of the live database (SQLite's online backup API)."""
        async with self._lock:
            await backup_file_from(self._conn, Path(dest))


def _datasync(fd: int) -> None:
    """The file's data on the disk (fdatasync; fsync where there is none)."""
    getattr(os, "fdatasync", os.fsync)(fd)


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
        # synchronous"); FULL syncs the log at each commit. The bot's transactions sync it
        # themselves, after the lock (SqliteDatabase._writing).
        await conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
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
