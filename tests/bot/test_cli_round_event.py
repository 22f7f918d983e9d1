"""`tdbot event pairings`, `tdbot event standings`, `tdbot event export` and `tdbot files systems`
over a round-based event entered game by game from the command line.

The exported `.t` file, read back by `tdbot files standings --in`, gives the event's own
standings (`tdbot event standings --json`), and every other format is written."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from tests.bot.round_event import NAMES, RATINGS, definition, winner_scores


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, err
    return out


def test_an_event_entered_game_by_game_exports_a_t_file_with_its_standings(
        tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    toml = tmp_path / "swiss.toml"
    toml.write_text(definition())
    closes = (datetime.now(UTC) + timedelta(days=30)).date().isoformat()
    ok("event", "create", str(toml), "--db", db)
    assert "each is paired when it opens" in ok("event", "draw", "weekly-swiss", "--seed", "3",
                                                "--db", db)
    for number in (1, 2, 3):
        preview = json.loads(ok("event", "pairings", "weekly-swiss", "--json", "--db", db))
        assert (preview["round"], preview["stored"]) == (number, False)
        ok("round", "open", "weekly-swiss", str(number), "--closes", closes, "--unpaid-ok",
           "--why", "fees at the venue", "--db", db)
        stored = json.loads(ok("event", "pairings", "weekly-swiss", "--json", "--db", db))
        # what the preview showed is what opening the round stored
        assert (stored["round"], stored["stored"]) == (number, True)
        assert stored["pairings"] == preview["pairings"] and stored["byes"] == preview["byes"]
        assert len(stored["reasons"]) == len(stored["pairings"]) + len(stored["byes"])
        if number == 1:  # round 2 waits for round 1's results
            code, _, err = run("round", "open", "weekly-swiss", "2", "--closes", closes,
                               "--unpaid-ok", "--why", "x", "--db", db)
            assert code == 2 and "Round 1 is not complete" in err
        for a, b in stored["pairings"]:
            win, lose, ws, ls = winner_scores(a["name"], b["name"])
            ok("game", "report", "weekly-swiss", win, str(ws), lose, str(ls), "--db", db)
    t_file = tmp_path / "weekly-swiss.t"
    ok("event", "export", "weekly-swiss", "--to", "tsh", "--out", str(t_file), "--db", db)
    from_file = json.loads(ok("files", "standings", "--in", str(t_file), "--json"))
    from_event = json.loads(ok("event", "standings", "weekly-swiss", "--json", "--db", db))
    assert from_file == from_event
    assert from_event[0]["name"] == "Ann Lee" and from_event[0]["wins"] == 3
    table = ok("event", "standings", "weekly-swiss", "--db", db)
    assert "Ann Lee" in table and "+1200" in table
    assert "XXR 5" in ok("event", "export", "weekly-swiss", "--to", "trf", "--db", db)
    assert ok("event", "export", "weekly-swiss", "--to", "naspa-scores", "--db",
              db).startswith("1 Ann Lee/")
    code, _, err = run("event", "export", "weekly-swiss", "--to", "pdf", "--db", db)
    assert code == 2 and "choose one of json, csv, tsh, naspa, naspa-scores, trf" in err
    exported = json.loads(ok("event", "export", "weekly-swiss", "--to", "json", "--db", db))
    assert exported["format"] == "rounds" and {m["state"] for m in exported["matches"]} <= {
        "decided", "bye"}
    games = ok("event", "export", "weekly-swiss", "--to", "csv", "--db", db).splitlines()[1:]
    assert len(games) == len(exported["matches"])  # one game a pairing, a line a bye


def test_a_knockout_is_not_a_round_based_event(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    ok("event", "create", str(Path(__file__).parent / "data" / "club_cup.toml"), "--db", db)
    code, _, err = run("event", "standings", "club-cup", "--db", db)
    assert code == 2 and "not a round-based event" in err


def test_systems_marks_the_table_systems() -> None:
    out = ok("files", "systems")
    assert "rr (also round-robin): round robin by player number (Clark rotation) [table]" in out
    assert "swiss (also modified-swiss): modified Swiss" in out
    assert "[table]" not in out.split("swiss (also modified-swiss)")[1].splitlines()[0]


def _paired_from_csv(tmp_path: Path, csv_text: str) -> list[set[str]]:
    """Round 1's pairs of the weekly Swiss (avoid_teams on) whose players come from a CSV
    entered with ``tdbot players import``."""
    tmp_path.mkdir()
    db = str(tmp_path / "teams.db")
    toml = tmp_path / "swiss.toml"
    text = definition(extra="avoid_teams = true")
    toml.write_text(text[:text.index("\n[[players]]")])  # the players come from the CSV
    players = tmp_path / "players.csv"
    players.write_text(csv_text)
    ok("event", "create", str(toml), "--db", db)
    assert "entered 9 player(s)" in ok("players", "import", "weekly-swiss", str(players),
                                       "--db", db)
    ok("event", "draw", "weekly-swiss", "--seed", "3", "--db", db)
    pairing = json.loads(ok("event", "pairings", "weekly-swiss", "--json", "--db", db))
    return [{a["name"], b["name"]} for a, b in pairing["pairings"]]


def test_a_players_csv_gives_the_teams_that_avoid_teams_keeps_apart(tmp_path: Path) -> None:
    teams = {"Ann Lee": "Raffles", "Eve Tan": "Raffles", "Ben Ong": "Hwa  Chong",
             "Fay Koh": "Hwa Chong"}
    rows = "".join(f"{n};{RATINGS[n]};{teams.get(n, '')}\n" for n in NAMES)
    pairs = _paired_from_csv(tmp_path / "teams", "Name;Rating;Team\n" + rows)
    assert len(pairs) == 4
    for pair in pairs:  # "Hwa  Chong" is "Hwa Chong": one team, as a name is read
        assert len({" ".join(teams.get(n, n).split()) for n in pair}) == 2, pairs
    # without the team column, round 1 pairs Ann with Eve (top half v bottom half)
    plain = "name,rating\n" + "".join(f"{n},{RATINGS[n]}\n" for n in NAMES)
    assert {"Ann Lee", "Eve Tan"} in _paired_from_csv(tmp_path / "plain", plain)


def test_a_players_csv_with_a_too_long_team_is_refused_whole(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    toml = tmp_path / "swiss.toml"
    text = definition()
    toml.write_text(text[:text.index("\n[[players]]")])
    players = tmp_path / "players.csv"
    players.write_text(f"name,rating,team\nAnn Lee,1900,Raffles\nBen Ong,1850,{'X' * 33}\n")
    ok("event", "create", str(toml), "--db", db)
    code, _, err = run("players", "import", "weekly-swiss", str(players), "--db", db)
    assert code == 2, err
    assert ("players CSV row 3: team 'XXXXXXXXXXXXXXXXXXXXXXXXXXX...' is 33 characters long; a "
            "team name has at most 32 (what a TRF file holds): shorten it") in err, err
    with sqlite3.connect(db) as conn:  # all or none: Ann Lee's row is not entered either
        assert conn.execute("SELECT count(*) FROM entries").fetchone() == (0,)


def test_round_open_takes_its_close_from_round_days(tmp_path: Path) -> None:
    """`tdbot round open` with no --closes, in an event whose rounds have no dates and whose
    [pairing] sets round_days = 6: it closes 6 days after it opens, as /openround does."""
    import asyncio

    from bot.service.events.definitions import parse_definition
    from bot.service.events.draw import make_draw
    from bot.service.events.event_setup import create_event
    from bot.service.platform.actors import Actor
    from bot.store.db import open_database

    text = definition(extra="round_days = 6").replace(
        "opens = 2026-03-03\ncloses = 2026-03-09\n", "")
    db = tmp_path / "t.db"

    async def setup() -> None:
        database = await open_database(db)
        try:
            async with database.transaction() as tx:
                created = await create_event(tx, parse_definition(text), by=Actor.cli(),
                                             now=datetime.now(UTC))
                await make_draw(tx, created.event_id, seed=3, by=Actor.cli(),
                                now=datetime.now(UTC))
        finally:
            await database.close()

    asyncio.run(setup())
    before = datetime.now(UTC)
    out = ok("round", "open", "weekly-swiss", "1", "--db", str(db))
    assert out.startswith("opened Round 1; it closes "), out
    with sqlite3.connect(db) as con:
        (closes,), = con.execute("SELECT closes_at FROM rounds WHERE seq = 1").fetchall()
    after = datetime.now(UTC)
    assert before + timedelta(days=6) <= datetime.fromisoformat(closes) <= after + timedelta(days=6)
