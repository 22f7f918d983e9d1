"""Migrations: applied in order at start-up, recorded with a checksum, and an edited
applied migration stops start-up ("Storage")."""

from __future__ import annotations

import shutil
from importlib.metadata import version
from pathlib import Path

import pytest

from bot.store.db import open_database
from bot.store.migrations import MIGRATIONS_DIR, MigrationError, load_migrations, split_statements

TABLES = {
    "people", "events", "roles", "entries", "divisions", "rounds", "matches", "games", "slips",
    "photos", "disputes", "payments", "deadlines", "outbox", "journal", "processed_updates",
    "invites", "join_requests", "schema_migrations",
}


@pytest.fixture
def migrations(tmp_path: Path) -> Path:
    folder = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, folder)
    return folder


async def test_fresh_database_has_every_table_and_records_each_migration(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "t.sqlite3")
    try:
        async with db.transaction() as tx:
            names = {r[0] for r in await tx.all("SELECT name FROM sqlite_master WHERE type='table'")}
            applied = await tx.all("SELECT version, name, checksum FROM schema_migrations ORDER BY version")
        assert TABLES <= names
        files = load_migrations()
        assert [(r["version"], r["name"], r["checksum"]) for r in applied] == [
            (m.version, m.name, m.checksum) for m in files
        ]
    finally:
        await db.close()


async def test_pragmas_wal_foreign_keys_busy_timeout(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "t.sqlite3")
    try:
        async with db.transaction() as tx:
            assert await tx.scalar("PRAGMA journal_mode") == "wal"
            assert await tx.scalar("PRAGMA foreign_keys") == 1
            assert await tx.scalar("PRAGMA busy_timeout") >= 1000
    finally:
        await db.close()


async def test_reopening_applies_nothing_new_and_keeps_data(tmp_path: Path, migrations: Path) -> None:
    path = tmp_path / "t.sqlite3"
    db = await open_database(path, migrations_dir=migrations)
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO people (name, created_at) VALUES ('Ann', '2016-08-01T00:00:00+00:00')")
    await db.close()
    db = await open_database(path, migrations_dir=migrations)
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM schema_migrations") == len(load_migrations(migrations))
        assert await tx.scalar("SELECT name FROM people") == "Ann"
    await db.close()


async def test_edited_applied_migration_stops_start_up(tmp_path: Path, migrations: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await (await open_database(path, migrations_dir=migrations)).close()
    first = sorted(migrations.glob("*.sql"))[0]
    first.write_text(first.read_text() + "\n-- an innocent-looking edit\n")
    with pytest.raises(MigrationError, match=r"0001_init\.sql was edited after it was applied"):
        await open_database(path, migrations_dir=migrations)


async def test_a_database_newer_than_the_code_is_refused(tmp_path: Path, migrations: Path) -> None:
    path = tmp_path / "t.sqlite3"
    (migrations / "0999_later.sql").write_text("CREATE TABLE later (id INTEGER PRIMARY KEY);\n")
    await (await open_database(path, migrations_dir=migrations)).close()
    (migrations / "0999_later.sql").unlink()
    with pytest.raises(MigrationError) as refused:
        await open_database(path, migrations_dir=migrations)
    assert str(refused.value) == (
        f"{path}: this database was made by a newer TDBot (it has migration 0999_later.sql, "
        f"which tdbot {version('tdbot')} does not have); upgrade tdbot (pip install -U tdbot) "
        "or use the version that made it"
    )


async def test_new_migration_is_applied_in_order_on_next_start(tmp_path: Path, migrations: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await (await open_database(path, migrations_dir=migrations)).close()
    (migrations / "0998_b.sql").write_text("ALTER TABLE later_a ADD COLUMN note TEXT;\n")
    (migrations / "0997_a.sql").write_text("CREATE TABLE later_a (id INTEGER PRIMARY KEY);\n")
    db = await open_database(path, migrations_dir=migrations)
    async with db.transaction() as tx:
        cols = [r["name"] for r in await tx.all("PRAGMA table_info(later_a)")]
        versions = [r[0] for r in await tx.all("SELECT version FROM schema_migrations ORDER BY applied_at, version")]
    await db.close()
    assert cols == ["id", "note"]
    assert versions[-2:] == ["0997", "0998"]


async def test_a_failing_migration_leaves_nothing_behind(tmp_path: Path, migrations: Path) -> None:
    path = tmp_path / "t.sqlite3"
    (migrations / "0990_broken.sql").write_text(
        "CREATE TABLE half_done (id INTEGER PRIMARY KEY);\nINSERT INTO no_such_table VALUES (1);\n"
    )
    with pytest.raises(MigrationError, match="0990_broken.sql failed"):
        await open_database(path, migrations_dir=migrations)
    (migrations / "0990_broken.sql").unlink()
    db = await open_database(path, migrations_dir=migrations)
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT name FROM sqlite_master WHERE name = 'half_done'") is None
        assert await tx.scalar("SELECT count(*) FROM schema_migrations WHERE version = '0990'") == 0
    await db.close()


def test_badly_named_file_is_refused(migrations: Path) -> None:
    (migrations / "2_oops.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match="NNNN_name.sql"):
        load_migrations(migrations)


def test_statement_splitting_keeps_trigger_bodies_whole() -> None:
    sql = """
    -- a comment
    CREATE TABLE t (x INTEGER);
    CREATE TRIGGER tr AFTER INSERT ON t BEGIN
        UPDATE t SET x = x + 1;
        UPDATE t SET x = x + 2;
    END;
    """
    statements = split_statements(sql)
    assert len(statements) == 2
    assert statements[1].endswith("END;")


def test_schema_uses_no_sqlite_only_upsert_syntax() -> None:
    """A PostgreSQL backend is planned: the schema keeps to portable SQL."""
    for m in load_migrations():
        text = m.sql.upper()
        for trick in ("INSERT OR ", "AUTOINCREMENT", "WITHOUT ROWID", "STRICT"):
            assert trick not in text, f"{m.name} uses {trick}"


def test_tdbot_run_stops_on_an_edited_migration_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Storage: an edited applied migration stops start-up. `tdbot run` says so in
    one line (exit 2) before it contacts Telegram, not with a traceback."""
    import sqlite3

    from typer.testing import CliRunner

    import bot.cli  # noqa: F401  (registers the commands)
    from bot.cli.app import app

    db = tmp_path / "t.sqlite3"
    assert CliRunner().invoke(app, ["db", "migrate", "--db", str(db)]).exit_code == 0
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE schema_migrations SET checksum = 'edited' WHERE version = '0001'")
    monkeypatch.setenv("TDBOT_TOKEN", "123:abc")
    result = CliRunner().invoke(app, ["run", "--db", str(db), "--base-url", "http://127.0.0.1:9/bot"])
    assert result.exit_code == 2, result.output
    assert "0001_init.sql was edited after it was applied" in result.stderr
