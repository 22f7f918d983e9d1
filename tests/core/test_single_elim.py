"""Single elimination (the plate): SSSg rules (SSSg 2016), Annex A para 2 (byes to bring the
field to the nearest power of 2, to the top players) and footnote 4 (best-of per round)."""

import random

from hypothesis import given
from hypothesis import strategies as st

from core.knockout.bracket import Status, champion, placements, resolve
from core.knockout.seeding import seat
from core.knockout.single_elim import single_elimination
from core.schedule import SSSG_PLATE


def play(b, rng):
    winners = {}
    while True:
        views = resolve(b, winners)
        ready = [v for v in views.values() if v.status is Status.READY]
        if not ready:
            return views, winners
        for v in ready:
            winners[v.spec.id] = rng.choice(v.players)


def test_plate_of_eight_has_the_schedule_shape():
    """Footnote 4 and the table: Plate QF BO9, SF BO11, F BO13 for an 8-player plate."""
    b = single_elimination(8, SSSG_PLATE, name="plate", prefix="P")
    assert [(m.id, m.round_name, m.best_of) for m in b.matches] == [
        ("P1", "QF", 9), ("P2", "QF", 9), ("P3", "QF", 9), ("P4", "QF", 9),
        ("P5", "SF", 11), ("P6", "SF", 11), ("P7", "Final", 13),
    ]  # fmt: skip


@given(st.integers(2, 70), st.integers(0, 10**6))
def test_any_field_plays_down_to_one_champion(n, s):
    """Para 2: pad to the next power of two with byes to the top seeds; every player but
    the champion loses exactly once, and n - 1 matches are played."""
    rng = random.Random(s)
    names = [f"p{i}" for i in range(n)]
    shape = single_elimination(n, SSSG_PLATE)
    seating = seat(names, rng)
    b = shape.with_seating(seating.seats, seating.seeds)
    views, winners = play(b, rng)
    assert len(winners) == n - 1
    losers = [v.loser.player for v in views.values() if v.status is Status.PLAYED]
    assert len(losers) == len(set(losers)) == n - 1
    champ = champion(b, views)
    assert champ not in losers
    order = placements(b, views)
    assert order[0] == champ and sorted(order) == sorted(names)
    # Byes went only to the top (size - n) players, and they never played in round 1.
    walked = {v.winner.player for v in views.values() if v.status is Status.WALKOVER}
    assert walked == set(names[: b.size - n])


def test_a_third_place_match_is_played_by_the_semi_final_losers_footnote_8():
    """Footnote 8 (on the plate final): 'a possible third-place match'; para 8 pays one
    plate place per four players, so a plate of 12 or more pays a third. The match is
    played alongside the final, at the final's best-of (footnote 4), and decides 3rd/4th."""
    b = single_elimination(8, SSSG_PLATE, name="plate", prefix="P", third_place=True)
    third = b.matches[-1]
    assert (third.id, third.round_name, third.best_of, third.third_place) == (
        "P8", "3rd place", 13, True,
    )  # fmt: skip
    assert [s.label() for s in third.slots] == ["loser of P5", "loser of P6"]
    b = b.with_seating(tuple(f"p{i}" for i in range(8)), ("p0", "p1", "p2", "p3"))
    winners = {"P1": "p0", "P2": "p2", "P3": "p4", "P4": "p6", "P5": "p0", "P6": "p4"}
    winners |= {"P7": "p4", "P8": "p6"}  # p6 beats p2 for third
    views = resolve(b, winners)
    assert champion(b, views) == "p4"  # the final's winner, not the third-place match's
    assert placements(b, views)[:4] == ["p4", "p0", "p6", "p2"]
    # Without it the semi-final losers are split by the tiebreak (wins then spread).
    plain = single_elimination(8, SSSG_PLATE, prefix="P").with_seating(b.seating, b.seeds)
    order = placements(plain, resolve(plain, {k: v for k, v in winners.items() if k != "P8"}),
                       lambda name: (1.0,) if name == "p2" else (0.0,))  # fmt: skip
    assert order[2:4] == ["p2", "p6"]


def test_no_third_place_match_without_semi_finals():
    assert len(single_elimination(2, SSSG_PLATE, third_place=True).matches) == 1
    assert single_elimination(3, SSSG_PLATE, third_place=True).matches[-1].third_place
