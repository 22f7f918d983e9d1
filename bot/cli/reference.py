"""The command reference, ``docs/commands.md``, written from the ``tdbot`` command tree itself.

``python -m bot.cli.reference > docs/commands.md`` prints every command with its synopsis and
the first sentence of its help, grouped and ordered as ``tdbot --help`` shows them (its
panels, then :data:`bot.cli.app.ORDER`). It is generated rather than written by hand so that it
cannot fall behind the commands: ``tests/bot/test_commands_reference.py`` fails when the file
differs from what the tree gives.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperArgument, TyperGroup, TyperOption

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

#: The placeholder of an option's value when the option names none, by the value's type (the
#: words click's own help uses).
PLACEHOLDER = {str: "TEXT", int: "INTEGER", float: "NUMBER", Decimal: "AMOUNT", Path: "PATH"}

HEADER = """\
# Command reference

Every `tdbot` command, grouped as `tdbot --help` groups them: its synopsis and what it is for.
In a synopsis, capitals are yours to fill in, `[ ]` marks an option and `|` separates the
choices. `tdbot COMMAND --help` says what each option does; `tdbot --version` prints the
version.

Every command that reads or writes the bot's database takes `--db DATABASE`: a SQLite file,
or a `postgresql://` URL (default `TDBOT_DB`, else `./tdbot.sqlite3`). Bad input ends with one
line saying what is wrong and exit code 2; nothing is written.

This file is generated from the command tree: after changing a command, run
`python -m bot.cli.reference > docs/commands.md` (a test fails until the file matches).
"""


def reference() -> str:
    """The whole of ``docs/commands.md``."""
    root = typer.main.get_command(app)
    assert isinstance(root, TyperGroup)
    context = typer.Context(root, info_name="tdbot")
    panels: dict[str, list[str]] = {}
    for name in root.list_commands(context):
        command = root.commands[name]
        panel = getattr(command, "rich_help_panel", None) or "Commands"
        panels.setdefault(panel, []).extend(_section(("tdbot", name), command, context))
    lines = [HEADER]
    for panel, section in panels.items():
        lines += [f"## {panel}", "", *section, ""]
    text = "\n".join(lines)
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text.rstrip("\n") + "\n"


def _section(path: tuple[str, ...], command: Any, context: typer.Context) -> Iterator[str]:
    """A group as a heading, its purpose and a line per command; a command at the top (run,
    demo) as one line of its own."""
    if not isinstance(command, TyperGroup):
        yield from _entry(path, command)
        return
    yield ""
    yield f"### `{' '.join(path)}`"
    yield ""
    yield _purpose(command)
    yield ""
    for name in command.list_commands(context):
        yield from _entry((*path, name), command.commands[name])
    yield ""


def _entry(path: tuple[str, ...], command: Any) -> Iterator[str]:
    yield f"- `{synopsis(path, command)}`\\"  # a backslash: a line break in Markdown
    yield f"  {_purpose(command)}"


def _purpose(command: Any) -> str:
    """The first paragraph of a command's help: one sentence (``test_cli_tree`` sees to it)."""
    text = inspect.cleandoc(command.help or "")
    return " ".join(text.split("\n\n")[0].split())


def synopsis(path: tuple[str, ...], command: Any) -> str:
    """``tdbot event create FILE [--db PATH] ...``: the arguments, then the options, a
    required option without brackets, a flag without a value."""
    hints = _hints(command)
    words = list(path)
    for param in command.params:
        if isinstance(param, TyperArgument):
            name = param.metavar or (param.name or "").upper()
            name += "..." if param.nargs != 1 else ""
            words.append(name if param.required else f"[{name}]")
    for param in command.params:
        if not isinstance(param, TyperOption) or param.hidden:
            continue
        flag = param.opts[0]
        if param.secondary_opts:
            shown = f"{flag} | {param.secondary_opts[0]}"
        elif param.is_flag:
            shown = flag
        else:
            shown = f"{flag} {param.metavar or _placeholder(hints.get(param.name or ''))}"
        shown = shown if param.required else f"[{shown}]"
        words.append(shown + ("..." if param.multiple else ""))
    return " ".join(words)


def _hints(command: Any) -> dict[str, Any]:
    callback = getattr(command, "callback", None)
    if callback is None:
        return {}
    return typing.get_type_hints(callback)


def _placeholder(annotation: Any) -> str:
    """The value's type, out of ``X | None`` and ``list[X]``, as a placeholder word."""
    while True:
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        origin = typing.get_origin(annotation)
        if origin in (typing.Union, types.UnionType, list) and len(args) == 1:
            annotation = args[0]
            continue
        return PLACEHOLDER.get(annotation, "VALUE")


if __name__ == "__main__":
    print(reference(), end="")
