"""A database that cannot be used as it is, said in one line a person can act on.

SQLite's own words ("file is not a database", "disk I/O error") name the symptom, not the
file or the fix. ``explain`` turns the errors that come from the file or the disk (or, on
PostgreSQL, from the server or the network), not from a bug, into
:class:`DatabaseUnusable` with both; every other error is left alone.

PostgreSQL's errors are psycopg's, looked for only when psycopg was imported (by
``bot.store.postgres``): a process on SQLite never loads it, and cannot meet its errors.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import Any


class DatabaseUnusable(Exception):
    """The database file cannot be used (not SQLite, damaged, read-only, disk full...).
    The message names the file and what to do; the command line prints it and exits 2."""


def explain(exc: BaseException, path: Path | None = None) -> DatabaseUnusable | None:
    """The plain reason ``exc`` stops the use of the file at ``path`` (or of the PostgreSQL
    server), or None when the error is not about the file, its disk or the server (a bug, a
    busy lock: leave those as they are)."""
    if _postgres_operational(exc):
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        return DatabaseUnusable(f"the PostgreSQL server failed ({first}); check that it runs "
                                "and has disk space, then run it again")
    code = getattr(exc, "sqlite_errorcode", None) if isinstance(exc, sqlite3.Error) else None
    if code is None:
        return None
    primary = code & 0xFF  # extended codes (SQLITE_IOERR_WRITE...) keep the primary below
    where = str(path) if path is not None else "the database"
    if primary == sqlite3.SQLITE_NOTADB:
        message = (f"{where} is not a SQLite database; check that --db (or TDBOT_DB) names "
                   "the bot's database, or give a new file name to create one")
    elif primary == sqlite3.SQLITE_CORRUPT:
        message = (f"{where} is damaged ({exc}); restore it from a backup "
                   "(tdbot db backup makes one)")
    elif primary == sqlite3.SQLITE_FULL:
        message = f"the disk holding {where} is full; free some space and run it again"
    elif primary == sqlite3.SQLITE_READONLY:
        message = (f"{where} is read-only; make the file and its folder writable by this "
                   "user, or give another --db")
    elif primary == sqlite3.SQLITE_CANTOPEN:
        message = (f"cannot open {where}; check that it is a file (not a folder) and that "
                   "this user may read and write it and its folder")
    elif primary == sqlite3.SQLITE_IOERR:
        message = (f"reading or writing {where} failed ({exc}): the disk may be full, "
                   "size-limited or failing; check it (df -h) and run it again")
    else:
        return None
    return DatabaseUnusable(message)


#: SQLite's primary codes for a write that failed for a reason that may pass: the disk is
#: full, it failed to read or write, another process holds the write lock past the busy
#: timeout, or the file was made read-only under the running bot. Trying again later can
#: work; every other error (a constraint, a bug in a statement) would fail the same way.
_MAY_PASS = frozenset({sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_BUSY,
                       sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_READONLY})


def may_pass(exc: BaseException) -> bool:
    """Whether ``exc`` is the database failing for a reason that may pass: SQLite's
    ``_MAY_PASS``, or PostgreSQL's ``_postgres_may_pass``. The same work tried again later
    may succeed, so an update is retried rather than answered with an apology, and the
    outbox sender waits rather than sending more."""
    if _postgres_may_pass(exc):
        return True
    code = getattr(exc, "sqlite_errorcode", None) if isinstance(exc, sqlite3.Error) else None
    return code is not None and code & 0xFF in _MAY_PASS


def busy(exc: BaseException) -> bool:
    """Whether ``exc`` is the database being unavailable for now rather than a statement
    failing: SQLite's OperationalError (busy, locked, disk), or PostgreSQL's (the
    connection, the server's resources). A deadline that meets it is left for the next
    sweep, not marked failed."""
    return isinstance(exc, sqlite3.OperationalError) or _postgres_operational(exc)


def _psycopg() -> Any:
    return sys.modules.get("psycopg")  # None: psycopg never loaded, none of its errors exist


def _postgres_operational(exc: BaseException) -> bool:
    pg = _psycopg()
    return pg is not None and isinstance(exc, pg.OperationalError)


#: PostgreSQL's SQLSTATE codes (and classes) for a failure that may pass, beyond psycopg's
#: OperationalError (a lost connection, a server shutting down, the pool waiting too
#: long, disk full and the rest of classes 53, 57 and 58): a read-only transaction (the
#: server became a standby, or was set read-only under the running bot).
_PG_MAY_PASS = frozenset({"25006"})


def _postgres_may_pass(exc: BaseException) -> bool:
    pg = _psycopg()
    if pg is None or not isinstance(exc, pg.Error):
        return False
    return isinstance(exc, pg.OperationalError) or getattr(exc, "sqlstate", None) in _PG_MAY_PASS
