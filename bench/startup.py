"""Benchmark: how long a ``tdbot`` command takes from start to exit, against ``python -c pass``.

    python -m bench.startup              # 15 runs of each
    python -m bench.startup --runs 31

Each command is run as a new process, as a TD runs it: ``python -c pass`` (the interpreter
alone, the floor), ``tdbot --help``, ``tdbot event list --db X`` and ``tdbot game report``
entering game 1 of a match of a small prepared event (a 4-player single elimination with
its first round open; every run reports into a fresh copy of that database, so every run
does the same real work: the report is checked, stored and both players are told).

Each command runs once untimed first, and the runs keep Python's bytecode caches
(``__pycache__``) even where PYTHONDONTWRITEBYTECODE is set: an installed ``tdbot`` has its
modules compiled once, and compiling them again at every run would be measured instead.

For each: the median wall-clock seconds of the runs, that as a multiple of ``python -c
pass`` measured in the same run (on a busy machine the multiples move less than the
seconds), and the median CPU seconds of the process (user + system), which waiting for a
busy CPU does not inflate. The figures are the last lines, one ``name value unit`` per
line; a command that fails, or a report not found stored, stops the benchmark with why.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

#: A small event: four players, single elimination, the first round best of 3.
DEFINITION = """\
[event]
slug = "bench-cup"
name = "Bench Cup"
format = "single"
time_zone = "Asia/Singapore"
currency = "SGD"
fee_per_round = 0

[[tds]]
name = "Tara TD"

[[rounds]]
name = "SF"
best_of = 3

[[rounds]]
name = "Final"
best_of = 3

[[players]]
name = "Ann Lee"
rating = 1800

[[players]]
name = "Ben Ong"
rating = 1700

[[players]]
name = "Cai Wen"
rating = 1600

[[players]]
name = "Dev Rao"
rating = 1500
"""

#: Game 1 of the semi-final the draw with seed 2026 makes of Ann Lee and Dev Rao.
REPORT = ("game", "report", "bench-cup", "Ann Lee", "412", "Dev Rao", "380",
          "--starter", "Dev Rao")


def tdbot() -> list[str]:
    """The ``tdbot`` console script beside this interpreter, as a TD runs it."""
    script = Path(sys.executable).with_name("tdbot")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from bot.cli import main; main()"]  # pragma: no cover


#: The environment of the commands run: bytecode cached (see the module's docstring).
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def _run(command: Sequence[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, env=ENV)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")


def prepare(folder: Path) -> Path:
    """The small event created, drawn and its first round opened, in ``folder``."""
    definition = folder / "bench-cup.toml"
    definition.write_text(DEFINITION, encoding="utf-8")
    db = folder / "prepared.sqlite3"
    closes = (datetime.now(UTC) + timedelta(days=30)).date().isoformat()
    for args in (("event", "create", str(definition), "--bot-username", "bench_bot"),
                 ("event", "draw", "bench-cup", "--seed", "2026"),
                 ("round", "open", "bench-cup", "SF", "--closes", closes)):
        _run([*tdbot(), *args, "--db", str(db)])
    return db


def measure(command: Sequence[str], runs: int,
            before: Callable[[], None] = lambda: None) -> tuple[float, float]:
    """The median wall-clock and CPU seconds of ``runs`` runs of ``command``; ``before``
    runs ahead of each run, untimed."""
    before()
    _run(command)  # untimed: compiles and caches the bytecode, fills the disk cache
    walls, cpus = [], []
    for _ in range(runs):
        before()
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        _run(command)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - used.ru_utime + after.ru_stime - used.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (median)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        prepared = prepare(folder)
        db = folder / "run.sqlite3"

        def fresh() -> None:
            shutil.copyfile(prepared, db)

        fresh()
        commands: list[tuple[str, list[str], Callable[[], None]]] = [
            ("python_c_pass", [sys.executable, "-c", "pass"], lambda: None),
            ("tdbot_help", [*tdbot(), "--help"], lambda: None),
            ("tdbot_event_list", [*tdbot(), "event", "list", "--db", str(db)], lambda: None),
            ("tdbot_game_report", [*tdbot(), *REPORT, "--db", str(db)], fresh),
        ]
        figures = {name: measure(command, args.runs, before)
                   for name, command, before in commands}
        with sqlite3.connect(db) as conn:  # the last run's report, stored
            stored = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        if stored != 1:
            raise SystemExit(f"tdbot game report stored {stored} games, not 1")
    floor = figures["python_c_pass"][0]
    print(f"# {args.runs} runs each; median wall seconds, as a multiple of python -c pass, "
          "and median CPU seconds")
    for name, (wall, cpu) in figures.items():
        print(f"{name}_wall {wall:.3f} s")
        print(f"{name}_ratio {wall / floor:.1f} x")
        print(f"{name}_cpu {cpu:.3f} s")


if __name__ == "__main__":
    main()
