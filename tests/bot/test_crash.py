"""The crash test in small: `python -m bench.crash --kills 3` must find nothing broken.

bench/crash.py plays a season over HTTP against the fake Bot API while `tdbot run` is killed
with SIGKILL at seeded random moments (see its docstring for every check). Here three kills
in a sixteen-player cup (the default for three kills), with disputes and the TD's rulings
on them: every update applied once, no message lost, the database intact, at most one
duplicate per kill, every ruled dispute ruled once. The subprocess has a timeout.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TDBOT = Path(sys.executable).with_name("tdbot")


def figures(out: str) -> dict[str, int]:
    found: dict[str, int] = {}
    for line in out.splitlines():
        name, value, _unit = line.split()
        if name != "seconds":
            found[name] = int(value)
    return found


@pytest.mark.skipif(not TDBOT.exists(), reason="the tdbot console script is not installed")
def test_a_season_killed_three_times_loses_and_doubles_nothing() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.crash", "--kills", "3", "--seed", "11"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    got = figures(done.stdout)
    assert got["kills"] == 3 and got["restarts"] == 4
    assert got["updates_sent"] == got["updates_applied_once"] > 100
    assert got["updates_lost"] == 0 and got["retries"] == 0
    assert got["results_reported"] == got["results_present_once"] >= 30  # 15 matches, 2 or 3 games each
    assert got["deadlines_fired_once"] >= got["deadlines_brought_forward"]
    assert got["disputes_raised"] >= got["disputes_ruled"] >= 1  # the TD upheld some
    assert got["lost_messages"] == 0 and got["corrupt_databases"] == 0
    assert got["duplicates_delivered"] <= got["kills"]
    assert got["violations"] == 0
