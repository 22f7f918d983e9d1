"""core.ratings against the published descriptions of both methods.

NASPA: "How the NSA Rating System Works" (the NSA's ratings page, the system NASPA took
over in 2009; tsh's ``Ratings::Elo`` is its reference implementation): an 1800 player
expects 0.57903 wins against a 1700 player; the expectation is 0.6 at a difference of 127
points, 0.7 at 266, 0.8 at 435 and 0.9 at 689; the multipliers are 30/24/15 (fewer than 50
games) and 20/16/10, below 1800, below 2000 and from 2000.

FIDE: FIDE Handbook, B.02 Rating Regulations: table 8.1.2 (a difference of 100 gives the
higher rated player 0.64 and the lower 0.36; over 400 counts as 400, so 0.92 and 0.08),
table 8.1.1 (a 75% score is dp 193), 8.3.3 (K 40, 20, 10, and K times games at most 700)
and 8.3.4 (rounded, 0.5 away from zero): a player with K 20 who scores 0.15 over
expectation gains 3; with K 10 who scores 5.5 where 4.0 was expected, gains 15.

Local club tournaments: "Rated at 1/3 value of an ORT" (Director's Manual, tournament types).
"""

from __future__ import annotations

import pytest

from core.ratings import (
    Rated,
    fide_dp,
    fide_expected,
    fide_k,
    fide_ratings,
    missing_for_rating,
    naspa_expected,
    naspa_multiplier,
    naspa_points,
    naspa_ratings,
    round_half_away,
)
from core.tournament import Division, Game, GameKind, Player


def test_naspa_expectation_is_the_published_curve() -> None:
    assert naspa_expected(1800, 1700) == pytest.approx(0.57903, abs=5e-6)
    for gap, share in ((127, 0.6), (266, 0.7), (435, 0.8), (689, 0.9)):
        assert naspa_expected(1500 + gap, 1500) == pytest.approx(share, abs=0.001)
    assert naspa_expected(1700, 1800) == pytest.approx(1 - 0.57903, abs=5e-6)


def test_naspa_multipliers_and_the_band_boundaries() -> None:
    assert [naspa_multiplier(10, r) for r in (1500, 1900, 2100)] == [30, 24, 15]
    assert [naspa_multiplier(50, r) for r in (1500, 1900, 2100)] == [20, 16, 10]
    # 1790 + one excess win: 10 points at 20 reach 1800 (half a win), the other half at 16
    assert naspa_points(1790, 1.0, 60) == pytest.approx(1808)
    # and back down: 2005 - 1 win: 6 points at 10 to 1999, the remaining 0.4 at 16
    assert naspa_points(2005, -1.0, 60) == pytest.approx(1999 - 0.4 * 16)


def _division(ratings: list[int], results: list[tuple[int, int, float]]) -> Division:
    players = tuple(Player(i, f"P{i}", r) for i, r in enumerate(ratings, start=1))
    games = tuple(Game(n, a, b, s, 1 - s, 400, 350) for n, (a, b, s) in
                  enumerate(results, start=1))
    return Division("d", players, games, len(results))


def test_naspa_change_is_excess_times_multiplier_with_acceleration_and_a_club_third() -> None:
    division = _division([1800, 1700], [(1, 2, 0.0)])
    out = naspa_ratings(division)
    # the 1800 lost to 1700: excess -0.57903, one point at 16 down to 1799 (1/16 of a
    # win), the rest at 20 below 1800
    e = 0.5790293
    assert out[1].after == round(1799 - 20 * (e - 1 / 16)) == 1789
    # the 1700 gained 0.57903 at 20: 11.58, of which 6.58 beyond 5 a game comes again
    gain = 20 * e
    assert out[2].after == round(1700 + gain + (gain - 5))
    club = naspa_ratings(division, club=True)
    assert club[2].after == round(1700 + gain / 3)  # a third, no acceleration
    assert club[1].after == round(1800 - (1800 - (1799 - 20 * (e - 1 / 16))) / 3)


def test_byes_and_forfeits_are_not_rated() -> None:
    division = Division("d", (Player(1, "A", 1500), Player(2, "B", 1500)), (
        Game(1, 1, None, 1.0, score_a=50, kind=GameKind.BYE),
        Game(2, 1, 2, 1.0, 0.0, kind=GameKind.FORFEIT)), 2)
    out = naspa_ratings(division)
    assert out[1] == Rated(1, "A", 1500, 1500, 0, 0, 0)


def test_an_unrated_player_gets_their_performance_rating() -> None:
    # won one of two against 1500s: performance 1500 exactly; rated players meet them at it
    division = _division([1500, 1500, 0], [(3, 1, 1.0), (3, 2, 0.0)])
    out = naspa_ratings(division)
    assert out[3].before == 0 and out[3].after == 1500 and out[3].change == 0
    assert out[1].after == round(1500 - 20 * 0.5 - 0)  # lost to a 1500 at 20
    # all wins: 95% of the games, capped 400 * wins/games above the best opponent
    sweep = naspa_ratings(_division([1500, 1400, 0], [(3, 1, 1.0), (3, 2, 1.0)]))
    assert sweep[3].after == 1900


def test_fide_expected_scores_follow_table_8_1_2() -> None:
    assert (fide_expected(2400, 2300), fide_expected(2300, 2400)) == (0.64, 0.36)
    assert (fide_expected(2600, 2100), fide_expected(2100, 2600)) == (0.92, 0.08)
    assert fide_expected(2000, 2003) == 0.5 and fide_expected(2000, 1996) == 0.51
    assert fide_dp(7.5, 10) == 193 and fide_dp(2.5, 10) == -193 and fide_dp(5, 10) == 0


def test_fide_k_and_rounding() -> None:
    assert fide_k(2100, 5, 9) == 40 and fide_k(2100, 30, 9) == 20 and fide_k(2450, 30, 9) == 10
    assert fide_k(2100, 5, 20) == 35  # 40 x 20 games would pass 700
    assert round(20 * 0.15) == 3 and round_half_away(10 * (5.5 - 4.0)) == 15
    assert round_half_away(2.5) == 3 and round_half_away(-2.5) == -3


def test_fide_ratings_game_by_game_and_unrated_opponents_left_out() -> None:
    division = _division([2400, 2300, 0], [(1, 2, 1.0), (2, 3, 1.0)])
    out = fide_ratings(division)
    assert out[1].after == 2400 + round_half_away(10 * (1 - 0.64))
    assert out[2].after == 2300 + round_half_away(20 * (0 - 0.36))  # the unrated game: out
    assert out[2].games == 1
    assert out[3].after == 0  # no point against a rated player: no rating yet
    won = fide_ratings(_division([2400, 2300, 0], [(3, 2, 1.0), (3, 1, 0.5)]))
    assert won[3].after == 2350 + 193  # 75% against an average of 2350
    club = fide_ratings(division, club=True)
    assert club[1].after == 2400 + round_half_away(10 * 0.36 / 3)


def test_what_is_missing_for_a_rating() -> None:
    division = _division([1500, 0], [(1, 2, 1.0)])
    problems = [str(p) for p in missing_for_rating(division, kind="club")]
    assert any("at least 2 rated players" in p for p in problems)
    assert any("a local club tournament is rated from 3 games" in p for p in problems)
    assert any("P2" in p for p in problems)
    four = _division([1500, 1400], [(1, 2, 1.0)] * 4)
    assert missing_for_rating(four, kind="open") == []
