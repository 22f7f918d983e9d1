"""`tdbot files export --to trf` writes files a strict TRF16 reader (and so bbpPairings) accepts.

Every tournament file the project ships (examples/*.t, examples/*.trf, tests/data/*) is
exported, checked line by line by :mod:`tests.core.trf16_strict`, and read back with the
project's own reader to the same chess standings.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import app
from core.formats.load import load_divisions
from core.formats.trf import read_trf
from core.standings import chess_standings
from core.tournament import Division
from tests.core.trf16_strict import Trf16Error, read_strict

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(
    [*ROOT.glob("examples/*.t"), *ROOT.glob("examples/*.trf"),
     *ROOT.glob("tests/data/*.t"), *ROOT.glob("tests/data/*.trf")]
)
runner = CliRunner()


def _export(path: Path, *extra: str) -> tuple[str, str]:
    result = runner.invoke(app, ["files", "export", "--in", str(path), "--to", "trf", *extra])
    assert result.exit_code == 0, result.output
    return result.stdout, result.stderr


def _divisions(path: Path) -> tuple[Division, ...]:
    return load_divisions(path.read_text(encoding="utf-8"), path.name)


def _table(division: Division) -> list[tuple[object, ...]]:
    return [(s.rank, s.number, s.points, s.tiebreaks) for s in chess_standings(division)]


def test_the_sources_are_there() -> None:
    names = {p.name for p in SOURCES}
    assert {"club.t", "rapid.trf", "tsh_a_2023.t", "swiss_small.trf"} <= names


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_every_export_passes_the_strict_reader_and_reads_back_the_same(path: Path) -> None:
    for division in _divisions(path):
        text, _ = _export(path, "--division", division.name)
        entries = read_strict(text)
        assert len(entries) == len(division.players)
        again = read_trf(text)
        assert _table(again) == _table(division)
        assert [p.name for p in again.players] == [p.name for p in division.players]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_total_rounds_are_written_as_xxr(path: Path) -> None:
    (division,) = _divisions(path)[:1]
    total = max(g.round for g in division.games) + 2
    text, _ = _export(path, "--total-rounds", str(total))
    read_strict(text)
    assert [line for line in text.splitlines() if line[:3] in ("XXR", "142")] == [f"XXR {total}"]
    head = text.splitlines()
    assert head.index(f"XXR {total}") < next(i for i, line in enumerate(head) if line.startswith("001"))


def test_a_trf_file_keeps_its_own_xxr() -> None:
    text, _ = _export(ROOT / "examples" / "rapid.trf")
    assert "XXR 5" in text.splitlines()


def test_too_few_total_rounds_are_refused() -> None:
    result = runner.invoke(app, ["files", "export", "--in", str(ROOT / "examples" / "club.t"), "--to", "trf",
                                 "--total-rounds", "3"])
    assert result.exit_code == 2
    assert "holds 5 rounds" in result.stderr and "3 rounds is too few" in result.stderr
    other = runner.invoke(app, ["files", "export", "--in", str(ROOT / "examples" / "club.t"), "--to", "tsh",
                                "--total-rounds", "8"])
    assert other.exit_code == 2 and "only a TRF file" in other.stderr


def test_who_went_first_in_scrabble_is_white() -> None:
    """club.t's first line: Tan went first (p12 1) against #6 in round 1, second (p12 2)
    against #11 in round 2; so w then b, and his opponents the other colours."""
    text, note = _export(ROOT / "examples" / "club.t")
    entries = read_strict(text)
    tan = entries[1].rounds
    assert (tan[0].opponent, tan[0].colour) == (6, "w") and (tan[1].opponent, tan[1].colour) == (11, "b")
    assert entries[6].rounds[0].colour == "b" and entries[11].rounds[1].colour == "w"
    assert note == ""  # every game's first player is known


def test_unknown_first_player_is_written_lower_number_white_and_said(tmp_path: Path) -> None:
    """A .t file without p12: TRF still needs w/b on every played game."""
    path = tmp_path / "nop12.t"
    path.write_text("Ann, A 1500 3 2; 400 380\nBob, B 1400 0 1; 50 390\nCy, C 1300 1 0; 350 50\n")
    text, note = _export(path)
    entries = read_strict(text)
    assert (entries[1].rounds[0].colour, entries[3].rounds[0].colour) == ("w", "b")
    assert (entries[1].rounds[1].colour, entries[2].rounds[1].colour) == ("w", "b")
    assert (entries[2].rounds[0].opponent, entries[2].rounds[0].result) == (0, "U")
    assert "2 played game(s) have no record of who went first" in note


GOOD = (
    "012 Strict\n"
    "XXR 3\n"
    "001    1      A,A                               1500                             2.0    1     2 w 1     3 b =  0000 - H\n"
    "001    2      B,B                               1400                             0.5    3     1 b 0  0000 - H\n"
    "001    3      C,C                                                                1.5    2  0000 - U     1 w =\n"
)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("2 w 1", "2 - 1"), "needs colour w or b"),
        (("1 w =", "1 b ="), "not w against b"),
        (("2 w 1", "2 w ="), "do not complement"),
        (("     1 b 0", "     3 b 0"), "who meets"),
        (("     2 w 1", "     9 w 1"), "not another player"),
        (("0000 - U", "0000 w U"), "no opponent but colour"),
        (("0000 - U", "0000 - 1"), "played result"),
        (("3 b =", "3 b H"), "bye/absence code"),
        (("3 b =", "3 b ?"), "not a TRF16 code"),
        (("1.5    2", "2.5    2"), "points column"),
        (("XXR 3", "XXR 1"), "rounds in all"),
        (("001    3", "001    4"), "must run 1-3"),
        (("2 w 1", "2 x 1"), "colour 'x'"),
    ],
)
def test_the_strict_reader_refuses_what_trf16_does_not_allow(change: tuple[str, str], words: str) -> None:
    read_strict(GOOD)
    bad = GOOD.replace(*change, 1)
    assert bad != GOOD
    with pytest.raises(Trf16Error, match=words):
        read_strict(bad)
