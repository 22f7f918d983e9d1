"""One players CSV, two ways in: ``tdbot files draw --players FILE`` and ``tdbot players import``
then ``tdbot event draw``. Both read it with ``core.formats.players_csv``, so the same file
and seed give the same entrants and the same draw (SSSg paras 1 and 3: a random draw that
anyone can re-run from the list and the recorded seed)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
DEFINITION = ROOT / "examples" / "sssg2016.toml"

# What a spreadsheet in a semicolon locale saves: a byte-order mark, a header in its own
# case and order, a name with the separator in quotes, a name typed in decomposed Unicode,
# an unrated player (empty rating), a rating written 1800.0, a blank row, a Telegram id.
AWKWARD = (
    "\ufeffRating;Name;Telegram ID;Phone\r\n"
    + '1800.0;"Lim; Aaron";5001;9123 4567\r\n'
    + "1795;Zoe\u0308 Tan;;\r\n"
    + ";Unrated Ursula;;\r\n"
    + "\r\n"
    + "".join(f"{1790 - 10 * i};Player {i:02d};;\r\n" for i in range(17))
)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def _stored(db: str) -> tuple[list[tuple[str, int]], dict[str, object]]:
    with sqlite3.connect(db) as conn:
        entries = conn.execute(
            "SELECT p.name, e.rating FROM entries e JOIN people p ON p.id = e.person_id"
            " ORDER BY e.id"
        ).fetchall()
        (draw_json,) = conn.execute("SELECT draw_json FROM events").fetchone()
    return [tuple(e) for e in entries], json.loads(draw_json)


@pytest.mark.parametrize("text", [AWKWARD, (ROOT / "examples" / "players24.csv").read_text()])
def test_the_same_csv_and_seed_give_the_same_entrants_and_draw_both_ways(
    tmp_path: Path, text: str
) -> None:
    csv = tmp_path / "players.csv"
    csv.write_text(text, encoding="utf-8")
    db = str(tmp_path / "t.db")
    assert run("event", "create", str(DEFINITION), "--db", db)[0] == 0
    code, out, err = run("players", "import", "sssg-2016", str(csv), "--db", db)
    assert code == 0, err
    code, out, err = run("event", "draw", "sssg-2016", "--seed", "11", "--db", db)
    assert code == 0, err
    code, printed, err = run("files", "draw", "--players", str(csv), "--seed", "11", "--json")
    assert code == 0, err
    entries, stored = _stored(db)
    drawn = json.loads(printed)
    assert entries == [(e["name"], e["rating"]) for e in drawn["entrants"]]
    assert stored == drawn
    if text is AWKWARD:
        assert entries[:3] == [("Lim; Aaron", 1800), ("Zo\u00eb Tan", 1795), ("Unrated Ursula", 0)]
        assert len(entries) == 20


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name,rating\nA,1500\nB,18OO\n", "row 3: rating '18OO' is not a whole number"),
        ("name,rating\nAnn,1500\nANN,1400\nBob,1\n", "row 3: 'ANN' appears twice (also row 2)"),
        ("name,rating,telegram_id\nA,1,12345678901234567890\nB,2,\n",
         "row 2: telegram_id '12345678901234567890' is not a Telegram user id"),
    ],
)  # fmt: skip
def test_both_ways_refuse_the_same_mistake_with_the_same_words(
    tmp_path: Path, text: str, message: str
) -> None:
    csv = tmp_path / "players.csv"
    csv.write_text(text)
    db = str(tmp_path / "t.db")
    assert run("event", "create", str(DEFINITION), "--db", db)[0] == 0
    code, _, err = run("players", "import", "sssg-2016", str(csv), "--db", db)
    assert code == 2 and f"players CSV {message}" in err, err
    code, _, err = run("files", "draw", "--players", str(csv), "--seed", "1")
    assert code == 2 and f"--players {csv} {message}" in err, err
