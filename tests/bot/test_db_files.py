"""Database files that are not right: not SQLite, made by a newer TDBot, read-only, on a
full disk. Each ends the command with one line that names the file and what to do, exit
code 2, promptly: a connection left open keeps its worker thread, and with it the process,
alive for ever, so the real ``tdbot`` runs in a subprocess with a time limit."""

from __future__ import annotations

import asyncio
import ctypes
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.store.db import open_database
from bot.store.errors import DatabaseUnusable, explain
from bot.store.migrations import MIGRATIONS_DIR

#: Far more than a one-line refusal takes; a hang is reported instead of blocking the suite.
TIME_LIMIT = 20


def tdbot(
    cwd: Path, *args: str, env: dict[str, str] | None = None, preexec=None  # type: ignore[no-untyped-def]
) -> subprocess.CompletedProcess[str]:
    """Run the ``tdbot`` entry point as a person does, in its own process."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TDBOT_")}
    clean["PYTHONDONTWRITEBYTECODE"] = "1"
    clean.update(env or {})
    command = [sys.executable, "-c", "from bot.cli import main; main()", *args]
    try:
        return subprocess.run(command, cwd=cwd, env=clean, capture_output=True, text=True,
                              timeout=TIME_LIMIT, preexec_fn=preexec)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"tdbot {' '.join(args)} still running after {TIME_LIMIT} s (a database "
                    f"connection left open keeps the process alive); stderr: {exc.stderr!r}")


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    """The refusal: exit 2 and exactly one line on stderr, no traceback."""
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("tdbot: error: ")
    return lines[0]


@pytest.fixture
def not_a_database(tmp_path: Path) -> Path:
    path = tmp_path / "notdb.sqlite3"
    path.write_text("x\n")
    return path


@pytest.mark.parametrize(
    "command",
    [("event", "list"), ("db", "migrate",), ("event", "inbox", "sssg-2016"), ("db", "backup", "copy.sqlite3")],
)
def test_a_file_that_is_not_a_database_is_one_line(
    tmp_path: Path, not_a_database: Path, command: tuple[str, ...]
) -> None:
    line = one_line(tdbot(tmp_path, *command, "--db", str(not_a_database)))
    assert line == (
        f"tdbot: error: {not_a_database} is not a SQLite database; check that --db (or "
        "TDBOT_DB) names the bot's database, or give a new file name to create one"
    )
    assert not_a_database.read_text() == "x\n"  # and the file is left as it was


def test_the_bot_does_not_start_on_a_file_that_is_not_a_database(
    tmp_path: Path, not_a_database: Path
) -> None:
    """``tdbot run`` opens the database before it contacts Telegram: no network here."""
    result = tdbot(tmp_path, "run", "--db", str(not_a_database),
                   env={"TDBOT_TOKEN": "123456:not-a-real-token"})
    assert "is not a SQLite database" in one_line(result)


def test_run_with_a_database_but_no_token_says_what_is_missing(
    tmp_path: Path, not_a_database: Path
) -> None:
    """Without a token ``tdbot run`` plays the demo on a temporary database; a --db given
    with it would be ignored without a word, so it is refused instead."""
    line = one_line(tdbot(tmp_path, "run", "--db", str(not_a_database)))
    assert line == (f"tdbot: error: --db {not_a_database}: no TDBOT_TOKEN is set, and without "
                    "one `tdbot run` plays the demo on a database of its own; set TDBOT_TOKEN "
                    "to run the bot on this database")


def test_a_database_from_a_newer_tdbot_is_refused(tmp_path: Path) -> None:
    newer = tmp_path / "newer-migrations"
    shutil.copytree(MIGRATIONS_DIR, newer)  # type: ignore[arg-type]
    (newer / "0999_later.sql").write_text("CREATE TABLE later (id INTEGER PRIMARY KEY);\n")
    path = tmp_path / "newer.sqlite3"

    async def make() -> None:
        await (await open_database(path, migrations_dir=newer)).close()

    asyncio.run(make())
    line = one_line(tdbot(tmp_path, "event", "list", "--db", str(path)))
    assert line.startswith(f"tdbot: error: {path}: this database was made by a newer TDBot "
                           "(it has migration 0999_later.sql, which tdbot ")
    assert line.endswith("upgrade tdbot (pip install -U tdbot) or use the version that made it")


def _size_limited() -> None:
    """In the child: files may not grow past 20 kB, as on a nearly full disk (writes then
    fail with EFBIG instead of the signal that would kill the process)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))


def test_a_disk_that_cannot_take_the_writes_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    line = one_line(tdbot(tmp_path, "db", "migrate", "--db", str(path), preexec=_size_limited))
    assert line.startswith(f"tdbot: error: reading or writing {path} failed (disk I/O error)")
    assert line.endswith("the disk may be full, size-limited or failing; check it (df -h) and "
                         "run it again")


#: Linux capabilities that let root ignore a file's permissions: CAP_DAC_OVERRIDE,
#: CAP_DAC_READ_SEARCH, CAP_FOWNER (capabilities(7)).
_OVERRIDES = (1, 2, 3)
_PR_CAPBSET_DROP = 24  # prctl(2)


