"""PostgreSQL: the database of an operator who hosts many clubs' events on one server.

``open_database("postgresql://user@host/db")`` opens it (db.py); it offers the same API as
the SQLite file, so the repositories run unchanged: the same ``?`` placeholders (turned
into psycopg's ``%s`` here, ``to_pyformat``, the one place that knows both styles), rows
read by name or position (``PgRow``, as ``sqlite3.Row``), ``insert`` returning the new id.
A statement PostgreSQL spells differently is chosen in its repository by ``tx.postgres``.
The schema is PostgreSQL's own copy of every migration (``migrations/postgresql/``),
applied by the same checks (``migrations.pending``).

The driver is psycopg 3 in async mode, with psycopg_pool. Of the two async drivers,
psycopg sends a text parameter with no type, so PostgreSQL reads it as the column it is
compared with or stored in (a time, a code), as SQLite does; asyncpg types every parameter
on the server and refuses a Python value of another type. psycopg's row factories give
rows read by name and position, and its pool checks a connection left idle for a while
(``CHECK_AFTER_IDLE_S``) before a transaction gets it and replaces one the server dropped
(a restart), so the next transaction gets a working one; a transaction that meets a drop
fails with an error that ``errors.may_pass`` counts as passing, and its update is retried.

Every statement is a round trip to the server, and while a use-case waits for one it
holds the lock below, so every other use-case of every worker waits too: the round trips
a use-case makes under the lock are what bounds the updates a second (``python -m
bench.fleet --counters`` counts them). So a transaction's BEGIN travels with its lock in
one message (``_BEGIN_LOCKED``), a connection used a moment ago is not checked again, a
write whose outcome nobody reads travels with the next statement or the COMMIT in one
pipeline (``PostgresTx.write``), and what needs no lock does not take it (``snapshot``,
``bookkeeping``).

Transactions: one at a time, as on SQLite. Each ``transaction()`` is BEGIN (READ
COMMITTED) with ``pg_advisory_xact_lock(LOCK_KEY)``, then the use-case, then COMMIT. The
lock is held until COMMIT or ROLLBACK, and every use-case of every process (the bot,
``tdbot`` commands while it runs) takes it first, so transactions run one after another
exactly as SQLite's single writer (BEGIN IMMEDIATE) runs them: a use-case never sees
another's half-done work and never has to be retried for a conflict. SERIALIZABLE would
let them overlap but fail some at COMMIT, and every use-case would then need a retry loop;
one lock per event is finer but needs every use-case to know its events before its first
read. One lock keeps today's guarantees; finer locks are a later step. Within the process
an asyncio lock queues the transactions for the pool's connection, as SQLite's does.

A lookup that changes nothing (``snapshot()``: which question a person's message answers,
the alarm clock's look for new deadlines, finding an event) takes no lock: it is a
REPEATABLE READ, READ ONLY snapshot on another of the pool's connections
(``SNAPSHOTS`` at a time), which sees what the last use-case committed, whole, as a read
between two use-cases would, and is refused any write.

Several workers (``bot/telegram/fleet.py``) keep some bookkeeping beside the use-cases:
the updates received, the claims of outbox rows and due deadlines, which lock the rows
they take ``FOR UPDATE SKIP LOCKED`` and check them again under that lock, and the
sender's record of a message Telegram accepted (one compare-and-set of its row). Those run in
``bookkeeping()`` transactions, on a connection of their own and without the advisory lock,
so a worker never waits behind the use-cases to record an update or to take work.

A process that only reads (the live pages' server, ``tdbot site serve``: ``db.open_reader``)
takes no advisory lock: each of its transactions is a REPEATABLE READ, READ ONLY snapshot,
which sees the database as one moment's commits left it, waits for no use-case and makes
none wait, and is refused any write.

Backups: ``tdbot db backup`` copies SQLite files; a PostgreSQL server is copied with
``pg_dump`` (``db.POSTGRES_BACKUP_HINT``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
import weakref
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from importlib.resources.abc import Traversable
from itertools import count
from pathlib import Path
from typing import Any, ClassVar

import psycopg
from psycopg import sql as pg_sql
from psycopg.adapt import Dumper
from psycopg.rows import RowMaker
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from bot.store.database import POSTGRES_BACKUP_HINT, Database, Row, Tx, shown_target
from bot.store.errors import DatabaseUnusable
from bot.store.migrations import PG_MIGRATIONS_DIR, MigrationError, load_migrations, pending

log = logging.getLogger(__name__)

#: The advisory lock every transaction takes (module docstring): any constant, the same in
#: every process that uses the database. 0x7464626f74 is "tdbot" in ASCII.
LOCK_KEY = 0x7464626F74

#: How long opening waits for the server before saying it cannot be reached.
CONNECT_TIMEOUT_S = 10.0

#: After the listening connection dropped, how long until it connects again (seconds).
LISTEN_AGAIN_S = 1.0

#: How many snapshots (``PostgresDatabase.snapshot``) a process runs at once, each on a
#: connection of the pool beside the one the use-cases take in turn.
SNAPSHOTS = 3

#: A pooled connection unused for longer than this (seconds) is checked (one round trip)
#: before a transaction gets it, so a server restart while it was idle is met by the check,
#: which replaces it, not by the transaction. One used more recently goes straight to its
#: transaction: checking it would be one more round trip under the lock.
CHECK_AFTER_IDLE_S = 2.0

#: BEGIN and the advisory lock in one message, one round trip (no parameters, so psycopg
#: sends both statements as one simple query).
_BEGIN_LOCKED = (f"BEGIN ISOLATION LEVEL READ COMMITTED;"
                 f" SELECT pg_advisory_xact_lock({LOCK_KEY})").encode()
#: A snapshot: one consistent view of what was committed when its first statement ran.
_BEGIN_SNAPSHOT = b"BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"


@functools.lru_cache(maxsize=4096)
def to_pyformat(sql: str) -> tuple[str, tuple[int, ...] | None]:
    """SQLite's placeholders as psycopg's ``%s``, and a literal ``%`` (``LIKE 'event:%'``)
    doubled, as psycopg reads every ``%`` as the start of a placeholder. A ``?`` inside a
    quoted string or identifier is text and stays. So a repository's SQL never uses
    PostgreSQL's jsonb operators spelled with ``?`` (``jsonb_exists`` instead), nor an
    apostrophe in a ``--`` comment.

    A numbered ``?NNN`` (one parameter used in several places) becomes a ``%s`` at each
    place; the second value then says which parameter (from 0) each ``%s`` takes, in order
    (``bind``), counted as SQLite counts: a plain ``?`` takes the number after the highest
    so far. None: the parameters go as they are."""
    out: list[str] = []
    taken: list[int] = []
    numbered = False
    quote = ""
    i = 0
    while i < len(sql):
        char = sql[i]
        i += 1
        if char == "%":
            out.append("%%")
            continue
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "?":
            digits = ""
            while i < len(sql) and sql[i].isdigit():
                digits += sql[i]
                i += 1
            numbered = numbered or bool(digits)
            taken.append(int(digits) - 1 if digits else max(taken, default=-1) + 1)
            out.append("%s")
            continue
        out.append(char)
    return "".join(out), (tuple(taken) if numbered else None)


def bind(sql: str, params: Sequence[Any]) -> tuple[str, Sequence[Any]]:
    """``sql`` and ``params`` as psycopg takes them (``to_pyformat``)."""
    statement, order = to_pyformat(sql)
    return statement, params if order is None else [params[n] for n in order]


class PgRow(tuple[Any, ...]):
    """A row read by position or by column name, as ``sqlite3.Row`` is. One subclass per
    set of column names (``_row_class``) holds the name -> position map."""

    _index: ClassVar[dict[str, int]] = {}
    _keys: ClassVar[list[str]] = []

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            try:
                key = self._index[key]
            except KeyError:
                raise IndexError(f"no column {key!r} in this row") from None
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._keys)


@functools.lru_cache(maxsize=1024)
def _row_class(names: tuple[str, ...]) -> type[PgRow]:
    return type("PgRow", (PgRow,), {"_index": {n: i for i, n in enumerate(names)},
                                    "_keys": list(names)})


def _rows(cursor: Any) -> RowMaker[PgRow]:
    """psycopg's row factory: every row as a ``PgRow``."""
    description = cursor.description
    cls = _row_class(tuple(c.name for c in description) if description else ())
    return lambda values: cls(values)


