"""`tdbot files club-pair|fees`: files in, pairings and fees out, one-line errors (exit 2).

The rules themselves are core's (tests/core/test_club.py); here: the files, the options
and what is printed."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers the commands)
from bot.cli.app import app

runner = CliRunner()

PLAYERS = """\
number,name,rating,sessions,wins,student,senior,joined
1,Ann Able,1900,20,49,no,no,1
2,Bob Best,1800,15,10,,yes,1
3,Cat Cole,1700,12,3,yes,,1
4,Dan Dale,1600,9,0,,,1
5,"Eve, New",0,0,0,,,1
6,Fay Late,1500,8,7,,,2
"""

RULES = """\
method = "koth"
newcomer_sessions = 2
protect_top = 2
bye = "spread"
bye_spread = 40
fee = 5
student_fee = 3.5
senior_fee = "4.00"
free_sessions = 1
"""


def files(tmp_path: Path, players: str = PLAYERS, rules: str = RULES) -> tuple[str, str]:
    (tmp_path / "p.csv").write_text(players, encoding="utf-8")
    (tmp_path / "r.toml").write_text(rules, encoding="utf-8")
    return str(tmp_path / "p.csv"), str(tmp_path / "r.toml")


def run(*args: str):
    return runner.invoke(app, ["files", *args])


def test_pair_round_one_keeps_the_newcomer_from_the_top_and_gives_the_bye(tmp_path: Path) -> None:
    players, rules = files(tmp_path)
    result = run("club-pair", "--players", players, "--rules", rules, "--round", "1", "--json", "--reasons")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["round"] == 1
    seated = sorted([x for p in out["pairings"] for x in p] + out["byes"])
    assert seated == [1, 2, 3, 4, 5]  # 6 joins in round 2
    newcomer_pair = next(p for p in out["pairings"] if 5 in p)
    assert not {1, 2} & set(newcomer_pair)
    assert len(out["reasons"]) == 3
    assert any("+40 spread" in text for _, text in out["reasons"])


def test_pair_with_history_avoids_repeats_and_prints_names(tmp_path: Path) -> None:
    players, rules = files(tmp_path)
    history = tmp_path / "h.json"
    history.write_text(json.dumps([
        {"round": 1, "a": 1, "b": 2, "score_a": 420, "score_b": 380},
        {"round": 1, "a": 3, "b": 5, "score_a": 400, "score_b": 300},
        {"round": 1, "bye": 4},
    ]), encoding="utf-8")
    result = run("club-pair", "--players", players, "--rules", rules, "--round", "2",
                 "--history", str(history), "--reasons")
    assert result.exit_code == 0, result.output
    assert "Round 2, club night, koth" in result.stdout
    assert "Fay Late (6)" in result.stdout
    boards = [line for line in result.stdout.splitlines() if ". " in line[:7]]
    assert len(boards) == 3
    for a, b in ((1, 2), (3, 5)):
        assert not any(f"({a}) v" in line and f"({b})" in line for line in boards)


def test_random_needs_a_seed_and_repeats_with_it(tmp_path: Path) -> None:
    players, rules = files(tmp_path)
    base = ("club-pair", "--players", players, "--rules", rules, "--round", "2", "--method", "random")
    missing = run(*base)
    assert missing.exit_code == 2 and "--seed" in missing.stderr
    one = run(*base, "--seed", "7", "--json")
    assert one.exit_code == 0, one.output
    assert one.stdout == run(*base, "--seed", "7", "--json").stdout


def test_fees(tmp_path: Path) -> None:
    players, rules = files(tmp_path)
    result = run("club-fees", "--players", players, "--rules", rules, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert [f["amount"] for f in out["fees"]] == ["5", "4.00", "3.5", "5", "0", "5"]
    assert out["total"] == "22.50"
    text = run("club-fees", "--players", players, "--rules", rules).stdout
    assert "Eve, New (5): 0 (newcomer's session 1 of 1 free)" in text
    assert text.splitlines()[-1] == "total: 22.50"


def test_bad_files_say_what_is_wrong(tmp_path: Path) -> None:
    cases = [
        (PLAYERS.replace("1,Ann Able,1900", "1,Ann Able,19OO"), RULES,
         "row 2: rating '19OO' is not a whole number"),
        (PLAYERS.replace("number,", "nummer,"), RULES, "unknown column 'nummer'"),
        (PLAYERS, RULES.replace("fee = 5", "fee = 5.005"), "fee"),
        (PLAYERS, RULES + "colour = 1\n", "unknown key 'colour'"),
        (PLAYERS, RULES.replace('"spread"', '"coin"'), "bye 'coin': choose one of spread, sit-out"),
        (PLAYERS.replace("6,Fay", "5,Fay"), RULES, "player number 5 is given twice"),
    ]
    for players_text, rules_text, message in cases:
        players, rules = files(tmp_path, players_text, rules_text)
        result = run("club-pair", "--players", players, "--rules", rules, "--round", "1")
        assert result.exit_code == 2, (message, result.output)
        assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    players, rules = files(tmp_path)
    (tmp_path / "h.json").write_text('[{"round": 1, "a": 1}]', encoding="utf-8")
    result = run("club-pair", "--players", players, "--round", "2", "--history", str(tmp_path / "h.json"))
    assert result.exit_code == 2 and "game 1: 'b' must be a whole number" in result.stderr


ROOT = Path(__file__).resolve().parents[2]
NIGHT = str(ROOT / "examples" / "club_night.toml")
TONIGHT = str(ROOT / "examples" / "club_tonight.csv")


def test_the_club_examples_pair_and_take_fees(tmp_path: Path) -> None:
    """The files docs/td-guide.md shows ("Club nights"): the club's definition (the same file
    the bot takes) is the rules, and its [[players]] ratings and [club.members] records fill
    in what tonight's list leaves out."""
    result = run("club-pair", "--players", TONIGHT, "--rules", NIGHT, "--round", "1", "--json",
                 "--reasons")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    names = {1: "Ann Lee", 2: "Ben Ong", 3: "Cai Wen", 4: "Dev Rao", 5: "Eve Tan", 6: "Gus Koh"}
    paired = sorted(tuple(sorted((names[a], names[b]))) for a, b in out["pairings"])
    # Eve Tan (no record: a newcomer) meets neither of the top 2 regulars (protect_top = 2)
    eve = next(p for p in paired if "Eve Tan" in p)
    assert "Ann Lee" not in eve and "Ben Ong" not in eve
    assert len(paired) == 3 and out["byes"] == []
    result = run("club-fees", "--players", TONIGHT, "--rules", NIGHT, "--json")
    assert result.exit_code == 0, result.output
    fees = {names[f["number"]]: f["amount"] for f in json.loads(result.stdout)["fees"]}
    # fee 5, senior (Ben) and student (Cai) 3, a newcomer's first night (Eve) free
    assert fees == {"Ann Lee": "5", "Ben Ong": "3", "Cai Wen": "3", "Dev Rao": "5",
                    "Eve Tan": "0", "Gus Koh": "5"}


