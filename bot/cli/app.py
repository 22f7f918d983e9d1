"""The `tdbot` command line: one typer app that every command module registers on.

Each command group lives in its own module (``knockout_cmds``, ``formats_cmds``,
``pair_cmd``, ``platform_cmds``, ``run_cmds``) so that they can grow independently.
Bad input ends with :func:`fail`: one line on stderr naming what was wrong, exit code 2.
"""

from __future__ import annotations

from typing import NoReturn

import typer

app = typer.Typer(
    name="tdbot",
    help="TDBot: run Scrabble and chess competitions in a chat.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def fail(message: str) -> NoReturn:
    """Print a one-line error that says what was wrong, and exit with code 2."""
    typer.echo(f"tdbot: error: {message}", err=True)
    raise typer.Exit(code=2)
