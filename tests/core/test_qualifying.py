"""The SSSg qualifying round against SSSg 2016: "Schedule and
Details", Annex A para 1, para 2 and footnote 2."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.knockout.match import Match, MatchGame, award_match_bye, report_game
from core.knockout.qualifying import (
    Entrant,
    QualifyingPlan,
    field_size_for,
    plan_qualifying,
    qualifying_outcome,
)


def field(n: int) -> list[Entrant]:
    """n players with distinct ratings, P1 the highest."""
    return [Entrant(f"P{i}", 2000 - 10 * i) for i in range(1, n + 1)]


def finish(winner: int, losses: int = 0, margin: int = 50) -> Match:
    """A best-of-9 won 5-``losses`` by ``winner``; each game by ``margin`` points."""
    m = Match(9)
    order = [1 - winner] * losses + [winner] * 5
    for k, w in enumerate(order):
        scores = (400 + margin, 400) if w == 0 else (400, 400 + margin)
        m = report_game(m, MatchGame.played(k % 2, *scores)).match
    assert m.state().winner == winner
    return m


def test_sixteen_or_fewer_go_straight_to_the_round_of_16():
    """Schedule and Details: 'If 16 or fewer players sign up, we will proceed straight
    to the round of 16.'"""
    plan = plan_qualifying(field(12), random.Random(1))
    assert not plan.needed and plan.pairings == () and len(plan.byes) == 12
    out = qualifying_outcome(plan, [])
    assert len(out.top) == 12 and out.plate == ()


@pytest.mark.parametrize("n", [17, 20, 24, 31, 32])
def test_lowest_rated_2x_play_and_byes_go_to_the_top(n):
    """Schedule and Details: 'the lowest-rated 2x players, where x = the total number of
    registrants less 16'; para 1: byes to the top x by rating, x = the number of byes."""
    players = field(n)
    plan = plan_qualifying(players, random.Random(n))
    x = n - 16
    assert plan.field_size == 32 and len(plan.pairings) == x
    assert list(plan.byes) == players[: 32 - n]
    playing = {p.name for pr in plan.pairings for p in (pr.seed, pr.unseeded)}
    assert playing == {p.name for p in players[n - 2 * x :]}
    # para 1 / Schedule: 'The top x players in the qualifying round will be seeded' and
    # 'Seeds will not play each other in the qualifying round'.
    assert {pr.seed.name for pr in plan.pairings} == {p.name for p in players[n - 2 * x : n - x]}
    assert plan.best_of == 9 and plan.new_match().best_of == 9


def test_winners_and_bye_holders_go_up_losers_to_the_plate_footnote_2():
    players = field(24)
    plan = plan_qualifying(players, random.Random(7))
    results = [finish(k % 2, losses=k % 5) for k in range(len(plan.pairings))]
    out = qualifying_outcome(plan, results)
    winners = {(pr.seed if k % 2 == 0 else pr.unseeded).name for k, pr in enumerate(plan.pairings)}
    assert {e.name for e in out.top} == winners | {e.name for e in plan.byes}
    assert len(out.top) == 16 and len(out.plate) == 8
    assert [e.rating for e in out.top] == sorted((e.rating for e in out.top), reverse=True)


def test_more_than_32_is_a_round_of_64_with_byes_to_the_top():
    """Para 1: 'sufficient byes to bring the number ... up to the nearest power of 2';
    Schedule: 'If more than 32 players sign up, a round of 32 will be accommodated.'"""
    players = field(40)
    plan = plan_qualifying(players, random.Random(3))
    assert plan.field_size == 64 and len(plan.byes) == 24 and len(plan.pairings) == 8
    assert list(plan.byes) == players[:24]


def test_more_than_32_top_16_winners_by_losses_then_spread_footnote_2():
    """Footnote 2: 'only the top 16 among the winners, ranked by number of losses then
    spread, will proceed to the top division'; para 27: a match bye in the qualifying
    round advances to the top division. 56 players: 8 byes, 24 matches; nine unbeaten
    winners do not push a bye-holder out; the other 8 places go by losses, then spread."""
    players = field(56)
    plan = plan_qualifying(players, random.Random(3))
    assert len(plan.byes) == 8 and len(plan.pairings) == 24
    results = [finish(1, losses=0, margin=20 + k) for k in range(9)]
    results += [finish(0, losses=1 + k % 3, margin=30 + k) for k in range(15)]
    out = qualifying_outcome(plan, results)
    ranked = [r.entrant.name for r in out.ranking]
    assert ranked[:8] == [e.name for e in plan.byes]
    five_nil = [plan.pairings[k].unseeded.name for k in reversed(range(9))]  # by spread
    assert ranked[8:17] == five_nil
    assert {e.name for e in out.top} == {e.name for e in plan.byes} | set(five_nil[:8])
    assert five_nil[8] in {e.name for e in out.plate} and len(out.plate) == 56 - 16
    assert not any(r.split_by_rating for r in out.ranking)


