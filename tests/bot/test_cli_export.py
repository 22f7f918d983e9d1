"""`tdbot event export --to json` and `tdbot event bracket`: an 8-player knockout entered game by
game with `tdbot game report` exports the matches and places the core computes when it plays
the same games (core/knockout/sssg.py), in the shape of `tdbot files simulate --json`."""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from core.event_record import event_record
from core.knockout import sssg
from core.knockout.match import Match, MatchGame, report_game

PLAYERS = [("Ann Lee", 1800), ("Ben Ong", 1750), ("Cai Wen", 1700), ("Dev Rao", 1650),
           ("Eve Tan", 1600), ("Fay Ng", 1550), ("Gus Lim", 1500), ("Hal Koh", 1450)]
DEFINITION = """
[event]
slug = "octo"
name = "Octo Cup"
format = "single"
time_zone = "Asia/Singapore"
currency = "SGD"
fee_per_round = 0

[[tds]]
name = "Tara TD"

[[rounds]]
name = "QF"
best_of = 3

[[rounds]]
name = "SF"
best_of = 3

[[rounds]]
name = "Final"
best_of = 5
""" + "".join(f'\n[[players]]\nname = "{n}"\nrating = {r}\n' for n, r in PLAYERS)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, (args, out, err)
    return out


def play(pm: sssg.PlayableMatch, rng: random.Random) -> Match:
    """The match played to its decision, starters as the rules say (tiles: side 0)."""
    match = pm.new_match()
    while not match.state().decided:
        start = match.state().next_start
        assert start is not None
        starter = start.side if start.side is not None else rng.randrange(2)
        a = rng.randrange(300, 500)
        b = rng.choice([s for s in range(300, 500) if s != a])
        match = report_game(match, MatchGame.played(starter, a, b)).match
    return match


def comparable(record: dict[str, Any]) -> dict[str, Any]:
    """Everything but the round of play each match is filed under (the core plays all
    ready matches at once; the stored event files them under its rounds) and the stored
    state the export adds to each match."""
    return {**record, "matches": sorted(({k: v for k, v in m.items()
                                          if k not in ("round_of_play", "state")}
                                         for m in record["matches"]), key=lambda m: m["id"])}


def test_an_event_entered_by_tdbot_report_exports_what_the_core_computes(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    definition = tmp_path / "octo.toml"
    definition.write_text(DEFINITION)
    ok("event", "create", str(definition), "--db", db)
    code, _, err = run("event", "export", "octo", "--to", "json", "--db", db)
    assert code == 2 and "no draw yet" in err
    ok("event", "draw", "octo", "--seed", "11", "--db", db)
    with sqlite3.connect(db) as conn:
        draw = json.loads(conn.execute("SELECT draw_json FROM events").fetchone()[0])
    event = sssg.from_record(draw)
    rng = random.Random(5)
    closes = (datetime.now(UTC) + timedelta(days=30)).date().isoformat()
    rounds: list[list[str]] = []
    while ready := sssg.playable(event):
        rounds.append([pm.id for pm in ready])
        for name in sorted({pm.round_name for pm in ready}):
            ok("round", "open", "octo", name, "--closes", closes, "--unpaid-ok", "--why", "test",
               "--db", db)
        for pm in ready:
            match = play(pm, rng)
            for g in match.games:
                assert g.scores is not None and g.starter is not None
                ok("game", "report", "octo", pm.players[0], str(g.scores[0]), pm.players[1],
                   str(g.scores[1]), "--starter", pm.players[g.starter], "--db", db)
            event = sssg.record(event, pm.id, match)
        if len(rounds) > 5:
            raise AssertionError("the event did not finish")
    exported = json.loads(ok("event", "export", "octo", "--to", "json", "--db", db))
    expected = event_record(event, rounds)
    assert comparable(exported) == comparable(expected)
    assert exported["placements"]["top"][:1] == [expected["matches"][-1]["winner"]]
    assert [m["round_of_play"] for m in exported["matches"]] == [1, 1, 1, 1, 2, 2, 3]
    assert len(exported["matches"]) == 7 and all(len(m["games"]) >= 2 for m in exported["matches"])


def test_an_unfinished_event_exports_every_match_and_no_places(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    definition = tmp_path / "octo.toml"
    definition.write_text(DEFINITION)
    ok("event", "create", str(definition), "--db", db)
    ok("event", "draw", "octo", "--seed", "11", "--db", db)
    code, _, err = run("event", "export", "octo", "--db", db)
    assert code == 2 and "--to" in err
    exported = json.loads(ok("event", "export", "octo", "--to", "json", "--db", db))
    assert exported["placements"] is None
    states = {m["id"]: (m["state"], m["round"], m["games"]) for m in exported["matches"]}
    assert len(states) == 7 and states["M1"] == ("ready", "QF", [])
    assert states["M7"] == ("waiting", "Final", [])
    assert exported["matches"][-1]["players"] == ["winner of M5", "winner of M6"]
    assert exported["players"] == 8 and exported["seed"] == 11


def test_tdbot_bracket_writes_one_png_per_picture_into_a_folder(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    definition = tmp_path / "octo.toml"
    definition.write_text(DEFINITION)
    ok("event", "create", str(definition), "--db", db)
    folder = tmp_path / "pictures"
    code, _, err = run("event", "bracket", "octo", "--out", str(folder), "--db", db)
    assert code == 2 and "no draw yet" in err and not folder.exists()
    ok("event", "draw", "octo", "--seed", "11", "--db", db)
    out = ok("event", "bracket", "octo", "--out", str(folder), "--db", db)
    assert out.strip() == f"Wrote {folder / 'single.png'}"
    assert [p.name for p in folder.iterdir()] == ["single.png"]
    assert (folder / "single.png").read_bytes().startswith(b"\x89PNG")
    code, _, err = run("event", "bracket", "octo", "--out", str(folder), "--division", "plate",
                       "--db", db)
    assert code == 2 and "--division plate: this event's pictures are single" in err
    # a file name, as the option once took, is refused, saying what to give instead
    code, _, err = run("event", "bracket", "octo", "--out", str(tmp_path / "b.png"), "--db", db)
    assert code == 2 and "give a folder" in err and not (tmp_path / "b.png").exists()
    code, _, err = run("event", "bracket", "octo", "--out", str(folder / "single.png"), "--db", db)
    assert code == 2 and "give a folder" in err


def test_an_sssg_event_exports_the_plate_before_it_is_drawn(tmp_path: Path) -> None:
    """The plate is drawn once the qualifying round is over (SSSg para 3); its matches are
    exported before that too, waiting, under the core's name for the division."""
    root = Path(__file__).resolve().parents[2] / "examples"
    db = str(tmp_path / "t.db")
    ok("event", "create", str(root / "sssg2016.toml"), "--db", db)
    ok("players", "import", "sssg-2016", str(root / "players24.csv"), "--db", db)
    ok("event", "draw", "sssg-2016", "--seed", "5", "--db", db)
    exported = json.loads(ok("event", "export", "sssg-2016", "--to", "json", "--db", db))
    with sqlite3.connect(db) as conn:
        stored = conn.execute("SELECT code, state FROM matches ORDER BY id").fetchall()
    assert sorted((m["id"], m["state"]) for m in exported["matches"]) == sorted(stored)
    divisions = {m["id"][0]: m["division"] for m in exported["matches"]}
    assert divisions == {"Q": "qualifying", "T": "top", "P": "plate"}
