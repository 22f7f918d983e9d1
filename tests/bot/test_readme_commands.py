"""Every command block of the README and of each guide in docs/ works when pasted in order
on a fresh clone: each file's ```sh blocks, line by line, run in a new folder of its own
holding the repository's examples/, and every line ends with exit code 0.

A ```sh block holds only `tdbot` lines (and comments): a synopsis (`[--option]`, `A|B`)
belongs in an indented block. A block that cannot run here (it needs a real token, Docker,
systemd, a server that keeps running) is fenced ```sh no-run: WHY, the reason written in
the fence; any other shell fence is refused, so no block is skipped by accident."""

from __future__ import annotations

import os
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

ROOT = Path(__file__).resolve().parents[2]

#: The README and every guide: each is pasted from the top in a fresh folder of its own.
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: The fences of a shell block: run it, or say why it cannot run in a test.
RUN = "sh"
NO_RUN = re.compile(r"sh no-run: \S.*")
SHELL = {"sh", "bash", "shell", "console", "shell-session", "zsh"}


@dataclass(frozen=True)
class Block:
    info: str
    line: int  # where the fence opens, 1-based
    text: str


def blocks(path: Path) -> list[Block]:
    """Every fenced block of a Markdown file, with its info string."""
    found = []
    opened: tuple[str, int] | None = None
    body: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if opened is None and line.startswith("```"):
            opened, body = (line[3:].strip(), number), []
        elif opened is not None and line.strip() == "```":
            found.append(Block(opened[0], opened[1], "\n".join(body)))
            opened = None
        elif opened is not None:
            body.append(line)
    assert opened is None, f"{path}: the block opened on line {opened[1]} is never closed"
    return found


def command_lines(path: Path) -> list[str]:
    """The `tdbot` lines of a file's runnable blocks, in order."""
    return [line for block in blocks(path) if block.info == RUN
            for line in block.text.splitlines() if line.startswith("tdbot ")]


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_every_document_is_checked() -> None:
    names = [_name(path) for path in DOCUMENTS]
    for name in ("README.md", "docs/td-guide.md", "docs/operator-guide.md", "docs/commands.md",
                 "docs/players.md", "docs/benchmarks.md"):
        assert name in names


@pytest.mark.parametrize("path", DOCUMENTS, ids=_name)
def test_shell_blocks_run_or_say_why_not(path: Path) -> None:
    """A runnable block holds only `tdbot` lines; every other shell block is marked no-run
    with its reason."""
    wrong = []
    for block in blocks(path):
        first = (block.info.split() or [""])[0]
        if block.info == RUN:
            for line in block.text.splitlines():
                if line.strip() and not line.startswith(("tdbot ", "#")):
                    wrong.append(f"line {block.line}: not a tdbot command: {line}")
        elif first in SHELL and not NO_RUN.fullmatch(block.info):
            wrong.append(f"line {block.line}: ```{block.info}: fence it ```sh, or "
                         "```sh no-run: WHY")
    assert not wrong, "\n".join(wrong)


def test_the_walkthroughs_cover_each_part() -> None:
    readme = {" ".join(shlex.split(line, comments=True))
              for line in command_lines(ROOT / "README.md")}
    assert {"tdbot demo", "tdbot demo --club"} <= readme
    guide = command_lines(ROOT / "docs" / "td-guide.md")
    for start in ("tdbot event create", "tdbot players import", "tdbot event draw",
                  "tdbot round open", "tdbot game report", "tdbot files club-pair",
                  "tdbot files club-fees", "tdbot ladder new", "tdbot ladder show club-ladder",
                  "tdbot files pair", "tdbot files standings", "tdbot files export"):
        assert any(line.startswith(start) for line in guide), start
    operator = command_lines(ROOT / "docs" / "operator-guide.md")
    assert any(line.startswith("tdbot db backup") for line in operator)


def test_a_bad_fence_is_caught(tmp_path: Path) -> None:
    """The checker itself: a ```bash block, or a no-run without its reason, is refused."""
    doc = tmp_path / "x.md"
    doc.write_text("```bash\ntdbot run\n```\n\n```sh no-run:\nmake run\n```\n\n"
                   "```sh no-run: needs a token\nmake run\n```\n\n```sh\ntdbot event list\n```\n")
    assert [b.info for b in blocks(doc)] == ["bash", "sh no-run:", "sh no-run: needs a token",
                                             "sh"]
    assert command_lines(doc) == ["tdbot event list"]
    with pytest.raises(AssertionError, match="line 1: ```bash"):
        test_shell_blocks_run_or_say_why_not(doc)


@pytest.mark.parametrize("path", DOCUMENTS, ids=_name)
def test_every_command_block_runs_in_order(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = command_lines(path)
    if not lines:
        return  # nothing to paste (the command reference is synopses)
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    for name in [name for name in os.environ if name.startswith("TDBOT_")]:
        monkeypatch.delenv(name)
    for line in lines:
        args = shlex.split(line, comments=True)[1:]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, f"{_name(path)}: {line}\n{result.output}"
