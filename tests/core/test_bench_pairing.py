"""`python -m bench.pairing` runs and its quality figures hold on small events: the
issue's "no repeats wherever a repeat-free pairing exists" (60 players, 6 rounds: each
player has met at most 5 others, so a repeat-free pairing always exists).

The benchmark is a script beside the package, so it is run as one, from the root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("system", "title"), [("swiss", "modified Swiss"),
                                               ("koth", "King of the Hill"),
                                               ("uscf", "USCF Swiss")])
def test_bench_prints_figures_and_makes_no_repeats(system: str, title: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bench.pairing", "--sizes", "60", "31", "--rounds", "6",
         "--system", system, "--seed", "7"],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=120,
    ).stdout.splitlines()
    assert out[0] == f"{title}, 6 rounds, seed 7"
    rows = [line.split() for line in out[2:]]
    assert [row[0] for row in rows] == ["60", "31"]
    assert all(row[5] == "0" for row in rows)  # the repeats column
