"""WESPA overtime ("OVERTIME"), applied to core.knockout.match games."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.knockout.match import Match, MatchGame, MatchGameKind, MatchRules, report_game
from core.wespa import FORFEIT_AT, apply_overtime, overtime_forfeits, overtime_penalty

ZERO = timedelta(0)


@pytest.mark.parametrize(
    ("over", "points"),
    [
        (ZERO, 0),
        (timedelta(microseconds=1), 10),
        (timedelta(seconds=1), 10),
        (timedelta(seconds=60), 10),
        (timedelta(seconds=61), 20),
        (timedelta(minutes=2, seconds=30), 30),
        (timedelta(minutes=9, seconds=59), 100),
        (timedelta(minutes=10), 100),
    ],
)
def test_ten_points_per_minute_or_part(over: timedelta, points: int) -> None:
    assert overtime_penalty(over) == points


def test_forfeit_at_ten_minutes() -> None:
    """'If you run 10 minutes overtime, your game is forfeited.'"""
    assert not overtime_forfeits(timedelta(minutes=9, seconds=59, microseconds=999999))
    assert overtime_forfeits(timedelta(minutes=10))
    assert overtime_forfeits(timedelta(minutes=25))
    assert FORFEIT_AT == timedelta(minutes=10)


def test_negative_overtime_is_a_mistake() -> None:
    with pytest.raises(ValueError, match="can't be negative"):
        overtime_penalty(timedelta(seconds=-1))
    with pytest.raises(ValueError, match="can't be negative"):
        overtime_forfeits(timedelta(seconds=-1))


def test_penalty_can_change_the_winner() -> None:
    game = MatchGame.played(0, 410, 400)
    after = apply_overtime(game, (timedelta(minutes=1, seconds=5), ZERO))
    assert after == MatchGame.played(0, 390, 400)
    assert game.winner() == 0 and after.winner() == 1


def test_both_sides_penalised() -> None:
    after = apply_overtime(MatchGame.played(1, 300, 400), (timedelta(seconds=1), timedelta(minutes=3)))
    assert after == MatchGame.played(1, 290, 370)


def test_penalty_may_take_a_score_below_zero() -> None:
    assert apply_overtime(MatchGame.played(0, 20, 400), (timedelta(minutes=4), ZERO)).scores == (
        -20,
        400,
    )


def test_ten_minutes_over_forfeits_with_the_events_forfeit_spread() -> None:
    """The board result no longer counts: the opponent wins with MatchRules.forfeit_spread
    (75 for WESPA, ABG rules "ABSENT FROM THE TABLE")."""
    after = apply_overtime(MatchGame.played(1, 500, 300), (timedelta(minutes=10), ZERO))
    assert after == MatchGame.forfeit(awarded_to=1, starter=1)
    m = report_game(Match(9), after).match
    assert m.state().spread == (-75, 75)
    naspa = report_game(Match(9, rules=MatchRules(forfeit_spread=50)), after).match
    assert naspa.state().spread == (-50, 50)


def test_both_forfeit_needs_a_td() -> None:
    with pytest.raises(ValueError, match="both forfeit .*A TD must rule"):
        apply_overtime(MatchGame.played(0, 400, 300), (FORFEIT_AT, FORFEIT_AT))


def test_only_played_games() -> None:
    with pytest.raises(ValueError, match="played on the board"):
        apply_overtime(MatchGame.bye(0), (timedelta(minutes=1), ZERO))


@given(st.timedeltas(min_value=ZERO, max_value=timedelta(hours=2)))
def test_penalty_is_ten_per_started_minute(over: timedelta) -> None:
    points = overtime_penalty(over)
    assert points % 10 == 0
    minutes = points // 10
    assert timedelta(minutes=minutes - 1) < over <= timedelta(minutes=minutes) or over == ZERO


@given(
    st.integers(0, 800),
    st.integers(0, 800),
    st.sampled_from([0, 1]),
    st.timedeltas(min_value=ZERO, max_value=timedelta(minutes=15)),
    st.timedeltas(min_value=ZERO, max_value=timedelta(minutes=15)),
)
def test_apply_overtime(s0: int, s1: int, starter: int, o0: timedelta, o1: timedelta) -> None:
    game = MatchGame.played(starter, s0, s1)
    if o0 >= FORFEIT_AT and o1 >= FORFEIT_AT:
        with pytest.raises(ValueError):
            apply_overtime(game, (o0, o1))
        return
    after = apply_overtime(game, (o0, o1))
    assert after.starter == starter
    if o0 >= FORFEIT_AT or o1 >= FORFEIT_AT:
        assert after.kind is MatchGameKind.FORFEIT and after.awarded_to == (1 if o0 >= FORFEIT_AT else 0)
    else:
        assert after.scores == (s0 - overtime_penalty(o0), s1 - overtime_penalty(o1))
