"""`tdbot db copy SOURCE TARGET`: a season in progress copied whole, SQLite to SQLite always
and SQLite -> PostgreSQL -> SQLite when TDBOT_TEST_POSTGRES names a server; the copy keeps
every row with its id (the export and the open deadlines read the same), PostgreSQL's
sequences go on after the copied ids, and a target that holds rows is refused in one line."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.store.db import open_database
from tests.bot.test_cli_export import DEFINITION
from tests.conftest import POSTGRES


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, (args, out, err)
    return out


def season_in_progress(tmp_path: Path) -> str:
    """The Octo Cup with its quarter-finals open: two matches decided, one half played,
    one not begun; the round's close is an open deadline, and the messages to the players
    (who have no Telegram yet) wait in the outbox, one of them behind a later one."""
    db = str(tmp_path / "season.sqlite3")
    definition = tmp_path / "octo.toml"
    definition.write_text(DEFINITION)
    ok("event", "create", str(definition), "--db", db)
    ok("event", "draw", "octo", "--seed", "11", "--db", db)
    closes = (datetime.now(UTC) + timedelta(days=30)).date().isoformat()
    ok("round", "open", "octo", "QF", "--closes", closes, "--unpaid-ok", "--why", "test",
       "--db", db)
    with sqlite3.connect(db) as conn:
        pairs = conn.execute(
            "SELECT pa.name, pb.name FROM matches m JOIN entries ea ON ea.id = m.entry_a"
            " JOIN people pa ON pa.id = ea.person_id JOIN entries eb ON eb.id = m.entry_b"
            " JOIN people pb ON pb.id = eb.person_id WHERE m.state IN ('ready', 'playing')"
            " ORDER BY m.id").fetchall()
    assert len(pairs) == 4
    for (a, b), games in zip(pairs, (2, 2, 1, 0), strict=True):
        for n in range(games):
            ok("game", "report", "octo", a, str(400 + n), b, str(350 + n), "--starter",
               a if n % 2 == 0 else b, "--db", db)
    with sqlite3.connect(db) as conn:  # a row that waits behind a later one (a welcome)
        first = conn.execute("INSERT INTO outbox (chat_id, text_html, created_at, due_at)"
                             " VALUES (42, 'first', '2016-08-01', '2016-08-01')").lastrowid
        later = conn.execute("INSERT INTO outbox (chat_id, text_html, created_at, due_at)"
                             " VALUES (42, 'welcome', '2016-08-01', '2016-08-01')").lastrowid
        conn.execute("UPDATE outbox SET behind = ? WHERE id = ?", (later, first))
    return db


def everything(db: str) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table (the migrations' own table aside), by key."""
    with sqlite3.connect(db) as conn:
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " AND name <> 'schema_migrations'")]
        return {n: sorted(conn.execute(f'SELECT * FROM "{n}"').fetchall(), key=repr)
                for n in names}


def open_deadlines(db: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT id, kind, subject, due_at, payload_json FROM deadlines"
                            " WHERE state = 'open' ORDER BY id").fetchall()


def export(db: str) -> object:
    return json.loads(ok("event", "export", "octo", "--to", "json", "--db", db))


def test_a_season_copied_sqlite_to_sqlite_is_the_same_season(tmp_path: Path) -> None:
    db = season_in_progress(tmp_path)
    copy = str(tmp_path / "copy.sqlite3")
    out = ok("db", "copy", db, copy)
    assert everything(copy) == everything(db)
    assert export(copy) == export(db)
    assert open_deadlines(copy) == open_deadlines(db) and open_deadlines(db)
    lines = out.splitlines()
    assert lines[0].split() == ["table", "rows", "checksum"]
    shown = {line.split()[0]: line.split()[1:] for line in lines[1:-1]}
    with sqlite3.connect(db) as conn:
        games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
    assert shown["games"][0] == str(games) == "5" and len(shown["games"][1]) == 16
    assert "schema_migrations" not in shown and len(shown) == len(everything(db))
    assert lines[-1].startswith("copied ") and "every table checked" in lines[-1]


@pytest.mark.skipif(not POSTGRES, reason="TDBOT_TEST_POSTGRES is not set")
def test_a_season_copied_to_postgresql_and_back_is_the_same_season(
        tmp_path: Path, pg_target: str) -> None:
    db = season_in_progress(tmp_path)
    ok("db", "copy", db, pg_target)
    assert export(pg_target) == export(db)
    back = str(tmp_path / "back.sqlite3")
    ok("db", "copy", pg_target, back)
    assert everything(back) == everything(db)
    assert export(back) == export(db)
    assert open_deadlines(back) == open_deadlines(db) and open_deadlines(db)

    async def next_ids() -> tuple[int, int]:  # PostgreSQL's sequences go on after the copy
        database = await open_database(pg_target)
        try:
            async with database.transaction() as tx:
                deadline = await tx.insert(
                    "INSERT INTO deadlines (kind, subject, due_at, state, payload_json,"
                    " opened_at) VALUES ('x', 'y', 'z', 'open', '{}', 'z')")
                journal = await tx.scalar("SELECT max(id) FROM journal")
                entry = await tx.insert(
                    "INSERT INTO journal (who, action, subject, detail_json, why, at)"
                    " SELECT who, action, subject, detail_json, why, at FROM journal"
                    " WHERE id = ?", (journal,))
                return deadline - await tx.scalar("SELECT max(id) FROM deadlines WHERE id < ?",
                                                  (deadline,)), entry - journal
        finally:
            await database.close()

    assert asyncio.run(next_ids()) == (1, 1)


def test_a_target_that_holds_rows_is_refused_in_one_line(tmp_path: Path) -> None:
    db = season_in_progress(tmp_path)
    copy = str(tmp_path / "copy.sqlite3")
    ok("db", "copy", db, copy)
    before = everything(copy)
    code, out, err = run("db", "copy", db, copy)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "is not empty" in err and "new, empty database" in err
    assert everything(copy) == before
    code, _, err = run("db", "copy", str(tmp_path / "none.sqlite3"), str(tmp_path / "x.sqlite3"))
    assert code == 2 and "no database at" in err and not (tmp_path / "x.sqlite3").exists()
    code, _, err = run("db", "copy", db, db)
    assert code == 2 and "the same database" in err
