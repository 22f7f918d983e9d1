"""John Green system (core/pairing/john_green.py).

Fixtures transcribed from Director's Manual, appendix "John Green System (RR/KOH)": the seven-round
Berger table and "The five rounds from the above Berger Table pairings used in the John
Green System".
"""

from __future__ import annotations

from collections import Counter

import pytest

from core.pairing.john_green import BERGER_7, john_green_table, pair_john_green
from core.tournament import Division, Game, Player
from tests.core.reasons_in_words import said_for

SEED_BERGER = """
Rd 1: 1-BYE 2-7 3-6 4-5
Rd 2: 1-2 3-BYE 4-7 5-6
Rd 3: 1-3 2-4 5-BYE 6-7
Rd 4: 1-4 2-6 3-5 7-BYE
Rd 5: 1-5 2-BYE 3-7 4-6
Rd 6: 1-6 2-3 4-BYE 5-7
Rd 7: 1-7 2-5 3-4 6-BYE
"""

SEED_JOHN_GREEN = """
Rd 1 1-BYE 2-7 3-6 4-5
Rd 2 1-2 3-BYE 4-7 5-6
Rd 3 1-3 2-4 5-BYE 6-7
Rd 4 1-5 2-BYE 3-7 4-6
Rd 5 1-6 2-3 4-BYE 5-7
"""


def parse(text: str) -> list[tuple[set[frozenset[int]], int]]:
    rounds = []
    for line in text.strip().splitlines():
        pairs: set[frozenset[int]] = set()
        bye = 0
        for token in line.split()[2:] if ":" in line else line.split()[2:]:
            a, b = token.split("-")
            if b == "BYE":
                bye = int(a)
            else:
                pairs.add(frozenset((int(a), int(b))))
        rounds.append((pairs, bye))
    return rounds


def division(games: tuple[Game, ...] = ()) -> Division:
    # numbers deliberately not in rating order: seed k is the k-th highest rated
    ratings = {1: 1500, 2: 1900, 3: 1200, 4: 1700, 5: 1300, 6: 1800, 7: 1600}
    players = tuple(Player(k, f"P{k}", rating=r) for k, r in ratings.items())
    return Division("G", players, games, rounds=max((g.round for g in games), default=0))


SEED_TO_PLAYER = {1: 2, 2: 6, 3: 4, 4: 7, 5: 1, 6: 5, 7: 3}


def test_berger_table_as_the_seed_prints_it() -> None:
    for (pairs, bye), ours in zip(parse(SEED_BERGER), BERGER_7, strict=True):
        assert {frozenset(p) for p in ours} == pairs
        assert bye not in {p for pair in ours for p in pair}


def test_john_green_rounds_as_the_seed_prints_them() -> None:
    """Director's Manual: the Berger rounds 1, 2, 3, 5 and 6; byes to seeds 1-5."""
    for (pairs, bye), (ours, our_bye) in zip(
        parse(SEED_JOHN_GREEN), john_green_table(), strict=True
    ):
        assert {frozenset(p) for p in ours} == pairs
        assert our_bye == bye
    assert [b for _, b in john_green_table()] == [1, 3, 5, 2, 4]


def test_five_rounds_by_seed_without_repeats() -> None:
    div = division()
    met: Counter[frozenset[int]] = Counter()
    byes = []
    for r in range(1, 6):
        pairings = pair_john_green(div, r)
        seed_pairs = {frozenset(p) for p in parse(SEED_JOHN_GREEN)[r - 1][0]}
        as_players = {frozenset(SEED_TO_PLAYER[s] for s in pair) for pair in seed_pairs}
        assert {frozenset(p) for p in pairings.pairs} == as_players
        met.update(frozenset(p) for p in pairings.pairs)
        byes.extend(pairings.byes)
        assert "John Green" in said_for(pairings, pairings.pairs[0])
    assert set(met.values()) == {1}
    assert byes == [SEED_TO_PLAYER[s] for s in (1, 3, 5, 2, 4)]


@pytest.mark.parametrize("seventh_poorer", [True, False])
def test_sixth_bye_to_the_poorer_of_seeds_6_and_7(seventh_poorer: bool) -> None:
    """Director's Manual: "The sixth BYE was assigned to whichever of the bottom two seeds had the
    poorer record through the first five rounds"; the others play King of the Hill."""
    div = division()
    games: list[Game] = []
    seed6, seed7 = SEED_TO_PLAYER[6], SEED_TO_PLAYER[7]
    loser, other = (seed7, seed6) if seventh_poorer else (seed6, seed7)
    for r in range(1, 6):
        for a, b in pair_john_green(div, r).pairs:  # the other wins all, the loser none
            a_wins = a == other or b == loser or (b != other and a != loser and a < b)
            pa, sa, sb = (1.0, 400, 300) if a_wins else (0.0, 300, 400)
            games.append(Game(r, a, b, pa, 1.0 - pa, sa, sb, a))
    pairings = pair_john_green(division(tuple(games)), 6)
    assert pairings.byes == (loser,)
    assert "poorer record of seeds 6 and 7" in said_for(pairings, (loser, 0))
    assert len(pairings.pairs) == 3 and "KOTH" in said_for(pairings, pairings.pairs[0])


def test_only_for_seven_players() -> None:
    div = Division("G", tuple(Player(k, f"P{k}") for k in range(1, 9)))
    with pytest.raises(ValueError, match="exactly 7 players"):
        pair_john_green(div, 1)
    with pytest.raises(ValueError, match="rounds 1 to 6"):
        pair_john_green(division(), 7)
