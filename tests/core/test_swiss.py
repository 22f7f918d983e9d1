"""Modified Swiss: the NASPA Director's Manual, appendix "Modified-Swiss Pairings".

Round 1: "with 32 players, #1 vs. #17, #2 vs. #18... #16 vs. #32". Step 2: "two
players have 5 wins, four players have 4 wins, and 6 players have 3 wins ... the two
players with 5 wins are paired together; the four ... #1 vs. #3, #2 vs. #4; the six
... #1 vs. #4, #2 vs. #5, #3 vs. #6". Step 3: an odd group of five takes "the next
highest player" and pairs "1 vs. 4, 2 vs. 5, 3 vs. 6"; repeats are switched "within
the win group". Step 4 and its note: KOTH, or FP4 then KOTH, for the last two rounds.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.pairing.swiss import pair_swiss
from core.tournament import Division, Game, GameKind, Player
from tests.core.reasons_in_words import said_for


def with_records(records, games=()) -> Division:
    """Players 1..n whose standings are ``records`` (wins, losses, spread) in number
    order; the records come from opponent-less forfeits so nobody has met anybody."""
    players = tuple(Player(i, f"P{i}", 2000 - i) for i in range(1, len(records) + 1))
    made = list(games)
    for p, (wins, losses, spread) in enumerate(records, start=1):
        results = [1.0] * wins + [0.0] * losses
        for r, points in enumerate(results, start=1):
            share = spread if r == 1 else 0
            made.append(Game(r, p, None, points, score_a=share, kind=GameKind.FORFEIT))
    return Division("A", players, tuple(made), rounds=max(w + lo for w, lo, _ in records))


def pairs_of(pairings) -> list[tuple[int, int]]:
    return [tuple(sorted(p)) for p in pairings.pairs]


def test_round_one_top_half_against_bottom_half() -> None:
    players = tuple(Player(i, f"P{i}", 2400 - 10 * i) for i in range(1, 33))
    pairings = pair_swiss(Division("A", players), 1)
    assert pairs_of(pairings) == [(i, i + 16) for i in range(1, 17)]
    assert said_for(pairings, (1, 17)) == "paired 1 v 17: Swiss, 0-win group: 1st v 17th of 32"


def test_seed_example_after_round_five() -> None:
    records = [(5, 0, 200), (5, 0, 100)] + [(4, 1, 300 - 10 * i) for i in range(4)]
    records += [(3, 2, 300 - 10 * i) for i in range(6)]
    pairings = pair_swiss(with_records(records), 6)
    assert pairs_of(pairings) == [(1, 2), (3, 5), (4, 6), (7, 10), (8, 11), (9, 12)]


def test_odd_group_pulls_up_the_next_player() -> None:
    records = [(4, 0, 100 - i) for i in range(5)] + [(3, 1, 100 - i) for i in range(5)]
    pairings = pair_swiss(with_records(records), 5)
    # five 4-win players plus the top 3-win player (6): 1v4, 2v5, 3v6; then 7..10: 7v9, 8v10
    assert pairs_of(pairings) == [(1, 4), (2, 5), (3, 6), (7, 9), (8, 10)]
    assert "6 pulled up from 3" in said_for(pairings, (3, 6))


def test_repeat_switches_inside_the_win_group() -> None:
    records = [(2, 0, 100 - i) for i in range(4)] + [(0, 2, -i) for i in range(4)]
    # Round 3 was drawn 1v3 and 2v4, so the 2.5-win group stands 1, 2, 3, 4 and its
    # table (1v3, 2v4) repeats both games.
    met = (Game(3, 1, 3, 0.5, 0.5, 400, 400), Game(3, 2, 4, 0.5, 0.5, 400, 400))
    d = with_records(records, met)
    pairings = pair_swiss(d, 4)
    pairs = pairs_of(pairings)
    assert (1, 3) not in pairs and (2, 4) not in pairs
    top = {p for pair in pairs[:2] for p in pair}
    assert top == {1, 2, 3, 4}  # the switch stayed inside the group


def test_last_two_rounds_koth_or_fp4() -> None:
    records = [(4 - i // 2, i // 2, 100 - i) for i in range(8)]
    d = with_records(records)
    assert pairs_of(pair_swiss(d, 9, total_rounds=10, final="koth")) == [
        (1, 2),
        (3, 4),
        (5, 6),
        (7, 8),
    ]
    assert pairs_of(pair_swiss(d, 9, total_rounds=10, final="fp4")) == [
        (1, 3),
        (2, 4),
        (5, 7),
        (6, 8),
    ]
    assert pairs_of(pair_swiss(d, 10, total_rounds=10, final="fp4")) == [
        (1, 2),
        (3, 4),
        (5, 6),
        (7, 8),
    ]


def test_bad_options_are_refused() -> None:
    d = with_records([(0, 0, 0)] * 4)
    with pytest.raises(ValueError, match="needs total_rounds"):
        pair_swiss(d, 1, final="koth")
    with pytest.raises(ValueError, match="final must be one of"):
        pair_swiss(d, 1, total_rounds=5, final="kotH")
    with pytest.raises(ValueError, match="outside the event"):
        pair_swiss(d, 6, total_rounds=5)


@given(n=st.integers(2, 40), rounds=st.integers(1, 7), seed=st.integers(0, 10**6))
def test_swiss_properties(n: int, rounds: int, seed: int) -> None:
    """Everyone once a round, same input same output, and no repeats while one can be
    avoided (n > 2 * round guarantees a repeat-free pairing exists)."""
    rng = random.Random(seed)
    players = tuple(Player(i, f"P{i}", rng.randrange(1000, 2100)) for i in range(1, n + 1))
    d = Division("A", players)
    for r in range(1, rounds + 1):
        pairings = pair_swiss(d, r)
        assert pairings == pair_swiss(d, r)
        seen = sorted([x for p in pairings.pairs for x in p] + list(pairings.byes))
        assert seen == list(range(1, n + 1)) and len(pairings.byes) == n % 2
        if n > 2 * r:
            assert all(d.times_met(*p) == 0 for p in pairings.pairs)
        games = list(d.games)
        for a, b in pairings.pairs:
            pa = rng.choice([0.0, 1.0])
            games.append(Game(r, a, b, pa, 1 - pa, 400, 350 if pa else 450, first=a))
        games += [Game(r, p, None, 1.0, score_a=50, kind=GameKind.BYE) for p in pairings.byes]
        d = Division("A", players, tuple(games), rounds=r)
