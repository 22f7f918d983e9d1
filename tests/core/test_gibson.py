"""The Gibson rule, from the worked examples of Director's Manual ("The Gibson Rule") and NSC 2006 notes
("Basic Approach")."""

from hypothesis import given
from hypothesis import strategies as st

from core.pairing.gibson import (
    NASPA_MANUAL_SPREAD_LIMITS,
    NSC_2006_SPREAD_LIMITS,
    can_catch,
    gibson_fixed_pairs,
    gibsonized_players,
    out_of_the_money,
)
from core.standings import StandingLine
from core.tournament import Division, Game, Player
from tests.core.reasons_in_words import en


def table(*rows: tuple[float, int]) -> list[StandingLine]:
    """Standings from (wins, spread) rows already in standing order; numbers from 1."""
    return [
        StandingLine(rank=i, number=i, name=f"P{i}", wins=w, losses=0, spread=s, games=0)
        for i, (w, s) in enumerate(rows, start=1)
    ]


def bare_division(n: int, games: tuple[Game, ...] = ()) -> Division:
    return Division("A", tuple(Player(i, f"P{i}", 2000 - i) for i in range(1, n + 1)), games)


def test_seed000_clinch_example_14_2_against_11_5_with_two_to_go() -> None:
    # Director's Manual: A 14-2, B 11-5, two rounds left: A can lose both and finish 14-4, B at best 13-5.
    standings = table((14, 300), (11, 900), (10, 0), (9, 0))
    assert gibsonized_players(standings, rounds_left=2) == (1,)
    # With three rounds left B could reach 14 wins: not clinched.
    assert gibsonized_players(standings, rounds_left=3) == ()


def test_seed000_spread_is_ignored_by_default_but_limits_can_count() -> None:
    # Director's Manual note: two games ahead with two to go and 1,200 spread ahead is not a clinch
    # at a local event; the NSC Division 1 caveat (800 for two rounds) makes it one.
    standings = table((12, 1500), (10, 300), (9, 0), (8, 0))
    assert gibsonized_players(standings, rounds_left=2) == ()
    assert gibsonized_players(
        standings, rounds_left=2, spread_limits=NASPA_MANUAL_SPREAD_LIMITS
    ) == (1,)
    # NSC 2006 notes' table says 700 for two rounds: 1,200 is still beyond it.
    assert gibsonized_players(standings, rounds_left=2, spread_limits=NSC_2006_SPREAD_LIMITS) == (1,)


def test_seed001_spread_limit_tables_differ_at_two_rounds() -> None:
    leader, chaser = table((12, 750), (10, 0))
    assert can_catch(chaser, leader, 2, NASPA_MANUAL_SPREAD_LIMITS)  # 750 <= 800
    assert not can_catch(chaser, leader, 2, NSC_2006_SPREAD_LIMITS)  # 750 > 700


def test_seed000_opponent_is_best_player_who_cannot_finish_fourth() -> None:
    # Director's Manual: prizes for the top four, one round to go, first two games ahead, then 13, 13
    # and 12 wins. Players on 11 wins can still reach 12; the opponent is the player with the
    # highest spread among those on 10 wins.
    standings = table(
        (15, 800), (13, 400), (13, 100), (12, 50), (11, 600), (11, -20), (10, 350), (10, 90), (9, 0)
    )
    assert out_of_the_money(standings, rounds_left=1, prize_places=4)[0] == 7
    decision = gibson_fixed_pairs(
        bare_division(9), rounds_left=1, prize_places=4, standings=standings
    )
    assert decision.gibsonized == (1,)
    assert decision.fixed == ((1, 7),)
    assert "can no longer finish in the top 4" in en(decision.pairs[0][1])


def test_seed000_opponent_disregards_spread_even_when_clinching_uses_limits() -> None:
    """Director's Manual, "How to Determine who a Gibsonized Player Should Play": "Disregard spread
    in your calculation." The NSC spread limits (Director's Manual's caveat, NSC 2006 notes' table)
    only decide who has clinched: a player one win behind 4th place, 620 spread behind,
    can still tie 4th on wins, so is not the Gibsonized player's opponent."""
    standings = table((15, 800), (13, 400), (13, 100), (12, 600), (11, -20), (10, 350), (9, 0))
    decision = gibson_fixed_pairs(
        bare_division(7), rounds_left=1, prize_places=4, standings=standings,
        spread_limits=NSC_2006_SPREAD_LIMITS,
    )
    assert decision.fixed == ((1, 6),)


