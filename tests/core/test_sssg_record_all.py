"""``sssg.record_all``: a stored event's results recorded at once mean what recording them
one by one (``sssg.record``, in play order) means: the same derived event, the same pins
of the divisions drawn after qualifying (SSSg Annex A para 3), the same placements (para
8), and the same refusals."""

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.knockout import sssg
from core.knockout.match import Match, MatchGame
from core.knockout.seeding import Entrant
from core.schedule import BestOfSchedule


def _drawn(fmt: str, n: int, seed: int) -> sssg.KnockoutEvent:
    entrants = [Entrant(f"P{i:02d}", 1500 + (i * 37) % 300) for i in range(n)]
    if fmt == "sssg":
        return sssg.draw_sssg(entrants, seed)
    return sssg.draw_plain(entrants, seed, fmt, BestOfSchedule(base=3), grand_final="reset")


def _stored(event: sssg.KnockoutEvent) -> sssg.KnockoutEvent:
    """The draw as the bot stores and reads it back: no results, the pins kept."""
    record = json.loads(json.dumps(sssg.to_record(dataclasses.replace(event, results=()))))
    return sssg.from_record(record)


def _one_by_one(event: sssg.KnockoutEvent, results: list[sssg.Result]) -> sssg.KnockoutEvent:
    for r in results:
        event = sssg.record(event, r.match_id, r.match)
    return event


def _unfinished(m: Match) -> Match:
    """The match as it stood after its first game (a match still being played)."""
    return Match(m.best_of, games=m.games[:1], head_start=m.head_start, rules=m.rules)


def _assert_same(batch: tuple[sssg.KnockoutEvent, sssg.Derived], single: sssg.KnockoutEvent) -> None:
    event, derived = batch
    assert event == single  # the results (in order), the pins and the substitutes
    assert derived == sssg.derive(event)  # what record_all hands back is the event derived
    want = sssg.derive(single)
    assert (derived.top, derived.plate) == (want.top, want.plate)
    assert derived.views == want.views
    assert derived.counted == want.counted and derived.void == want.void
    assert sssg.playable(event, derived) == sssg.playable(single)
    if sssg.finished(single):
        assert sssg.placements(event) == sssg.placements(single)


@settings(max_examples=30, deadline=None)
@given(fmt=st.sampled_from(["sssg", "sssg", "single", "double"]), n=st.integers(2, 40),
       seed=st.integers(0, 10**6), cut=st.floats(0, 1))
def test_recording_all_at_once_is_recording_one_by_one(fmt, n, seed, cut):
    """Played-out events, whole and cut short (with the next match still being played),
    loaded from the stored draw: the same event, views, counted and void results, pins and
    placements either way."""
    played, _ = sssg.play_out(_drawn(fmt, n, seed), random.Random(seed))
    results = list(played.results)
    k = int(cut * len(results))
    if k < len(results):
        nxt = results[k]
        results = results[:k] + [dataclasses.replace(nxt, match=_unfinished(nxt.match))]
    draw = _stored(_drawn(fmt, n, seed))
    _assert_same(sssg.record_all(draw, results), _one_by_one(draw, results))


@pytest.mark.parametrize("n", [24, 28, 56])
def test_a_corrected_qualifying_round_loads_with_its_pins(n):
    """Para 3 draws a division once: after a qualifying result is corrected, the stored
    pins seat the divisions with the least change (``_seat_division`` with ``keep``), and
    loading all results at once seats and counts exactly as recording them one by one."""
    event, _ = sssg.play_out(_drawn("sssg", n, 5), random.Random(5))
    q1 = event.result("Q1")
    flipped = _win(q1.match.best_of, 1 - q1.match.state().winner)
    fixed, impact = sssg.correct(event, "Q1", flipped, force=True)
    assert impact.swapped  # someone moved between the divisions
    finished, _ = sssg.play_out(fixed, random.Random(6))
    draw = _stored(finished)
    assert draw.pinned == finished.pinned and draw.pinned
    results = list(finished.results)
    _assert_same(sssg.record_all(draw, results), _one_by_one(draw, results))


def _win(best_of: int, side: int) -> Match:
    m = Match(best_of)
    while not m.state().decided:
        start = m.state().next_start
        starter = start.side if start and start.side is not None else 0
        m = m.with_game(MatchGame.played(starter, 400, 300) if side == 0 else
                        MatchGame.played(starter, 300, 400))
    return m


