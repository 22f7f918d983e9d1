"""`tdbot club night|checkin|pair|fees|end` on a stored club (examples/club_night.toml):
the chat's use-cases from the command line, acting as a TD. Each step is checked in the
database (the night, the check-ins and their fees, the pairs, the payments) and in the
outbox (what the players are told, as in the chat)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "club_night.toml"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, (args, out, err)
    return out


def query(db: str, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return [tuple(r) for r in conn.execute(sql, args).fetchall()]


def told(db: str, name: str) -> list[str]:
    """The messages queued for ``name`` (none of the example's players is on Telegram
    yet: they wait in the outbox for them)."""
    return [text for (text,) in query(
        db, "SELECT o.text_html FROM outbox o JOIN people p ON p.id = o.person_id"
            " WHERE p.name = ? ORDER BY o.id", (name,))]


def club(tmp_path: Path) -> str:
    db = str(tmp_path / "club.db")
    ok("event", "create", str(EXAMPLE), "--db", db)
    return db


def test_a_night_opened_players_checked_in_and_a_walk_in_newcomer(tmp_path: Path) -> None:
    db = club(tmp_path)
    code, _, err = run("club", "checkin", "tuesday-club", "Ann", "--db", db)
    assert code == 2 and "has no night open" in err and "tdbot club night tuesday-club" in err
    out = ok("club", "night", "tuesday-club", "--db", db)
    assert out.startswith("Tuesday Scrabble Club: night 1 is open (3 rounds)")
    assert query(db, "SELECT seq, state, opened_by FROM club_sessions") == [
        (1, "open", "the command line")]
    code, _, err = run("club", "night", "tuesday-club", "--db", db)
    assert code == 2 and "night 1 is still open" in err and "(tdbot club end)" in err

    assert ok("club", "checkin", "tuesday-club", "Ann", "--db", db).strip() == (
        "Ann Lee is checked in for night 1; fee SGD 5.00 (club fee)")
    assert "fee SGD 3.00 (senior rate)" in ok("club", "checkin", "tuesday-club", "Ben", "--db", db)
    out = ok("club", "checkin", "tuesday-club", "--new", "Hana Ong", "--rating", "1200",
             "--bot-username", "ClubBot", "--db", db)
    lines = out.splitlines()
    assert lines[0].startswith("Hana Ong is checked in for night 1; no fee (")
    assert lines[0].endswith("; a newcomer")
    code_in_link = lines[1].rsplit("start=", 1)[1]
    assert lines[1].startswith("their link to the bot (for their opponents and results): "
                               "https://t.me/ClubBot?start=")
    assert query(db, "SELECT p.name, e.rating FROM invites i JOIN people p ON p.id = i.person_id"
                     " JOIN entries e ON e.person_id = p.id WHERE i.code = ?",
                 (code_in_link,)) == [("Hana Ong", 1200)]
    assert query(db, "SELECT p.name, c.fee, c.checked_in_by, c.joins_round FROM club_checkins c"
                     " JOIN entries e ON e.id = c.entry_id JOIN people p ON p.id = e.person_id"
                     " ORDER BY c.id") == [
        ("Ann Lee", 500, "the command line", 1), ("Ben Ong", 300, "the command line", 1),
        ("Hana Ong", 0, "the command line", 1)]
    assert "you are checked in for night 1" in told(db, "Ann Lee")[-1]
    assert "you are checked in for night 1" in told(db, "Hana Ong")[-1]

    code, _, err = run("club", "checkin", "tuesday-club", "Ann", "--db", db)
    assert code == 2 and "already checked in" in err
    code, _, err = run("club", "checkin", "tuesday-club", "--db", db)
    assert code == 2 and "name a member" in err
    code, _, err = run("club", "checkin", "tuesday-club", "Ann", "--rating", "1200", "--db", db)
    assert code == 2 and "--rating is for a newcomer" in err


def test_pairs_fees_results_and_the_end_of_the_night(tmp_path: Path) -> None:
    db = club(tmp_path)
    ok("club", "night", "tuesday-club", "--db", db)
    for name in ("Ann", "Ben", "Cai", "Dev", "Gus"):
        ok("club", "checkin", "tuesday-club", name, "--db", db)
    out = ok("club", "pair", "tuesday-club", "--db", db)
    assert out.splitlines()[0] == ("night 1 round 1 of 3, paired by King of the Hill on "
                                   "tonight's results, avoiding repeats:")
    pairs = query(db, "SELECT m.code, pa.name, pb.name, m.state FROM matches m"
                      " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
                      " LEFT JOIN entries eb ON eb.id = m.entry_b"
                      " LEFT JOIN people pb ON pb.id = eb.person_id ORDER BY m.id")
    assert [p[0] for p in pairs] == ["N1R1T1", "N1R1T2", "N1R1BYE"]
    for code, a, b, state in pairs:
        if b is None:
            assert state == "bye" and f"  bye: {a} (a win with +50 spread)" in out
            assert "you have the bye" in told(db, a)[-1]
        else:
            assert state == "ready" and f"table {code[-1]}: {a} v {b}" in out
            assert f"you play <b>{b}</b>" in told(db, a)[-1]
            assert f"you play <b>{a}</b>" in told(db, b)[-1]
    code, _, err = run("club", "pair", "tuesday-club", "--db", db)
    assert code == 2 and "round 1 is not finished" in err and "--anyway" in err

    out = ok("club", "fees", "tuesday-club", "--paid", "Ann", "--db", db)
    assert out.splitlines()[0] == "marked Ann Lee's fee paid"
    assert "  Ann Lee: SGD 5.00 paid (marked by the command line)" in out
    assert "  Cai Wen: SGD 3.00 unpaid (student rate)" in out
    assert out.splitlines()[-1] == "collected SGD 5.00; still owed SGD 16.00"
    assert query(db, "SELECT p.name, c.paid_by FROM club_checkins c JOIN entries e"
                     " ON e.id = c.entry_id JOIN people p ON p.id = e.person_id"
                     " WHERE c.paid_at IS NOT NULL") == [("Ann Lee", "the command line")]
    out = ok("club", "fees", "tuesday-club", "--paid", "Ann", "--db", db)
    assert out.splitlines()[0] == "Ann Lee's fee was marked paid already (by the command line)"
    code, _, err = run("club", "fees", "tuesday-club", "--paid", "Zoe", "--db", db)
    assert code == 2 and "of those checked in tonight" in err

    first = next(p for p in pairs if p[2] is not None)
    ok("game", "report", "tuesday-club", first[1], "420", first[2], "350", "--starter", first[1],
       "--db", db)
    results = list(csv.DictReader(io.StringIO(ok("event", "export", "tuesday-club", "--to", "csv",
                                                 "--db", db))))
    bye = next(p for p in pairs if p[2] is None)
    assert [(r["round"], r["match"], r["player_a"], r["player_b"], r["winner"], r["kind"])
            for r in results] == [
        ("night 1 round 1", first[0], first[1], first[2], first[1], "played"),
        ("night 1 round 1", "N1R1BYE", bye[1], "", bye[1], "bye")]
    exported = json.loads(ok("event", "export", "tuesday-club", "--to", "json", "--db", db))
    assert [(m["id"], m["state"]) for m in exported["matches"]] == [
        (first[0], "decided"), (pairs[1][0], "ready"), ("N1R1BYE", "bye")]

    fees = list(csv.DictReader(io.StringIO(ok("fees", "csv", "tuesday-club", "--db", db))))
    assert [(r["line"], r["round"], r["player"], r["due"], r["paid"]) for r in fees
            if r["round"] == "night 1"] == [
        ("player", "night 1", "Ann Lee", "5.00", "5.00"),
        ("player", "night 1", "Ben Ong", "3.00", "0.00"),
        ("player", "night 1", "Cai Wen", "3.00", "0.00"),
        ("player", "night 1", "Dev Rao", "5.00", "0.00"),
        ("player", "night 1", "Gus Koh", "5.00", "0.00"),
        ("round total", "night 1", "", "21.00", "5.00")]

    out = ok("club", "end", "tuesday-club", "--db", db)
    assert out.splitlines()[0] == "night 1 is over; collected SGD 5.00"
    assert out.splitlines()[1] == ("not paid: Ben Ong SGD 3.00; Cai Wen SGD 3.00; "
                                   "Dev Rao SGD 5.00; Gus Koh SGD 5.00")
    assert out.splitlines()[2].startswith("not reported (no longer counts): round 1: ")
    assert query(db, "SELECT state, closed_by FROM club_sessions") == [
        ("closed", "the command line")]
    assert set(query(db, "SELECT state FROM rounds")) == {("closed",)}

    journal = ok("event", "journal", "tuesday-club", "--limit", "100", "--db", db)
    for line in ("TD (command line): opened night 1",
                 "TD (command line): checked Ben Ong in for night 1; fee SGD 3.00 "
                 "(senior rate)",
                 "TD (command line): marked Ann Lee's fee for night 1 paid, SGD 5.00",
                 "TD (command line): ended night 1; not paid: Ben Ong, Cai Wen, Dev Rao, "
                 "Gus Koh"):
        assert line in journal, journal
    assert "TD (command line): paired night 1 round 1: " in journal
