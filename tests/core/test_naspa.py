"""NASPA submission files (Director's Manual, "Tournament Data Submission Formats": Basic
Format, Basic Format & Scores, and the numbering of several divisions)."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.formats.naspa import naspa_name, write_naspa
from core.formats.tsh import read_tsh
from core.tournament import Division, Game, Player

# Division A of the seed's tsh example (Butts's rounds 1 and 4 corrected, see test_tsh).
TSH = """\
#division A
Chew, John 1800 3 0 2 3 0 2; 300 50 350 300 50 300
Edley, Joe 2000 0 3 1 0 3 1; 50 300 350 0 300 400
Butts, Alfred 500 1 2 0 1 2 0; 400 400 50 400 400 50
#division B
Doe, John 1500 2 2; 400 380
Doe, Jane 1400 1 1; 350 390
"""

# The seed's own syntax: "1 SMITH SARAH/423: W45 B L8 T5", "W3-345".
LINE = re.compile(r"^(\d+) ([^/,:]+)/(-?\d+): ((?:(?:[WLT]\d+(?:-\d+)?|B)(?: |$))*)$")


def test_basic_format_lines() -> None:
    a, _ = read_tsh(TSH)
    text = write_naspa([a])
    assert text.splitlines() == [
        "1 Chew John/-200: L3 B T2 L3 B L2",
        "2 Edley Joe/-50: B L3 T1 B L3 W1",
        "3 Butts Alfred/500: W1 W2 B W1 W2 B",
    ]
    assert all(LINE.match(line) for line in text.splitlines())


def test_basic_format_with_scores_leaves_byes_bare() -> None:
    a, _ = read_tsh(TSH)
    first = write_naspa([a], scores=True).splitlines()[0]
    assert first == "1 Chew John/-200: L3-300 B T2-350 L3-300 B L2-300"


def test_divisions_numbered_straight_through() -> None:
    """'Division 1 would be 1-16, Division 2 would be 17-32': opponents shift too."""
    lines = write_naspa(read_tsh(TSH)).splitlines()
    assert lines[3:] == ["4 Doe John/40: W5 L5", "5 Doe Jane/-40: L4 W4"]


def test_divisions_restart_with_plus_lines() -> None:
    """'+16 indicates that sixteen players are above that point in the file'."""
    divisions = read_tsh(TSH) + (replace(read_tsh(TSH)[0], name="C"),)
    lines = write_naspa(divisions, numbering="restart").splitlines()
    assert lines[3] == "+3"
    assert lines[4:6] == ["1 Doe John/40: W2 L2", "2 Doe Jane/-40: L1 W1"]
    assert lines[6] == "+5"
    assert lines[7].startswith("1 Chew John/")
    assert lines[-1].startswith("3 Butts Alfred/")


def test_names_lose_their_comma_and_bad_input_is_refused() -> None:
    assert naspa_name("Chew,  John") == "Chew John"
    players = (Player(1, "A/B"), Player(2, "C"))
    with pytest.raises(ValueError, match="cannot contain"):
        write_naspa([Division("A", players)])
    no_scores = Division(
        "A", (Player(1, "A"), Player(2, "B")), (Game(1, 1, 2, 1.0, 0.0),), rounds=1
    )
    assert write_naspa([no_scores]).splitlines()[0] == "1 A/0: W2"
    with pytest.raises(ValueError, match="has no score"):
        write_naspa([no_scores], scores=True)
    with pytest.raises(ValueError, match="numbering"):
        write_naspa([no_scores], numbering="sideways")  # type: ignore[arg-type]


@given(st.integers(2, 8), st.integers(1, 5), st.randoms(use_true_random=False))
def test_every_game_appears_on_both_lines(n: int, rounds: int, rng: random.Random) -> None:
    """Director's Manual: 'crosscheck ... making sure there is a matching game on the opponent's
    line' - W k on i's line in a round is L i on k's line in the same round."""
    games = []
    for r in range(1, rounds + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        for i in range(0, n - 1, 2):
            a, b = sorted(order[i : i + 2])
            sa, sb = rng.randint(200, 600), rng.randint(200, 600)
            pa = 1.0 if sa > sb else 0.0 if sa < sb else 0.5
            games.append(Game(r, a, b, pa, 1.0 - pa, sa, sb))
        if n % 2:
            games.append(Game(r, order[-1], None, 1.0, score_a=50))
    division = Division(
        "A", tuple(Player(i, f"P{i}") for i in range(1, n + 1)), tuple(games), rounds
    )
    results = {}
    for line in write_naspa([division], scores=True).splitlines():
        found = LINE.match(line)
        assert found is not None, line
        results[int(found.group(1))] = found.group(4).split()
    mirror = {"W": "L", "L": "W", "T": "T"}
    for i, row in results.items():
        assert len(row) == rounds
        for r, result in enumerate(row):
            if result == "B":
                continue
            opponent = int(result[1:].split("-")[0])
            assert results[opponent][r].startswith(f"{mirror[result[0]]}{i}-")
