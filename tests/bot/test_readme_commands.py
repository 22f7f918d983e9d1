"""Every `tdbot` command block of the README (```sh) works when pasted in order on a fresh
clone: each line, run in a new folder holding the repository's examples/, ends with exit
code 0. A synopsis (`[--option]`, `A|B`) belongs in an indented block, not in one of these."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

ROOT = Path(__file__).resolve().parents[2]


def readme_command_lines() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
    return [line for block in blocks for line in block.splitlines()
            if line.startswith("tdbot ")]


def test_the_readme_has_command_blocks_for_each_part() -> None:
    lines = readme_command_lines()
    for start in ("tdbot event create", "tdbot files club-pair", "tdbot files club-fees",
                  "tdbot ladder new", "tdbot ladder show club-ladder"):
        assert any(line.startswith(start) for line in lines), start


def test_every_readme_command_block_runs_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    for name in ("TDBOT_DB", "TDBOT_BOT_USERNAME", "TDBOT_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    for line in readme_command_lines():
        args = shlex.split(line, comments=True)[1:]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, f"{line}\n{result.output}"
