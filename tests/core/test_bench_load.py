"""`python -m bench.load --quick` runs the real bot against the fake Bot API with a few
players and ends with its figures, one ``name value unit`` per line. The benchmark itself
checks that every game played is stored and every update sent was claimed, and that the
deadlines due within the arming horizon (and only those) were armed; this test checks the figures are there and readable. Seconds
are printed, never asserted (docs/architecture.md, "Tests").

The benchmark is a script beside the package, so it is run as one, from the root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

NAMES = {
    "updates_per_s": "updates/s", "burst_updates_per_s": "updates/s",
    "latency_p50": "ms", "latency_p99": "ms", "paced_latency_p50": "ms",
    "paced_latency_p99": "ms", "apply_p50": "ms", "apply_p99": "ms",
    "lock_wait_p50": "ms", "lock_wait_p99": "ms",
    "messages_per_s": "messages/s", "max_overall_per_s": "messages/s",
    "max_chat_per_s": "messages/s", "max_group_per_min": "messages/min",
    "refused_429": "calls", "rearm_1000": "s", "startup_1000": "s",
    "sweep_1000_p50": "ms", "sweep_1000_max": "ms",
    "rss_started_300_players_3000_games": "MB", "maxrss_300_players_3000_games": "MB",
    "report_p50_at_size": "ms", "report_max_at_size": "ms",
}  # fmt: skip


def test_bench_load_quick_prints_its_figures_last() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bench.load", "--quick", "--players", "8", "--no-flood"],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=300,
    ).stdout.splitlines()
    assert out[0].startswith("single elimination, 8 players, 4 matches open at once")
    figures = [line.split() for line in out[-len(NAMES):]]
    assert {name: unit for name, _, unit in figures} == NAMES
    values = {name: float(value) for name, value, _ in figures}
    assert values["updates_per_s"] > 0 and values["messages_per_s"] > 0
    assert 0 < values["latency_p50"] <= values["latency_p99"]
    assert values["max_overall_per_s"] >= 1 and values["maxrss_300_players_3000_games"] > 0
    assert 0 < values["report_p50_at_size"] <= values["report_max_at_size"]


def test_bench_load_refuses_too_few_players() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.load", "--players", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2 and "at least 4" in done.stderr
