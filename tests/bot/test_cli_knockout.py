"""`tdbot draw` and `tdbot simulate` (seed 003, SSSg 2016: Schedule and Details, Annex A
paras 1-4, 8 and footnote 4): the contract others test against."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "players24.csv"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_simulate_sssg_24_has_the_2016_shape():
    """8 best-of-9 qualifying matches with byes for the 8 highest-rated, a 16-player top
    division on the para 4 schedule ending in a BO18 grand final one game up (para 2),
    an 8-player plate from BO9 (footnote 4), 2 plate prizes (para 8)."""
    result = run("simulate", "--format", "sssg", "--players", str(EXAMPLE), "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seed"] == 1
    matches = data["matches"]
    quals = [m for m in matches if m["division"] == "qualifying"]
    assert len(quals) == 8 and {m["best_of"] for m in quals} == {9}
    ratings = dict(
        (row.split(",")[0], int(row.split(",")[1])) for row in EXAMPLE.read_text().splitlines()[1:]
    )
    in_quals = {p for m in quals for p in m["players"]}
    top8 = sorted(ratings, key=ratings.get, reverse=True)[:8]
    assert not in_quals & set(top8) and len(in_quals) == 16
    top = [m for m in matches if m["division"] == "top"]
    best_of = {m["round"]: m["best_of"] for m in top}
    assert best_of == {
        "Ro16": 11, "QF": 13, "Minor QF": 13, "SF": 15, "Major QF": 13,
        "Winners' Final": 17, "Minor SF": 15, "Major SF": 15, "Minor F": 17,
        "Losers' Final": 17, "Grand Final": 18,
    }  # fmt: skip
    gf = top[-1]
    assert gf["round"] == "Grand Final" and gf["head_start"] == {
        "player": gf["players"][0],
        "games": 1,
    }
    plate = [m for m in matches if m["division"] == "plate"]
    assert [m["best_of"] for m in plate] == [9, 9, 9, 9, 11, 11, 13]
    assert len(data["placements"]["top"]) == 16 and len(data["placements"]["plate"]) == 8
    assert data["placements"]["top"][0] == gf["winner"]
    assert len(data["prizes"]["plate"]) == 2
    # Matches come in an order in which they can be played: rounds of play in order, and
    # nobody plays twice in one round of play.
    rounds = [m["round_of_play"] for m in matches]
    assert rounds == sorted(rounds)
    for k in set(rounds):
        players = [p for m in matches if m["round_of_play"] == k for p in m["players"]]
        assert len(players) == len(set(players))
    assert not any(p.startswith(("winner of", "loser of")) for m in matches for p in m["players"])
    # Games: played {starter, scores}, byes {bye}, voids marked.
    kinds = {next(iter(k for k in g if k != "void")) for m in matches for g in m["games"]}
    assert kinds <= {"starter", "bye"} and "starter" in kinds
    for m in matches:
        for g in m["games"]:
            if "starter" in g:
                assert g["starter"] in m["players"] and len(g["scores"]) == 2


def test_simulate_includes_tied_games_and_game_byes():
    result = run("simulate", "--players", str(EXAMPLE), "--seed", "1", "--json")
    games = [g for m in json.loads(result.stdout)["matches"] for g in m["games"]]
    assert any("bye" in g for g in games)
    assert any("scores" in g and g["scores"][0] == g["scores"][1] for g in games)


def test_the_same_seed_gives_the_same_output_and_the_seed_is_printed():
    """Paras 1 and 3: fixtures and positions 'determined by random draw'; the draw takes a
    seed and prints it, so anyone can re-run it and get the same bracket."""
    a = run("simulate", "--players", str(EXAMPLE), "--seed", "7")
    b = run("simulate", "--players", str(EXAMPLE), "--seed", "7")
    c = run("simulate", "--players", str(EXAMPLE), "--seed", "8")
    assert a.exit_code == 0 and a.stdout == b.stdout != c.stdout
    assert "seed 7" in a.stdout and "Grand Final" in a.stdout and "1st" in a.stdout
    d1 = run("draw", "--players", str(EXAMPLE), "--seed", "7")
    d2 = run("draw", "--players", str(EXAMPLE), "--seed", "7")
    assert d1.stdout == d2.stdout and "seed 7" in d1.stdout


def test_draw_shows_the_qualifying_and_the_slots_that_depend_on_it():
    result = run("draw", "--format", "sssg", "--players", str(EXAMPLE), "--seed", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("\n    Q") == 8
    assert "winner of Q" in out and "loser of T1" in out and "Losers' Final" in out
    assert "Plate" in out and "Drawn when the qualifying round is over" in out
    data = json.loads(run("draw", "--players", str(EXAMPLE), "--seed", "1", "--json").stdout)
    assert len(data["qualifying"]) == 8 and len(data["byes"]) == 8
    assert data["top"]["kind"] == "double" and data["plate"]["seating"] == []


@pytest.mark.parametrize("fmt", ["single", "double"])
@pytest.mark.parametrize("n", [2, 5, 13])
def test_plain_brackets_of_any_size(tmp_path, fmt, n):
    csv = tmp_path / "p.csv"
    csv.write_text("name,rating\n" + "".join(f"p{i},{1500 + i}\n" for i in range(n)))
    drawn = run("draw", "--format", fmt, "--players", str(csv), "--seed", "3", "--json")
    assert drawn.exit_code == 0, drawn.output
    assert json.loads(drawn.stdout)["top"]["kind"] == fmt
    result = run("simulate", "--format", fmt, "--players", str(csv), "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert sorted(data["placements"]["top"]) == sorted(f"p{i}" for i in range(n))
    losses: dict[str, int] = {}
    for m in data["matches"]:
        loser = next(p for p in m["players"] if p != m["winner"])
        losses[loser] = losses.get(loser, 0) + 1
    assert max(losses.values()) == (1 if fmt == "single" else 2)


@pytest.mark.parametrize(
    "content, message",
    [
        ("name,elo\na,1\nb,2\n", "line 1: missing column rating"),
        ("name,rating\na,1500\nb,1400\na,1300\n", "line 4: duplicate name 'a'"),
        ("name,rating\na,1500\nb,strong\n", "line 3: rating 'strong' of b is not a number"),
        ("name,rating\na,1500\n", "1 player(s); a knockout needs at least 2"),
        ("", "the file is empty"),
    ],
)
def test_bad_players_files_get_one_line_and_exit_code_2(tmp_path, content, message):
    csv = tmp_path / "p.csv"
    csv.write_text(content)
    for command in ("draw", "simulate"):
        result = run(command, "--players", str(csv), "--seed", "1")
        assert result.exit_code == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and message in lines[0], result.stderr


def test_unknown_format_and_options_are_named():
    result = run("draw", "--format", "swiss", "--players", str(EXAMPLE), "--seed", "1")
    assert result.exit_code == 2 and "--format 'swiss'" in result.stderr
    result = run(
        "draw", "--format", "double", "--grand-final", "x", "--players", str(EXAMPLE), "--seed", "1"
    )
    assert result.exit_code == 2 and "--grand-final" in result.stderr
    result = run("simulate", "--players", str(EXAMPLE) + ".missing", "--seed", "1")
    assert result.exit_code == 2 and "cannot read" in result.stderr


def players_csv(tmp_path, n: int) -> Path:
    csv = tmp_path / f"p{n}.csv"
    csv.write_text("name,rating\n" + "".join(f"Player {i:02d},{2000 - 7 * i}\n" for i in range(n)))
    return csv


def test_draw_names_who_can_fill_a_qualifier_slot(tmp_path):
    """17-24 players: the top division is drawn at once (its seeds are the bye-holders,
    para 3), so a slot reads 'winner of Q3 (A / B)': a TD sees who may come."""
    out = run("draw", "--players", str(EXAMPLE), "--seed", "1").stdout
    q1 = next(line for line in out.splitlines() if line.strip().startswith("Q1 "))
    a, b = (part.split(" (")[0].strip() for part in q1.split("Q1", 1)[1].split("  v  "))
    assert f"winner of Q1 ({a} / {b})" in out
    assert "double elimination of 16 (the 8 bye-holders and the 8 qualifying winners)" in out
    assert "single elimination of 8 (the qualifying losers)" in out


def test_draw_of_a_division_drawn_after_qualifying_says_so(tmp_path):
    """25-32 players: both divisions are seeded after qualifying (para 3): the first round
    is not shown as empty seats but as drawn later, with the byes the plate will have."""
    out = run("draw", "--players", str(players_csv(tmp_path, 28)), "--seed", "1").stdout
    assert "T1-T8: drawn when the qualifying round is over" in out
    assert "P1-P8: drawn when the qualifying round is over" in out
    assert "4 byes to the highest-rated (para 2)" in out
    assert "seat 1" not in out


@pytest.mark.parametrize("n", [12, 16, 40, 70])
def test_draw_reads_well_for_any_sssg_field(tmp_path, n):
    """Every size prints without 'bye v bye' or empty seats; 16 or fewer: no qualifying."""
    result = run("draw", "--players", str(players_csv(tmp_path, n)), "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "bye  v  bye" not in out and "seat " not in out
    assert ("no qualifying round" in out) == (n <= 16)
    assert ("Plate" in out) == (n > 17)


def test_byes_read_as_byes_in_plain_brackets(tmp_path):
    """Para 2: byes to the top seeds; the bye-holder goes through without playing, and a
    lower-bracket match with two byes is no match at all."""
    out = run("draw", "--format", "double", "--players", str(players_csv(tmp_path, 5)),
              "--seed", "1").stdout  # fmt: skip
    assert out.count(": bye (goes through without playing)") >= 3
    assert "no match: both slots are byes" in out
    assert "Seeds: [1] Player 00, [2] Player 01" in out
    single = run("draw", "--format", "single", "--players", str(players_csv(tmp_path, 13)),
                 "--seed", "1").stdout  # fmt: skip
    assert single.count(": bye (goes through without playing)") == 3


def test_third_place_option(tmp_path):
    """Footnote 8: an optional third-place match (plate, or a single elimination); a
    double elimination has none (its lower bracket decides third)."""
    csv = str(players_csv(tmp_path, 40))
    data = json.loads(run("simulate", "--players", csv, "--seed", "2", "--third-place",
                          "--json").stdout)  # fmt: skip
    third = [m for m in data["matches"] if m["round"] == "3rd place"]
    assert len(third) == 1 and third[0]["division"] == "plate"
    assert data["placements"]["plate"][2] == third[0]["winner"]
    single = run("draw", "--format", "single", "--third-place", "--players", csv, "--seed", "1")
    assert "3rd place" in single.stdout
    result = run("draw", "--format", "double", "--third-place", "--players", csv, "--seed", "1")
    assert result.exit_code == 2 and "--third-place" in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["--best-of", "5"], "--best-of: --format sssg plays by the SSSg rules"),
        (["--format", "single", "--drops", "rematch"], "--drops: only a double elimination"),
        (
            ["--format", "double", "--head-start", "2"],
            "--head-start: needs --grand-final head_start",
        ),
        (["--format", "single", "--step", "-1"], "--step -1: must be 0 or more"),
    ],
)
def test_options_the_format_does_not_use_are_refused_not_ignored(args, message):
    """A TD who passes --best-of to an SSSg draw must not believe it took effect: para 4
    and footnote 4 fix the SSSg best-of."""
    result = run("draw", "--players", str(EXAMPLE), "--seed", "1", *args)
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_reserved_name_is_refused_with_the_file_named(tmp_path):
    csv = tmp_path / "p.csv"
    csv.write_text("name,rating\nwinner of Q1,1500\nBob,1400\nCat,1300\n")
    result = run("draw", "--players", str(csv), "--seed", "1")
    assert result.exit_code == 2 and f"--players {csv}" in result.stderr
    assert "rename the player" in result.stderr
