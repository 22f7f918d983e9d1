"""A database file that cannot be used as it is, said in one line a person can act on.

SQLite's own words ("file is not a database", "disk I/O error") name the symptom, not the
file or the fix. ``explain`` turns the errors that come from the file or the disk, not
from a bug, into :class:`DatabaseUnusable` with both; every other error is left alone.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path


class DatabaseUnusable(Exception):
    """The database file cannot be used (not SQLite, damaged, read-only, disk full...).
    The message names the file and what to do; the command line prints it and exits 2."""


def explain(exc: sqlite3.Error, path: Path | None = None) -> DatabaseUnusable | None:
    """The plain reason ``exc`` stops the use of the file at ``path``, or None when the
    error is not about the file or its disk (a bug, a busy lock: leave those as they are)."""
    code = getattr(exc, "sqlite_errorcode", None)
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
    """Whether ``exc`` is SQLite failing for a reason that may pass (``_MAY_PASS``): the
    same work tried again later may succeed, so an update is retried rather than answered
    with an apology, and the outbox sender waits rather than sending more."""
    code = getattr(exc, "sqlite_errorcode", None) if isinstance(exc, sqlite3.Error) else None
    return code is not None and code & 0xFF in _MAY_PASS
