"""`tdbot files pair --system NAME`: every pairing system reachable from the command line,
by its short name and by the long name the issue uses, with its options.

The rules themselves are tested in tests/core (one file per system, from the seeds);
here each system runs on a small generated file and the answer is checked for what
any pairing must be (everyone once, byes only when odd, the round after the last)
and, where a seed gives the answer, for that answer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli.formats_cmds  # noqa: F401
import bot.cli.pair_cmd  # noqa: F401  (registers the command)
from bot.cli.app import app
from core.formats.trf import write_trf
from core.formats.tsh import TshDivision, write_tsh
from core.pairing.round_robin import round_robin_bye, round_robin_schedule
from core.tournament import Division, Game, GameKind, Pairings, Player

runner = CliRunner()
NAMES = "Ann Bob Cat Dan Eve Fay Gus Hal Ida Jon Kim Lou Max Ned Oli Pam Quin Rex Sam Tia".split()


def division(n: int, rounds: int) -> Division:
    """``n`` players rated 2000 down by 10; ``rounds`` rounds of the Clark round robin
    played, winners by a fixed rule, scores 420-479 against 350-399."""
    players = tuple(Player(i, f"{NAMES[i - 1]}, X", 2000 - 10 * i) for i in range(1, n + 1))
    games = []
    schedule = round_robin_schedule(n)
    for r in range(rounds):
        for a, b in schedule[r]:
            win = a if (a * 7 + b * 3 + r) % 3 else b
            lose = b if win == a else a
            games.append(Game(r + 1, win, lose, 1.0, 0.0, 420 + (win * 11 + r) % 60,
                              350 + (lose * 7 + r) % 50, first=a))
        bye = round_robin_bye(n, r + 1)
        if bye is not None:
            games.append(Game(r + 1, bye, None, 1.0, score_a=50, kind=GameKind.BYE))
    return Division("A", players, tuple(games), rounds)


def tsh_file(tmp_path: Path, n: int, rounds: int) -> Path:
    path = tmp_path / f"p{n}_{rounds}.t"
    path.write_text(write_tsh([division(n, rounds)]), encoding="utf-8")
    return path


def pair_json(*args: str) -> dict:
    result = runner.invoke(app, ["files", "pair", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def assert_valid(out: dict, n: int, round_number: int) -> None:
    seen = [p for pair in out["pairings"] for p in pair] + out["byes"]
    assert sorted(seen) == list(range(1, n + 1)), out
    assert len(out["byes"]) == n % 2
    assert out["round"] == round_number


SYSTEMS = [
    # (names, options, players, rounds played)
    (("koth", "king-of-the-hill"), (), 8, 2),
    (("koth",), ("--repeats",), 8, 2),
    (("fp", "factored"), ("--factor", "4"), 8, 2),
    (("fp6",), (), 9, 2),
    (("swiss", "modified-swiss"), ("--total-rounds", "8", "--final", "fp4"), 8, 2),
    (("swiss",), ("--total-rounds", "4", "--final", "koth"), 9, 3),
    (("portland", "portland-swiss"), ("--last-swiss-round", "6"), 8, 2),
    (("lagged",), (), 12, 3),
    (("lagged",), ("--lagged-rounds", "4", "--total-rounds", "6"), 8, 3),
    (("rr", "round-robin"), (), 8, 2),
    (("rr",), ("--set", "cycles=3"), 7, 3),
    (("double-rr", "double-round-robin"), (), 6, 5),
    (("john-green",), (), 7, 2),
    (("snake",), ("--set", "groups=2"), 8, 2),
    (("split-rr", "split-round-robin"), (), 8, 2),
    (("speed",), (), 8, 2),
    (("quads",), ("--set", "group_size=8"), 8, 2),
    (("koth-quads",), ("--set", "from_position=5"), 8, 2),
    (("nsc2006",), (), 16, 3),
]


@pytest.mark.parametrize(("names", "options", "n", "rounds"), SYSTEMS)
def test_every_system_pairs_through_the_cli(tmp_path: Path, names, options, n, rounds) -> None:
    path = tsh_file(tmp_path, n, rounds)
    answers = []
    for name in names:
        out = pair_json("--system", name, "--in", str(path), *options)
        assert_valid(out, n, rounds + 1)
        answers.append(out)
    assert all(a == answers[0] for a in answers)  # the long name is the same system
    assert pair_json("--system", names[0], "--in", str(path), *options) == answers[0]


def test_round_robin_round_one_is_the_seed_table(tmp_path: Path) -> None:
    # Director's Manual, "Round-Robin Pairings", 6 players: #1 meets 6, #2 meets 5, #3 meets 4.
    out = pair_json("--system", "round-robin", "--in", str(tsh_file(tmp_path, 6, 0)))
    assert sorted(sorted(p) for p in out["pairings"]) == [[1, 6], [2, 5], [3, 4]]


def test_double_round_robin_second_cycle_repeats_the_first(tmp_path: Path) -> None:
    path = tsh_file(tmp_path, 4, 3)
    again = pair_json("--system", "double-round-robin", "--in", str(path))
    first = pair_json("--system", "double-round-robin", "--in", str(path), "--round", "1")
    assert again["round"] == 4
    assert sorted(map(sorted, again["pairings"])) == sorted(map(sorted, first["pairings"]))


def test_lagged_round_one_is_fp10_by_rating(tmp_path: Path) -> None:
    # ABG rules' 5 lagged rounds as Portland Swiss (Director's Manual): round 1 of 5 is FP10.
    out = pair_json("--system", "lagged", "--in", str(tsh_file(tmp_path, 12, 0)))
    assert out["pairings"] == [[1, 6], [2, 7], [3, 8], [4, 9], [5, 10], [11, 12]]


def test_lagged_last_rounds_are_koth_on_the_latest_standings(tmp_path: Path) -> None:
    path = tsh_file(tmp_path, 8, 6)
    lagged = pair_json("--system", "lagged", "--in", str(path))
    koth = pair_json("--system", "koth", "--repeats", "--in", str(path))
    assert lagged["round"] == 7 and lagged == koth  # rounds 7 and 8: repeats allowed


def _trf(tmp_path: Path, n: int) -> Path:
    players = tuple(Player(i, f"Pl,{NAMES[i - 1]}", 2000 - 50 * i) for i in range(1, n + 1))
    path = tmp_path / "chess.trf"
    path.write_text(write_trf(Division("A", players)), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["uscf", "uscf-swiss"])
def test_uscf_swiss_round_one_and_acceleration(tmp_path: Path, name: str) -> None:
    # USCF guide: top half v bottom half by rating; accelerated, four quarters: 1st v 2nd
    # quarter and 3rd v 4th.
    path = _trf(tmp_path, 8)
    plain = pair_json("--system", name, "--in", str(path))
    assert sorted(map(sorted, plain["pairings"])) == [[1, 5], [2, 6], [3, 7], [4, 8]]
    fast = pair_json("--system", name, "--in", str(path), "--set", "accelerated=yes")
    assert sorted(map(sorted, fast["pairings"])) == [[1, 3], [2, 4], [5, 7], [6, 8]]


def test_uscf_swiss_bye_goes_to_the_lowest_rated(tmp_path: Path) -> None:
    out = pair_json("--system", "uscf-swiss", "--in", str(_trf(tmp_path, 7)))
    assert out["byes"] == [7]


def test_uscf_swiss_accepts_avoid_teams_and_total_rounds(tmp_path: Path) -> None:
    data = Path(__file__).parent.parent / "data" / "swiss_small.trf"
    out = pair_json("--system", "uscf", "--in", str(data), "--avoid-teams", "--total-rounds", "4")
    assert_valid(out, 6, 4)


def test_an_option_a_system_does_not_take_lists_the_ones_it_does(tmp_path: Path) -> None:
    path = tsh_file(tmp_path, 8, 2)
    result = runner.invoke(app, ["files", "pair", "--system", "snake", "--in", str(path),
                                 "--set", "colour=white"])
    assert result.exit_code == 2
    assert "--set colour does not apply to --system snake; it takes --set groups=" in result.stderr


def test_unknown_system_lists_long_and_short_names(tmp_path: Path) -> None:
    result = runner.invoke(app, ["files", "pair", "--system", "dutch", "--in",
                                 str(tsh_file(tmp_path, 4, 0))])
    assert result.exit_code == 2
    assert "round-robin (= rr)" in result.stderr and "uscf-swiss (= uscf)" in result.stderr


# --- the Gibson rule through the CLI (Director's Manual, "The Gibson Rule") ------------------------


def records(wins: list[int], rounds: int, leader_margin: int = 0) -> Division:
    """A round-by-round history that ends with these win totals: each round the players
    who still need the most wins meet those who need the fewest (most needy wins).
    Player 1 wins each game by ``leader_margin`` more than the others would."""
    n = len(wins)
    need = list(wins)
    games = []
    for r in range(1, rounds + 1):
        order = sorted(range(n), key=lambda i: (-need[i], i))
        for k in range(n // 2):
            a, b = order[k], order[n - 1 - k]
            assert need[a] > 0 and rounds - r + 1 - need[b] > 0, "targets not reachable"
            need[a] -= 1
            margin = 50 + (7 * a + 3 * r) % 90 + (leader_margin if a == 0 else 0)
            games.append(Game(r, a + 1, b + 1, 1.0, 0.0, 350 + margin, 350, first=a + 1))
    assert need == [0] * n
    players = tuple(Player(i, f"{NAMES[i - 1]}, X", 2000 - 10 * i) for i in range(1, n + 1))
    return Division("A", players, tuple(games), rounds)


def write(tmp_path: Path, div: Division) -> Path:
    path = tmp_path / "gibson.t"
    path.write_text(write_tsh([div]), encoding="utf-8")
    return path


def standings(path: Path) -> list[dict]:
    result = runner.invoke(app, ["files", "standings", "--in", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("system", ["koth", "fp4", "swiss", "portland", "lagged"])
def test_gibson_worked_example_top_four_one_round_left(tmp_path: Path, system: str) -> None:
    # Director's Manual: prizes for the top four, one round to go, first two games ahead; 2nd to
    # 4th have 13, 13 and 12 wins. The Gibsonized player meets "the player who has the
    # highest spread among all those players who have 10 wins" (11 can still reach 12).
    wins = [15, 13, 13, 12, 11, 10, 10, 10, 1, 1, 0, 0]
    path = write(tmp_path, records(wins, 16))
    table = standings(path)
    leader = table[0]["number"]
    tens = [row for row in table if row["wins"] == 10]
    expected = max(tens, key=lambda row: row["spread"])["number"]
    extra = {"portland": ("--last-swiss-round", "17"),
             "lagged": ("--lagged-rounds", "5")}.get(system, ())
    out = pair_json("--system", system, "--in", str(path), *extra, "--reasons", "--gibson",
                    "--prize-places", "4", "--total-rounds", "17")
    assert_valid(out, 12, 17)
    assert sorted([leader, expected]) in [sorted(p) for p in out["pairings"]]
    reasons = " ".join(text for _, text in out["reasons"])
    assert f"{leader} has clinched; {expected} is the highest placed player" in reasons


def test_gibson_clinch_example_14_2_against_11_5(tmp_path: Path) -> None:
    # Director's Manual: A at 14-2 and B at 11-5 with two rounds to play: A has clinched.
    path = write(tmp_path, records([14, 11, 10, 9, 8, 8, 8, 8, 8, 6, 3, 3], 16))
    out = pair_json("--system", "koth", "--in", str(path), "--reasons", "--gibson",
                    "--prize-places", "3", "--rounds-left", "2")
    assert "1 has clinched" in " ".join(text for _, text in out["reasons"])
    # One win fewer (13-3) and B could still tie: nobody is Gibsonized.
    path = write(tmp_path, records([13, 11, 10, 10, 8, 8, 8, 8, 8, 6, 4, 2], 16))
    out = pair_json("--system", "koth", "--in", str(path), "--reasons", "--gibson",
                    "--prize-places", "3", "--rounds-left", "2")
    assert "Gibson" not in " ".join(text for _, text in out["reasons"])


def test_gibson_spread_limits_from_the_cli(tmp_path: Path) -> None:
    # One win ahead with one round left: wins could end level, so by default (Director's Manual:
    # spread not a factor) nobody has clinched; with NSC 2006 notes' limits a spread lead of
    # more than 500 cannot be made up in one round, and the leader is Gibsonized.
    gaps = []
    for margin in (0, 80):
        path = write(tmp_path, records([12, 11, 9, 8, 8, 7, 6, 5, 4, 2, 0, 0], 12, margin))
        table = standings(path)
        assert (table[0]["number"], table[0]["wins"], table[1]["wins"]) == (1, 12, 11)
        gap = table[0]["spread"] - table[1]["spread"]
        gaps.append(gap)
        args = ("--system", "koth", "--in", str(path), "--reasons", "--gibson",
                "--prize-places", "3", "--rounds-left", "1")
        plain = " ".join(t for _, t in pair_json(*args)["reasons"])
        limited = " ".join(t for _, t in pair_json(*args, "--gibson-spread", "nsc2006")["reasons"])
        assert "clinched" not in plain
        assert ("1 has clinched" in limited) == (gap > 500)
    assert min(gaps) <= 500 < max(gaps)  # both sides of the limit were tried


def test_gibson_bad_options(tmp_path: Path) -> None:
    path = tsh_file(tmp_path, 8, 2)
    for args, message in [
        (("--gibson",), "--gibson needs --prize-places"),
        (("--gibson", "--prize-places", "2"), "--rounds-left R or --total-rounds N"),
        (("--gibson", "--prize-places", "2", "--total-rounds", "2"), "--rounds-left 0"),
        (("--gibson", "--prize-places", "2", "--rounds-left", "1", "--gibson-spread", "x"),
         "--gibson-spread x"),
        (("--gibson-spread", "nsc2006"), "only apply with --gibson"),
    ]:
        result = runner.invoke(app, ["files", "pair", "--system", "koth", "--in", str(path), *args])
        assert result.exit_code == 2 and message in result.stderr, (args, result.stderr)
    result = runner.invoke(app, ["files", "pair", "--system", "rr", "--in", str(path), "--gibson",
                                 "--prize-places", "2", "--rounds-left", "1"])
    assert result.exit_code == 2 and "--gibson does not apply to --system rr" in result.stderr


# --- a real tsh file (tests/data/tsh_a_2023.t: 26 players, 23 rounds) ---------------------

TSH = Path(__file__).parent.parent / "data" / "tsh_a_2023.t"


def test_koth_on_a_real_tsh_file_as_a_td_reads_it() -> None:
    result = runner.invoke(app, ["files", "pair", "--system", "koth", "--in", str(TSH)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Round 24, division tsh_a_2023, koth (the first named goes first):"
    # 25 active players (Keras withdrew): 12 boards and a bye, each player once
    boards = [line for line in lines if line[:4].strip().rstrip(".").isdigit()]
    assert len(boards) == 12 and sum("bye:" in line for line in lines) == 1
    assert "Keras" not in result.stdout
    # nearly every pair has met: avoiding all repeats breaks up the table, and says so
    assert lines[-1].startswith("note: ") and "--max-repeats N" in lines[-1]
    # tsh's "koth 3": pairs who met up to 3 times may meet again; 1st v 2nd on board 1
    allowed = pair_json("--system", "koth", "--in", str(TSH), "--max-repeats", "3")
    table = standings(TSH)
    active = [row["number"] for row in table if row["active"]]
    assert sorted(allowed["pairings"][0]) == sorted(active[:2])
    every = pair_json("--system", "koth", "--in", str(TSH), "--repeats")
    assert every["byes"] == allowed["byes"] == [25]  # last without a bye (Director's Manual)
    rest = [p for p in active if p != 25]
    assert [sorted(p) for p in every["pairings"]] == [
        sorted(rest[i:i + 2]) for i in range(0, 24, 2)
    ]


def test_max_repeats_applies_only_to_koth_and_fp() -> None:
    result = runner.invoke(app, ["files", "pair", "--system", "swiss", "--in", str(TSH),
                                 "--max-repeats", "2"])
    assert result.exit_code == 2
    assert "--max-repeats does not apply to --system swiss" in result.stderr
    result = runner.invoke(app, ["files", "pair", "--system", "koth", "--in", str(TSH),
                                 "--max-repeats", "2", "--repeats"])
    assert result.exit_code == 2 and "either repeats" in result.stderr


def test_gibson_counts_a_round_paired_but_not_yet_played_as_left(tmp_path: Path) -> None:
    # Lagged pairing (Director's Manual, Portland Swiss: round X paired during X-1): 16 rounds
    # scored, round 17 paired and being played, round 18 to pair, 18 in all. A at 13-3,
    # B at 11-5: two games each still to come, so B can tie A and nobody has clinched.
    div = records([13, 11, 10, 10, 8, 8, 8, 8, 8, 6, 4, 2], 16)
    pending = Pairings(17, tuple((k, k + 1) for k in range(1, 13, 2)))
    path = tmp_path / "lagged.t"
    path.write_text(write_tsh([TshDivision(div, (pending,))]), encoding="utf-8")
    args = ("--system", "portland", "--last-swiss-round", "18", "--in", str(path), "--reasons",
            "--gibson", "--prize-places", "3")
    out = pair_json(*args, "--total-rounds", "18")
    assert out["round"] == 18
    assert "Gibson" not in " ".join(t for _, t in out["reasons"])
    # Had only round 18 been left, A would have clinched: the pending round matters.
    out = pair_json(*args, "--rounds-left", "1")
    assert "1 has clinched" in " ".join(t for _, t in out["reasons"])
    # A bye in the pending round is already a result, but the round is still pending.
    pending = Pairings(17, tuple((k, k + 1) for k in range(1, 11, 2)), byes=(11, 12))
    path.write_text(write_tsh([TshDivision(div, (pending,))]), encoding="utf-8")
    out = pair_json(*args, "--total-rounds", "18")
    assert "Gibson" not in " ".join(t for _, t in out["reasons"])


def test_two_gibsonized_players_meet_each_other_from_the_cli(tmp_path: Path) -> None:
    # NSC 2006 notes, Basic Approach with two winners (--top-places 2): 1 (20 wins) and 2 (19)
    # are sure of the two top places with two rounds left, so they meet each other.
    path = write(tmp_path, records([20, 19, 15, 14, 12, 11, 10, 9, 8, 7, 5, 2], 22))
    out = pair_json("--system", "koth", "--in", str(path), "--reasons", "--gibson",
                    "--prize-places", "4", "--top-places", "2", "--total-rounds", "24")
    assert [1, 2] in [sorted(p) for p in out["pairings"]]
    assert "1 and 2 have both clinched" in " ".join(t for _, t in out["reasons"])


def test_systems_lists_every_system_with_its_names_and_options() -> None:
    from core.pairing.registry import ALIASES, SYSTEMS

    result = runner.invoke(app, ["files", "systems"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    for name in SYSTEMS:
        assert f"\n{name}" in f"\n{text}", name
    for long in ALIASES:
        assert long in text
    assert "options: --lagged-rounds, --total-rounds, --gibson, --avoid-teams" in text
    assert "not available" not in text


def test_out_writes_the_round_into_the_tsh_file_as_tsh_does(tmp_path: Path) -> None:
    path = tmp_path / "a.t"
    path.write_text(TSH.read_text(encoding="utf-8"), encoding="utf-8")
    first = pair_json("--system", "koth", "--max-repeats", "3", "--in", str(path),
                      "--out", str(path))
    assert first["round"] == 24
    from core.formats.tsh import parse_tsh

    (item,) = parse_tsh(path.read_text(encoding="utf-8"), "a")
    assert [p.round for p in item.pending] == [24]
    assert sorted(map(sorted, item.pending[0].pairs)) == sorted(map(sorted, first["pairings"]))
    assert list(item.pending[0].byes) == first["byes"]
    # everything else is as it was: standings, extra fields
    def without_division(rows: list[dict]) -> list[dict]:
        return [{k: v for k, v in row.items() if k != "division"} for row in rows]

    assert without_division(standings(path)) == without_division(standings(TSH))
    assert "rrank" in path.read_text(encoding="utf-8")
    # the next pairing is of round 25, lagged: round 24's pairs count as met and its
    # bye as a bye (Director's Manual: the next bye goes to someone else)
    second = pair_json("--system", "portland", "--last-swiss-round", "26", "--in", str(path))
    assert second["round"] == 25 and second["byes"] != first["byes"]
    met = {tuple(sorted(p)) for p in first["pairings"]}
    assert not met & {tuple(sorted(p)) for p in second["pairings"]}


def test_pairing_past_a_round_without_results_says_so(tmp_path: Path) -> None:
    """A TD who pairs King of the Hill while the last round's slips are still out gets
    pairings from older standings (Director's Manual's table of systems: KOTH "must wait until
    all games finished"), so the text output says which rounds have no results yet."""
    path = tmp_path / "a.t"
    path.write_text(TSH.read_text(encoding="utf-8"), encoding="utf-8")
    pair_json("--system", "koth", "--in", str(path), "--out", str(path))
    result = runner.invoke(app, ["files", "pair", "--system", "koth", "--in", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Round 25")
    assert ("note: round 24 is paired but without results yet: the pairs count as meetings, "
            "the games not in the standings (standings after round 23)") in result.stdout
    plain = runner.invoke(app, ["files", "pair", "--system", "koth", "--in", str(TSH)])
    assert "without results" not in plain.stdout


def test_out_refuses_what_a_t_file_cannot_take(tmp_path: Path) -> None:
    path = tsh_file(tmp_path, 8, 2)
    data = Path(__file__).parent.parent / "data" / "swiss_small.trf"
    for args, message in [
        (("--in", str(data), "--system", "uscf", "--out", str(tmp_path / "x.trf")),
         "only tsh .t files hold pairings ahead of results"),
        (("--in", str(path), "--system", "koth", "--round", "2", "--out", str(path)),
         "round 2 already has pairings or results"),
    ]:
        result = runner.invoke(app, ["files", "pair", *args])
        assert result.exit_code == 2 and message in result.stderr, result.stderr
