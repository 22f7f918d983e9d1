"""What only the PostgreSQL database has: its own copy of every migration, the placeholder
translation, rows read like SQLite's, one transaction at a time across processes (the
advisory lock), a dropped connection that the next transaction survives, and plain words
for a server that cannot be used.

The tests that need a server take ``pg_target`` (tests/conftest.py): they run when
TDBOT_TEST_POSTGRES names one, as in CI. The shared contract (commit, rollback, updates
applied once...) is tests/bot/test_store_db.py's, on both databases."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from bot.store.db import POSTGRES_BACKUP_HINT, Database, is_postgres, open_database, shown_target
from bot.store.errors import DatabaseUnusable, busy, explain, may_pass
from bot.store.migrations import MIGRATIONS_DIR, PG_MIGRATIONS_DIR, MigrationError, load_migrations
from bot.store.postgres import PostgresDatabase, bind, to_pyformat

STAMP = "2016-08-01T00:00:00+00:00"
ROOT = Path(__file__).resolve().parents[2]


def test_every_sqlite_migration_has_its_postgresql_twin() -> None:
    """A migration added for SQLite alone would leave PostgreSQL's schema behind: each file
    of migrations/ has its copy, same number and name, in migrations/postgresql/ (and
    PostgreSQL has none of its own)."""
    sqlite = [m.name for m in load_migrations(MIGRATIONS_DIR)]
    postgresql = [m.name for m in load_migrations(PG_MIGRATIONS_DIR)]
    assert sqlite, "no SQLite migration found"
    missing = sorted(set(sqlite) - set(postgresql))
    assert not missing, f"write migrations/postgresql/{missing[0]} (PostgreSQL's copy)"
    assert postgresql == sqlite


def test_the_postgresql_migrations_ship_in_the_package() -> None:
    shipped = sorted(p.name for p in PG_MIGRATIONS_DIR.iterdir() if p.name.endswith(".sql"))
    assert shipped == sorted(p.name for p in (ROOT / "migrations" / "postgresql").glob("*.sql"))


def test_the_setting_picks_the_database() -> None:
    assert is_postgres("postgresql://tdbot@db.example/tdbot")
    assert is_postgres("postgres://tdbot@db.example/tdbot")
    assert not is_postgres("postgresql.sqlite3")
    assert not is_postgres(Path("/data/tdbot.sqlite3"))


def test_placeholders_are_translated_outside_quotes_and_percent_signs_doubled() -> None:
    assert to_pyformat("SELECT * FROM t WHERE a = ? AND b IN (?, ?)") == (
        "SELECT * FROM t WHERE a = %s AND b IN (%s, %s)", None)
    assert to_pyformat("SELECT 'why?' WHERE s LIKE 'event:%' AND x = ?") == (
        "SELECT 'why?' WHERE s LIKE 'event:%%' AND x = %s", None)
    assert to_pyformat('SELECT "odd?name", \'it\'\'s?\' FROM t WHERE a = ?') == (
        'SELECT "odd?name", \'it\'\'s?\' FROM t WHERE a = %s', None)


def test_numbered_placeholders_take_their_parameter_at_each_place() -> None:
    """SQLite's ?NNN names one parameter in several places (the journal of an event reads
    its id five times); a plain ? after them takes the next number, as in SQLite."""
    sql = "SELECT ?2 WHERE a = ?1 OR b = ?2 OR c LIKE ?2 || '%' LIMIT ?"
    assert to_pyformat(sql) == (
        "SELECT %s WHERE a = %s OR b = %s OR c LIKE %s || '%%' LIMIT %s", (1, 0, 1, 1, 2))
    assert bind(sql, ("x", 7, 50)) == (to_pyformat(sql)[0], [7, "x", 7, 7, 50])


async def test_numbered_placeholders_read_the_same_on_both_databases(
        db_target: Path | str) -> None:
    db = await open_database(db_target)
    try:
        async with db.transaction() as tx:
            row = await tx.one("SELECT ?2, CAST(?1 AS TEXT) || ?2, ?", ("a", "b", "c"))
            assert row is not None and tuple(row) == ("b", "ab", "c")
    finally:
        await db.close()


def test_a_password_never_shows_in_messages() -> None:
    assert shown_target("postgresql://tdbot:s3cret@db.example:5433/tdbot?sslmode=require") == (
        "postgresql://tdbot@db.example:5433/tdbot?sslmode=require")
    assert shown_target("postgresql://tdbot@db.example/tdbot") == "postgresql://tdbot@db.example/tdbot"


async def test_rows_read_by_name_and_position_and_insert_gives_the_id(pg_target: str) -> None:
    db = await open_database(pg_target)
    try:
        async with db.transaction() as tx:
            assert tx.postgres
            first = await tx.insert("INSERT INTO people (name, created_at) VALUES (?, ?)",
                                    ("Ann", STAMP))
            second = await tx.insert("INSERT INTO people (name, tg_user_id, created_at)"
                                     " VALUES (?, ?, ?)", ("Ben", 7_000_000_001, STAMP))
            assert second == first + 1
            row = await tx.one("SELECT id, name, tg_user_id FROM people WHERE id = ?", (second,))
            assert row is not None
            assert (row[0], row["name"], row["tg_user_id"]) == (second, "Ben", 7_000_000_001)
            assert row.keys() == ["id", "name", "tg_user_id"]
            assert dict(row) == {"id": second, "name": "Ben", "tg_user_id": 7_000_000_001}
            assert tuple(row) == (second, "Ben", 7_000_000_001)
            # a bool is stored as the schema's 0/1 integer, as SQLite stores it
            await tx.execute("UPDATE outbox SET awaits_welcome = ? WHERE id = ?", (True, 0))
            assert await tx.scalar("SELECT ? + 1", (True,)) == 2
            assert await tx.one("SELECT id FROM people WHERE id = -1") is None
    finally:
        await db.close()


async def test_two_processes_transactions_run_one_after_the_other(pg_target: str) -> None:
    """Two Database objects are two processes (the bot and a tdbot command): each
    transaction takes the advisory lock first, so neither reads the counter while the other
    is between its read and its write, and no increment is lost."""
    one, two = await open_database(pg_target), await open_database(pg_target)
    try:
        async with one.transaction() as tx:
            await tx.insert("INSERT INTO people (name, created_at) VALUES ('0', ?)", (STAMP,))

        async def bump(db: Database) -> None:
            async with db.transaction() as tx:
                value = int(await tx.scalar("SELECT name FROM people"))
                await asyncio.sleep(0.01)  # the other process gets every chance to interleave
                await tx.execute("UPDATE people SET name = ?", (str(value + 1),))

        await asyncio.gather(*(bump(db) for _ in range(10) for db in (one, two)))
        async with two.transaction() as tx:
            assert await tx.scalar("SELECT name FROM people") == "20"
    finally:
        await one.close()
        await two.close()


async def test_a_dropped_connection_fails_one_transaction_that_may_pass_and_the_next_works(
        pg_target: str) -> None:
    """A server restart (here: the server ends the bot's connection) fails the transaction
    that meets it with an error ``may_pass`` counts as passing, so the update is retried;
    the pool gives the next transaction a new connection, and nothing was half written."""
    db = await open_database(pg_target)
    try:
        async with db.transaction() as tx:
            pid = await tx.scalar("SELECT pg_backend_pid()")
        with psycopg.connect(pg_target, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        try:
            async with db.transaction() as tx:
                await tx.insert("INSERT INTO people (name, created_at) VALUES ('Ann', ?)",
                                (STAMP,))
        except psycopg.Error as exc:  # the pool may already have replaced the connection
            assert may_pass(exc) and busy(exc)
            assert explain(exc) is not None
        async with db.transaction() as tx:
            assert await tx.scalar("SELECT pg_backend_pid()") != pid
            await tx.insert("INSERT INTO people (name, created_at) VALUES ('Ben', ?)", (STAMP,))
            assert await tx.scalar("SELECT count(*) FROM people WHERE name = 'Ben'") == 1
    finally:
        await db.close()


async def test_a_constraint_is_not_a_failure_that_may_pass(pg_target: str) -> None:
    db = await open_database(pg_target)
    try:
        with pytest.raises(psycopg.IntegrityError) as caught:
            async with db.transaction() as tx:
                await tx.execute("INSERT INTO roles (event_id, person_id, role, granted_at)"
                                 " VALUES (99, 99, 'td', ?)", (STAMP,))
        assert not may_pass(caught.value) and not busy(caught.value)
        assert explain(caught.value) is None
    finally:
        await db.close()


async def test_a_read_only_login_is_refused_before_the_bot_starts(pg_target: str) -> None:
    """``tdbot run`` asks ``check_writable`` first: a login that may only read (a standby,
    a read-only default) would start and then refuse every update."""
    db = await open_database(pg_target)
    await db.check_writable()
    await db.close()
    read_only = await open_database(pg_target + "%20-cdefault_transaction_read_only%3Don")
    try:
        async with read_only.transaction() as tx:  # reading works
            assert await tx.scalar("SELECT count(*) FROM schema_migrations") >= 1
        with pytest.raises(DatabaseUnusable, match="cannot be written .*read-only transaction"):
            await read_only.check_writable()
    finally:
        await read_only.close()


async def test_a_server_that_cannot_be_reached_is_said_in_one_line_without_the_password(
        ) -> None:
    with pytest.raises(DatabaseUnusable) as caught:
        await PostgresDatabase.connect("postgresql://tdbot:s3cret@127.0.0.1:1/tdbot")
    message = str(caught.value)
    assert message.startswith("cannot connect to PostgreSQL at postgresql://tdbot@127.0.0.1:1/")
    assert "s3cret" not in message and "check that the server runs" in message


async def test_backup_says_to_use_pg_dump(pg_target: str, tmp_path: Path) -> None:
    db = await open_database(pg_target)
    try:
        with pytest.raises(NotImplementedError, match="pg_dump"):
            await db.backup(tmp_path / "copy.sqlite3")
    finally:
        await db.close()
    assert "pg_dump" in POSTGRES_BACKUP_HINT


async def test_migrations_are_checked_as_on_sqlite(pg_target: str, tmp_path: Path) -> None:
    """The same runner's checks: a migration edited after it was applied is refused, and a
    new one is applied once."""
    folder = tmp_path / "migrations"
    shutil.copytree(ROOT / "migrations" / "postgresql", folder)
    db = await open_database(pg_target, migrations_dir=folder)
    await db.close()
    (folder / "9999_more.sql").write_text("ALTER TABLE people ADD COLUMN nick TEXT;\n")
    db = await open_database(pg_target, migrations_dir=folder)
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT name FROM schema_migrations WHERE version = '9999'") == (
            "9999_more.sql")
        await tx.execute("UPDATE people SET nick = 'x'")
    await db.close()
    (folder / "9999_more.sql").write_text("ALTER TABLE people ADD COLUMN nick2 TEXT;\n")
    with pytest.raises(MigrationError, match="9999_more.sql was edited after it was applied"):
        await open_database(pg_target, migrations_dir=folder)


def test_the_command_line_runs_on_postgresql(pg_target: str, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``--db postgresql://...`` (or TDBOT_DB) on the commands: migrate says the schema is
    up to date without the URL's password; an event is created, its players imported and
    drawn on the server; backup says to use pg_dump."""
    from typer.testing import CliRunner

    import bot.cli  # noqa: F401  (registers every command module)
    from bot.cli.app import app

    runner = CliRunner()

    def run(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(app, list(args))
        return result.exit_code, result.stdout, result.stderr

    parts = urlsplit(pg_target)  # a password in the URL (the test server trusts any)
    url = urlunsplit(parts._replace(netloc=f"{parts.username}:s3cret@{parts.netloc.split('@')[-1]}"))
    code, out, err = run("db", "migrate", "--db", url)
    applied = len(load_migrations(PG_MIGRATIONS_DIR))
    assert code == 0 and f"schema up to date ({applied} migration(s) applied)" in out, err
    assert "s3cret" not in out
    code, out, err = run("event", "create", str(ROOT / "examples" / "sssg2016.toml"),
                         "--db", url, "--bot-username", "SSSgBot")
    assert code == 0 and "created event sssg-2016" in out, err
    players = tmp_path / "players.csv"
    players.write_text("name,rating\n" + "".join(f"Player {i:02},{2100 - 20 * i}\n"
                                                 for i in range(1, 25)))
    code, out, err = run("players", "import", "sssg-2016", str(players), "--db", url)
    assert code == 0, err
    code, out, err = run("event", "draw", "sssg-2016", "--seed", "5", "--db", url)
    assert code == 0 and "drawn with seed 5: 45 matches" in out, err
    monkeypatch.setenv("TDBOT_DB", url)  # the setting, as the bot reads it
    code, out, err = run("event", "show", "sssg-2016")
    assert code == 0 and "Qual Rd [qual-rd] best of 9" in out, err
    code, out, err = run("db", "backup", str(tmp_path / "copy.sqlite3"))
    assert code == 2 and "pg_dump" in err and not (tmp_path / "copy.sqlite3").exists()


def test_ci_starts_postgresql_before_the_tests_and_stops_if_it_cannot() -> None:
    """.ci/run gets its server from deploy/postgres-for-tests.sh before ``make test``; the
    URL is assigned on a line of its own (``export X=$(...)`` would hide the script's
    failure from ``set -e``), so a server that cannot start fails CI instead of the tests
    quietly running on SQLite alone."""
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert "set -euo pipefail" in lines
    start = lines.index("url=$(deploy/postgres-for-tests.sh)")
    assert lines.index('export TDBOT_TEST_POSTGRES="$url"') > start
    assert lines.index("make test") > start
    script = ROOT / "deploy" / "postgres-for-tests.sh"
    assert script.stat().st_mode & 0o111, "the script must be executable"
    assert subprocess.run(["bash", "-n", str(script)], timeout=30).returncode == 0


def test_the_server_script_is_idempotent(pg_target: str) -> None:
    """Run again beside the server it started, the script changes nothing and prints the
    same URL (CI and a developer run it every time), whichever database TDBOT_TEST_POSTGRES
    names: the script is told that one (TDBOT_PG_DB), as it was when it made it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TDBOT_PG_")}
    first = urlsplit(os.environ["TDBOT_TEST_POSTGRES"])
    if first.port is not None and first.port != 54329:
        pytest.skip("TDBOT_TEST_POSTGRES is not the server deploy/postgres-for-tests.sh starts")
    env["TDBOT_PG_DB"] = first.path.lstrip("/")
    done = subprocess.run([str(ROOT / "deploy" / "postgres-for-tests.sh")], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == os.environ["TDBOT_TEST_POSTGRES"].strip()
    assert "starting" not in done.stderr and "making a cluster" not in done.stderr
    assert "creating the database" not in done.stderr


def test_a_postgresql_for_the_tests_that_cannot_be_reached_fails_the_run() -> None:
    """TDBOT_TEST_POSTGRES set but unreachable stops pytest with the reason and a non-zero
    exit: the PostgreSQL tests fail rather than being skipped (tests/conftest.py)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TDBOT_")}
    env["TDBOT_TEST_POSTGRES"] = "postgresql://tdbot@127.0.0.1:1/nowhere"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-k", "picks_the_database",
         "tests/bot/test_store_postgres.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "TDBOT_TEST_POSTGRES=postgresql://tdbot@127.0.0.1:1/nowhere: cannot connect" in (
        done.stdout + done.stderr)
