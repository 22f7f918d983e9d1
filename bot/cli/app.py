"""The `tdbot` command line: one typer app that every command module registers on.

Each command group lives in its own module (``knockout_cmds``, ``formats_cmds``,
``pair_cmd``, ``platform_cmds``, ``run_cmds``) so that they can grow independently.
Bad input ends with :func:`fail`: one line on stderr naming what was wrong, exit code 2.
Whatever a command lets escape is turned into one line by :func:`run_main` (the
``tdbot`` entry point): exit 2 for bad input or an unusable database, exit 1 for a bug.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from bot.service.errors import Invalid, ServiceError
from bot.service.limits import Range
from bot.store.errors import DatabaseUnusable, explain
from bot.store.migrations import MigrationError

app = typer.Typer(
    name="tdbot",
    help="TDBot: run Scrabble and chess competitions in a chat.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

#: Set to 1 for the full traceback of an internal error.
DEBUG_VARIABLE = "TDBOT_DEBUG"


def fail(message: str) -> NoReturn:
    """Print a one-line error that says what was wrong, and exit with code 2."""
    typer.echo(f"tdbot: error: {message}", err=True)
    raise typer.Exit(code=2)


def write_out(text: str, out: Path | None) -> None:
    """A file's text to ``--out FILE``, or to standard output without one; a file that
    cannot be written stops with the reason."""
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"--out {out}: cannot write the file ({exc.strerror or exc})")


def whole(flag: str, allowed: Range) -> Callable[[str | int], int]:
    """A typer ``parser`` for a whole-number option or argument: a value outside
    ``allowed`` (or not a number) is one line naming the flag and the range, exit 2."""

    def parse(value: str | int) -> int:
        try:
            return allowed.parse(str(value))
        except Invalid as exc:
            fail(f"{flag}: {exc.message}")

    return parse


def tdbot_version() -> str:
    try:
        return version("tdbot")
    except PackageNotFoundError:  # pragma: no cover - run from a checkout never installed
        return "(not installed)"


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"tdbot {tdbot_version()}")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True,
                     help="Print the version and exit."),
    ] = False,
) -> None:
    """TDBot: run Scrabble and chess competitions in a chat."""


def run_main(argv: list[str] | None = None) -> NoReturn:
    """Run ``tdbot``; anything a command lets escape becomes one line on stderr.

    Bad input and a database that cannot be used exit 2 with their own message; any other
    exception is a bug, said as ``internal error`` with exit 1 (its traceback with
    TDBOT_DEBUG=1). typer's own usage errors and ``--help`` are left as they are.
    """
    try:
        app(args=argv, prog_name="tdbot")
    except ServiceError as exc:
        _exit(2, exc.message)
    except (MigrationError, DatabaseUnusable) as exc:
        _exit(2, str(exc))
    except Exception as exc:
        if (plain := explain(exc)) is not None:  # the database's file, disk or server
            _exit(2, str(plain))
        if os.environ.get(DEBUG_VARIABLE, "") not in ("", "0"):
            raise
        _exit(1, f"internal error: {type(exc).__name__}: {exc} "
                 f"(set {DEBUG_VARIABLE}=1 for the traceback)", label="tdbot")
    sys.exit(0)  # pragma: no cover - typer always ends with SystemExit


def _exit(code: int, message: str, label: str = "tdbot: error") -> NoReturn:
    """One line, even for a message that has several (a validation error may)."""
    print(f"{label}: {' '.join(message.split())}", file=sys.stderr)
    sys.exit(code)
