"""`tdbot files draw` and `tdbot files simulate` (SSSg rules, SSSg 2016: Schedule and Details, Annex A
paras 1-4, 8 and footnote 4): the contract others test against."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import app
from core.knockout.match import Match, MatchGame, report_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "players24.csv"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_simulate_sssg_24_has_the_2016_shape():
    """8 best-of-9 qualifying matches with byes for the 8 highest-rated, a 16-player top
    division on the para 4 schedule ending in a BO18 grand final one game up (para 2),
    an 8-player plate from BO9 (footnote 4), 2 plate prizes (para 8)."""
    result = run("files", "simulate", "--format", "sssg", "--players", str(EXAMPLE), "--seed", "1", "--json")
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
    result = run("files", "simulate", "--players", str(EXAMPLE), "--seed", "1", "--json")
    games = [g for m in json.loads(result.stdout)["matches"] for g in m["games"]]
    assert any("bye" in g for g in games)
    assert any("scores" in g and g["scores"][0] == g["scores"][1] for g in games)


def _rebuilt(m: dict) -> Match:
    """A JSON match turned back into a core Match: every reported game, void or not, in
    the order reported (the void flags are what the engine must work out again)."""
    side = {p: i for i, p in enumerate(m["players"])}
    hs = m["head_start"]
    head = (hs["games"], 0) if hs else (0, 0)
    match = Match(m["best_of"], head_start=head)
    for g in m["games"]:
        if "bye" in g:
            game = MatchGame.bye(side[g["bye"]])
        else:
            game = MatchGame.played(side[g["starter"]], *g["scores"])
        match = match.with_game(game)
    return match


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_simulated_games_replay_to_the_same_result_and_void_markers(seed):
    """The --json contract, read as the engine reads it: each match's games, replayed in
    order, give its winner; the games marked ``void: true`` are exactly those the rules
    no longer count (para 14: after the decision; para 28: a game bye awarded after the
    match was thought decided moves the decision earlier); and in a match without game
    byes every game was started by whom paras 15-16 say (a tile draw leaves it open)."""
    result = run("files", "simulate", "--players", str(EXAMPLE), "--seed", str(seed), "--json")
    data = json.loads(result.stdout)
    for m in data["matches"]:
        match = _rebuilt(m)
        state = match.state()
        assert state.decided and m["players"][state.winner] == m["winner"], m
        marked = tuple(i for i, g in enumerate(m["games"]) if g.get("void"))
        assert marked == state.void, m
        if any("bye" in g for g in m["games"]):
            continue  # a late bye rewrites the past: starts were right when played
        replay = Match(match.best_of, head_start=match.head_start)
        for game in match.games:
            report = report_game(replay, game)
            assert report.starter_ok, (m, game)
            replay = report.match


def test_simulate_shows_games_voided_by_a_late_game_bye_para_28():
    """Para 25: a game whose board photo is late may be awarded as a bye to its loser;
    para 28: if that decides the match earlier, the games after it are void. The
    simulation includes such late byes, so the void markers of the contract appear."""
    voids = mentioned = 0
    for seed in range(1, 6):
        args = ("files", "simulate", "--players", str(EXAMPLE), "--seed", str(seed))
        data = json.loads(run(*args, "--json").stdout)
        voids += sum(1 for m in data["matches"] for g in m["games"] if g.get("void"))
        mentioned += run(*args).stdout.count("void (para 28)")
    assert voids > 0 and mentioned > 0


def test_the_same_seed_gives_the_same_output_and_the_seed_is_printed():
    """Paras 1 and 3: fixtures and positions 'determined by random draw'; the draw takes a
    seed and prints it, so anyone can re-run it and get the same bracket."""
    a = run("files", "simulate", "--players", str(EXAMPLE), "--seed", "7")
    b = run("files", "simulate", "--players", str(EXAMPLE), "--seed", "7")
    c = run("files", "simulate", "--players", str(EXAMPLE), "--seed", "8")
    assert a.exit_code == 0 and a.stdout == b.stdout != c.stdout
    assert "seed 7" in a.stdout and "Grand Final" in a.stdout and "1st" in a.stdout
    d1 = run("files", "draw", "--players", str(EXAMPLE), "--seed", "7")
    d2 = run("files", "draw", "--players", str(EXAMPLE), "--seed", "7")
    assert d1.stdout == d2.stdout and "seed 7" in d1.stdout


def test_draw_shows_the_qualifying_and_the_slots_that_depend_on_it():
    result = run("files", "draw", "--format", "sssg", "--players", str(EXAMPLE), "--seed", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("\n    Q") == 8
    assert "winner of Q" in out and "loser of T1" in out and "Losers' Final" in out
    assert "Plate" in out and "Drawn when the qualifying round is over" in out
    data = json.loads(run("files", "draw", "--players", str(EXAMPLE), "--seed", "1", "--json").stdout)
    assert len(data["qualifying"]) == 8 and len(data["byes"]) == 8
    assert data["top"]["kind"] == "double" and data["plate"]["seating"] == []


@pytest.mark.parametrize("fmt", ["single", "double"])
@pytest.mark.parametrize("n", [2, 5, 13])
def test_plain_brackets_of_any_size(tmp_path, fmt, n):
    csv = tmp_path / "p.csv"
    csv.write_text("name,rating\n" + "".join(f"p{i},{1500 + i}\n" for i in range(n)))
    drawn = run("files", "draw", "--format", fmt, "--players", str(csv), "--seed", "3", "--json")
    assert drawn.exit_code == 0, drawn.output
    assert json.loads(drawn.stdout)["top"]["kind"] == fmt
    result = run("files", "simulate", "--format", fmt, "--players", str(csv), "--seed", "3", "--json")
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
        ("name,elo\na,1\nb,2\n", "row 1: the header needs the columns name and rating; missing: rating"),
        ("name,rating\na,1500\nb,1400\nA,1300\n", "row 4: 'A' appears twice (also row 2)"),
        ("name,rating\na,1500\nb,strong\n", "row 3: rating 'strong' is not a whole number"),
        ("name,rating\na,1500\n", "1 player(s); a knockout needs at least 2"),
        ("", "the file is empty"),
        ("name,rating\na,nan\nb,2\n", "row 2: rating 'nan' is not a whole number"),
        ("name,rating\na,1500\nb,inf\n", "row 3: rating 'inf' is not a whole number"),
        ("name,rating\na,1800.5\nb,2\n", "row 2: rating '1800.5' is not a whole number"),
        ("name,rating\na,4001\nb,2\n", "row 2: rating '4001' is out of range"),
        ("name,rating,name\na,1,x\nb,2,y\n", "row 1: the column name appears twice"),
        ("name,rating\nZo\u00eb,1\nZoe\u0308,2\n", "row 3: 'Zo\u00eb' appears twice"),
        ("name,rating\nAnn  Lee,1\nAnn Lee,2\n", "row 3: 'Ann Lee' appears twice"),
        ('name,rating\n"Ann\nLee",1\nAnn Lee,2\n', "row 4: 'Ann Lee' appears twice (also row 2)"),
        ("name;rating\nAnn;1\nBob;x\n", "row 3: rating 'x' is not a whole number"),
        ("name,rating,telegram_id\nAnn,1,12345678901234567890\nBob,2,\n",
         "row 2: telegram_id '12345678901234567890' is not a Telegram user id"),
    ],
)
def test_bad_players_files_get_one_line_and_exit_code_2(tmp_path, content, message):
    csv = tmp_path / "p.csv"
    csv.write_text(content)
    for command in ("draw", "simulate"):
        result = run("files", command, "--players", str(csv), "--seed", "1")
        assert result.exit_code == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and message in lines[0], result.stderr


def test_a_file_that_is_not_utf8_is_named_not_a_traceback(tmp_path):
    """A spreadsheet saved as Latin-1 or UTF-16 must get one line saying how to fix it."""
    csv = tmp_path / "p.csv"
    csv.write_bytes("name,rating\nZoë,1500\nBob,1400\n".encode("utf-16"))
    result = run("files", "draw", "--players", str(csv), "--seed", "1")
    assert result.exit_code == 2, result.output
    assert "not UTF-8" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_unknown_format_and_options_are_named():
    result = run("files", "draw", "--format", "swiss", "--players", str(EXAMPLE), "--seed", "1")
    assert result.exit_code == 2 and "--format 'swiss'" in result.stderr
    result = run(
        "files", "draw", "--format", "double", "--grand-final", "x", "--players", str(EXAMPLE), "--seed", "1"
    )
    assert result.exit_code == 2 and "--grand-final" in result.stderr
    result = run("files", "simulate", "--players", str(EXAMPLE) + ".missing", "--seed", "1")
    assert result.exit_code == 2 and "cannot read" in result.stderr


def players_csv(tmp_path, n: int) -> Path:
    csv = tmp_path / f"p{n}.csv"
    csv.write_text("name,rating\n" + "".join(f"Player {i:02d},{2000 - 7 * i}\n" for i in range(n)))
    return csv


def test_draw_names_who_can_fill_a_qualifier_slot(tmp_path):
    """17-24 players: the top division is drawn at once (its seeds are the bye-holders,
    para 3), so a slot reads 'winner of Q3 (A / B)': a TD sees who may come."""
    out = run("files", "draw", "--players", str(EXAMPLE), "--seed", "1").stdout
    q1 = next(line for line in out.splitlines() if line.strip().startswith("Q1 "))
    a, b = (part.split(" (")[0].strip() for part in q1.split("Q1", 1)[1].split("  v  "))
    assert f"winner of Q1 ({a} / {b})" in out
    assert "double elimination of 16 (the 8 bye-holders and the 8 qualifying winners)" in out
    assert "single elimination of 8 (the qualifying losers)" in out


def test_draw_of_a_division_drawn_after_qualifying_says_so(tmp_path):
    """25-32 players: both divisions are seeded after qualifying (para 3): the first round
    is not shown as empty seats but as drawn later, with the byes the plate will have."""
    out = run("files", "draw", "--players", str(players_csv(tmp_path, 28)), "--seed", "1").stdout
    assert "T1-T8: drawn when the qualifying round is over" in out
    assert "P1-P8: drawn when the qualifying round is over" in out
    assert "4 byes to the highest-rated (para 2)" in out
    assert "seat 1" not in out


@pytest.mark.parametrize("n", [12, 16, 40, 70])
def test_draw_reads_well_for_any_sssg_field(tmp_path, n):
    """Every size prints without 'bye v bye' or empty seats; 16 or fewer: no qualifying."""
    result = run("files", "draw", "--players", str(players_csv(tmp_path, n)), "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "bye  v  bye" not in out and "seat " not in out
    assert ("no qualifying round" in out) == (n <= 16)
    assert ("Plate" in out) == (n > 17)


def test_byes_read_as_byes_in_plain_brackets(tmp_path):
    """Para 2: byes to the top seeds; the bye-holder goes through without playing, and a
    lower-bracket match with two byes is no match at all."""
    out = run("files", "draw", "--format", "double", "--players", str(players_csv(tmp_path, 5)),
              "--seed", "1").stdout  # fmt: skip
    assert out.count(": bye (goes through without playing)") >= 3
    assert "no match: both slots are byes" in out
    assert "Seeds: [1] Player 00, [2] Player 01" in out
    single = run("files", "draw", "--format", "single", "--players", str(players_csv(tmp_path, 13)),
                 "--seed", "1").stdout  # fmt: skip
    assert single.count(": bye (goes through without playing)") == 3


def test_third_place_option(tmp_path):
    """Footnote 8: an optional third-place match (plate, or a single elimination); a
    double elimination has none (its lower bracket decides third)."""
    csv = str(players_csv(tmp_path, 40))
    data = json.loads(run("files", "simulate", "--players", csv, "--seed", "2", "--third-place",
                          "--json").stdout)  # fmt: skip
    third = [m for m in data["matches"] if m["round"] == "3rd place"]
    assert len(third) == 1 and third[0]["division"] == "plate"
    assert data["placements"]["plate"][2] == third[0]["winner"]
    single = run("files", "draw", "--format", "single", "--third-place", "--players", csv, "--seed", "1")
    assert "3rd place" in single.stdout
    result = run("files", "draw", "--format", "double", "--third-place", "--players", csv, "--seed", "1")
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
    result = run("files", "draw", "--players", str(EXAMPLE), "--seed", "1", *args)
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_reserved_name_is_refused_with_the_file_named(tmp_path):
    csv = tmp_path / "p.csv"
    csv.write_text("name,rating\nwinner of Q1,1500\nBob,1400\nCat,1300\n")
    result = run("files", "draw", "--players", str(csv), "--seed", "1")
    assert result.exit_code == 2 and f"--players {csv}" in result.stderr
    assert "rename the player" in result.stderr


def test_a_cancelled_plate_names_who_plays_no_further(tmp_path):
    """Footnote 1: 17 players leave one qualifying loser, too few for a plate; the
    simulation says who that is instead of dropping them silently."""
    csv = str(players_csv(tmp_path, 17))
    data = json.loads(run("files", "simulate", "--players", csv, "--seed", "1", "--json").stdout)
    loser = next(
        p for m in data["matches"] if m["division"] == "qualifying"
        for p in m["players"] if p != m["winner"]
    )  # fmt: skip
    assert data["placements"]["plate"] == [] and data["plate_cancelled"] == [loser]
    text = run("files", "simulate", "--players", csv, "--seed", "1").stdout
    assert (
        f"Plate: cancelled, too few players (Annex A footnote 1); out after qualifying: {loser}"
        in text
    )


def test_the_same_players_in_another_order_give_the_same_draw(tmp_path):
    """The seed is printed so anyone can re-run the draw (para 1, 3): a TD re-running it
    from a list sorted differently (equal ratings included) gets the same bracket."""
    rows = EXAMPLE.read_text().splitlines()
    flipped = tmp_path / "flipped.csv"
    flipped.write_text("\n".join([rows[0], *reversed(rows[1:])]) + "\n")
    for seed in ("1", "2", "3", "4"):
        for command in ("draw", "simulate"):
            a = run("files", command, "--players", str(EXAMPLE), "--seed", seed).stdout
            b = run("files", command, "--players", str(flipped), "--seed", seed).stdout
            assert a == b


def test_a_semicolon_or_tab_separated_file_is_read(tmp_path):
    """Spreadsheets in many locales save CSV with ';' (or tabs): the header says which."""
    for sep in (";", "\t"):
        csv = tmp_path / "p.csv"
        csv.write_text(f"name{sep}rating\nLim, Ann{sep}1500\nBob{sep}1400\n")
        result = run("files", "draw", "--format", "single", "--players", str(csv), "--seed", "1")
        assert result.exit_code == 0, result.output
        assert "Lim, Ann [1] (1500)  v  Bob (1400)" in result.stdout


@pytest.mark.parametrize(
    "n, top, plate",
    [
        (40, "the 16 highest-rated of the 24 bye-holders: a bye goes up, para 27",
         "(the qualifying losers and winners, and the bye-holders who do not go up)"),
        (48, "double elimination of 16 (the 16 bye-holders: a bye goes up, para 27)\n",
         "(the qualifying losers and the winners who do not go up)"),
        (56, "the 8 bye-holders, para 27, and the best 8 of the 24 qualifying winners by "
         "losses, then spread: footnote 2", "(the qualifying losers and the winners who do "
         "not go up)"),
    ],
)  # fmt: skip
def test_a_field_over_32_says_who_goes_up(tmp_path, n, top, plate):
    """Footnote 2 and para 27, as the draw explains them before the qualifying round."""
    out = run("files", "draw", "--players", str(players_csv(tmp_path, n)), "--seed", "1").stdout
    assert top in out and plate in out


def test_a_rating_tie_at_the_bye_cut_says_the_draw_decided_it(tmp_path):
    """Para 1: byes to the top x by rating. Two players level on rating either side of
    the cut: the draw orders them, and says so (the same seed, the same order)."""
    csv = tmp_path / "p.csv"
    rows = [f"Player {i:02d},{2000 - 10 * i}" for i in range(24)]
    rows[7] = "Player 07,1920"
    rows[8] = "Player 08,1920"  # level with the 8th: one gets the last bye
    csv.write_text("name,rating\n" + "\n".join(rows) + "\n")
    out = run("files", "draw", "--players", str(csv), "--seed", "1").stdout
    line = next(x for x in out.splitlines() if "Equal rating 1920" in x)
    assert "in the order the draw gave them" in line
    first = line.split(": ", 1)[1].split(", ")[0]
    assert f"{first} (1920)" in next(x for x in out.splitlines() if x.startswith("  Byes: "))
    assert out.count("Equal rating") == 1


def test_json_names_a_td_ruling_and_a_struck_out_game_para_30() -> None:
    """A match left level after para 17 goes on by a TD ruling (para 30): the JSON names the
    ruling and its reason; a bare void marker prints as a void game, not a crash."""
    from core.event_record import event_record as simulate_record
    from core.knockout import sssg
    from core.knockout.match import MatchGameKind, rule_tied_match
    from core.knockout.seeding import Entrant
    from core.schedule import plain_schedule

    entrants = [Entrant("Ann", 1800), Entrant("Ben", 1700)]
    event = sssg.draw_plain(entrants, 5, "single", plain_schedule(2, 0, 2, grand_final="single"))
    (only,) = sssg.playable(event)
    # Ben starts game 1 and loses it by 50; Ann, ahead, starts the deciding game (para 16a)
    # and loses it by 50: level on games, spread and starts (para 17 exhausted).
    match = Match(best_of=2, first_starter=1)
    match = match.with_game(MatchGame.played(1, 400, 350)).with_game(MatchGame(MatchGameKind.VOID))
    match = match.with_game(MatchGame.played(0, 350, 400))
    ruled = rule_tied_match(match, 1, "drew tiles before the TD")
    record = simulate_record(sssg.record(event, only.id, ruled), [[only.id]])
    (m,) = record["matches"]
    assert m["decided_by"] == "TD ruling"
    assert m["ruling"] == {"player": only.players[1], "reason": "drew tiles before the TD"}
    assert m["winner"] == only.players[1]
    assert m["games"][1] == {"void": True}