class _BoolAsInteger(Dumper):
    """A Python bool stored as 0/1: the schema's flags are INTEGER columns (SQLite has no
    boolean), which PostgreSQL will not compare with or set from a boolean."""

    oid = psycopg.postgres.types["int4"].oid

    def dump(self, obj: bool) -> bytes:
        return b"1" if obj else b"0"


class PostgresTx(Tx):
    """A transaction on the PostgreSQL connection: the statements travel to the server (the
    event loop waits for the answer, it does not block)."""

    postgres = True

    def __init__(self, conn: psycopg.AsyncConnection[PgRow]) -> None:
        super().__init__()
        self._conn = conn
        self._later: list[tuple[str, Sequence[Any]]] = []  # ``write``s not sent yet

    async def _run(self, statement: str | bytes,
                   params: Sequence[Any] | None = None) -> psycopg.AsyncCursor[PgRow]:
        """One statement, with the ``write``s waiting before it in one pipeline: one round
        trip for them all (psycopg's pipeline mode); its answer is read when it ends."""
        if not self._later:
            return await self._conn.execute(statement, params)
        later, self._later = self._later, []
        async with self._conn.pipeline():
            for sql, values in later:
                await self._conn.execute(sql, values)
            cur = await self._conn.execute(statement, params)
        return cur

    async def write(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._wrote(sql)
        self._later.append(bind(sql, params))

    async def finish(self) -> None:
        """COMMIT, with the ``write``s still waiting."""
        await self._run(b"COMMIT")

    async def _flush(self) -> None:
        if self._later:
            await self._run(b"SELECT 1")

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._wrote(sql)
        cur = await self._run(*bind(sql, params))
        return cur.rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """PostgreSQL has no last row id: the new row's id comes back by RETURNING."""
        self._wrote(sql)
        statement = sql if "RETURNING" in sql.upper() else f"{sql} RETURNING id"
        cur = await self._run(*bind(statement, params))
        row = await cur.fetchone()
        if row is None:
            raise RuntimeError("insert did not create a row")
        return int(row[0])

    async def insert_rows(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """psycopg's executemany: the rows go in a pipeline, not one round trip each."""
        if not rows:
            return
        self._wrote(sql)
        await self._flush()
        statement, order = to_pyformat(sql)
        listed = rows if order is None else [[r[n] for n in order] for r in rows]
        async with self._conn.cursor() as cur:
            await cur.executemany(statement, listed)

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        self._wrote(sql)
        cur = await self._run(*bind(sql, params))
        return await cur.fetchone() if cur.description is not None else None

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        self._wrote(sql)
        cur = await self._run(*bind(sql, params))
        return list(await cur.fetchall()) if cur.description is not None else []

    async def notify(self, channel: str, payload: str) -> None:
        await self.write("SELECT pg_notify(?, ?)", (channel, payload))

    async def reads(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Row]]:
        """Every read in one pipeline, with the ``write``s waiting before them: one round
        trip (``Tx.reads``)."""
        later, self._later = self._later, []
        async with self._conn.pipeline():
            for sql, values in later:
                await self._conn.execute(sql, values)
            cursors = []
            for sql, params in queries:
                self._wrote(sql)
                cursors.append(await self._conn.execute(*bind(sql, params)))
        return [list(await cur.fetchall()) for cur in cursors]

    async def chunks(self, sql: str, params: Sequence[Any] = (),
                     size: int = 256) -> AsyncGenerator[list[Row], None]:
        """A server-side cursor: the server computes each chunk when it is fetched, so a
        reader that stops early leaves the rest of the scan undone, as on SQLite."""
        self._wrote(sql)
        await self._flush()
        async with self._conn.cursor(name=f"chunks_{next(_CURSORS)}") as cur:
            await cur.execute(*bind(sql, params))
            while True:
                rows = await cur.fetchmany(size)
                if rows:
                    yield list(rows)
                if len(rows) < size:
                    return


_CURSORS = count(1)


async def _configure(conn: psycopg.AsyncConnection[Any]) -> None:
    """Every pooled connection stores bools as integers (``_BoolAsInteger``)."""
    conn.adapters.register_dumper(bool, _BoolAsInteger)


#: When each pooled connection was last given back (``CHECK_AFTER_IDLE_S``).
_LAST_USED: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()


async def _check_if_idle(conn: psycopg.AsyncConnection[Any]) -> None:
    if time.monotonic() - _LAST_USED.get(conn, 0.0) > CHECK_AFTER_IDLE_S:
        await AsyncConnectionPool.check_connection(conn)


@asynccontextmanager
async def _begun(conn: psycopg.AsyncConnection[PgRow], begin: bytes) -> AsyncIterator[PostgresTx]:
    """``begin`` (BEGIN, and what goes with it), the body, COMMIT (with the body's last
    ``write``s); any exception rolls back and re-raises. By hand rather than psycopg's
    ``transaction()``, so that BEGIN travels with the lock (``_BEGIN_LOCKED``): one round
    trip, not two."""
    await conn.execute(begin)
    tx = PostgresTx(conn)
    try:
        yield tx
    except BaseException:
        with contextlib.suppress(psycopg.Error):  # a dropped connection: the pool replaces it
            await conn.execute(b"ROLLBACK")
        raise
    try:
        await tx.finish()
    except BaseException:
        if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
            with contextlib.suppress(psycopg.Error):  # a write sent with COMMIT failed
                await conn.execute(b"ROLLBACK")
        raise


class PostgresDatabase(Database):
    """A PostgreSQL database (the module's docstring)."""

    def __init__(self, pool: AsyncConnectionPool[psycopg.AsyncConnection[PgRow]],
                 url: str, *, read_only: bool = False) -> None:
        self._pool = pool
        self.read_only = read_only  # db.open_reader: snapshots, no advisory lock
        self.url = url
        self.shown = shown_target(url)
        self._lock = asyncio.Lock()
        self._snapshots = asyncio.Semaphore(SNAPSHOTS)
        # bookkeeping's own connection, opened when first needed (``bookkeeping``)
        self._side: psycopg.AsyncConnection[PgRow] | None = None
        self._side_lock = asyncio.Lock()
        # the channels listened to, each on a connection of its own (``listen``)
        self._listeners_of: dict[str, asyncio.Task[None]] = {}
        self._hearing: set[str] = set()

    @classmethod
    async def connect(cls, url: str, *, migrate: bool = True,
                      migrations_dir: Traversable | None = None,
                      read_only: bool = False) -> PostgresDatabase:
        """Connect to the server and apply pending migrations (``apply_pg_migrations``).

        A server that cannot be reached or refuses the login raises
        :class:`DatabaseUnusable` naming the URL (without its password) and what to check;
        the pool is closed first."""
        pool: AsyncConnectionPool[psycopg.AsyncConnection[PgRow]] = AsyncConnectionPool(
            url, min_size=1, max_size=1 + SNAPSHOTS, open=False, timeout=CONNECT_TIMEOUT_S,
            kwargs={"autocommit": True, "row_factory": _rows,
                    "connect_timeout": int(CONNECT_TIMEOUT_S)},
            configure=_configure, check=_check_if_idle,
            name="tdbot",
        )
        database = cls(pool, url, read_only=read_only)
        await _try_connecting(url)  # a refusal is said at once; the pool would wait and retry
        try:
            try:
                await pool.open(wait=True, timeout=CONNECT_TIMEOUT_S)
            except PoolTimeout:
                raise (await _why_not_connected(url) or DatabaseUnusable(
                    f"{database.shown}: no connection within {CONNECT_TIMEOUT_S:.0f} s")) from None
            if migrate:
                await apply_pg_migrations(database, migrations_dir or PG_MIGRATIONS_DIR)
        except BaseException as exc:
            await pool.close()
            if isinstance(exc, MigrationError):
                raise MigrationError(f"{database.shown}: {exc}") from exc.__cause__
            if isinstance(exc, psycopg.Error):
                raise DatabaseUnusable(f"{database.shown}: {_first_line(exc)}") from exc
            raise
        return database

    async def close(self) -> None:
        listeners, self._listeners_of = self._listeners_of, {}
        for task in listeners.values():
            task.cancel()
        await asyncio.gather(*listeners.values(), return_exceptions=True)
        async with self._lock:  # not while a transaction uses the connection
            await self._pool.close()
        async with self._side_lock:
            if self._side is not None:
                await self._side.close()

    async def check_writable(self) -> None:
        """Raise :class:`DatabaseUnusable` unless this login may write: a read-only server
        (a standby), a read-only default or a user without rights would let the bot start
        and then refuse every update. One UPDATE of no row, rolled back, is refused in
        every such case."""
        try:
            async with self._connection() as conn, conn.transaction(force_rollback=True):
                await conn.execute("UPDATE schema_migrations SET name = name WHERE false")
        except psycopg.Error as exc:
            raise DatabaseUnusable(
                f"{self.shown} cannot be written ({_first_line(exc)}); connect to the primary "
                "server as a user who may write the database's tables") from exc

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[psycopg.AsyncConnection[PgRow]]:
        """The connection of the use-cases, one at a time in this process."""
        async with self._lock, self._pooled() as conn:
            yield conn

    @asynccontextmanager
    async def _pooled(self) -> AsyncIterator[psycopg.AsyncConnection[PgRow]]:
        async with self._pool.connection() as conn:
            try:
                yield conn
            finally:
                _LAST_USED[conn] = time.monotonic()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Tx]:
        """BEGIN with the advisory lock (the module's docstring), the use-case, COMMIT; any
        exception rolls back everything and re-raises. A reader's transactions are
        snapshots."""
        if self.read_only:  # a reader's snapshot (module docstring)
            async with self._snapshot() as tx:
                yield tx
            return
        async with self._connection() as conn, _begun(conn, _BEGIN_LOCKED) as tx:
            yield tx

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[Tx]:
        """A lookup's transaction, without the advisory lock (module docstring): it neither
        waits for the use-cases nor makes them wait."""
        async with self._snapshots, self._pooled() as conn, _begun(conn, _BEGIN_SNAPSHOT) as tx:
            yield tx

    @asynccontextmanager
    async def _bookkeeping(self) -> AsyncIterator[Tx]:
        """A transaction without the advisory lock (``Database.bookkeeping`` says when), on
        a connection of its own: it waits neither for the other workers' use-cases nor for
        this worker's, which hold the use-cases' connection while they wait for the
        lock."""
        async with self._side_lock:
            if self._side is None or self._side.closed:
                self._side = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, row_factory=_rows,
                    connect_timeout=int(CONNECT_TIMEOUT_S))
                await _configure(self._side)
            async with _begun(self._side, b"BEGIN ISOLATION LEVEL READ COMMITTED") as tx:
                yield tx

    async def backup(self, dest: str | Path) -> None:
        raise NotImplementedError(POSTGRES_BACKUP_HINT)

    def listen(self, channel: str, heard: Callable[[str], None]) -> None:
        """As ``Database.listen``; the first listener of a channel starts its LISTEN."""
        super().listen(channel, heard)
        if channel not in self._listeners_of:
            self._listeners_of[channel] = asyncio.create_task(
                self._listen(channel), name=f"tdbot-listen-{channel}")

    def hears_all(self, channel: str) -> bool:
        return channel in self._hearing

    async def _listen(self, channel: str) -> None:
        """LISTEN on a connection of its own and hand each notice to the listeners; after
        a drop, connect again (``LISTEN_AGAIN_S`` later). Once listening (again), the
        listeners are told with an empty notice: one may have been missed."""
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=int(CONNECT_TIMEOUT_S))
                async with conn:
                    await conn.execute(pg_sql.SQL("LISTEN {}").format(pg_sql.Identifier(channel)))
                    self._hearing.add(channel)
                    self.heard(channel, "")
                    async for notice in conn.notifies():
                        self.heard(channel, notice.payload)
            except (psycopg.Error, OSError) as exc:
                log.warning("listening on %s: %s; again in %.0f s", channel, exc,
                            LISTEN_AGAIN_S)
            finally:
                self._hearing.discard(channel)
            await asyncio.sleep(LISTEN_AGAIN_S)