def test_a_match_bye_awarded_in_qualifying_goes_up_para_27():
    """Para 27: 'Match byes will automatically allow advancement to the next round (in
    the case of the Qualifying Round, to the top division)': a qualifying match awarded
    as a match bye (its games void) puts its winner with the bye-holders, above nine
    unbeaten winners who fill the other places by spread."""
    plan = plan_qualifying(field(56), random.Random(3))
    results = [award_match_bye(finish(0, losses=4), 1).match]
    results += [finish(1, losses=0, margin=20 + k) for k in range(9)]
    results += [finish(0, losses=2) for _ in range(14)]
    out = qualifying_outcome(plan, results)
    awarded = plan.pairings[0].unseeded.name
    assert awarded in {e.name for e in out.top}
    assert next(r for r in out.ranking if r.entrant.name == awarded).via_bye
    assert [r.via_bye for r in out.ranking[:9]] == [True] * 9


def test_more_bye_holders_than_places_go_up_by_rating_para_27():
    """With 33-47 registrants the byes outnumber the 16 places (para 1 pads to 64): the
    bye-holders go up in the rating order that gave them their byes, and the ones split
    by rating at the cut are flagged for the TD."""
    players = field(40)
    plan = plan_qualifying(players, random.Random(3))
    assert len(plan.byes) == 24
    out = qualifying_outcome(plan, [finish(1) for _ in plan.pairings])
    assert [e.name for e in out.top] == [e.name for e in plan.byes[:16]]
    assert out.ranking[15].split_by_rating and out.ranking[16].split_by_rating
    assert not out.ranking[24].split_by_rating
    assert "placed by rating" in out.ranking[15].describe()


def test_unfinished_or_missing_results_are_refused():
    plan = plan_qualifying(field(18), random.Random(1))
    with pytest.raises(ValueError, match="expected 2 qualifying result"):
        qualifying_outcome(plan, [finish(0)])
    with pytest.raises(ValueError, match="qualifying match 2 .* not finished"):
        qualifying_outcome(plan, [finish(0), Match(9)])


@pytest.mark.parametrize(
    "players, message",
    [
        ([Entrant("A", 1), Entrant("A", 2)], "registered twice"),
        ([Entrant(" ", 1)], "empty name"),
        ([Entrant("A", -5)], "rating"),
    ],
)
def test_bad_entrants_are_named(players, message):
    with pytest.raises(ValueError, match=message):
        plan_qualifying(players, random.Random(0))


def test_field_size_is_the_next_power_of_two_from_32():
    assert [field_size_for(n) for n in (17, 32, 33, 64, 65)] == [32, 32, 64, 64, 128]


def _signature(plan: QualifyingPlan) -> tuple[object, ...]:
    return (plan.byes, plan.pairings)


@given(st.integers(min_value=0, max_value=80), st.integers(min_value=0, max_value=2**32))
def test_same_seed_same_draw_and_seeds_never_meet(n, seed):
    """Para 1: the draw is random apart from the bye and seeding restrictions; the same
    seed gives the same draw. Ratings here have ties, which the draw also settles."""
    players = [Entrant(f"P{i}", 1500 + (i * 37) % 11) for i in range(n)]
    a = plan_qualifying(players, random.Random(seed))
    b = plan_qualifying(list(reversed(players)), random.Random(seed))
    assert _signature(a) == _signature(plan_qualifying(players, random.Random(seed)))
    names = [p.name for pr in a.pairings for p in (pr.seed, pr.unseeded)]
    names += [p.name for p in a.byes]
    assert sorted(names) == sorted(p.name for p in players)
    for pr in a.pairings:
        assert pr.seed.rating >= pr.unseeded.rating
        assert all(pr.unseeded.rating <= s.seed.rating for s in a.pairings)
    for bye in a.byes:
        assert all(bye.rating >= p.rating for pr in a.pairings for p in (pr.seed, pr.unseeded))
    if n > 16:
        assert len(a.pairings) + len(a.byes) == a.field_size // 2
    # The draw does not depend on the order of the list, only on who is in it.
    assert _signature(b) == _signature(a)


def test_different_seeds_can_give_different_draws():
    draws = {_signature(plan_qualifying(field(24), random.Random(s))) for s in range(20)}
    assert len(draws) > 1
