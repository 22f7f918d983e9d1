"""The fleet crash test in small: `python -m bench.fleet_crash` with three workers on
PostgreSQL behind the fake Bot API's webhook, twenty SIGKILLs, must find nothing broken.

bench/fleet_crash.py plays a season (reports, taps, disputes, slip windows falling due)
while a random worker is killed and started again (see its docstring for every check):
every update applied once, no deadline lost or closed twice, no message lost, at most one
duplicate per kill, each chat's messages in the order written. Runs when TDBOT_TEST_POSTGRES
names a server (CI sets it); the subprocess has a timeout.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.bot.test_crash import figures

ROOT = Path(__file__).resolve().parents[2]
TDBOT = Path(sys.executable).with_name("tdbot")


@pytest.mark.skipif(not TDBOT.exists(), reason="the tdbot console script is not installed")
def test_three_workers_killed_twenty_times_lose_and_double_nothing(pg_target: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.fleet_crash", "--db", pg_target, "--workers", "3",
         "--kills", "20", "--players", "8", "--seed", "3"],
        cwd=ROOT, capture_output=True, text=True, timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    got = figures(done.stdout)
    assert got["kills"] == 20 and got["restarts"] == 23
    assert got["workers_that_took_updates"] == 3
    assert got["updates_sent"] == got["updates_applied_once"] > 50
    assert got["updates_lost"] == 0
    assert got["results_reported"] == got["results_present_once"] >= 14  # 7 matches, 2-3 games
    assert got["deadlines_fired_once"] >= got["deadlines_brought_forward"]
    assert got["lost_messages"] == 0
    assert got["duplicates_delivered"] <= got["kills"]
    assert got["violations"] == 0
