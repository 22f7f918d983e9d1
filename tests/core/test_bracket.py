"""The bracket graph (docs/architecture.md, "Brackets as explicit graphs"; SSSg rules, Annex A para 2):
slots filled by a seat of the draw, the winner or the loser of a match; byes travel."""

import json

import pytest

from core.knockout.bracket import (
    Bracket,
    BracketMatch,
    Part,
    Source,
    Status,
    from_record,
    placements,
    resolve,
    to_record,
)
from core.knockout.double_elim import double_elimination
from core.knockout.single_elim import single_elimination
from core.schedule import BestOfSchedule

ONE = BestOfSchedule(base=1)


def seated(b: Bracket, seats):
    return b.with_seating(seats, [s for s in seats if s][:1])


def test_a_source_must_come_earlier():
    later = BracketMatch("B", Part.UPPER, 2, "Final", 2, (Source.winner("A"), Source.of_seat(0)), 1)
    with pytest.raises(ValueError, match="does not come earlier"):
        Bracket("x", "single", 2, (later,))


def test_winners_flow_forward_and_a_bye_walks_over():
    """Para 2: byes in the first round; the bye-holder goes through unplayed."""
    b = seated(single_elimination(3, ONE), ["a", None, "b", "c"])
    views = resolve(b, {})
    assert views["M1"].status is Status.WALKOVER and views["M1"].winner.player == "a"
    assert views["M2"].status is Status.READY
    assert views["M3"].status is Status.WAITING
    views = resolve(b, {"M2": "c"})
    assert views["M3"].players == ("a", "c")
    views = resolve(b, {"M2": "c", "M3": "c"})
    assert placements(b, views) == ["c", "a", "b"]


def test_a_winner_who_is_not_in_the_match_is_refused():
    b = seated(single_elimination(4, ONE), ["a", "b", "c", "d"])
    with pytest.raises(ValueError, match="recorded as winner"):
        resolve(b, {"M1": "c"})
    with pytest.raises(ValueError, match="not known yet"):
        resolve(b, {"M3": "a"})


def test_results_played_by_others_stop_counting_after_a_correction():
    b = seated(single_elimination(4, ONE), ["a", "b", "c", "d"])
    played = {"M1": ("a", "b"), "M2": ("c", "d"), "M3": ("a", "c")}
    views = resolve(b, {"M1": "b", "M2": "c", "M3": "a"}, played_by=played)
    assert views["M3"].status is Status.READY and views["M3"].players == ("b", "c")


def test_a_bye_dropping_into_a_lower_bracket_is_a_bye_there():
    b = double_elimination(3, ONE, grand_final="single")
    b = seated(b, ["a", None, "b", "c"])
    views = resolve(b, {"M2": "b"})
    lower = [m for m in b.matches if m.part is Part.LOWER]
    first = views[lower[0].id]
    assert first.status is Status.WALKOVER and first.winner.player == "c"


def test_the_record_is_plain_json():
    """B1 stores the draw: stages, matches and slot sources as plain records."""
    b = seated(double_elimination(4, ONE, grand_final="reset"), ["a", "b", "c", "d"])
    rec = json.loads(json.dumps(to_record(b)))
    assert rec["kind"] == "double" and rec["seating"] == ["a", "b", "c", "d"]
    kinds = {s["kind"] for m in rec["matches"] for s in m["slots"]}
    assert kinds == {"seat", "winner", "loser"}
    assert rec["matches"][-1]["reset_of"] == rec["matches"][-2]["id"]
    assert from_record(rec) == b  # read back exactly: a stored draw is never drawn again


def test_renaming_a_placeholder_keeps_the_shape():
    b = seated(single_elimination(2, ONE), ["a", "winner of Q1"])
    r = b.renamed({"winner of Q1": "z"})
    assert r.seating == ("a", "z") and r.matches == b.matches


def test_a_substitute_is_placed_and_the_expelled_player_is_not_para_29():
    """Para 29: an expelled player's slot offered to someone from outside the bracket.
    The places go to those who played: the substitute (here the champion) is placed, the
    expelled player, who never played, is not."""
    b = seated(single_elimination(4, ONE), ["a", "b", "c", "d"])
    subs = {("M3", 0): "z"}  # a won M1, was expelled; z takes the final slot
    views = resolve(b, {"M1": "a", "M2": "c", "M3": "z"}, substitutes=subs)
    places = placements(b, views)
    assert places[:2] == ["z", "c"] and sorted(places[2:]) == ["b", "d"]
