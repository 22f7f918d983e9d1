"""Club nights (Director's Manual, Director's Manual: Pairing Players at Club, Player Fees at Club,
Expert Points, Suggestions from Club Directors): pairing, fees and expert points."""

from __future__ import annotations

from decimal import Decimal
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.club import (
    MILESTONES,
    ByeRule,
    ClubRules,
    Member,
    Method,
    bye_result,
    club_wins,
    milestones_crossed,
    newcomer_pairs,
    night_milestones,
    pair_club_round,
    player_record,
    session_fees,
)
from core.pairing.history import pair_key
from core.tournament import Game, GameKind, Pairings
from tests.core.reasons_in_words import en, said_for


def regulars(n: int, **kw: int) -> list[Member]:
    return [Member(i, f"P{i}", 2000 - 50 * i, sessions=10, **kw) for i in range(1, n + 1)]


def played(round_number: int, a: int, b: int, sa: int = 400, sb: int = 300) -> Game:
    return Game(round_number, a, b, 1.0 if sa > sb else 0.5 if sa == sb else 0.0,
                0.0 if sa > sb else 0.5 if sa == sb else 1.0, sa, sb)


def results(p: Pairings, rules: ClubRules) -> list[Game]:
    """The round's games, the first named winning by 50, and the bye by the club rule."""
    out = [played(p.round, a, b, 420, 370) for a, b in p.pairs]
    return out + [bye_result(rules, p.round, bye) for bye in p.byes]


def matchings(players: list[int]) -> list[list[tuple[int, int]]]:
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    out = []
    for i, q in enumerate(rest):
        for m in matchings(rest[:i] + rest[i + 1:]):
            out.append([(first, q), *m])
    return out


# --- pairing: examples -------------------------------------------------------------------


def test_koth_round_one_by_rating_then_tonights_standings_avoiding_repeats() -> None:
    members = regulars(4)
    rules = ClubRules()
    one = pair_club_round(members, (), 1, rules)
    assert [sorted(p) for p in one.pairs] == [[1, 2], [3, 4]]
    assert "KOTH tonight: 1st v 2nd" in said_for(one, one.pairs[0])
    # 1 and 3 win: standings 1, 3, 2, 4 (by spread then rating); table 1v3, 2v4: fresh.
    games = [played(1, 1, 2), played(1, 3, 4)]
    two = pair_club_round(members, games, 2, rules)
    assert [sorted(p) for p in two.pairs] == [[1, 3], [2, 4]]
    # round 3: the table would be 1v?, both 1v2 and 1v3 are repeats: 1v4 and 2v3 it is.
    games += [played(2, 1, 3), played(2, 2, 4)]
    three = pair_club_round(members, games, 3, rules)
    assert sorted(sorted(p) for p in three.pairs) == [[1, 4], [2, 3]]
    assert "already met" in " ".join(en(t) for _, t in three.reasons)


def test_newcomer_not_against_top_players_nor_another_newcomer() -> None:
    members = regulars(4) + [Member(5, "New", 0, sessions=0), Member(6, "Newer", 0, sessions=1)]
    rules = ClubRules(protect_top=2, newcomer_sessions=2)
    p = pair_club_round(members, (), 1, rules)
    pairs = {pair_key(*x) for x in p.pairs}
    assert not pairs & set(newcomer_pairs(rules, members))
    # the table 5v6 (two newcomers) was split; each newcomer meets 3 or 4
    assert {pair_key(3, 5), pair_key(4, 6)} == pairs - {pair_key(1, 2)} or \
        {pair_key(3, 6), pair_key(4, 5)} == pairs - {pair_key(1, 2)}
    text = " ".join(en(t) for _, t in p.reasons)
    assert "may not meet (two newcomers" in text
    assert "newcomer 5 meets" in text


def test_newcomer_rule_broken_only_when_the_field_leaves_no_way_and_said_so() -> None:
    members = regulars(1) + [Member(2, "New", 0, sessions=0)]
    p = pair_club_round(members, (), 1, ClubRules(protect_top=1))
    assert [sorted(x) for x in p.pairs] == [[1, 2]]
    assert "breaks a rule: newcomer 2 v 1" in en(p.reasons[0][1])


def test_latecomer_joins_from_the_round_given() -> None:
    members = regulars(4)[:3] + [Member(4, "Late", 1500, sessions=9, joined=2)]
    one = pair_club_round(members, (), 1, ClubRules())
    assert 4 not in {x for pair in one.pairs for x in pair} | set(one.byes)
    assert len(one.pairs) == 1 and len(one.byes) == 1
    two = pair_club_round(members, results(one, ClubRules()), 2, ClubRules())
    assert {x for pair in two.pairs for x in pair} == {1, 2, 3, 4} and not two.byes


