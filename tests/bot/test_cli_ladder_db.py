"""`tdbot ladder who|challenge|accept|decline|withdraw|join EVENT ...` on a stored ladder
(examples/club_ladder.toml): a TD acts for a player through the chat's use-cases. Each
step is checked in the database (the ladder's record, the challenge's match) and in the
outbox (the players are told as in the chat), and the journal says "command line"."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "club_ladder.toml"


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


def record(db: str) -> dict[str, Any]:
    (text,), = query(db, "SELECT record_json FROM ladders")
    return dict(json.loads(text))


def told(db: str, name: str) -> list[tuple[str, str | None]]:
    """(text, buttons) queued for ``name``, oldest first."""
    return [(text, buttons) for text, buttons in query(
        db, "SELECT o.text_html, o.buttons_json FROM outbox o JOIN people p"
            " ON p.id = o.person_id WHERE p.name = ? ORDER BY o.id", (name,))]


def ladder(tmp_path: Path) -> str:
    db = str(tmp_path / "ladder.db")
    ok("event", "create", str(EXAMPLE), "--db", db)
    return db


def test_a_challenge_made_accepted_and_played_for_the_players(tmp_path: Path) -> None:
    db = ladder(tmp_path)
    out = ok("ladder", "who", "club-ladder", "Dev", "--db", db)
    assert out.splitlines()[1] == "may challenge: Ann Lee, Ben Ong, Cai Wen"

    out = ok("ladder", "challenge", "club-ladder", "Dev", "Ben", "--db", db)
    assert out.startswith("challenge #1: Dev Rao (rung 4) challenges Ben Ong (rung 2); "
                          "Ben Ong has until ")
    (made,) = record(db)["challenges"]
    assert (made["challenger"], made["challenged"], made["status"]) == (
        "Dev Rao", "Ben Ong", "issued")
    text, buttons = told(db, "Ben Ong")[-1]
    assert "<b>Dev Rao</b> (rung 4) challenges you (rung 2)" in text
    assert buttons is not None and "Accept" in buttons and "Decline" in buttons
    text, _ = told(db, "Dev Rao")[-1]
    assert "you challenged <b>Ben Ong</b> (rung 2), challenge #1" in text
    assert text.endswith("<i>A TD did this for you.</i>")
    code, _, err = run("ladder", "challenge", "club-ladder", "Eve", "Dev", "--db", db)
    assert code == 2 and "Dev Rao" in err  # one open challenge each: nothing written
    assert len(record(db)["challenges"]) == 1

    out = ok("ladder", "accept", "club-ladder", "Ben", "--db", db)
    assert "Ben Ong accepted" in out and "their match is L1" in out
    assert record(db)["challenges"][0]["status"] == "accepted"
    assert query(db, "SELECT m.code, m.state, pa.name, pb.name FROM matches m"
                     " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
                     " JOIN entries eb ON eb.id = m.entry_b JOIN people pb ON pb.id = eb.person_id"
                 ) == [("L1", "ready", "Dev Rao", "Ben Ong")]
    text, _ = told(db, "Ben Ong")[-1]
    assert "You accepted" in text and "Your match is L1" in text and "A TD did this for you" in text
    text, _ = told(db, "Dev Rao")[-1]
    assert "<b>Ben Ong</b> accepted your challenge #1 (L1)" in text

    ok("game", "report", "club-ladder", "Dev", "420", "Ben", "380", "--starter", "Dev", "--db", db)
    assert record(db)["names"] == ["Ann Lee", "Dev Rao", "Ben Ong", "Cai Wen", "Eve Tan"]
    out = ok("ladder", "show", "club-ladder", "--db", db)
    assert [line.split(maxsplit=1)[1] for line in out.splitlines()[1:6]] == record(db)["names"]

    journal = ok("event", "journal", "club-ladder", "--limit", "100", "--db", db)
    assert "TD (command line): made a challenge: Dev Rao " in journal
    assert "TD (command line): accepted a challenge: Ben Ong accepted" in journal
    assert "The bot: moved the ladder on a result: Dev Rao beat Ben Ong in challenge #1" in journal
    # a TD who reads French reads it in French, the core's lines too
    journal = ok("event", "journal", "club-ladder", "--limit", "100", "--language", "fr",
                 "--db", db)
    assert ("Directeur (ligne de commande) : a lancé un défi : Dev Rao (échelon 4) a défié "
            "Ben Ong (échelon 2), défi n° 1 : à accepter avant le ") in journal
    assert ("Le bot : a fait évoluer l'échelle sur un résultat : Dev Rao a battu Ben Ong dans "
            "le défi n° 1 (gagné 420-380). Dev Rao monte de l'échelon 4 au 2") in journal
    code, _, err = run("event", "journal", "club-ladder", "--language", "xx", "--db", db)
    assert code == 2 and "--language xx: give en or a shipped translation (fr)" in err


def test_decline_withdraw_and_a_newcomer_for_the_players(tmp_path: Path) -> None:
    db = ladder(tmp_path)
    ok("ladder", "challenge", "club-ladder", "Eve", "Dev", "--db", db)
    out = ok("ladder", "decline", "club-ladder", "Dev", "--db", db)
    assert "Dev Rao declined" in out
    assert record(db)["challenges"][0]["status"] == "forfeited"
    assert record(db)["names"] == ["Ann Lee", "Ben Ong", "Cai Wen", "Eve Tan", "Dev Rao"]
    text, _ = told(db, "Dev Rao")[-1]
    assert "You declined Eve Tan's challenge #1: declining is a forfeit" in text
    assert "You are now rung 5 of 5 (was 4)." in text
    assert text.endswith("A TD did this for you.</i>")
    assert ("Eve Tan wins challenge #1 against Dev Rao without a game (Dev Rao declined: "
            "forfeit)") in told(db, "Eve Tan")[-1][0]

    ok("ladder", "challenge", "club-ladder", "Dev", "Cai", "--db", db)
    out = ok("ladder", "withdraw", "club-ladder", "Dev", "--db", db)
    assert "withdr" in out
    assert record(db)["challenges"][1]["status"] == "void"  # withdrawn: nobody moves
    assert record(db)["names"] == ["Ann Lee", "Ben Ong", "Cai Wen", "Eve Tan", "Dev Rao"]
    assert "A TD did this for you" in told(db, "Dev Rao")[-1][0]
    assert "withdr" in told(db, "Cai Wen")[-1][0]

    out = ok("ladder", "join", "club-ladder", "Hana Ong", "--rating", "1200",
             "--bot-username", "LadderBot", "--db", db)
    assert out.startswith("Hana Ong joins Club Ladder at rung 6; their link to the bot: "
                          "https://t.me/LadderBot?start=")
    assert record(db)["names"][-1] == "Hana Ong"
    assert query(db, "SELECT e.rating FROM entries e JOIN people p ON p.id = e.person_id"
                     " WHERE p.name = 'Hana Ong'") == [(1200,)]


def test_what_a_stored_ladder_refuses(tmp_path: Path) -> None:
    db = ladder(tmp_path)
    code, _, err = run("ladder", "challenge", "club-ladder", "Dev", "Ben", "--at",
                       "2026-03-01 19:00", "--db", db)
    assert code == 2 and "--at is for a state file" in err
    code, _, err = run("ladder", "result", "club-ladder", "Dev", "420", "Ben", "380")
    assert code == 2 and "tdbot game report club-ladder" in err
    code, _, err = run("ladder", "tick", "club-ladder")
    assert code == 2 and "fire in the bot" in err
    code, _, err = run("ladder", "accept", "club-ladder", "Ben", "--db", db)
    assert code == 2 and "Ben Ong" in err  # nobody challenged Ben
    code, _, err = run("ladder", "challenge", "club-ladder", "Zed", "Ben", "--db", db)
    assert code == 2 and "Zed" in err
    code, _, err = run("ladder", "challenge", str(tmp_path / "x.json"), "A", "B", "--db", db)
    assert code == 2 and "--db is for a ladder event" in err
    assert record(db)["challenges"] == []
