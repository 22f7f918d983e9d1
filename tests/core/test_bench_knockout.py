"""`python -m bench.knockout` runs and its figures describe the event it played: for a
field of a power of two, a double elimination has 2n - 1 matches (the bracket reset
included) and a single elimination n - 1. Seconds are printed, never asserted
(docs/architecture.md, "Tests").

The benchmark is a script beside the package, so it is run as one, from the root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("flag", "title", "matches"), [
    ((), "double elimination", {"16": "31", "32": "63"}),
    (("--single",), "single elimination", {"16": "15", "32": "31"}),
])  # fmt: skip
def test_bench_prints_build_and_simulate_figures(flag, title, matches):
    out = subprocess.run(
        [sys.executable, "-m", "bench.knockout", "--sizes", "16", "32", "--seed", "3", *flag],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=120,
    ).stdout.splitlines()  # fmt: skip
    assert out[0] == f"{title}, seed 3, best-of-3 matches"
    assert out[1].split()[:6] == ["players", "matches", "rounds", "build", "s", "draw"]
    rows = [line.split() for line in out[2:]]
    assert {row[0]: row[1] for row in rows} == matches
    for row in rows:
        assert all(float(x) >= 0 for x in row[3:6]) and row[6].startswith("P")


def test_bench_refuses_a_field_too_small():
    done = subprocess.run(
        [sys.executable, "-m", "bench.knockout", "--sizes", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and "at least 2 players" in done.stderr
