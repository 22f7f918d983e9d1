"""`tdbot fees csv EVENT` and `tdbot event export EVENT --to csv`: a treasurer's fees and the
results as spreadsheets, each line checked against what the database holds."""

from __future__ import annotations

import csv
import io
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

CLUB_CUP = Path(__file__).parent / "data" / "club_cup.toml"
ZONE = ZoneInfo("Asia/Singapore")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, (args, out, err)
    return out


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def cup(tmp_path: Path) -> str:
    """The club cup (SGD 5 a round) drawn with SF open: M1 Ann v Dev, M2 Ben v Cai."""
    db = str(tmp_path / "t.db")
    ok("event", "create", str(CLUB_CUP), "--db", db)
    ok("event", "draw", "club-cup", "--seed", "2026", "--db", db)
    closes = (datetime.now(UTC) + timedelta(days=30)).date().isoformat()
    ok("round", "open", "club-cup", "SF", "--closes", closes, "--unpaid-ok", "--why", "test",
       "--db", db)
    return db


def test_fees_per_round_and_player_in_exact_decimals(tmp_path: Path) -> None:
    db = cup(tmp_path)
    ok("fees", "pay", "club-cup", "Ann", "SF", "--db", db)
    ok("fees", "pay", "club-cup", "Ben", "SF", "--amount", "7.50", "--note", "kept the change",
       "--db", db)
    ok("fees", "pay", "club-cup", "Cai", "Final", "--note", "paid ahead", "--db", db)
    out = ok("fees", "csv", "club-cup", "--db", db)
    assert out.splitlines()[0] == "line,round,player,due,paid,owed,currency,note"
    got = [[r["line"], r["round"], r["player"], r["due"], r["paid"], r["owed"], r["currency"],
            r["note"]] for r in rows(out)]
    assert got == [
        ["player", "SF", "Ann Lee", "5.00", "5.00", "0.00", "SGD", ""],
        ["player", "SF", "Ben Ong", "5.00", "7.50", "-2.50", "SGD", "kept the change"],
        ["player", "SF", "Cai Wen", "5.00", "0.00", "5.00", "SGD", ""],
        ["player", "SF", "Dev Rao", "5.00", "0.00", "5.00", "SGD", ""],
        ["round total", "SF", "", "20.00", "12.50", "7.50", "SGD", ""],
        ["player", "Final", "Cai Wen", "5.00", "5.00", "0.00", "SGD", "paid ahead"],
        ["round total", "Final", "", "5.00", "5.00", "0.00", "SGD", ""],
        ["player total", "", "Ann Lee", "5.00", "5.00", "0.00", "SGD", ""],
        ["player total", "", "Ben Ong", "5.00", "7.50", "-2.50", "SGD", ""],
        ["player total", "", "Cai Wen", "10.00", "5.00", "5.00", "SGD", ""],
        ["player total", "", "Dev Rao", "5.00", "0.00", "5.00", "SGD", ""],
        ["total", "", "", "25.00", "17.50", "7.50", "SGD", ""],
    ]
    with sqlite3.connect(db) as conn:  # the paid column is what the payments table holds
        stored = conn.execute("SELECT sum(amount) FROM payments").fetchone()[0]
    assert stored == 1750
    written = tmp_path / "fees.csv"
    assert ok("fees", "csv", "club-cup", "--out", str(written), "--db", db).strip() == \
        f"Wrote {written}"
    assert written.read_text(encoding="utf-8") == out
    code, _, err = run("fees", "csv", "no-such-cup", "--db", db)
    assert code == 2 and "no event called 'no-such-cup'" in err


def test_results_every_game_with_its_starter_winner_and_finality(tmp_path: Path) -> None:
    db = cup(tmp_path)
    at = (datetime.now(UTC) - timedelta(hours=2)).astimezone(ZONE).replace(second=0,
                                                                            microsecond=0)
    when = at.strftime("%Y-%m-%d %H:%M")
    ok("game", "report", "club-cup", "Ann Lee", "412", "Dev Rao", "380", "--starter", "Ann Lee",
       "--at", when, "--db", db)
    ok("game", "report", "club-cup", "Dev Rao", "420", "Ann Lee", "390", "--at", when, "--db", db)
    ok("game", "report", "club-cup", "Ann Lee", "400", "Dev Rao", "400", "--at", when, "--db", db)
    ok("game", "report", "club-cup", "Ben Ong", "350", "Cai Wen", "351", "--starter", "Cai Wen",
       "--at", when, "--db", db)
    out = ok("event", "export", "club-cup", "--to", "csv", "--db", db)
    assert out.splitlines()[0] == ("round,match,game,player_a,player_b,score_a,score_b,starter,"
                                   "winner,kind,void,final,played (Asia/Singapore)")
    got = [list(r.values()) for r in rows(out)]
    assert got == [
        ["SF", "M1", "1", "Ann Lee", "Dev Rao", "412", "380", "Ann Lee", "Ann Lee", "played",
         "no", "yes", when],
        ["SF", "M1", "2", "Ann Lee", "Dev Rao", "390", "420", "Dev Rao", "Dev Rao", "played",
         "no", "yes", when],
        ["SF", "M1", "3", "Ann Lee", "Dev Rao", "400", "400", got[2][7], "tie", "played",
         "no", "yes", when],
        ["SF", "M2", "1", "Ben Ong", "Cai Wen", "350", "351", "Cai Wen", "Cai Wen", "played",
         "no", "yes", when],
    ]
    with sqlite3.connect(db) as conn:  # each line is a stored game, in its match's order
        stored = conn.execute(
            "SELECT m.code, g.seq, g.score_a, g.score_b, g.starter_side FROM games g"
            " JOIN matches m ON m.id = g.match_id ORDER BY m.id, g.seq").fetchall()
    assert [(r[1], int(r[2]), int(r[5]), int(r[6])) for r in got] == [
        (code, seq, a, b) for code, seq, a, b, _ in stored]
    assert got[2][7] in ("Ann Lee", "Dev Rao")
    code, _, err = run("event", "export", "club-cup", "--to", "xls", "--db", db)
    assert code == 2 and "--to xls: choose one of json, csv, tsh" in err
