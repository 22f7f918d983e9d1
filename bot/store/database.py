"""What both database backends share, and what the rest of the bot sees of either: a
``Database``, its transactions (``Tx``) and their rows (``Row``), and the database setting
read as a SQLite file or a PostgreSQL URL.

SQLite's backend is ``bot.store.db`` (which also opens either, ``open_database``) and
PostgreSQL's ``bot.store.postgres``; both build on this module, and neither imports the
other.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import AsyncGenerator, Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit


class Row(Protocol):
    """A result row, read by column name or position: ``sqlite3.Row``, or PostgreSQL's
    ``postgres.PgRow``, which reads the same."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...

    def keys(self) -> list[str]: ...


def is_postgres(target: str | Path) -> bool:
    """Whether the database setting names a PostgreSQL server (a ``postgresql://`` or
    ``postgres://`` URL, libpq's two spellings) rather than a SQLite file."""
    return str(target).startswith(("postgresql://", "postgres://"))


def database_target(setting: str | Path) -> Path | str:
    """The database setting (``--db``, ``TDBOT_DB``) as ``open_database`` takes it: a URL
    kept as it is (a ``Path`` would fold its ``//``), anything else a SQLite file's path."""
    return str(setting) if is_postgres(setting) else Path(setting)


def shown_target(target: str | Path) -> str:
    """The database setting for messages and logs: a URL without its password."""
    text = str(target)
    if not is_postgres(text):
        return text
    parts = urlsplit(text)
    if parts.password is None:
        return text
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))


#: What ``tdbot db backup`` says for a PostgreSQL database.
POSTGRES_BACKUP_HINT = ("tdbot db backup copies a SQLite file; back up a PostgreSQL database "
                        "with pg_dump (e.g. pg_dump -Fc -f tdbot.dump DATABASE-URL)")


#: The table a plain write statement changes (a statement this does not match, such as a
#: ``WITH ... UPDATE``, counts as a write to every table).
_WRITTEN = re.compile(r"^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|"
                      r"UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+[\"`]?(\w+)", re.IGNORECASE)
_READ = re.compile(r"^\s*(?:SELECT|PRAGMA\s+\w+\s*$)", re.IGNORECASE)


class Tx(ABC):
    """One open transaction. The only way use-cases reach the database.

    The statements take ``?`` placeholders on both databases (PostgreSQL's translates
    them). ``postgres`` says which database runs them, for the few statements whose SQL
    must differ."""

    #: True on PostgreSQL: a repository picks its PostgreSQL statement by it.
    postgres: bool = False

    def __init__(self) -> None:
        self._writes: dict[str, int] = {}  # table -> writes to it in this transaction
        self._any_write = 0  # writes to tables not known (see _WRITTEN)
        self._memo: dict[Any, tuple[tuple[int, ...], Any]] = {}

    def _wrote(self, sql: str) -> None:
        found = _WRITTEN.match(sql)
        if found:
            table = found.group(1).lower()
            self._writes[table] = self._writes.get(table, 0) + 1
        elif not _READ.match(sql):
            self._any_write += 1

    def _stamp(self, tables: Sequence[str]) -> tuple[int, ...]:
        return (self._any_write, *(self._writes.get(t, 0) for t in tables))

    def remembered(self, key: Any, tables: Sequence[str]) -> Any | None:
        """A value ``remember``ed in this transaction under ``key``, if no write to one of
        the ``tables`` it was read from has happened since (None otherwise). A use-case that
        reads a large aggregate in two places (a round-based event, after a result) reads
        it once; any write to what it was built from makes it stale."""
        kept = self._memo.get(key)
        if kept is None or kept[0] != self._stamp(tables):
            return None
        return kept[1]

    def remember(self, key: Any, tables: Sequence[str], value: Any) -> None:
        """Keep ``value``, built from ``tables`` as they are now, for ``remembered``."""
        self._memo[key] = (self._stamp(tables), value)

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; return the number of rows it changed."""

    async def write(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run a write whose outcome nobody reads (no count, no row). On PostgreSQL it
        travels with the transaction's next statement or its COMMIT, one round trip fewer
        while the lock is held; an error it meets is raised there and rolls back the
        transaction, as any error does. On SQLite it runs at once."""
        await self.execute(sql, params)

    @abstractmethod
    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an INSERT into a table with an ``id`` key; return the id of the new row."""

    @abstractmethod
    async def insert_rows(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one write statement once for each of ``rows`` (its parameters), in one go:
        ``tdbot db copy`` writes whole tables through it."""

    @abstractmethod
    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a read (or of a write with RETURNING), None if there is none."""

    @abstractmethod
    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a read."""

    @abstractmethod
    def chunks(self, sql: str, params: Sequence[Any] = (),
               size: int = 256) -> AsyncGenerator[list[Row], None]:
        """A read's rows ``size`` at a time, each chunk stepped only when asked for: a
        reader that stops early (it found what it needs along an index) leaves the rest of
        the scan undone. Use it under ``contextlib.aclosing`` so the cursor closes then."""

    async def reads(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Row]]:
        """The rows of each read, in order. On PostgreSQL they travel together (with the
        ``write``s waiting), one round trip for them all while the lock is held; on SQLite
        they run one after the other, as ``all`` would."""
        return [await self.all(sql, params) for sql, params in queries]

    async def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = await self.one(sql, params)
        return None if row is None else row[0]

    async def notify(self, channel: str, payload: str) -> None:
        """Tell the other processes listening on ``channel`` (``Database.listen``) once
        this transaction commits. On PostgreSQL a NOTIFY, which travels with the next
        statement or the COMMIT (``write``); on SQLite nothing: one process uses it, and
        a process tells its own listeners itself (``Database.heard``)."""
        return None

    async def claim_update(self, update_id: int, now: datetime | None = None) -> bool:
        """Record a Telegram update id; False if it was already applied.

        Called in the same transaction as the update's effect, so an update re-sent after a
        crash is applied at most once (docs/architecture.md, "Nothing lost, nothing doubled").
        """
        stamp = (now or datetime.now(UTC)).isoformat()
        changed = await self.execute(
            "INSERT INTO processed_updates (update_id, processed_at) VALUES (?, ?)"
            " ON CONFLICT (update_id) DO NOTHING",
            (update_id, stamp),
        )
        return changed == 1

    async def prune_updates(self, before: datetime) -> int:
        """Forget update ids processed before ``before``. Telegram keeps an unconfirmed
        update for at most 24 hours, so ids older than a few days can never come back."""
        return await self.execute(
            "DELETE FROM processed_updates WHERE processed_at < ?", (before.astimezone(UTC).isoformat(),)
        )


