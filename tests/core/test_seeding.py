"""Seeding and byes: SSSg rules (SSSg 2016), Annex A para 2 (byes to the top x by rating)
and para 3 (top half seeded; top half meet at the earliest in round 2, top quarter in
round 3, ..., the top two in a final-level round; the rest a random draw)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.knockout.bracket import next_power_of_two
from core.knockout.seeding import Entrant, rank, seat, seating_problem, seed_count


def names(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(1, n + 1)]  # already best first


@given(st.integers(2, 70), st.integers(0, 10**6))
def test_byes_go_only_to_the_top_players_and_never_meet_a_bye(n, s):
    """Para 2: 'Byes, if any, will be awarded to the top x players ... by rating'."""
    ranked = names(n)
    seating = seat(ranked, random.Random(s))
    size = next_power_of_two(n)
    assert len(seating.seats) == size
    assert sorted(p for p in seating.seats if p) == sorted(ranked)
    x = size - n
    with_bye = set()
    for m in range(size // 2):
        a, b = seating.seats[2 * m], seating.seats[2 * m + 1]
        assert a is not None or b is not None, "bye against bye"
        if a is None or b is None:
            with_bye.add(a or b)
    assert with_bye == set(ranked[:x]) == set(seating.byes)


@given(st.integers(2, 70), st.integers(0, 10**6))
def test_seeds_respect_their_tiers(n, s):
    """Para 3: the top size/2**t seeds are in different blocks of 2**t seats, so they can
    meet at the earliest in round t + 1 (top half: round 2; top two: the final)."""
    ranked = names(n)
    seating = seat(ranked, random.Random(s))
    size = len(seating.seats)
    assert seating.seeds == tuple(ranked[: n // 2])
    where = {p: i for i, p in enumerate(seating.seats) if p}
    for t in range(1, size.bit_length() - 1):
        tier = seating.seeds[: size // 2**t]
        blocks = [where[p] >> t for p in tier]
        assert len(blocks) == len(set(blocks)), (t, tier)


def test_seed_count_is_the_top_half():
    """Para 3: 'the top half of the field by SA rating ... will be seeded'."""
    assert [seed_count(n) for n in (2, 3, 16, 17, 24)] == [1, 1, 8, 8, 12]


@given(st.integers(2, 70), st.integers(0, 10**6))
def test_the_same_seed_gives_the_same_draw(n, s):
    assert seat(names(n), random.Random(s)) == seat(names(n), random.Random(s))


def test_placement_inside_the_tiers_is_a_random_draw():
    """Para 3: 'Aside from these restrictions ... bracket positions will be determined by
    random draw': seed 1 is not always in the same place, nor are unseeded players."""
    draws = {seat(names(16), random.Random(s)).seats for s in range(40)}
    assert len(draws) == 40
    assert len({d.index("p01") for d in draws}) > 4


def test_equal_ratings_are_ordered_by_the_draw():
    field = [Entrant(f"e{i}", 1500) for i in range(8)]
    orders = {tuple(e.name for e in rank(field, random.Random(s))) for s in range(20)}
    assert len(orders) > 1
    assert rank(field, random.Random(3)) == rank(field, random.Random(3))
    mixed = [Entrant("low", 1000), Entrant("high", 2000)]
    assert [e.name for e in rank(mixed, random.Random(0))] == ["high", "low"]


def test_the_draw_does_not_depend_on_the_order_of_the_list():
    """Para 1 and 3 ('random draw') with a recorded seed: anyone re-running the draw
    with the same players and seed gets the same bracket, even from a list sorted
    another way (by name, by rating, as registered)."""
    field = [Entrant(f"e{i}", 1500 + 10 * (i % 3)) for i in range(12)]
    shuffled = list(reversed(field))
    for s in range(10):
        assert rank(field, random.Random(s)) == rank(shuffled, random.Random(s))


def test_bad_input_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="at least 2"):
        seat(["solo"], random.Random(0))
    with pytest.raises(ValueError, match="unique"):
        seat(["a", "a"], random.Random(0))
    with pytest.raises(ValueError, match="bye against a bye"):
        seat(["a", "b", "c"], random.Random(0), size=8)


@given(st.integers(2, 70), st.integers(0, 10**6))
def test_every_draw_passes_the_rules_check(n, s):
    """Para 2-3: ``seating_problem`` finds nothing wrong with a draw ``seat`` makes."""
    assert seating_problem(seat(names(n), random.Random(s)).seats, names(n)) is None


def test_the_rules_check_names_what_is_wrong():
    """Para 2: byes to the top x by rating; para 3: seed tiers."""
    ranked = names(6)  # 8 seats, byes for p01 and p02, seeds p01-p03
    good = seat(ranked, random.Random(1)).seats
    assert seating_problem(good, ranked) is None
    p01, p02 = good.index("p01"), good.index("p02")
    bad = list(good)
    bad[p01], bad[p02 ^ 1] = None, "p01"  # p01 beside p02's bye: two seeds meet in round 1
    assert "byes" in seating_problem(bad, ranked) or "seeds" in seating_problem(bad, ranked)
    assert "exactly" in seating_problem(good[:-1] + ("zz",), ranked)


@given(st.integers(2, 70), st.integers(0, 10**6), st.data())
def test_a_kept_seating_moves_only_whom_the_rules_move(n, s, data):
    """A division redrawn after a correction (``keep``) keeps everyone in their first-round
    match when the rules still hold, and always ends with a draw the rules allow."""
    ranked = names(n)
    first = seat(ranked, random.Random(s))
    again = seat(ranked, random.Random(s + 1), keep=first.seats)
    assert [p // 2 for p in map(again.seats.index, ranked)] == [
        p // 2 for p in map(first.seats.index, ranked)
    ]
    # One player replaced by a newcomer of any rating: still a valid draw.
    out = data.draw(st.sampled_from(ranked))
    at = data.draw(st.integers(0, n - 1))
    new_ranked = [p for p in ranked if p != out]
    new_ranked.insert(at, "new")
    keep = ["new" if p == out else p for p in first.seats]
    moved = seat(new_ranked, random.Random(s), keep=keep)
    assert seating_problem(moved.seats, new_ranked) is None


def test_entrant_lives_with_seeding_and_qualifying_imports_it():
    """No import cycle; core.knockout.qualifying re-exports the same class."""
    import ast
    from pathlib import Path

    import core.knockout.qualifying

    source = Path(__file__).resolve().parents[2] / "core" / "knockout" / "seeding.py"
    imported = {
        node.module
        for node in ast.walk(ast.parse(source.read_text()))
        if isinstance(node, ast.ImportFrom)
    }
    assert "core.knockout.qualifying" not in imported
    assert core.knockout.qualifying.Entrant is Entrant
