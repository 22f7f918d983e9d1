"""`tdbot game tell|propose|agree|noshow|log` and `tdbot rule noshow`: a TD acting for a
player at the command line, through the same use-cases as the chat (the club cup with SF
open until 2099, so that the real clock is inside it)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

CLUB_CUP = Path(__file__).parent / "data" / "club_cup.toml"


def ok(db: str, *args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--db", db])
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(db: str, *args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--db", db])
    assert result.exit_code == 2 and result.stdout == "", result.output
    return result.stderr


def rows(db: str, query: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute(query).fetchall())


def _event(tmp_path: Path) -> str:
    db = str(tmp_path / "t.db")
    ok(db, "event", "create", str(CLUB_CUP), "--bot-username", "B")
    ok(db, "event", "draw", "club-cup", "--seed", "2026")
    ok(db, "round", "open", "club-cup", "SF", "--closes", "2099-03-09", "--unpaid-ok", "--why",
       "fees at the venue")
    return db


def test_a_td_arranges_a_game_for_two_players(tmp_path: Path) -> None:
    db = _event(tmp_path)
    assert ok(db, "game", "tell", "club-cup", "M1", "Sat 3pm?", "--for", "Ann") == \
        "M1: sent to Dev Rao\n"
    out = ok(db, "game", "propose", "club-cup", "M1", "2099-03-07 15:00, 2099-03-08 10:00",
             "--for", "Ann Lee")
    assert out == ("M1: proposed to Dev Rao (Asia/Singapore): Sat 07 Mar 2099 15:00 (+08); "
                   "Sun 08 Mar 2099 10:00 (+08)\n")
    assert "proposed several times" in refused(db, "game", "agree", "club-cup", "M1", "--for",
                                               "Dev")
    out = ok(db, "game", "agree", "club-cup", "M1", "--for", "Dev", "--at", "2099-03-08 10:00")
    assert out == "M1: agreed for Sun 08 Mar 2099 10:00 (+08) (Asia/Singapore)\n"
    assert rows(db, "SELECT starts_at, state FROM match_times ORDER BY id") == [
        ("2099-03-07T07:00:00+00:00", "superseded"), ("2099-03-08T02:00:00+00:00", "agreed")]
    assert rows(db, "SELECT count(*) FROM media WHERE filename = 'm1.ics'") == [(2,)]
    log = ok(db, "game", "log", "club-cup", "M1")
    assert log.startswith("M1: Ann Lee v Dev Rao\n")
    assert "Ann Lee wrote: Sat 3pm?" in log and "agreed Sun 08 Mar 2099 10:00 (+08)" in log
    # not yet: the agreed time is ahead
    assert "has not come yet" in refused(db, "game", "noshow", "club-cup", "M1", "--for", "Ann")
    assert "has no open no-show claim" in refused(db, "rule", "noshow", "club-cup", "M1",
                                                  "--award", "game", "--why", "absent")
    assert "--award 'bye': give one of game, match, extend" in refused(
        db, "rule", "noshow", "club-cup", "M1", "--award", "bye", "--why", "absent")


def test_a_time_past_the_close_is_refused_at_the_command_line(tmp_path: Path) -> None:
    db = _event(tmp_path)
    err = refused(db, "game", "propose", "club-cup", "M1", "2099-03-10 10:00", "--for", "Ann")
    assert "is after SF closes (Mon 09 Mar 2099 23:59 (+08))" in err
    assert "'Zed' does not play in M1" in refused(db, "game", "propose", "club-cup", "M1",
                                                  "2099-03-07 10:00", "--for", "Zed")
    assert rows(db, "SELECT count(*) FROM match_times") == [(0,)]


SWISS = Path(__file__).resolve().parents[2] / "examples" / "weekly_swiss.toml"


def test_a_td_marks_availability_and_forbids_a_pair(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    text = SWISS.read_text().replace("[pairing]", "[pairing]\nrequested_byes = 1", 1)
    definition = tmp_path / "swiss.toml"
    definition.write_text(text)
    ok(db, "event", "create", str(definition), "--bot-username", "B")
    ok(db, "event", "draw", "weekly-swiss", "--seed", "1")
    out = ok(db, "players", "unavailable", "weekly-swiss", "Ann Lee", "1")
    assert out == "Ann Lee: unavailable for Round 1 (1 of 1 requested byes)\n"
    assert "at most 1 round of" in refused(db, "players", "unavailable", "weekly-swiss",
                                            "Ann Lee", "2")
    listed = ok(db, "players", "availability", "weekly-swiss", "1")
    assert "Round 1: unavailable (1): Ann Lee\n" in listed
    out = ok(db, "players", "forbid", "weekly-swiss", "Ben Ong", "Cai Wen", "--why", "siblings")
    assert out == "Ben Ong and Cai Wen are kept apart from the next pairing on\n"
    ok(db, "round", "open", "weekly-swiss", "1")
    matches = rows(db, "SELECT m.code, pa.name, pb.name FROM matches m JOIN entries ea ON "
                       "ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id LEFT JOIN "
                       "entries eb ON eb.id = m.entry_b LEFT JOIN people pb ON pb.id = "
                       "eb.person_id")
    assert ("R1-U1", "Ann Lee", None) in matches
    assert not any({a, b} == {"Ben Ong", "Cai Wen"} for _, a, b in matches)
    assert not any(a == "Ann Lee" and b is not None for _, a, b in matches)
