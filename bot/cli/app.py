"""The `tdbot` command line: one typer app, and the groups every command module registers on.

A TD finds a command by the thing it acts on: ``tdbot event ...``, ``tdbot players ...``,
``tdbot round ...``, ``tdbot game ...``, ``tdbot rule ...`` (a TD's rulings), ``tdbot fees
...``, ``tdbot ladder ...``, ``tdbot files ...`` (work over files, store nothing) and ``tdbot
db ...``; ``run`` and ``demo`` are the only verbs at the top. The groups are made here
(:func:`group`), once, and listed in the order of :data:`ORDER`; the commands live in modules
of their own (``platform_cmds``, ``match_cmds`` ...) so that they can grow independently.

Bad input ends with :func:`fail`: one line on stderr naming what was wrong, exit code 2.
Whatever a command lets escape is turned into one line by :func:`run_main` (the
``tdbot`` entry point): exit 2 for bad input or an unusable database, exit 1 for a bug.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup

#: The order ``tdbot --help`` and each group's help list their commands: the top level as
#: an operator meets it (start the bot, then an event from creation to prizes, then clubs,
#: then files), each group in the order a TD uses it. A command missing here comes last,
#: in the order it was registered.
ORDER: dict[str, tuple[str, ...]] = {
    "tdbot": ("run", "site", "demo", "db", "event", "players", "round", "game", "rule", "fees",
              "club", "ladder", "files"),
    "db": ("migrate", "backup", "copy"),
    "site": ("serve",),
    "event": ("create", "list", "show", "draw", "bracket", "standings", "chances", "ratings",
              "pairings", "export", "site", "journal", "inbox"),
    "players": ("import", "invite", "approve", "reject", "expel", "replace", "unavailable",
                "availability", "forbid"),
    "round": ("open", "close", "hold"),
    "game": ("report", "correct", "forfeit", "overtime", "tell", "propose", "agree", "noshow",
             "contest", "log"),
    "rule": ("dispute", "tie", "bye", "photo", "held-release", "held-void", "noshow"),
    "fees": ("pay", "cost", "prizes", "csv"),
    "club": ("night", "checkin", "pair", "fees", "end"),
    "ladder": ("new", "show", "who", "challenge", "accept", "decline", "withdraw", "join",
               "result", "tick"),
    "files": ("standings", "export", "pair", "systems", "draw", "simulate", "club-pair",
              "club-fees"),
}

#: The panels of ``tdbot --help``, by top-level command.
PANELS = {
    "run": "The bot", "site": "The bot", "demo": "The bot", "db": "The bot",
    "event": "An event", "players": "An event", "round": "An event", "game": "An event",
    "rule": "An event", "fees": "An event",
    "club": "A club", "ladder": "A club",
    "files": "Files (no database)",
}


class Ordered(TyperGroup):
    """A group that lists its commands in the order of :data:`ORDER`, not as registered
    (which would follow the order the modules happen to be imported in)."""

    def list_commands(self, ctx: Any) -> list[str]:
        order = ORDER.get(self.name or "", ())
        names = super().list_commands(ctx)
        return sorted(names, key=lambda name: order.index(name) if name in order else len(order))

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """Each command with its whole help line (click would cut it at the terminal's
        width), under its panel's heading in ``tdbot --help``."""
        panels: dict[str, list[tuple[str, str]]] = {}
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is None or command.hidden:
                continue
            panel = PANELS.get(name, "Commands") if self.name == "tdbot" else "Commands"
            line = command.short_help or (command.help or "").split("\n\n")[0]
            panels.setdefault(panel, []).append((name, " ".join(line.split())))
        for panel, rows in panels.items():
            with formatter.section(panel):
                formatter.write_dl(rows)


#: The groups of ``tdbot``, by name: the typer app each command module registers on, and
#: its help.
GROUPS: dict[str, tuple[typer.Typer, str]] = {}


class Group(Ordered):
    """A group of ``tdbot`` whose commands are made from its typer app the first time they
    are asked for: running one, the group's help, the command reference. typer makes a
    command by reading its function's signature, and making all of them took longer than
    the rest of ``tdbot --help``, which lists only the groups, or ``tdbot game report``,
    which needs the commands of one."""

    def __init__(self, source: typer.Typer, **attrs: Any) -> None:
        self._source: typer.Typer | None = None
        super().__init__(**attrs)
        self._source = source

    @property
    def commands(self) -> MutableMapping[str, Any]:
        if self._source is not None:
            source, self._source = self._source, None
            self._made.update(typer.main.get_group(source).commands)
        return self._made

    @commands.setter
    def commands(self, value: MutableMapping[str, Any]) -> None:
        self._made = value


