"""`tdbot files pair --all-rounds` and `--round R` ahead of the results, for the table systems.

Director's Manual ("Tournament Structures"): round robin, snake and speed pairings "are computed
for fixed number of rounds based on each player's starting rating, not dependent on game
outcomes"; a round robin's pairings "can be computed at the beginning of the
tournament" and posted. The systems that pair on results are refused, saying why.
"""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli.formats_cmds  # noqa: F401
import bot.cli.pair_cmd  # noqa: F401  (registers the command)
from bot.cli.app import app
from core.formats.tsh import parse_tsh, write_tsh
from core.pairing.round_robin import round_robin_bye, round_robin_schedule
from core.tournament import Division, Player
from tests.bot.test_cli_pair_systems import NAMES, tsh_file

runner = CliRunner()


def fresh(tmp_path: Path, n: int) -> Path:
    """A .t file of ``n`` players, rated 2000 down by 10, without a game."""
    players = tuple(Player(i, f"{NAMES[i - 1]}, X", 2000 - 10 * i) for i in range(1, n + 1))
    path = tmp_path / f"fresh{n}.t"
    path.write_text(write_tsh([Division("A", players)]), encoding="utf-8")
    return path


def pair(*args: str) -> tuple[str, str]:
    result = runner.invoke(app, ["files", "pair", *args])
    assert result.exit_code == 0, result.output
    return result.stdout, result.stderr


def refused(*args: str) -> str:
    result = runner.invoke(app, ["files", "pair", *args])
    assert result.exit_code == 2, result.output
    return result.stderr


def all_rounds(path: Path, system: str, *extra: str) -> list[dict]:
    out, _ = pair("--system", system, "--in", str(path), "--all-rounds", "--json", *extra)
    rounds = json.loads(out)
    assert isinstance(rounds, list)
    return rounds


def meetings(rounds: list[dict]) -> list[frozenset[int]]:
    return [frozenset(p) for r in rounds for p in r["pairings"]]


@pytest.mark.parametrize("n", [6, 7])
def test_round_robin_prints_the_whole_clark_table_before_play(tmp_path: Path, n: int) -> None:
    rounds = all_rounds(fresh(tmp_path, n), "round-robin")
    schedule = round_robin_schedule(n)
    assert [r["round"] for r in rounds] == list(range(1, len(schedule) + 1))
    assert [[tuple(p) for p in r["pairings"]] for r in rounds] == [list(s) for s in schedule]
    assert [r["byes"] for r in rounds] == [
        [] if round_robin_bye(n, k) is None else [round_robin_bye(n, k)]
        for k in range(1, len(schedule) + 1)
    ]
    assert sorted(meetings(rounds), key=sorted) == sorted(
        (frozenset(p) for p in combinations(range(1, n + 1), 2)), key=sorted
    )


def test_double_round_robin_meets_twice_with_first_moves_reversed(tmp_path: Path) -> None:
    rounds = all_rounds(fresh(tmp_path, 4), "double-rr")
    assert len(rounds) == 6
    assert [[list(reversed(p)) for p in r["pairings"]] for r in rounds[:3]] == [
        r["pairings"] for r in rounds[3:]
    ]


def test_text_lists_every_round(tmp_path: Path) -> None:
    out, _ = pair("--system", "rr", "--in", str(fresh(tmp_path, 5)), "--all-rounds")
    heads = [line for line in out.splitlines() if line.startswith("Round ")]
    assert [h.split(",")[0] for h in heads] == [f"Round {k}" for k in range(1, 6)]
    assert out.count("bye:") == 5


@pytest.mark.parametrize(
    ("system", "extra", "n"),
    [("rr", (), 7), ("snake", ("--set", "groups=2"), 10), ("split-rr", (), 9),
     ("quads", (), 10), ("speed", (), 11), ("john-green", (), 7)],
)
def test_the_table_is_what_pairing_round_by_round_gives(
    tmp_path: Path, system: str, extra: tuple[str, ...], n: int
) -> None:
    """Printed at once, each round of the table is what `pair` gives when every round
    before it has been written to the file (--out), as tsh holds rounds paired ahead.
    Odd groups make the byes and idle players depend on the rounds before."""
    path = fresh(tmp_path, n)
    table = all_rounds(path, system, *extra)
    one_by_one = []
    for _ in table:
        out, _ = pair("--system", system, "--in", str(path), "--json", "--out", str(path), *extra)
        one_by_one.append(json.loads(out))
    assert one_by_one == table
    for r in table:  # everyone once a round
        seated = [p for pair_ in r["pairings"] for p in pair_] + r["byes"]
        assert sorted(seated) == list(range(1, n + 1))
    assert len(set(meetings(table))) == len(meetings(table))  # no repeat inside a table