def test_bye_by_club_rule_and_it_goes_round() -> None:
    members = regulars(3)
    for rule, points in ((ByeRule.SPREAD, 1.0), (ByeRule.SIT_OUT, 0.0)):
        rules = ClubRules(bye=rule, bye_spread=30)
        games: list[Game] = []
        seen = []
        for r in (1, 2, 3):
            p = pair_club_round(members, games, r, rules)
            seen += p.byes
            games += results(p, rules)
        assert sorted(seen) == [1, 2, 3]  # nobody sits out twice while another has not
        bye = next(g for g in games if g.b is None)
        assert bye.points_a == points
        assert (bye.kind == GameKind.BYE) == (rule == ByeRule.SPREAD)
        if rule == ByeRule.SPREAD:
            assert bye.score_a == 30


def test_bye_moves_when_the_first_choice_would_force_a_newcomer_rule() -> None:
    # 1 (top), 2 (the lowest-rated rated player: first in the bye order), 3 a newcomer
    # (unrated). With 2 out, newcomer 3 would meet top player 1; with 1 out, 2v3 is fine.
    members = [Member(1, "Top", 2000, sessions=9), Member(2, "Mid", 1500, sessions=9),
               Member(3, "New", 0, sessions=0)]
    p = pair_club_round(members, (), 1, ClubRules(protect_top=1))
    assert p.byes == (1,) and [sorted(x) for x in p.pairs] == [[2, 3]]
    assert "2 came before in the bye order" in said_for(p, (1, 0))


def test_bye_moves_when_the_first_choice_would_force_a_repeat() -> None:
    # Round 1: 1v2, 3v4 (4 a newcomer, kept from the top two). Late 5, the lowest-rated,
    # comes first in the bye order, but with 5 out both pairs of round 1 would meet again
    # (4 may meet only 3 or 5); with another out, nobody meets twice ("avoid repeats").
    members = [Member(1, "Ann", 1800, sessions=9), Member(2, "Ben", 1700, sessions=9),
               Member(3, "Cai", 1600, sessions=9), Member(4, "Eve", 0, sessions=0),
               Member(5, "Dev", 1500, sessions=9, joined=2)]
    rules = ClubRules(protect_top=2)
    one = pair_club_round(members, (), 1, rules)
    assert sorted(sorted(x) for x in one.pairs) == [[1, 2], [3, 4]]
    two = pair_club_round(members, results(one, rules), 2, rules)
    met = {pair_key(*x) for x in one.pairs}
    assert two.byes != (5,) and not any(pair_key(*x) in met for x in two.pairs), two
    assert "5 came before in the bye order" in said_for(two, (two.byes[0], 0))
    assert "players would meet again tonight" in said_for(two, (two.byes[0], 0))


def test_ladder_pairs_neighbours_on_the_club_record() -> None:
    members = [Member(1, "A", 1500, sessions=9, wins=3), Member(2, "B", 1900, sessions=9, wins=40),
               Member(3, "C", 1800, sessions=9, wins=3, spread=100), Member(4, "D", 1000, sessions=9)]
    p = pair_club_round(members, (), 1, ClubRules(method=Method.LADDER))
    assert [sorted(x) for x in p.pairs] == [[2, 3], [1, 4]]


def test_random_is_the_same_for_the_same_seed_and_needs_one() -> None:
    members = regulars(10)
    rules = ClubRules(method=Method.RANDOM)
    draws = {pair_club_round(members, (), 1, rules, seed=s).pairs for s in range(6)}
    assert len(draws) > 1
    assert pair_club_round(members, (), 1, rules, seed=4) == \
        pair_club_round(members, (), 1, rules, seed=4)
    with pytest.raises(ValueError, match="needs a seed"):
        pair_club_round(members, (), 1, rules)


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="given twice"):
        pair_club_round([Member(1, "A"), Member(1, "B")], (), 1, ClubRules())
    with pytest.raises(ValueError, match="no checked-in player 9"):
        pair_club_round(regulars(2), [played(1, 1, 9)], 2, ClubRules())
    with pytest.raises(ValueError, match="at least 2"):
        pair_club_round(regulars(1), (), 1, ClubRules())
    with pytest.raises(ValueError, match="protect_top"):
        ClubRules(protect_top=-1)


# --- pairing: properties -------------------------------------------------------------------


@st.composite
def nights(draw: st.DrawFn) -> tuple[list[Member], ClubRules, int, int]:
    n = draw(st.integers(2, 9))
    members = [
        Member(i, f"P{i}", draw(st.integers(0, 2200)), sessions=draw(st.integers(0, 4)),
               wins=draw(st.integers(0, 60)), joined=draw(st.sampled_from([1, 1, 1, 2, 3])))
        for i in range(1, n + 1)
    ]
    rules = ClubRules(method=draw(st.sampled_from(list(Method))),
                      newcomer_sessions=draw(st.integers(0, 3)),
                      protect_top=draw(st.integers(0, 3)),
                      bye=draw(st.sampled_from(list(ByeRule))))
    return members, rules, draw(st.integers(1, 4)), draw(st.integers(0, 99))


