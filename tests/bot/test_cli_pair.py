"""`tdbot files pair`: reads a tsh file, pairs the next round, prints text or JSON.

Pairing rules are the core's (Director's Manual appendix, see tests/core/test_koth.py etc.);
here: the command's options, defaults, output shapes and one-line errors (exit 2).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers the commands)
from bot.cli.app import app

runner = CliRunner()

# Six players, two rounds played (tsh: opponents; scores). Standings after round 2:
# 1 (2-0, +130), then 1-1: 3 (+10, rated 1700), 5 (+10, 1500), 6 (-20), 2 (-30); 4 (0-2).
SIX = """\
Ann Able 1900 2 3; 400 380
Bob Best 1800 1 5; 350 420
Cat Cole 1700 4 1; 420 300
Dan Dale 1600 3 6; 330 390
Eve East 1500 6 2; 380 400
Fay Fox 1400 5 4; 350 400
"""


def write(tmp_path: Path, text: str, name: str = "a.t") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(*args: str):
    return runner.invoke(app, ["files", "pair", *args])


def test_json_output_pairs_next_round(tmp_path: Path) -> None:
    path = write(tmp_path, SIX)
    result = run("--system", "koth", "--in", str(path), "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["round"] == 3 and out["byes"] == []
    # The KOTH table 1v3, 5v6, 2v4 repeats 1v3 (round 2) and 5v6 (round 1): switched.
    assert sorted(sorted(p) for p in out["pairings"]) == [[1, 5], [2, 4], [3, 6]]


def test_why_gives_a_reason_per_pair(tmp_path: Path) -> None:
    path = write(tmp_path, SIX)
    result = run("--system", "fp4", "--in", str(path), "--reasons")
    assert result.exit_code == 0, result.output
    assert "FP4" in result.stdout and "paired" in result.stdout
    lines = [line for line in result.stdout.splitlines() if " v " in line and "." in line[:6]]
    assert len(lines) == 3
    data = json.loads(run("--system", "fp4", "--in", str(path), "--json", "--reasons").stdout)
    assert len(data["reasons"]) == 3


def test_round_option_and_bye(tmp_path: Path) -> None:
    five = "".join(f"P{i} {2000 - 100 * i}\n" for i in range(1, 6))
    path = write(tmp_path, five)
    result = run("--system", "swiss", "--in", str(path), "--round", "1", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["round"] == 1
    assert out["byes"] == [5]  # lowest-rated rated player gets the first bye


def test_pending_round_counts_as_met(tmp_path: Path) -> None:
    # Round 3 is paired (1v2, 3v4, 5v6) but not scored: pairing round 4 from the
    # standings after round 2 (Portland) must not repeat a round-3 pairing.
    text = """\
A 1900 2 3 2; 400 380
B 1800 1 5 1; 350 420
C 1700 4 1 4; 420 300
D 1600 3 6 3; 330 390
E 1500 6 2 6; 380 400
F 1400 5 4 5; 350 400
"""
    path = write(tmp_path, text)
    result = run("--system", "portland", "--last-swiss-round", "5", "--in", str(path), "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["round"] == 4
    assert not {tuple(sorted(p)) for p in out["pairings"]} & {(1, 2), (3, 4), (5, 6)}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--system", "nope"], "unknown pairing system 'nope'"),
        (["--system", "portland"], "needs --last-swiss-round"),
        (["--system", "koth", "--factor", "4"], "--factor does not apply to --system koth"),
        (["--system", "fp", "--factor", "3"], "even number"),
        (["--system", "koth", "--gibson"], "--gibson needs --prize-places"),
        (["--system", "koth", "--round", "0"], "--round 0"),
        (["--system", "koth", "--division", "Z"], "--division Z: no such division"),
        (["--system", "koth", "--set", "oops"], "--set oops: write it as KEY=VALUE"),
        (["--system", "koth", "--round", "5"], "--round 5: the file has rounds up to 2"),
        (["--system", "snake", "--set", "groups=x"], "--set groups=x: give a whole number"),
        (["--system", "uscf", "--set", "accelerated=3"], "--set accelerated=3: give yes or no"),
        (["--system", "split-rr", "--set", "split=4"], "--set split=4: give a word"),
        (["--system", "quads", "--set", "group_size=5"], "multiple of 4"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args, message) -> None:
    path = write(tmp_path, SIX)
    result = run(*args, "--in", str(path))
    assert result.exit_code == 2
    err = result.stderr.strip()
    assert len(err.splitlines()) == 1 and message in err, err


def test_missing_and_malformed_files(tmp_path: Path) -> None:
    result = run("--system", "koth", "--in", str(tmp_path / "none.t"))
    assert result.exit_code == 2 and "cannot read" in result.stderr
    bad = write(tmp_path, "Ann 1900 2; 400 380 390\n")
    result = run("--system", "koth", "--in", str(bad))
    assert result.exit_code == 2 and str(bad) in result.stderr
    # one format for every command that reads a file: FILE:LINE: message
    other = write(tmp_path, "Ann, A 1900 2; 400\nBob, B 1800 1; 300\nCat, C 1700 x; 1\n", "b.t")
    messages = set()
    for args in (["pair", "--system", "koth"], ["standings"], ["export", "--to", "naspa"]):
        args = ["files", *args]
        result = runner.invoke(app, [*args, "--in", str(other)])
        assert result.exit_code == 2
        assert result.stderr.startswith(f"tdbot: error: {other}:3: "), result.stderr
        messages.add(result.stderr)
    assert len(messages) == 1


def test_gibson_fixes_the_clinched_player(tmp_path: Path) -> None:
    # Four rounds of the seed's 6-player round robin: 1 won all four, nobody else has
    # more than 2, so with one round left 1 has clinched first.
    text = """\
