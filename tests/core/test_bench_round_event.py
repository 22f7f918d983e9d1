"""`python -m bench.round_event` runs on a tiny field and ends with its figures, one
``name value unit`` per line (the benchmark itself checks the matches and messages round 2
wrote). Seconds are printed, never asserted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_round_event_prints_its_figures_last() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bench.round_event", "--players", "9"],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=120,
    ).stdout.splitlines()
    assert out[0].startswith("round-based event, swiss, 9 players")
    figures = {line.split()[0]: line.split()[1:] for line in out[1:]}
    assert figures["round2_matches_9"] == ["5", "matches"]  # 4 pairs and the bye
    assert int(figures["round2_messages_9"][0]) >= 9  # every player, and the group
    assert figures["open_round2_9"][1] == "s"