def test_a_players_csv_without_numbers_is_numbered_in_its_order() -> None:
    """The players CSV of `tdbot players import` (name, rating, ...) serves for a night."""
    result = run("club-pair", "--players", str(ROOT / "examples" / "players24.csv"),
                 "--round", "1", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert len(out["pairings"]) == 12
    assert sorted(n for pair in out["pairings"] for n in pair) == list(range(1, 25))


def test_a_definition_that_is_no_club_is_refused(tmp_path: Path) -> None:
    players, _ = files(tmp_path)
    result = run("club-fees", "--players", players, "--rules",
                 str(ROOT / "examples" / "sssg2016.toml"))
    assert result.exit_code == 2
    assert "is not a club night's definition (format = \"club\" with a [club] table)" in \
        result.stderr


def test_rules_nested_too_deep_are_one_line_with_exit_2(tmp_path: Path) -> None:
    """500 nested brackets overflowed the TOML reader's recursion (a RecursionError
    traceback); the rules file is now read as an event definition is."""
    players, rules = files(tmp_path, rules="x = " + "[" * 500 + "]" * 500 + "\n")
    for command in (("club-pair", "--round", "1"), ("club-fees",)):
        result = run(command[0], "--players", players, "--rules", rules, *command[1:])
        assert result.exit_code == 2, result.output
        assert len(result.stderr.strip().splitlines()) == 1
        assert result.stderr.startswith(f"tdbot: error: --rules {rules}: ")
        assert "nested" in result.stderr