def test_round_r_runs_ahead_of_an_empty_file_within_the_table(tmp_path: Path) -> None:
    path = fresh(tmp_path, 8)
    table = all_rounds(path, "rr")
    for k in (2, 5, 7):
        out, note = pair("--system", "rr", "--in", str(path), "--round", str(k), "--json")
        assert json.loads(out) == table[k - 1]
        assert f"round {k} follows them" in note
    text, _ = pair("--system", "rr", "--in", str(path), "--round", "4")
    assert text.startswith("Round 4,") and "rounds 1-3 of the table came first" in text


def test_mid_event_the_table_goes_on_from_the_next_round(tmp_path: Path) -> None:
    path = tsh_file(tmp_path, 6, 2)  # two rounds of the Clark table played
    rounds = all_rounds(path, "rr")
    assert [r["round"] for r in rounds] == [3, 4, 5]
    assert [[tuple(p) for p in r["pairings"]] for r in rounds] == [
        list(s) for s in round_robin_schedule(6)[2:]
    ]


def test_partly_tables_print_their_table_and_say_what_waits_for_results(tmp_path: Path) -> None:
    seven = fresh(tmp_path, 7)
    green = all_rounds(seven, "john-green")
    assert [r["round"] for r in green] == [1, 2, 3, 4, 5]
    _, note = pair("--system", "john-green", "--in", str(seven), "--all-rounds", "--json")
    assert "round 6 is King of the Hill" in note
    why = refused("--system", "john-green", "--in", str(seven), "--round", "6")
    assert "King of the Hill on the standings after round 5" in why
    quads = all_rounds(fresh(tmp_path, 12), "quads")
    assert [r["round"] for r in quads] == [1, 2, 3]
    why = refused("--system", "quads", "--in", str(fresh(tmp_path, 12)), "--round", "5")
    assert "drawn from the standings after round 3" in why and "pair round 1 first" in why
    four = refused("--system", "quads", "--set", "session_rounds=4", "--in",
                   str(fresh(tmp_path, 12)), "--round", "4")
    assert "A v A1" in four


@pytest.mark.parametrize(
    ("system", "reason"),
    [("koth", "on the standings after the round before"), ("fp4", "1 v 1+N"),
     ("swiss", "win groups"), ("portland", "after round X-2"), ("lagged", "after round X-2"),
     ("uscf", "score groups"), ("koth-quads", "King of the Hill each round")],
)
def test_systems_that_pair_on_results_are_refused_with_the_reason(
    tmp_path: Path, system: str, reason: str
) -> None:
    path = fresh(tmp_path, 8)
    why = refused("--system", system, "--in", str(path), "--all-rounds")
    assert f"{system} is not a table system" in why and reason in why
    ahead = refused("--system", system, "--in", str(path), "--round", "3")
    assert "the next to pair is round 1" in ahead and reason in ahead


def test_all_rounds_writes_every_round_ahead_to_the_t_file(tmp_path: Path) -> None:
    path = fresh(tmp_path, 5)
    out, note = pair("--system", "rr", "--in", str(path), "--all-rounds", "--json", "--out", str(path))
    (item,) = parse_tsh(path.read_text(encoding="utf-8"))
    def plain(rounds: list[dict]) -> list[tuple[int, set[frozenset[int]], list[int]]]:
        # a .t file's rounds paired ahead do not record who goes first
        return [(r["round"], {frozenset(x) for x in r["pairings"]}, r["byes"]) for r in rounds]

    written = [{"round": p.round, "pairings": p.pairs, "byes": list(p.byes)} for p in item.pending]
    assert plain(written) == plain(json.loads(out)) and "wrote rounds 1-5" in note
    assert "round 6 is outside" in refused("--system", "rr", "--in", str(path), "--all-rounds")


def test_bad_combinations_are_named(tmp_path: Path) -> None:
    path = fresh(tmp_path, 6)
    assert "drop --round" in refused("--system", "rr", "--in", str(path), "--all-rounds",
                                     "--round", "2")
    assert "Gibson rule decides" in refused("--system", "nsc2006", "--in", str(path),
                                            "--all-rounds", "--gibson", "--prize-places", "1",
                                            "--total-rounds", "28")
    out = refused("--system", "rr", "--in", str(path), "--round", "3", "--out", str(path))
    assert "only round 1 can be added next" in out and "--all-rounds" in out


def test_nsc2006_prints_its_snake_rounds_then_each_session_on_results(tmp_path: Path) -> None:
    """NSC 2006 notes: rounds 1-7 are snake round robins in groups of 8; round 8 begins the
    quads, drawn from the standings after round 7."""
    path = fresh(tmp_path, 20)
    rounds = all_rounds(path, "nsc2006")
    assert [r["round"] for r in rounds] == list(range(1, 8))
    assert len(set(meetings(rounds))) == 7 * 10
    _, note = pair("--system", "nsc2006", "--in", str(path), "--all-rounds", "--json")
    assert "round 8 starts the quads" in note
    why = refused("--system", "nsc2006", "--in", str(path), "--round", "9")
    assert "drawn from the standings after round 7" in why