def _same_refusal(event: sssg.KnockoutEvent, results: list[sssg.Result], match: str) -> None:
    """``record_all`` refuses what ``record`` refuses, with the same message."""
    with pytest.raises(ValueError, match=match) as one:
        _one_by_one(event, results)
    with pytest.raises(ValueError, match=match) as batch:
        sssg.record_all(event, results)
    assert str(batch.value) == str(one.value)


def test_a_result_for_a_match_not_ready_is_refused():
    """A top-division match waiting for its qualifier (para 3's 'winner of Qk' slot), a
    plate match before the plate is drawn, an unknown match, a wrong best-of: refused as
    ``record`` refuses them."""
    event = _drawn("sssg", 24, 1)
    waiting = next(m for m in sssg.derive(event).views.values()
                   if m.spec.id.startswith("T") and m.status.value == "ready")
    t = sssg.Result(waiting.spec.id, ("P01", "P02"), _win(waiting.spec.best_of, 0))
    _same_refusal(event, [t], "cannot take a result")
    _same_refusal(event, [sssg.Result("P1", ("P01", "P02"), _win(9, 0))], "no match 'P1'")
    _same_refusal(event, [sssg.Result("X9", ("P01", "P02"), _win(9, 0))], "no match 'X9'")
    q1 = sssg.playable(event)[0]
    _same_refusal(event, [sssg.Result("Q1", q1.players, _win(11, 0))], "best-of-9")


def test_a_result_the_results_before_it_do_not_seat_is_refused():
    """A later result whose players an earlier result (here, one the other way round) does
    not put there, and a result naming the wrong players, do not count: refused, not
    stored as void."""
    played, _ = sssg.play_out(_drawn("single", 8, 3), random.Random(3))
    results = list(played.results)
    first = results[0]
    flipped = dataclasses.replace(
        first, match=_win(first.match.best_of, 1 - first.match.state().winner))
    draw = _stored(played)
    fed = next(r for r in results[1:]
               if first.players[first.match.state().winner] in r.players)
    with pytest.raises(ValueError, match=f"match {fed.match_id} is .* in the bracket, not"):
        sssg.record_all(draw, [flipped, *results[1:]])
    swapped = dataclasses.replace(first, players=first.players[::-1])
    with pytest.raises(ValueError, match=f"match {first.match_id} is .* in the bracket, not"):
        sssg.record_all(draw, [swapped])
    q1 = sssg.playable(_drawn("sssg", 24, 3))[0]  # a qualifying match counts any result
    with pytest.raises(ValueError, match="match Q1 is .* in the bracket, not"):
        sssg.record_all(_drawn("sssg", 24, 3),
                        [sssg.Result("Q1", q1.players[::-1], _win(q1.best_of, 0))])
    with pytest.raises(ValueError, match="two results"):
        sssg.record_all(draw, [first, first])


def test_the_plate_takes_results_only_once_qualifying_is_over():
    """Para 3 / footnote 4: the plate is drawn from the qualifying losers, so while one
    qualifying match is still being played it has no matches to record."""
    played, _ = sssg.play_out(_drawn("sssg", 24, 2), random.Random(2))
    draw = _stored(_drawn("sssg", 24, 2))
    quals = [r for r in played.results if r.match_id.startswith("Q")]
    plate = next(r for r in played.results if r.match_id.startswith("P"))
    unfinished = dataclasses.replace(quals[-1], match=_unfinished(quals[-1].match))
    with pytest.raises(ValueError, match=f"no match '{plate.match_id}'"):
        sssg.record_all(draw, [*quals[:-1], unfinished, plate])
    loaded, derived = sssg.record_all(draw, [*quals, plate])
    assert plate.match_id in derived.counted and [p for p, _, _ in loaded.pinned] == ["plate"]


def test_a_decided_match_is_changed_by_a_correction_not_recorded_again():
    played, _ = sssg.play_out(_drawn("single", 4, 1), random.Random(1))
    first = played.results[0]
    event, _ = sssg.record_all(_stored(played), [first])
    with pytest.raises(ValueError, match="use a correction"):
        sssg.record_all(event, [first])
