"""The files in examples/ run with the commands the README shows for them: a club night
in tsh's ``.t`` format (11 players, 5 rounds of modified Swiss, a bye each round) and a
rapid chess Swiss in FIDE TRF16 (10 players, 3 of 5 rounds)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from core.formats.trf import read_trf, write_trf
from core.formats.tsh import read_tsh, write_tsh

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CLUB = EXAMPLES / "club.t"
RAPID = EXAMPLES / "rapid.trf"


def run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_example_files_are_whole_and_read_back_as_written() -> None:
    (club,) = read_tsh(CLUB.read_text(), "club")
    assert (len(club.players), club.rounds) == (11, 5)
    for number in range(1, 12):  # everyone has a game or a bye in every round
        assert sorted(g.round for g in club.games_of(number)) == [1, 2, 3, 4, 5]
    assert write_tsh([club]) == CLUB.read_text()
    rapid = read_trf(RAPID.read_text())
    assert (len(rapid.players), rapid.rounds) == (10, 3)
    assert write_trf(rapid) == RAPID.read_text()


def test_pairing_standings_and_export_run_on_the_tsh_example() -> None:
    pairs = json.loads(run("files", "pair", "--system", "koth", "--in", str(CLUB), "--json"))
    assert pairs["round"] == 6 and len(pairs["pairings"]) == 5 and len(pairs["byes"]) == 1
    swiss = json.loads(run("files", "pair", "--system", "swiss", "--in", str(CLUB), "--json"))
    assert swiss["round"] == 6
    standings = json.loads(run("files", "standings", "--in", str(CLUB), "--json"))
    assert [s["rank"] for s in standings] == list(range(1, 12))
    assert sum(s["wins"] for s in standings) == sum(s["losses"] for s in standings) + 5  # byes
    assert "Tan Wei Ming" in run("files", "export", "--in", str(CLUB), "--to", "naspa")


def test_pairing_standings_and_export_run_on_the_trf_example(tmp_path: Path) -> None:
    pairs = json.loads(run("files", "pair", "--system", "uscf", "--in", str(RAPID), "--total-rounds", "5",
                           "--json"))
    assert pairs["round"] == 4 and len(pairs["pairings"]) == 5 and pairs["byes"] == []
    standings = json.loads(run("files", "standings", "--in", str(RAPID), "--json"))
    assert sum(s["points"] for s in standings) == 15  # 5 games a round, 3 rounds
    out = tmp_path / "copy.trf"
    run("files", "export", "--in", str(RAPID), "--to", "trf", "--out", str(out))
    assert out.read_text() == RAPID.read_text()
