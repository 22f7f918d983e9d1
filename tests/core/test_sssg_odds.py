"""The random play of ``tdbot files simulate`` (``core.knockout.sssg.random_match``) for any ratings: the
Elo odds of a rating of 10**6 against 0 overflowed a float (``10 ** 2500.0``); a fuzzer
found it. The gap is capped where the odds no longer change what a simulation shows."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.knockout import sssg


def test_elo_odds_on_the_usual_scale() -> None:
    assert sssg.elo_odds(1500, 1500) == 0.5
    assert sssg.elo_odds(1900, 1500) == pytest.approx(10 / 11)  # 400 points: odds of 10 to 1
    assert sssg.elo_odds(1500, 1900) == pytest.approx(1 / 11)


def test_elo_odds_for_a_gap_beyond_any_real_one() -> None:
    assert 1 - 1e-9 < sssg.elo_odds(1_000_000, 0) < 1
    assert 0 < sssg.elo_odds(0, 10**30) < 1e-9


@given(st.integers(min_value=-(10**40), max_value=10**40), st.integers(min_value=0, max_value=10**40))
def test_elo_odds_are_a_probability_for_any_ratings(a: int, b: int) -> None:
    p = sssg.elo_odds(a, b)
    assert 0 < p < 1 and sssg.elo_odds(b, a) == pytest.approx(1 - p)


def test_a_match_between_ratings_a_million_apart_is_played_to_its_end() -> None:
    match = sssg.random_match(3, (0, 0), (10**6, 0), random.Random(1))
    assert match.state().decided