class Database(ABC):
    """The application's database, SQLite's or PostgreSQL's. Open one with
    ``await open_database(target)`` (``bot.store.db``): a SQLite file's path, or a
    ``postgresql://`` URL (``is_postgres``)."""

    #: What the database setting named, for messages (a PostgreSQL URL without its password).
    shown: str

    @abstractmethod
    async def close(self) -> None:
        """Wait for the transaction in progress, if any, then close the connection."""

    @abstractmethod
    async def check_writable(self) -> None:
        """Raise :class:`DatabaseUnusable` unless this process may write the database."""

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One transaction: commits at the end, rolls back everything on any exception
        and re-raises; transactions never interleave. Every use-case commits through here
        (a test or a benchmark that wraps it wraps both databases)."""
        return self._transaction()

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Tx]:
        """``transaction`` as this database runs it."""

    def bookkeeping(self) -> AbstractAsyncContextManager[Tx]:
        """A transaction for the fleet's own bookkeeping: the updates received
        (``arrivals_repo``), which no use-case reads or writes, and the claims of the rows a
        worker is about to work on (leases), which lock each row they take (``FOR UPDATE
        SKIP LOCKED``) and check the row again under that lock. On PostgreSQL it does not
        wait for the lock that orders the use-cases, so a worker recording an update, or
        taking due deadlines and messages, does not queue behind every other worker's
        use-cases. On SQLite it is an ordinary transaction."""
        return self._bookkeeping()

    def _bookkeeping(self) -> AbstractAsyncContextManager[Tx]:
        """``bookkeeping`` as this database runs it."""
        return self._transaction()

    def snapshot(self) -> AbstractAsyncContextManager[Tx]:
        """A transaction for a lookup that changes nothing (``unit.reading``): it sees the
        database as the last commit left it, every use-case whole. On PostgreSQL it takes
        no lock, so it waits for no use-case and none waits for it; on SQLite, with one
        connection, it is an ordinary transaction."""
        return self._snapshot()

    def _snapshot(self) -> AbstractAsyncContextManager[Tx]:
        """``snapshot`` as this database runs it."""
        return self._transaction()

    @abstractmethod
    async def backup(self, dest: str | Path) -> None:
        """A consistent copy of the live database in the file ``dest``."""

    def listen(self, channel: str, heard: Callable[[str], None]) -> None:
        """Call ``heard(payload)`` for each notice on ``channel``: those this process
        gives (``heard``) and, on PostgreSQL, those every process's transactions send
        (``Tx.notify``), from a connection this database keeps listening until it is
        closed. Several listeners may share a channel."""
        self._listeners().setdefault(channel, []).append(heard)

    def heard(self, channel: str, payload: str) -> None:
        """Give this process's listeners on ``channel`` a notice at once (what this
        process did, without waiting for the server to say it back)."""
        for listener in list(self._listeners().get(channel, ())):
            listener(payload)

    def hears_all(self, channel: str) -> bool:
        """Whether every notice on ``channel`` reaches this process's listeners: on
        SQLite, the one process's own; on PostgreSQL, while its listening connection is
        up (after a drop a notice may have been missed)."""
        return True

    def _listeners(self) -> dict[str, list[Callable[[str], None]]]:
        if "_listening_to" not in vars(self):
            self._listening_to: dict[str, list[Callable[[str], None]]] = {}
        return self._listening_to
