"""`tdbot files standings` and `tdbot files export` (Director's Manual formats, USCF guide tiebreaks)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bot.cli import app
from core.formats.trf import read_trf
from core.formats.tsh import read_tsh

DATA = Path(__file__).parent.parent / "data"
TSH = DATA / "tsh_a_2023.t"
TRF = DATA / "swiss_small.trf"
runner = CliRunner()


def _words(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def test_standings_of_a_real_tsh_file_as_json() -> None:
    result = runner.invoke(app, ["files", "standings", "--in", str(TSH), "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [(r["rank"], r["name"], r["wins"], r["losses"], r["spread"]) for r in rows[:2]] == [
        (1, "Sokol, Joshua", 17.0, 6.0, 736),
        (2, "Smylie, Jackson", 16.0, 7.0, 1028),
    ]
    assert {"rank", "number", "name", "wins", "losses", "spread"} <= set(rows[0])
    assert len(rows) == 26 and rows[-1]["active"] is False


def test_standings_text_and_spread_cap() -> None:
    result = runner.invoke(app, ["files", "standings", "--in", str(TSH)])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Division tsh_a_2023"
    assert lines[2].split() == ["1", "2", "Sokol,", "Joshua", "17-6", "+736"]
    capped = runner.invoke(app, ["files", "standings", "--in", str(TSH), "--json", "--spread-cap", "100"])
    spreads = {r["number"]: r["spread"] for r in json.loads(capped.stdout)}
    assert spreads[2] != 736 and all(abs(s) <= 100 * 23 for s in spreads.values())


def test_chess_standings_from_trf_have_points_and_tiebreaks() -> None:
    result = runner.invoke(app, ["files", "standings", "--in", str(TRF), "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [(r["number"], r["points"]) for r in rows] == [(1, 2.5), (6, 2.0), (2, 2.0), (4, 1.5), (5, 0.5), (3, 0.0)]
    assert rows[1]["tiebreaks"]["modified_median"] == 3.5
    text = runner.invoke(app, ["files", "standings", "--in", str(TRF)]).stdout
    assert "MMed" in text and "Adams,Michael" in text


def test_export_naspa_tsh_and_trf(tmp_path: Path) -> None:
    naspa = runner.invoke(app, ["files", "export", "--in", str(TSH), "--to", "naspa"])
    assert naspa.exit_code == 0
    assert naspa.stdout.splitlines()[1].startswith("2 Sokol Joshua/736: W23 W14")
    scores = runner.invoke(app, ["files", "export", "--in", str(TSH), "--to", "naspa-scores"])
    assert scores.stdout.splitlines()[0].startswith("1 Smylie Jackson/1028: W21-572 W17-395")
    same = runner.invoke(app, ["files", "export", "--in", str(TSH), "--to", "tsh"])
    assert _words(same.stdout) == _words(TSH.read_text())
    out = tmp_path / "a.trf"
    trf = runner.invoke(app, ["files", "export", "--in", str(TSH), "--to", "trf", "--out", str(out)])
    assert trf.exit_code == 0 and trf.stdout == ""
    again = read_trf(out.read_text())
    (original,) = read_tsh(TSH.read_text())
    assert [(g.round, g.a, g.b, g.points_a) for g in again.games] == [
        (g.round, g.a, g.b, g.points_a) for g in original.games
    ]
    back = runner.invoke(app, ["files", "export", "--in", str(TRF), "--to", "trf"])
    assert _words(back.stdout) == _words(TRF.read_text())


def test_bad_file_names_the_line_and_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.t"
    bad.write_text("Ann, A 1500 2; 400\nBob, B 1400 0; 300\n")
    result = runner.invoke(app, ["files", "standings", "--in", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:1: round 1: Ann, A (#1) is paired with Bob, B (#2)" in result.output


def test_bad_options_are_named(tmp_path: Path) -> None:
    cases = [
        (["files", "export", "--in", str(TSH), "--to", "pdf"], "--to pdf: choose one of"),
        (["files", "standings", "--in", str(TSH), "--division", "Z"], "--division Z: no such division"),
        (["files", "standings", "--in", str(tmp_path / "none.t")], "cannot read the file"),
        (["files", "standings", "--in", str(TRF), "--spread-cap", "50"], "--spread-cap: only Scrabble"),
        (["files", "export", "--in", str(TRF), "--to", "tsh"], "--to tsh:"),
        (["files", "export", "--in", str(TSH), "--to", "naspa", "--numbering", "x"], "--numbering x"),
    ]
    odd = tmp_path / "results.csv"
    odd.write_text("a,b\n")
    cases.append((["files", "standings", "--in", str(odd)], "cannot tell the format"))
    empty = tmp_path / "empty.t"
    empty.write_text("#rating check off\n")
    cases.append((["files", "standings", "--in", str(empty)], "no players found"))
    for args, words in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output, (args, result.output)


def test_naspa_export_of_the_real_file_follows_the_seed_format_exactly() -> None:
    # Director's Manual, "Basic Format": "1 SMITH SARAH/423: W45 B L8 T5 ..." - number, one space,
    # the name without punctuation, '/', the spread (minus sign, no plus), ':', one
    # space, then W/L/T + opponent or a bare B, single spaces; "& Scores": W3-345.
    import re

    basic = re.compile(r"^(\d+) ([^\W\d_][^/:,]*[^\s/:,])/(-?\d+): ((?:[WLT]\d+|B)(?: (?:[WLT]\d+|B))*)$")
    scored = re.compile(r"^\d+ [^/:,]+/-?\d+: (?:[WLT]\d+-\d+|B)(?: (?:[WLT]\d+-\d+|B))*$")
    table = {r["number"]: r for r in json.loads(
        runner.invoke(app, ["files", "standings", "--in", str(TSH), "--json"]).stdout)}
    lines = runner.invoke(app, ["files", "export", "--in", str(TSH), "--to", "naspa"]).stdout.splitlines()
    assert len(lines) == 26
    for number, line in enumerate(lines, start=1):
        match = basic.fullmatch(line)
        assert match, line
        assert int(match[1]) == number and int(match[3]) == table[number]["spread"]
        assert "  " not in match[2]
        results = match[4].split()
        assert len(results) == 23  # one per round, byes and forfeits as B
    for line in runner.invoke(app, ["files", "export", "--in", str(TSH), "--to",
                                    "naspa-scores"]).stdout.splitlines():
        assert scored.fullmatch(line), line
