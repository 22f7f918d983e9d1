"""``tdbot --help`` loads no use-case and none of the heavy libraries: the command modules
import the service inside their commands (``bot/cli/__init__.py``). Speed itself is
measured by ``python -m bench.startup``, never asserted here."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from bench.startup import DEFINITION as KNOCKOUT
from bench.startup import REPORT
from bot.cli.app import app
from bot.service.results import rulings

ROOT = Path(__file__).resolve().parents[2]

#: The format packages (``bot.service.formats.registry.BUILT_IN``), each loaded only by a
#: command that meets an event of its format.
FORMAT_PACKAGES = tuple(f"bot.service.formats.{p}" for p in ("knockout", "rounds", "club",
                                                             "ladder"))

#: Modules a command that does not need them must not load: the service's use-cases, the
#: Telegram library, Pillow, rustworkx, the PostgreSQL driver and the web servers.
HEAVY = ("bot.service", "telegram", "PIL", "rustworkx", "psycopg", "aiohttp", "tornado")

#: Runs tdbot with the arguments given, then prints the modules it loaded, as JSON.
RUNNER = """
import json, sys
from bot.cli.app import app
try:
    app(args=sys.argv[1:], prog_name="tdbot")
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def _loaded(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", RUNNER, *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120, check=True)
    return list(json.loads(done.stdout.splitlines()[-1]))


def _heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_help_loads_neither_the_service_nor_a_heavy_library() -> None:
    modules = _loaded("--help")
    assert "bot.cli.match_cmds" in modules  # every command module is registered
    assert _heavy(modules) == []


def test_a_group_s_help_and_a_command_s_help_load_none_either() -> None:
    assert _heavy(_loaded("game", "--help")) == []
    assert _heavy(_loaded("game", "report", "--help")) == []


def test_a_command_loads_what_it_needs(tmp_path: Path) -> None:
    """A command over the database loads its use-case and the store, and still none of the
    libraries it does not need (nor does the runner above load nothing at all)."""
    db = str(tmp_path / "t.sqlite3")
    modules = _loaded("db", "migrate", "--db", db)
    assert "bot.store.migrations" in modules
    assert "bot.service.events.lookup" not in modules
    modules = _loaded("event", "list", "--db", db)
    assert "bot.service.events.lookup" in modules
    assert [m for m in _heavy(modules) if not m.startswith("bot.service")] == []


def _packages(modules: list[str]) -> list[str]:
    """The format packages ``modules`` holds any module of."""
    return [p for p in FORMAT_PACKAGES if any(m == p or m.startswith(p + ".") for m in modules)]


def _one_event_of_each_format(tmp_path: Path) -> str:
    """A database with a small single elimination (drawn, its semi-finals open: the
    bench's), a Swiss, a club night and a ladder."""
    db = str(tmp_path / "t.sqlite3")
    knockout = tmp_path / "bench-cup.toml"
    knockout.write_text(KNOCKOUT, encoding="utf-8")
    runner = CliRunner()
    for args in (
        ["event", "create", str(knockout)],
        ["event", "draw", "bench-cup", "--seed", "2026"],
        ["round", "open", "bench-cup", "SF", "--closes", "2099-12-31"],
        *(["event", "create", str(ROOT / "examples" / name)]
          for name in ("weekly_swiss.toml", "club_night.toml", "club_ladder.toml")),
    ):
        done = runner.invoke(app, [*args, "--db", db, "--bot-username", "t_bot"]
                             if args[1] == "create" else [*args, "--db", db])
        assert done.exit_code == 0, done.output
    return db


def test_a_command_loads_only_the_formats_of_the_events_it_meets(tmp_path: Path) -> None:
    """Each format's package is loaded the first time an event of that format is asked
    about (``formats.registry``): listing the events asks none, showing a knockout's
    rounds none either, and reporting a knockout's game loads the knockouts' package and
    no other format's."""
    db = _one_event_of_each_format(tmp_path)
    listed = _loaded("event", "list", "--db", db)
    assert "bot.service.events.lookup" in listed  # the command ran
    assert _packages(listed) == []
    shown = _loaded("event", "show", "bench-cup", "--db", db)
    assert "bot.service.events.overview" in shown
    assert _packages(shown) == []
    reported = _loaded(*REPORT, "--db", db)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (1,)  # stored
    assert _packages(reported) == ["bot.service.formats.knockout"]
    assert "bot.service.formats.knockout.format" in reported


def test_a_definition_s_validators_are_built_when_the_first_is_read() -> None:
    """A command that imports the definitions (every format's package does) but reads none,
    as a game report, does not build their validators."""
    code = ("from bot.service.events import definitions as d\n"
            "print(d.Definition.__pydantic_complete__)\n"
            "d.parse_definition(open('examples/club_night.toml').read())\n"
            "print(d.Definition.__pydantic_complete__)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=True)
    assert done.stdout.split() == ["False", "True"]


def test_rule_tie_s_help_names_the_use_case_s_default_reason() -> None:
    """The help is written out so that --help need not load the rulings; it must say what
    the use-case records when no --why is given."""
    result = CliRunner().invoke(app, ["rule", "tie", "--help"], terminal_width=200)
    assert f"(default: {rulings.TIE_REASON})" in " ".join(result.stdout.split())