A 1900 6 5 4 3; 400 400 400 400
B 1800 5 3 6 4; 400 300 300 300
C 1700 4 2 5 1; 400 400 300 300
D 1600 3 6 1 2; 300 400 300 400
E 1500 2 1 3 6; 300 300 400 400
F 1400 1 4 2 5; 300 300 400 300
"""
    path = write(tmp_path, text)
    result = run("--system", "koth", "--in", str(path), "--json", "--reasons",
                 "--gibson", "--prize-places", "1", "--rounds-left", "1")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    reasons = " ".join(text for _, text in out["reasons"])
    assert "fixed: Gibson rule: 1 has clinched" in reasons
    assert out["round"] == 5 and len(out["pairings"]) == 3


def test_registry_names_and_fp_presets() -> None:
    from core.pairing.registry import SYSTEMS, find_system

    assert find_system("FP6").preset == {"factor": 6}
    assert find_system("koth").load().__name__ == "pair_koth"
    for name in ("koth", "fp", "swiss", "portland", "lagged"):
        assert callable(SYSTEMS[name].load())
    for system in SYSTEMS.values():  # others' modules: present, or a clear LookupError
        try:
            system.load()
        except LookupError as exc:
            assert system.name in str(exc)
    with pytest.raises(LookupError, match="unknown pairing system"):
        find_system("fpx")


def test_fp6_by_name_on_round_one(tmp_path: Path) -> None:
    six = "".join(f"P{i} {2000 - 100 * i}\n" for i in range(1, 7))
    path = write(tmp_path, six)
    out = json.loads(run("--system", "fp6", "--in", str(path), "--json").stdout)
    assert out == {"round": 1, "pairings": [[1, 4], [2, 5], [3, 6]], "byes": []}


def test_avoid_teams_forbids_team_mates(tmp_path: Path) -> None:
    text = "".join(f"P{i} {2000 - 100 * i} ; ; team {'Red' if i <= 2 else 'Blue'}\n"
                   for i in range(1, 5))
    path = write(tmp_path, text)
    plain = json.loads(run("--system", "koth", "--in", str(path), "--json").stdout)
    assert plain["pairings"] == [[1, 2], [3, 4]]
    result = run("--system", "koth", "--in", str(path), "--json", "--reasons", "--avoid-teams")
    out = json.loads(result.stdout)
    assert {tuple(sorted(p)) for p in out["pairings"]} & {(1, 2), (3, 4)} == set()
    assert "may not meet (same team, Red)" in " ".join(t for _, t in out["reasons"])


def test_a_bye_in_a_round_paired_ahead_counts_as_that_players_bye(tmp_path: Path) -> None:
    # Round 2 is paired (1v3, 2 has the bye) but not scored. Pairing round 3 from the
    # standings after round 1 (Portland), 2 is last but already has a bye in round 2:
    # Director's Manual, "Odd Number of Players": the next bye goes to the next player up.
    path = write(tmp_path, "Ann, A 1900 2 3; 400\nBob, B 1800 1 0; 300\nCat, C 1700 0 1; 50\n")
    out = json.loads(run("--system", "portland", "--last-swiss-round", "5", "--in", str(path),
                         "--json").stdout)
    assert out["round"] == 3 and out["byes"] != [2]
    assert out["pairings"] and 2 in out["pairings"][0]


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "club.t"
#: Each system as `files pair` takes it on examples/club.t (11 players, 5 rounds played).
SYSTEMS = [["swiss"], ["koth"], ["fp"], ["lagged", "--lagged-rounds", "2"], ["rr"],
           ["double-rr"], ["nsc2006"], ["quads"], ["koth-quads"], ["speed"], ["split-rr"],
           ["snake", "--set", "groups=1"], ["portland", "--last-swiss-round", "7"], ["uscf"]]


@pytest.mark.parametrize("system", SYSTEMS, ids=[s[0] for s in SYSTEMS])
def test_the_reasons_read_as_english_sentences(system: list[str]) -> None:
    """--json --reasons gives each pair's and bye's reason as one English sentence for the
    operator: no kind's raw name (a_kind), no record or JSON inside the text, no
    placeholder left, and a count never reads like a player's number ("2 from the bottom"
    beside "bye 7")."""
    result = run("--system", system[0], "--in", str(EXAMPLE), "--json", "--reasons",
                 *system[1:])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    reasons = [text for _, text in out["reasons"]]
    assert len(reasons) == len(out["pairings"]) + len(out["byes"]), out
    for text in reasons:
        assert text and isinstance(text, str), out
        assert not re.search(r"\b[a-z]+_[a-z_]+\b|[{}\[\]\"]|<|&[a-z]+;|from the bottom", text), text


def test_a_bye_s_reason_counts_the_players_below_in_words() -> None:
    result = run("--system", "swiss", "--in", str(EXAMPLE), "--total-rounds", "7", "--json",
                 "--reasons")
    out = json.loads(result.output)
    byes = [text for (_, b), text in out["reasons"] if b == 0]
    assert byes == [f"bye {out['byes'][0]}: the lowest placed player still without a bye ("
                    "2 players below have had one)"], byes
