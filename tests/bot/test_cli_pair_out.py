"""`tdbot files pair --out FILE` writes the round into a tsh file, often the --in file itself: it
says so, so that a TD knows the file changed (in the text, or on stderr beside --json)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bot.cli import app

TSH = Path(__file__).parent.parent / "data" / "tsh_a_2023.t"
runner = CliRunner()


def test_out_says_which_round_it_wrote_where(tmp_path: Path) -> None:
    path = tmp_path / "a.t"
    path.write_text(TSH.read_text(encoding="utf-8"), encoding="utf-8")
    result = runner.invoke(app, ["files", "pair", "--system", "koth", "--in", str(path), "--out", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Round 24")
    assert result.stdout.endswith(f"\nwrote round 24 pairings to {path}\n")
    assert result.stderr == ""


def test_out_with_json_keeps_stdout_json_and_says_it_on_stderr(tmp_path: Path) -> None:
    path = tmp_path / "a.t"
    path.write_text(TSH.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "b.t"
    result = runner.invoke(app, ["files", "pair", "--system", "koth", "--in", str(path), "--out", str(out),
                                 "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["round"] == 24
    assert result.stderr == f"wrote round 24 pairings to {out}\n"


def test_without_out_nothing_is_said_about_files() -> None:
    result = runner.invoke(app, ["files", "pair", "--system", "koth", "--in", str(TSH)])
    assert result.exit_code == 0 and "wrote" not in result.output