def _as_anyone() -> None:
    """In the child: a read-only file is read-only to it, as to any user. Root (the tests
    may run as root) loses the capabilities that let it write one anyway; they go from the
    bounding set, so the exec that follows does not give them back."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in _OVERRIDES:
        if libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) refused")


def _migrated(path: Path) -> None:
    async def make() -> None:
        await (await open_database(path)).close()

    asyncio.run(make())


def test_a_read_only_database_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    _migrated(path)
    for p in tmp_path.glob("t.sqlite3*"):
        p.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        line = one_line(tdbot(tmp_path, "db", "migrate", "--db", str(path), preexec=_as_anyone))
    finally:
        tmp_path.chmod(0o755)
    assert "read-only" in line or "cannot open" in line


def test_the_bot_does_not_start_on_a_read_only_database(tmp_path: Path) -> None:
    """A read-only file opens and reads (SQLite falls back to reading it), so the start-up
    check passed and the bot ran, answering every report "something went wrong" while the
    outbox failed each pass. Now it refuses to start, before it contacts Telegram (the
    Bot API address here answers nobody)."""
    path = tmp_path / "t.sqlite3"
    _migrated(path)
    path.chmod(0o444)
    result = tdbot(tmp_path, "run", "--db", str(path), "--base-url", "http://127.0.0.1:9/bot",
                   env={"TDBOT_TOKEN": "123456:not-a-real-token"}, preexec=_as_anyone)
    assert one_line(result) == (f"tdbot: error: {path} is read-only; make the file and its "
                                "folder writable by this user, or give another --db")


def _real_error(sql_setup: list[str], sql: str, uri: str = ":memory:") -> sqlite3.Error:
    conn = sqlite3.connect(uri, uri=uri.startswith("file:"))
    try:
        for statement in sql_setup:
            conn.execute(statement)
        conn.execute(sql)
    except sqlite3.Error as exc:
        return exc
    finally:
        conn.close()
    raise AssertionError("no error")


def test_sqlites_own_errors_are_explained_with_the_file_and_what_to_do(tmp_path: Path) -> None:
    """Real errors from SQLite (its codes, not its wording, pick the explanation)."""
    path = tmp_path / "t.sqlite3"
    full = _real_error(["PRAGMA max_page_count = 2", "CREATE TABLE t (x BLOB)"],
                       "INSERT INTO t VALUES (zeroblob(100000))")
    assert str(explain(full, path)) == (
        f"the disk holding {path} is full; free some space and run it again")
    sqlite3.connect(path).close()
    read_only = _real_error([], "CREATE TABLE t (x)", uri=f"file:{path}?mode=ro")
    assert str(explain(read_only, path)) == (
        f"{path} is read-only; make the file and its folder writable by this user, "
        "or give another --db")
    (tmp_path / "folder.sqlite3").mkdir()
    with pytest.raises(sqlite3.Error) as cannot_open:
        sqlite3.connect(tmp_path / "folder.sqlite3")
    assert str(explain(cannot_open.value, tmp_path / "folder.sqlite3")).startswith(
        f"cannot open {tmp_path / 'folder.sqlite3'}; check that it is a file (not a folder)")
    bug = _real_error([], "SELECT * FROM no_such_table")
    assert explain(bug, path) is None  # a bug is not the file's fault: left as it is


async def test_opening_a_folder_says_so(tmp_path: Path) -> None:
    (tmp_path / "db").mkdir()
    with pytest.raises(DatabaseUnusable, match="check that it is a file"):
        await open_database(tmp_path / "db")


def _sqlite_workers() -> set[threading.Thread]:
    """aiosqlite's worker threads still running (one per connection)."""
    return {t for t in threading.enumerate()
            if t.is_alive() and t.name.endswith("(_connection_worker_thread)")}


async def test_a_file_that_cannot_be_opened_leaves_no_thread_behind(tmp_path: Path) -> None:
    """When SQLite cannot open the file, the connection's worker thread has ended by the
    time the refusal is raised. Left to stop on its own, it finished after the event loop
    had closed, and died trying to hand the loop its last result ("Event loop is closed")."""
    (tmp_path / "db").mkdir()
    before = _sqlite_workers()
    with pytest.raises(DatabaseUnusable):
        await open_database(tmp_path / "db")
    assert _sqlite_workers() <= before


async def test_a_full_disk_while_migrating_is_explained(tmp_path: Path) -> None:
    """A migration that hits a full disk says the disk is full, not 'migration failed'."""
    folder = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, folder)  # type: ignore[arg-type]
    # max_page_count lives only for a connection: a migration may set it, and the next
    # one then finds the database full, as on a full disk
    (folder / "0997_limit.sql").write_text("PRAGMA max_page_count = 1;\n")
    (folder / "0998_fill.sql").write_text("CREATE TABLE filler (x BLOB);\n"
                                          "INSERT INTO filler VALUES (zeroblob(100000));\n")
    path = tmp_path / "t.sqlite3"
    with pytest.raises(DatabaseUnusable) as full:
        await open_database(path, migrations_dir=folder)
    assert str(full.value) == f"the disk holding {path} is full; free some space and run it again"


async def test_a_failed_commit_does_not_leave_the_transaction_open(tmp_path: Path) -> None:
    """A COMMIT can fail (a deferred foreign key here; in WAL mode a full disk shows up at
    COMMIT too). The transaction must end, or every later BEGIN fails and the bot is stuck."""
    db = await open_database(tmp_path / "t.sqlite3")
    try:
        async with db.transaction() as tx:
            await tx.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
            await tx.execute("CREATE TABLE child (p INTEGER REFERENCES parent (id)"
                             " DEFERRABLE INITIALLY DEFERRED)")
        with pytest.raises(sqlite3.IntegrityError):
            async with db.transaction() as tx:
                await tx.execute("INSERT INTO child VALUES (7)")
        async with db.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM child") == 0
    finally:
        await db.close()