@settings(max_examples=120, deadline=None)
@given(nights())
def test_a_night_pairs_everyone_once_keeps_the_newcomer_rules_and_avoids_repeats(
        night: tuple[list[Member], ClubRules, int, int]) -> None:
    members, rules, rounds, seed = night
    games: list[Game] = []
    for r in range(1, rounds + 1):
        present = sorted(m.number for m in members if m.joined <= r)
        if len(present) < 2:
            continue
        p = pair_club_round(members, games, r, rules, seed=seed)
        seated = [x for pair in p.pairs for x in pair] + list(p.byes)
        assert sorted(seated) == present  # everyone present once, nobody else
        assert len(p.byes) == len(present) % 2
        assert len(p.reasons) == len(p.pairs) + len(p.byes)
        forbidden = set(newcomer_pairs(rules, [m for m in members if m.joined <= r]))
        met = {pair_key(g.a, g.b) for g in games if g.b is not None}
        got = [pair_key(*x) for x in p.pairs]
        broken = sum(k in forbidden for k in got)
        # newcomer rules hold whenever some bye and pairing of the field allows it
        options = [[x for x in present if x != b] for b in (present if p.byes else [None])]
        clean = any(not any(pair_key(*e) in forbidden for e in m)
                    for rest in options for m in matchings(rest))
        assert broken == 0 or not clean
        # no repeat when the players left after the bye can avoid one within those rules
        rest = [x for x in present if x not in p.byes]
        fewest = min(sum(pair_key(*e) in forbidden for e in m) for m in matchings(rest))
        assert broken == fewest
        avoidable = any(sum(pair_key(*e) in forbidden for e in m) == fewest
                        and not any(pair_key(*e) in met for e in m) for m in matchings(rest))
        if avoidable:
            assert not any(k in met for k in got)
        games += results(p, rules)


# --- fees ------------------------------------------------------------------------------


def test_fees_as_the_club_sets_them() -> None:
    rules = ClubRules(fee=Decimal("5.00"), student_fee=Decimal("3.50"),
                      senior_fee=Decimal("4"), free_sessions=2)
    members = [Member(1, "New", sessions=0), Member(2, "Second visit", sessions=1),
               Member(3, "Third", sessions=2), Member(4, "Stu", sessions=5, student=True),
               Member(5, "Sen", sessions=5, senior=True),
               Member(6, "Both", sessions=5, student=True, senior=True)]
    fees = session_fees(members, rules)
    assert [f.amount for f in fees] == [Decimal(0), Decimal(0), Decimal("5.00"),
                                        Decimal("3.50"), Decimal(4), Decimal("3.50")]
    assert fees[1].reason == "newcomer's session 2 of 2 free"
    assert fees[3].reason == "student rate"


money = st.decimals(min_value=0, max_value=100, places=2, allow_nan=False, allow_infinity=False)


@given(st.lists(st.tuples(st.integers(0, 5), st.booleans(), st.booleans()), max_size=30),
       money, st.none() | money, st.none() | money, st.integers(0, 3))
def test_fees_are_exact_and_each_the_lowest_rate_that_applies(
        people: list[tuple[int, bool, bool]], fee: Decimal, student: Decimal | None,
        senior: Decimal | None, free: int) -> None:
    rules = ClubRules(fee=fee, student_fee=student, senior_fee=senior, free_sessions=free)
    members = [Member(i + 1, f"P{i}", sessions=s, student=st_, senior=se)
               for i, (s, st_, se) in enumerate(people)]
    fees = session_fees(members, rules)
    cents = 0
    for m, f in zip(members, fees, strict=True):
        applies = [fee] + ([student] if m.student and student is not None else []) \
            + ([senior] if m.senior and senior is not None else [])
        expected = Decimal(0) if m.sessions < free else min(applies)
        assert f.amount == expected and f.number == m.number
        cents += int(f.amount * 100)
    assert sum((f.amount for f in fees), Decimal(0)) == Decimal(cents) / 100


# --- expert points ----------------------------------------------------------------------


def test_club_wins_count_games_won_not_byes() -> None:
    games = [played(1, 1, 2), played(2, 3, 1), Game(3, 1, None, 1.0, score_a=50, kind=GameKind.BYE),
             played(4, 1, 4, 380, 380)]
    assert club_wins(games, 1) == 1 and club_wins(games, 3) == 1 and club_wins(games, 4) == 0
    rec = player_record([games[:2], games[2:]], 1)
    assert (rec.games, rec.wins, rec.high_game) == (3, 1, 400)
    assert rec.average_score == (400 + 300 + 380) / 3
    assert player_record([], 1).average_score is None


def test_milestone_announced_the_night_it_is_reached() -> None:
    members = [Member(1, "A", wins=49), Member(2, "B", wins=48), Member(3, "C", wins=999)]
    games = [played(1, 1, 2), played(2, 3, 2)]
    announced = night_milestones(members, games)
    assert [(m.number, m.level) for m in announced] == [(1, 50), (3, 1000)]
    assert milestones_crossed(40, 300) == (50, 100, 250)


@given(st.integers(0, 1100), st.lists(st.integers(0, 8), max_size=200))
def test_milestones_announced_once_each(start: int, nightly: list[int]) -> None:
    total = start
    announced: list[int] = []
    for wins in nightly:
        announced += milestones_crossed(total, total + wins)
        total += wins
    assert announced == [m for m in MILESTONES if start < m <= total]
    assert all(a < b for a, b in pairwise(announced))
