"""Schema migrations: numbered SQL files under ``migrations/``, applied in order.

SQLite applies ``migrations/NNNN_name.sql``; PostgreSQL applies its own copies,
``migrations/postgresql/NNNN_name.sql``: the same numbers and names, with the column types
and the few statements PostgreSQL spells differently (``bot.store.postgres`` applies them,
with the same checks, ``pending``).

The files ship inside the package as ``bot.migrations`` (``pyproject.toml`` maps the
top-level ``migrations/`` folder there), and are read through ``importlib.resources``, so
an installed wheel finds them as well as a checkout does.

Each applied file is recorded with a SHA-256 checksum of its bytes. A file that was edited
after it was applied is refused (the database no longer matches what the file says), and so
is a database that has applied a migration this code does not have (an older checkout on a
newer database). Both stop start-up with a message that says what to do: add a new
migration instead of editing an old one.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING

import aiosqlite

if TYPE_CHECKING:
    from bot.store.database import Database

_NAME = re.compile(r"^([0-9]{4})_[a-z0-9_]+\.sql$")


class MigrationError(Exception):
    """The database and the migration files disagree; start-up must stop."""


def _shipped_migrations() -> Traversable:
    try:
        return files("bot.migrations")
    except ModuleNotFoundError:  # an install made before the SQL files were package data
        raise MigrationError(
            "the schema's SQL files (package bot.migrations) are not installed; reinstall "
            "tdbot (in a checkout: pip install -e .)"
        ) from None


MIGRATIONS_DIR: Traversable = _shipped_migrations()
#: PostgreSQL's copies: the same numbers and names, in PostgreSQL's SQL (a test checks that
#: every SQLite migration has its twin here).
PG_MIGRATIONS_DIR: Traversable = MIGRATIONS_DIR / "postgresql"


@dataclass(frozen=True)
class Migration:
    version: str
    name: str
    sql: str
    checksum: str


def load_migrations(folder: Traversable = MIGRATIONS_DIR) -> list[Migration]:
    """The migration files of ``folder`` in version order; badly named files are errors."""
    if not folder.is_dir():
        raise MigrationError(f"migrations folder not found: {folder}")
    found: list[Migration] = []
    sql_files = [p for p in folder.iterdir() if p.name.endswith(".sql") and p.is_file()]
    for path in sorted(sql_files, key=lambda p: p.name):
        m = _NAME.match(path.name)
        if not m:
            raise MigrationError(
                f"{path.name}: migration files must be named NNNN_name.sql (e.g. 0002_photos.sql)"
            )
        data = path.read_bytes()
        found.append(
            Migration(m.group(1), path.name, data.decode("utf-8"), hashlib.sha256(data).hexdigest())
        )
    versions = [m.version for m in found]
    dupes = sorted({v for v in versions if versions.count(v) > 1})
    if dupes:
        raise MigrationError(f"two migration files share the number {dupes[0]}")
    return found


def pending(migrations: list[Migration], applied: dict[str, tuple[str, str]]) -> list[Migration]:
    """The ``migrations`` not yet ``applied`` (version -> (name, checksum)), in order.

    Refuses a database that has a migration this code does not have (made by a newer TDBot)
    and one whose applied file has been edited since."""
    known = {m.version for m in migrations}
    newer = [name for v, (name, _) in sorted(applied.items()) if v not in known]
    if newer:
        raise MigrationError(
            f"this database was made by a newer TDBot (it has migration {newer[0]}, which "
            f"tdbot {_tdbot_version()} does not have); upgrade tdbot (pip install -U tdbot) "
            "or use the version that made it"
        )
    for m in migrations:
        if m.version in applied and applied[m.version][1] != m.checksum:
            raise MigrationError(
                f"migration {m.name} was edited after it was applied (checksum differs); "
                "restore the file and put the change in a new migration"
            )
    return [m for m in migrations if m.version not in applied]


def split_statements(sql: str) -> list[str]:
    """Split a script into complete statements (sqlite3 knows where triggers end)."""
    statements: list[str] = []
    buf = ""
    for line in sql.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            text = buf.strip()
            if _has_code(text):
                statements.append(text)
            buf = ""
    if _has_code(buf):
        raise MigrationError(f"incomplete SQL statement at the end: {buf.strip()[:60]!r}")
    return statements


def _has_code(text: str) -> bool:
    return any(
        line.strip() and not line.strip().startswith("--") for line in text.splitlines()
    )


def _tdbot_version() -> str:
    try:
        return package_version("tdbot")
    except PackageNotFoundError:  # pragma: no cover - run from a checkout never installed
        return "(not installed)"


async def apply_migrations(
    conn: aiosqlite.Connection, folder: Traversable = MIGRATIONS_DIR, now: datetime | None = None
) -> list[str]:
    """Apply the pending migrations, each in its own transaction; return the names applied.

    ``conn`` must be in autocommit mode (isolation_level=None) so BEGIN/COMMIT are ours.
    """
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version TEXT PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL,"
        " applied_at TEXT NOT NULL)"
    )
    async with conn.execute("SELECT version, name, checksum FROM schema_migrations") as cur:
        applied = {row[0]: (row[1], row[2]) for row in await cur.fetchall()}
    done: list[str] = []
    stamp = (now or datetime.now(UTC)).isoformat()
    for m in pending(load_migrations(folder), applied):
        await conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in split_statements(m.sql):
                await conn.execute(statement)
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, checksum, applied_at)"
                " VALUES (?, ?, ?, ?)",
                (m.version, m.name, m.checksum, stamp),
            )
        except BaseException as exc:
            if conn.in_transaction:  # a failed write (disk full) may have ended it already
                await conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise MigrationError(f"migration {m.name} failed: {exc}") from exc
            raise
        await conn.execute("COMMIT")
        done.append(m.name)
    return done


async def applied_count(db: Database) -> int:
    """How many migrations the database has applied (``tdbot db migrate`` reports it)."""
    async with db.transaction() as tx:
        return int(await tx.scalar("SELECT count(*) FROM schema_migrations"))


async def require_current(db: Database, folder: Traversable = MIGRATIONS_DIR) -> None:
    """Raise ``MigrationError`` unless ``db`` has applied every migration of ``folder``
    (and nothing else, ``pending``): a process that only reads the database (``tdbot site
    serve``) leaves migrating to the bot, and reads no schema older than its code."""
    try:
        async with db.transaction() as tx:
            rows = await tx.all("SELECT version, name, checksum FROM schema_migrations")
    except Exception as exc:  # no such table: a database no tdbot has set up
        raise MigrationError(f"{db.shown} is not a TDBot database yet ({exc}); start tdbot "
                             "run (or tdbot db migrate) on it first") from exc
    missing = pending(load_migrations(folder), {r[0]: (r[1], r[2]) for r in rows})
    if missing:
        raise MigrationError(
            f"{db.shown} lacks {len(missing)} migration(s) of tdbot {_tdbot_version()} "
            f"(the first: {missing[0].name}); start tdbot run (or tdbot db migrate) on it, "
            "which applies them, then this again")
