"""Seeding and byes: seed 003 (SSSg 2016), Annex A para 2 (byes to the top x by rating)
and para 3 (top half seeded; top half meet at the earliest in round 2, top quarter in
round 3, ..., the top two in a final-level round; the rest a random draw)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.bracket import next_power_of_two
from core.seeding import Entrant, rank, seat, seed_count


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


def test_bad_input_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="at least 2"):
        seat(["solo"], random.Random(0))
    with pytest.raises(ValueError, match="unique"):
        seat(["a", "a"], random.Random(0))
    with pytest.raises(ValueError, match="bye against a bye"):
        seat(["a", "b", "c"], random.Random(0), size=8)
