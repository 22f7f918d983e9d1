"""`tdbot rule photo` (SSSg 2016 Annex A para 25) and `tdbot game report --photo-window`: a paper
slip opens a photo window only when the TD asks for one; a TD rules on an overdue photo
through the same use-case as the chat's buttons.
"""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.service.platform import deadlines
from bot.store.db import open_database

CLUB_CUP = Path(__file__).parent / "data" / "club_cup.toml"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "t.db")
    closes = (datetime.now(UTC) + timedelta(days=30)).date().isoformat()
    for args in (("event", "create", str(CLUB_CUP)), ("event", "draw", "club-cup", "--seed", "2026"),
                 ("round", "open", "club-cup", "SF", "--closes", closes, "--unpaid-ok",
                  "--why", "fees at the venue")):
        code, _, err = run(*args, "--db", path)
        assert code == 0, err
    return path


def count(db: str, sql: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute(sql).fetchone()[0])


async def _sweep(path: str, at: datetime) -> int:
    database = await open_database(Path(path))
    try:
        return await deadlines.sweep(database, at)
    finally:
        await database.close()


def test_a_paper_slip_opens_no_photo_window_unless_asked(db: str) -> None:
    code, _, err = run("game", "report", "club-cup", "Ann Lee", "412", "Dev Rao", "380",
                       "--starter", "Dev Rao", "--db", db)
    assert code == 0, err
    assert count(db, "SELECT count(*) FROM photo_windows") == 0
    code, _, err = run("game", "report", "club-cup", "Ann Lee", "350", "Dev Rao", "390",
                       "--photo-window", "--db", db)
    assert code == 0, err
    # Dev won game 2 (Ann started): para 25 makes Dev responsible for the photo
    assert count(db, "SELECT responsible_side FROM photo_windows") == 1
    code, _, err = run("rule", "photo", "club-cup", "M1", "--game", "1", "--waive", "--why", "x",
                       "--db", db)
    assert code == 2 and "game 1 of M1 has no photo window (a paper slip" in err


def test_photo_rule_awards_the_bye_after_the_window_closed(db: str) -> None:
    code, _, err = run("game", "report", "club-cup", "Ann Lee", "412", "Dev Rao", "380",
                       "--starter", "Dev Rao", "--photo-window", "--db", db)
    assert code == 0, err
    code, _, err = run("rule", "photo", "club-cup", "M1", "--game", "1", "--bye", "--why",
                       "no photo", "--db", db)
    assert code == 2 and "rule once it closes without a photo" in err, err
    asyncio.run(_sweep(db, datetime.now(UTC) + timedelta(hours=25)))
    assert count(db, "SELECT count(*) FROM photo_windows WHERE state = 'overdue'") == 1
    code, _, err = run("rule", "photo", "club-cup", "M1", "--game", "1", "--bye", "--db", db)
    assert code == 2 and "say why with --why TEXT" in err
    code, _, err = run("rule", "photo", "club-cup", "M1", "--game", "1", "--bye", "--extend", "24h",
                       "--why", "x", "--db", db)
    assert code == 2 and "rule one way: --bye, --extend 24h or --waive" in err
    code, out, err = run("rule", "photo", "club-cup", "M1", "--game", "1", "--bye", "--why",
                         "no photo by the deadline", "--db", db)
    assert code == 0, err
    assert out.splitlines() == ["M1 game 1: game bye to the loser; score: 0-1 (-100)"]
    assert count(db, "SELECT count(*) FROM games WHERE kind = 'bye' AND bye_side = 1") == 1
    assert count(db, "SELECT count(*) FROM journal WHERE action = 'photo.bye'"
                     " AND why = 'no photo by the deadline'") == 1
    code, out, _ = run("rule", "photo", "club-cup", "M1", "--game", "1", "--waive", "--why", "x",
                       "--db", db)
    assert code == 0 and out.strip() == "M1 game 1: already settled (bye) by a TD; nothing changed"
