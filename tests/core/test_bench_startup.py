"""`python -m bench.startup` runs each command and ends with its figures, one ``name value
unit`` per line. Seconds are printed, never asserted.

The benchmark is a script beside the package, so it is run as one, from the root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_startup_prints_its_figures_last() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bench.startup", "--runs", "1"],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=300,
    ).stdout.splitlines()
    figures = [line.split() for line in out[-12:]]
    assert [f[0] for f in figures] == [
        f"{command}_{kind}"
        for command in ("python_c_pass", "tdbot_help", "tdbot_event_list", "tdbot_game_report")
        for kind in ("wall", "ratio", "cpu")
    ]
    for name, value, unit in figures:
        assert float(value) > 0 and unit == ("x" if name.endswith("_ratio") else "s"), name
    assert figures[1][1] == "1.0"  # python -c pass against itself
