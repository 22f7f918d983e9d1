"""`tdbot ladder ...` over a JSON state file (core/ladder.py behind it)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bot.cli import app

runner = CliRunner()


def ladder(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["ladder", *args])
    return result.exit_code, result.stdout, result.stderr


def rungs(path: Path) -> list[str]:
    return list(json.loads(path.read_text())["names"])


def test_a_challenge_played_and_a_deadline_ticked(tmp_path: Path) -> None:
    club = tmp_path / "club.json"
    code, out, _ = ladder("new", str(club), "--players", "Ann Lee,Bob,Cat,Dan",
                          "--at", "2024-03-01 10:00")
    assert code == 0 and "a ladder of 4 players" in out
    assert ladder("challenge", str(club), "dan", "bob", "--at", "2024-03-01 11:00")[0] == 0
    assert ladder("challenge", str(club), "Cat", "Ann", "--at", "2024-03-01 11:00")[0] == 0
    assert ladder("accept", str(club), "Bob", "--at", "2024-03-01 12:00")[0] == 0
    code, out, _ = ladder("result", str(club), "Dan", "412", "Bob", "380",
                          "--at", "2024-03-02 12:00")
    assert code == 0 and "Dan climbs from rung 4 to 2" in out
    assert rungs(club) == ["Ann Lee", "Dan", "Bob", "Cat"]
    code, out, _ = ladder("tick", str(club), "--at", "2024-03-03 11:00")
    assert code == 0 and "not accepted within 48 h: forfeit" in out
    assert rungs(club) == ["Cat", "Ann Lee", "Dan", "Bob"]
    before = club.read_text()
    code, out, _ = ladder("tick", str(club), "--at", "2024-03-03 11:00")
    assert (code, out.strip()) == (0, "nothing due at 2024-03-03 11:00")
    assert club.read_text() == before
    code, out, _ = ladder("show", str(club))
    assert out.splitlines()[0].split() == ["1", "Cat"] and "reach 3" in out


def test_rules_file_and_bad_rules(tmp_path: Path) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text('[ladder]\nreach = "50%"\non_win = "swap"\nbest_of = 3\n')
    club = tmp_path / "club.json"
    code, out, _ = ladder("new", str(club), "--players", "A,B,C,D,E", "--rules", str(rules))
    assert code == 0 and "reach 50%" in out and "best of 3" in out
    rules.write_text("best_of = 2\n")
    code, _, err = ladder("new", str(tmp_path / "other.json"), "--players", "A,B",
                          "--rules", str(rules))
    assert code == 2 and "best_of = 2: give 1 or an odd number" in err
    assert not (tmp_path / "other.json").exists()


def test_refusals_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    club = tmp_path / "club.json"
    ladder("new", str(club), "--players", "Ann,Bob,Cat,Dan,Eve", "--at", "2024-03-01 10:00")
    before = club.read_text()
    code, _, err = ladder("challenge", str(club), "Eve", "Ann", "--at", "2024-03-01 11:00")
    assert code == 2 and "out of reach" in err and len(err.strip().splitlines()) == 1
    code, _, err = ladder("accept", str(club), "Bob", "--at", "2024-03-01 11:00")
    assert code == 2 and "Bob has no open challenge" in err
    code, _, err = ladder("challenge", str(club), "Zed", "Ann")
    assert code == 2 and "nobody called 'Zed'" in err
    code, _, err = ladder("result", str(club), "Bob", "4x2", "Ann", "380")
    assert code == 2 and "Bob's score '4x2'" in err
    code, _, err = ladder("result", str(club), "Bob", "-5", "Ann", "380")
    assert code == 2 and err == ("tdbot: error: Bob's score '-5': scores are whole numbers, 0 "
                                 "or more, such as 412\n")
    code, _, err = ladder("challenge", str(club), "Bob", "Ann", "--at", "yesterday")
    assert code == 2 and "--at 'yesterday'" in err
    assert club.read_text() == before
    code, _, err = ladder("new", str(club), "--players", "X,Y")
    assert code == 2 and "already exists" in err
    code, _, err = ladder("show", str(tmp_path / "missing.json"))
    assert code == 2 and "tdbot ladder new" in err
    (tmp_path / "bad.json").write_text("{}")
    code, _, err = ladder("show", str(tmp_path / "bad.json"))
    assert code == 2 and "not a ladder file" in err


def test_who_join_decline_withdraw(tmp_path: Path) -> None:
    club = tmp_path / "club.json"
    ladder("new", str(club), "--players", "Ann,Bob,Cat", "--at", "2024-03-01 10:00")
    assert ladder("join", str(club), "Gus", "--at", "2024-03-01 10:30")[1].strip() == (
        "Gus joins the ladder at rung 4.")
    ladder("challenge", str(club), "Cat", "Bob", "--at", "2024-03-01 11:00")
    code, out, _ = ladder("who", str(club), "Gus", "--at", "2024-03-01 12:00")
    assert "may challenge: Ann" in out and "not Bob: Bob has an open challenge" in out
    code, out, _ = ladder("withdraw", str(club), "Cat", "--at", "2024-03-01 12:00")
    assert code == 0 and "nobody moves" in out
    ladder("challenge", str(club), "Gus", "Bob", "--at", "2024-03-01 13:00")
    code, out, _ = ladder("decline", str(club), "Bob", "--at", "2024-03-01 14:00")
    assert code == 0 and "Bob declined: forfeit" in out
    assert rungs(club) == ["Ann", "Gus", "Bob", "Cat"]
    statuses = [c["status"] for c in json.loads(club.read_text())["challenges"]]
    assert statuses == ["void", "forfeited"]


def test_show_a_stored_ladder_by_its_event(tmp_path: Path) -> None:
    """A TD reads the ladder the bot runs from its database; a name ending .json is a file."""
    db = str(tmp_path / "bot.sqlite3")
    example = Path(__file__).resolve().parents[2] / "examples" / "club_ladder.toml"
    made = runner.invoke(app, ["event", "create", str(example), "--db", db])
    assert made.exit_code == 0, made.output
    code, out, _ = ladder("show", "club-ladder", "--db", db)
    assert code == 0 and out.splitlines()[0] == "Club Ladder (club-ladder), the ladder:"
    assert [line.split(maxsplit=1)[1] for line in out.splitlines()[1:6]] == [
        "Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao", "Eve Tan"]
    code, out, _ = ladder("show", "club-ladder", "--db", db, "--json")
    assert code == 0 and json.loads(out)["names"][0] == "Ann Lee"
    code, _, err = ladder("show", "no-such-event", "--db", db)
    assert code == 2 and "no-such-event" in err
    code, _, err = ladder("show", str(tmp_path / "club.json"), "--db", db)
    assert code == 2 and "--db is for a ladder event" in err


def test_rules_nested_too_deep_are_one_line_with_exit_2(tmp_path: Path) -> None:
    """500 nested brackets overflowed the TOML reader's recursion (a RecursionError
    traceback); the rules file is now read as an event definition is."""
    rules = tmp_path / "deep.toml"
    rules.write_text("x = " + "[" * 500 + "]" * 500 + "\n")
    club = tmp_path / "club.json"
    code, _, err = ladder("new", str(club), "--players", "A,B", "--rules", str(rules))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.startswith(f"tdbot: error: --rules {rules}: ") and "nested" in err
    assert not club.exists()


def test_rules_that_are_not_text_are_one_line_with_exit_2(tmp_path: Path) -> None:
    """A rules file in another encoding (or a picture given by mistake) was a
    UnicodeDecodeError traceback; it is one line saying what to give instead."""
    rules = tmp_path / "rules.toml"
    rules.write_bytes(b"challenge_range = 3\n\xff\xfe\x00")
    club = tmp_path / "club.json"
    code, _, err = ladder("new", str(club), "--players", "A,B", "--rules", str(rules))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.startswith(f"tdbot: error: --rules {rules}: ") and "UTF-8" in err
    assert not club.exists()