async def apply_pg_migrations(database: PostgresDatabase, folder: Traversable = PG_MIGRATIONS_DIR,
                              now: datetime | None = None) -> list[str]:
    """Apply the pending PostgreSQL migrations, each in its own transaction; return the
    names applied. Each takes the advisory lock and looks again whether it is applied, so
    two processes starting at once apply each file once."""
    migrations = load_migrations(folder)
    stamp = (now or datetime.now(UTC)).isoformat()
    done: list[str] = []
    async with database._connection() as conn:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            cur = await conn.execute("SELECT to_regclass('schema_migrations') IS NULL")
            if (await cur.fetchone() or (True,))[0]:  # a read-only login reads a schema made
                await conn.execute(
                    "CREATE TABLE schema_migrations ("
                    " version TEXT PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL,"
                    " applied_at TEXT NOT NULL)")
            cur = await conn.execute("SELECT version, name, checksum FROM schema_migrations")
            applied = {r[0]: (r[1], r[2]) for r in await cur.fetchall()}
        for m in pending(migrations, applied):
            try:
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
                    cur = await conn.execute(
                        "SELECT 1 FROM schema_migrations WHERE version = %s", (m.version,))
                    if await cur.fetchone() is not None:  # another process applied it
                        continue
                    await conn.execute(m.sql.encode())  # a script: no placeholders in it
                    await conn.execute(
                        "INSERT INTO schema_migrations (version, name, checksum, applied_at)"
                        " VALUES (%s, %s, %s, %s)", (m.version, m.name, m.checksum, stamp))
            except psycopg.Error as exc:
                if isinstance(exc, psycopg.OperationalError):
                    raise
                raise MigrationError(f"migration {m.name} failed: {_first_line(exc)}") from exc
            done.append(m.name)
    return done


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


async def _try_connecting(url: str) -> None:
    """Raise :class:`DatabaseUnusable` at once if ``url`` cannot be connected to."""
    if (why := await _why_not_connected(url)) is not None:
        raise why


async def _why_not_connected(url: str) -> DatabaseUnusable | None:
    """Why one direct connection to ``url`` fails (refused, no such database, password
    failed), in a line that names the URL without its password; None if it works."""
    try:
        conn = await psycopg.AsyncConnection.connect(url, connect_timeout=int(CONNECT_TIMEOUT_S))
    except psycopg.Error as exc:
        reason = _first_line(exc)
    else:
        await conn.close()
        return None
    return DatabaseUnusable(
        f"cannot connect to PostgreSQL at {shown_target(url)} ({reason}); check that the server "
        "runs, that --db / TDBOT_DB names it, and the login (user, password in ~/.pgpass or "
        "PGPASSWORD)")