def test_gibson_opponent_passes_over_a_player_already_met() -> None:
    # Director's Manual names the highest placed player out of the money, met before or not; only
    # with avoid_repeats (a TD's option) is a player already met passed over.
    standings = table((15, 800), (13, 400), (13, 100), (12, 50), (10, 350), (10, 90), (9, 0))
    met = (Game(1, 1, 5, 1.0, 0.0, 400, 300),)
    seed_rule = gibson_fixed_pairs(
        bare_division(7, met), rounds_left=1, prize_places=4, standings=standings
    )
    assert seed_rule.fixed == ((1, 5),)
    decision = gibson_fixed_pairs(
        bare_division(7, met), rounds_left=1, prize_places=4, standings=standings,
        avoid_repeats=True,
    )
    assert decision.fixed == ((1, 6),)
    assert "5 already met 1" in en(decision.pairs[0][1])


def test_seed001_two_gibsonized_players_meet_each_other() -> None:
    # NSC 2006 notes, two winners: both finalists guaranteed, so they play each other and leave the
    # contenders to play among themselves.
    standings = table((20, 900), (19, 500), (15, 300), (14, 0), (13, 0), (12, 0))
    decision = gibson_fixed_pairs(
        bare_division(6), rounds_left=2, prize_places=4, top_places=2, standings=standings
    )
    assert decision.gibsonized == (1, 2)
    assert decision.fixed == ((1, 2),)


def test_nobody_is_gibsonized_when_no_rounds_are_left() -> None:
    assert gibsonized_players(table((10, 0), (1, 0)), rounds_left=0) == ()


def test_reads_the_standings_from_real_games() -> None:
    # Four rounds played among four players; player 1 won all four, the others at most two;
    # with one round left 1 has clinched and meets the best player who cannot finish second.
    games = (
        Game(1, 1, 2, 1.0, 0.0, 400, 300), Game(1, 3, 4, 1.0, 0.0, 400, 390),
        Game(2, 1, 3, 1.0, 0.0, 400, 300), Game(2, 2, 4, 1.0, 0.0, 450, 300),
        Game(3, 1, 4, 1.0, 0.0, 400, 300), Game(3, 2, 3, 0.0, 1.0, 300, 310),
        Game(4, 1, 2, 1.0, 0.0, 400, 300), Game(4, 3, 4, 0.0, 1.0, 300, 420),
    )
    decision = gibson_fixed_pairs(bare_division(4, games), rounds_left=1, prize_places=1)
    assert decision.gibsonized == (1,)
    # 3 (two wins) leads those who cannot reach first; 1 has met everyone, so a repeat it is.
    assert decision.fixed == ((1, 3),)


@given(
    wins=st.lists(st.integers(0, 20), min_size=2, max_size=30),
    rounds_left=st.integers(1, 5),
    top=st.integers(1, 3),
)
def test_a_gibsonized_player_cannot_be_caught_by_enough_others(
    wins: list[int], rounds_left: int, top: int
) -> None:
    standings = table(*[(w, 0) for w in sorted(wins, reverse=True)])
    for number in gibsonized_players(standings, rounds_left=rounds_left, top_places=top):
        leader = standings[number - 1]
        catchers = [s for s in standings if s.number != number and s.wins + rounds_left >= leader.wins]
        assert len(catchers) < top


@given(wins=st.lists(st.integers(0, 20), min_size=2, max_size=30), rounds_left=st.integers(1, 5))
def test_out_of_the_money_players_cannot_reach_the_prize_places(
    wins: list[int], rounds_left: int
) -> None:
    standings = table(*[(w, 0) for w in sorted(wins, reverse=True)])
    for number in out_of_the_money(standings, rounds_left=rounds_left, prize_places=2):
        best = standings[number - 1].wins + rounds_left
        assert sum(1 for s in standings if s.wins > best) >= 2