class Root(Ordered):
    """``tdbot`` itself: its own commands (``run``, ``demo``) and the groups, each in its
    panel of ``tdbot --help``.

    The help is click's plain text, not typer's boxes drawn with rich: importing rich's
    help renderer took longer than everything else ``tdbot --help`` does
    (``python -m bench.startup``)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for name, (source, help) in GROUPS.items():
            self.add_command(Group(source, name=name, help=help, no_args_is_help=True,
                                   rich_help_panel=PANELS[name], rich_markup_mode=None))


app = typer.Typer(
    name="tdbot",
    cls=Root,
    help="TDBot: run Scrabble and chess competitions in a chat.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def group(name: str, help: str) -> typer.Typer:
    """A top-level group ``tdbot NAME``, in its panel of ``tdbot --help``."""
    made = typer.Typer(cls=Ordered, help=help, no_args_is_help=True, rich_markup_mode=None)
    GROUPS[name] = (made, help)
    return made


db_app = group("db", "Create, update, back up and copy the database.")
site_app = group("site", "Serve the public events' live pages from a process of their own, "
                         "beside tdbot run.")
event_app = group("event", "Create events and read them: the draw, standings, exports, "
                           "the journal, what awaits a TD.")
players_app = group("players", "Enter players, invite people and answer join requests, "
                               "expel and replace.")
round_app = group("round", "Open, close and hold open the rounds of an event.")
game_app = group("game", "Enter a game from a paper slip, correct one on record, a forfeit or "
                         "an overtime penalty; arrange a game and claim a no-show for a "
                         "player.")
rule_app = group("rule", "A TD's rulings: disputes, ties, byes, board photos, held games, "
                         "no-shows.")
fees_app = group("fees", "Fees paid, costs, the prize pools (SSSg paras 7-9, 26) and the "
                         "fees as CSV.")
ladder_app = group("ladder", "A club challenge ladder: try one over a JSON file, or act "
                             "on the bot's as a TD.")
files_app = group("files", "Work over tsh, TRF, CSV and club files: standings, exports, "
                           "pairings, draws; nothing is stored.")

#: An event named on the command line, the same way in every command.
EventArg = Annotated[str, typer.Argument(
    metavar="EVENT", help="The event's slug or id (tdbot event list shows them).",
    show_default=False)]

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


def whole(flag: str, allowed: str) -> Callable[[str | int], int]:
    """A typer ``parser`` for a whole-number option or argument: a value outside the range
    ``allowed`` names in ``bot.service.platform.limits`` (``"SEED"``: ``limits.SEED``), or
    not a number, is one line naming the flag and the range, exit 2. The range is looked up
    when a value is parsed, so that building the command tree does not load the service."""

    def parse(value: str | int) -> int:
        from bot.service.platform import limits
        from bot.service.platform.errors import Invalid

        limit = getattr(limits, allowed)
        assert isinstance(limit, limits.Range), f"limits.{allowed} is no Range"
        try:
            return limit.parse(str(value))
        except Invalid as exc:
            fail(f"{flag}: {exc.message}")

    return parse


#: For a command that takes a game's scores as arguments: ``-5`` is then an argument (a
#: score this refuses in one line), not an unknown option in a box of usage text.
SCORES_ARGS = {"ignore_unknown_options": True}


def score(text: str, who: str) -> int:
    """A game's score as typed: a whole number, 0 or more. Whether it is a possible score
    for a game is the use-case's rule (``reporting.MAX_SCORE``)."""
    value = text.strip()
    if value.startswith("--"):  # an option misspelt, in the place of a missing score
        fail(f"{who}'s score is missing: {value} is no score, nor an option of the command "
             "(--help lists them)")
    if not (value.isascii() and value.isdigit()) or len(value) > 9:
        shown = repr(text) if len(text) < 20 else f"a number of {len(text)} digits"
        fail(f"{who}'s score {shown}: scores are whole numbers, 0 or more, such as 412")
    return int(value)


def tdbot_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

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
    except Exception as exc:
        # Loaded only now: a command that raised one of these has loaded them already.
        from bot.service.platform.errors import ServiceError
        from bot.store.errors import DatabaseUnusable, explain
        from bot.store.migrations import MigrationError

        if isinstance(exc, ServiceError):
            _exit(2, exc.message)
        if isinstance(exc, (MigrationError, DatabaseUnusable)):
            _exit(2, str(exc))
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
