"""`python -m bench.reporting` runs on a tiny field and ends with its figures, one
``name value unit`` per line; its table counts the games it played (the benchmark itself
checks them against the games stored). Seconds are printed, never asserted (docs/architecture.md,
"Tests").

The benchmark is a script beside the package, so it is run as one, from the root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_reporting_prints_its_figures_last() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bench.reporting", "--sizes", "4", "8", "--best-of", "3"],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=120,
    ).stdout.splitlines()
    assert out[0].startswith("single elimination, first round only, best of 3")
    rows = {line.split()[0]: line.split() for line in out[2:4]}
    assert set(rows) == {"4", "8"} and rows["8"][1] == "4"  # 8 players: 4 matches at once
    for _players, matches, games, chat, paper, *_ in rows.values():
        assert int(chat) + int(paper) == int(games)
        assert 2 * int(matches) <= int(games) <= 3 * int(matches)  # best of 3
    figures = [line.split() for line in out[-10:]]
    assert [f[0] for f in figures] == [
        f"{name}_{n}" for n in (4, 8) for name in (
            "report_confirm", "report_confirm_deciding", "agree", "tdbot_report",
            "tdbot_report_deciding")
    ]
    for name, value, unit in figures:
        assert float(value) > 0 and unit in ("games/s", "slips/s"), name


def test_bench_reporting_refuses_a_field_too_small() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.reporting", "--sizes", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2 and "at least 4 players" in done.stderr
