"""docs/commands.md is the command tree as it is: written by ``python -m bot.cli.reference``
and compared here, so a command added, renamed or given another option cannot leave the
reference behind."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer
from typer.core import TyperGroup

from bot.cli.app import ORDER, app
from bot.cli.reference import reference, synopsis

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "commands.md"


def _leaves(command: object, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], object]]:
    if isinstance(command, TyperGroup):
        for name, sub in command.commands.items():
            yield from _leaves(sub, (*path, name))
    else:
        yield path, command


def test_the_command_reference_is_what_the_tree_gives() -> None:
    assert REFERENCE.read_text(encoding="utf-8") == reference(), (
        "docs/commands.md is out of date: run `python -m bot.cli.reference > docs/commands.md`")


def test_every_command_is_in_the_reference_with_its_synopsis_and_purpose() -> None:
    text = reference()
    leaves = list(_leaves(typer.main.get_command(app), ("tdbot",)))
    assert len(leaves) > 40
    for path, command in leaves:
        line = f"- `{synopsis(path, command)}`"
        assert line in text, line
        purpose = text.split(line, 1)[1].splitlines()[1].strip()
        assert purpose.endswith(".") and len(purpose) > 20, (path, purpose)


def test_the_reference_lists_the_groups_in_the_order_of_help() -> None:
    text = reference()
    panels = [line for line in text.splitlines() if line.startswith("## ")]
    assert panels == ["## The bot", "## An event", "## A club", "## Files (no database)"]
    groups = [line[len("### `tdbot "):-1] for line in text.splitlines()
              if line.startswith("### `tdbot ")]
    assert groups == [name for name in ORDER["tdbot"] if name in groups]
    event = text.split("### `tdbot event`", 1)[1].split("###", 1)[0]
    shown = [line.split()[3] for line in event.splitlines() if line.startswith("- `tdbot")]
    assert shown == [name for name in ORDER["event"] if name in shown]


def test_a_synopsis_shows_arguments_then_options_required_ones_bare() -> None:
    demo = typer.Typer(add_completion=False)

    @demo.command()
    def rule(
        event: Annotated[str, typer.Argument(metavar="EVENT")],
        match: str,
        game: Annotated[int, typer.Option("--game")],
        scores: Annotated[tuple[str, str] | None, typer.Option("--scores", metavar="A B")] = None,
        uphold: Annotated[bool, typer.Option("--uphold")] = False,
        repeats: Annotated[bool | None, typer.Option("--repeats/--no-repeats")] = None,
        settings: Annotated[list[str] | None, typer.Option("--set")] = None,
        db: Annotated[Path | None, typer.Option("--db")] = None,
    ) -> None:
        """Rule."""

    command = typer.main.get_command(demo)
    assert synopsis(("tdbot", "rule"), command) == (
        "tdbot rule EVENT MATCH --game INTEGER [--scores A B] [--uphold] "
        "[--repeats | --no-repeats] [--set TEXT]... [--db PATH]")
