"""Candidates for an expelled player's slot: SSSg 2016, Annex A
para 29 and footnote 11 ("Ranked by wins then spread")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.expulsion import (
    RoundMatch,
    candidates_for_slots,
    expulsion_candidates,
)
from core.knockout.match import Match, MatchGame, award_match_bye


def result(a: str, b: str, b_wins: int, margin: int = 30, best_of: int = 9) -> RoundMatch:
    """``a`` beats ``b`` in a best-of-``best_of``, ``b`` taking ``b_wins`` games; every
    game won by ``margin`` points."""
    need = best_of // 2 + 1
    games = []
    for k, w in enumerate([1] * b_wins + [0] * need):
        scores = (400 + margin, 400) if w == 0 else (400, 400 + margin)
        games.append(MatchGame.played(k % 2, *scores))
    m = Match(best_of, games=tuple(games))
    assert m.state().winner == 0
    return RoundMatch((a, b), m)


ROUND = [
    result("W1", "L1", b_wins=2),
    result("W2", "L2", b_wins=4, margin=10),  # 4 wins, spread 4*10 - 5*10 = -10
    result("W3", "L3", b_wins=4, margin=40),  # 4 wins, spread -40
    result("W4", "L4", b_wins=0),
]


def test_opponent_first_then_losers_by_wins_then_spread_para_29_footnote_11():
    cands = expulsion_candidates("W1", ROUND)
    assert [c.name for c in cands] == ["L1", "L2", "L3", "L4"]
    assert "opponent" in cands[0].reason and "para 29" in cands[0].reason
    assert "footnote 11" in cands[1].reason
    assert (cands[1].wins, cands[1].spread) == (4.0, -10)
    assert (cands[2].wins, cands[2].spread) == (4.0, -40)


def test_ineligible_players_are_skipped():
    """A loser still in the event (e.g. dropped to the lower bracket) cannot take a slot."""
    cands = expulsion_candidates("W1", ROUND, ineligible={"L1", "L2"})
    assert [c.name for c in cands] == ["L3", "L4"]


def test_level_losers_are_flagged_for_the_organizers():
    rnd = [result("A", "B", 3), result("C", "D", 3), result("E", "F", 1)]
    cands = expulsion_candidates("E", rnd)
    assert [c.name for c in cands] == ["F", "B", "D"]
    assert "level on wins and spread with D" in cands[1].reason


def test_match_bye_losers_come_after_losers_who_played_para_27():
    bye = RoundMatch(("X", "Y"), award_match_bye(Match(9), 0).match)
    cands = expulsion_candidates("W1", [bye, *ROUND])
    assert [c.name for c in cands][-1] == "Y" and "match bye" in cands[-1].reason


def test_a_bracket_bye_has_no_loser_and_no_opponent():
    bye = RoundMatch(("X", ""), award_match_bye(Match(9), 0).match)
    assert [c.name for c in expulsion_candidates("X", [bye, *ROUND])] == [
        "L2",
        "L3",
        "L1",
        "L4",
    ]


def test_several_expulsions_each_get_their_opponent_and_nobody_twice_para_29():
    slots = candidates_for_slots(["W1", "W4"], ROUND)
    assert [s.expelled for s in slots] == ["W1", "W4"]
    assert slots[0].candidates[0].name == "L1" and slots[1].candidates[0].name == "L4"
    # The other losers are dealt in ranking order: L2 to the first slot, L3 to the second.
    assert [c.name for c in slots[0].candidates] == ["L1", "L2"]
    assert [c.name for c in slots[1].candidates] == ["L4", "L3"]


def test_expelled_opponents_are_not_offered_and_slots_without_opponent_go_first():
    # W1 and L1 both expelled (they met in the previous round): neither is a candidate.
    slots = candidates_for_slots(["W4", "W1", "L1"], ROUND)
    names = [[c.name for c in s.candidates] for s in slots]
    assert names[0][0] == "L4"
    assert names[1][0] == "L2" and names[2][0] == "L3"
    assert all("L1" not in n and "W1" not in n for n in names)


def test_unfinished_previous_round_match_is_refused():
    with pytest.raises(ValueError, match="no winner yet"):
        expulsion_candidates("W1", [*ROUND, RoundMatch(("P", "Q"), Match(9))])
    with pytest.raises(ValueError, match="expelled twice"):
        candidates_for_slots(["W1", "W1"], ROUND)


@given(
    st.lists(
        st.tuples(st.integers(0, 4), st.integers(1, 80)), min_size=1, max_size=12, unique=True
    ),
    st.data(),
)
def test_every_loser_offered_once_in_wins_then_spread_order(records, data):
    rnd = [result(f"W{i}", f"L{i}", b_wins=w, margin=m) for i, (w, m) in enumerate(records)]
    k = data.draw(st.integers(1, len(rnd)))
    expelled = [f"W{i}" for i in data.draw(st.permutations(range(len(rnd))))[:k]]
    slots = candidates_for_slots(expelled, rnd)
    offered = [c.name for s in slots for c in s.candidates]
    assert sorted(offered) == sorted(f"L{i}" for i in range(len(rnd)))
    for s in slots:
        assert s.candidates[0].name == "L" + s.expelled[1:]
        rest = s.candidates[1:]
        keys = [(-c.wins, -c.spread) for c in rest]
        assert keys == sorted(keys)


def test_the_slot_says_why_its_opponent_is_not_offered():
    slots = candidates_for_slots(["W1", "L1", "Z"], ROUND, ineligible={"L4"})
    assert "expelled too" in slots[0].note and "expelled too" in slots[1].note
    assert "did not play in the previous round" in slots[2].note
    assert candidates_for_slots(["W4"], ROUND, ineligible={"L4"})[0].note.endswith(
        "L4 is not eligible"
    )
    assert candidates_for_slots(["W2"], ROUND)[0].note == ""
    with pytest.raises(ValueError, match="two different players"):
        RoundMatch(("A", "A"), Match(9))
