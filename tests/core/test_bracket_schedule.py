"""Best-of per round: SSSg rules (SSSg 2016), Annex A para 4 (top division: 11 in the round
of 16, +2 a round, lower rounds as their upper counterpart), footnote 4 (plate: 9 in its
first round, +2 a round) and the Schedule and Details table (Grand Final BO18)."""

import pytest

from core.schedule import SSSG_PLATE, SSSG_TOP, BestOfSchedule, plain_schedule


def test_top_division_best_of_per_round():
    """Para 4 and the table: Ro16 BO11, QF BO13, SF BO15, finals BO17, GF BO18."""
    assert [SSSG_TOP.best_of(level, 4) for level in (1, 2, 3, 4, 5)] == [11, 13, 15, 17, 18]
    assert SSSG_TOP.grand_final_head_start == 1


def test_a_smaller_top_division_keeps_the_round_names_best_of():
    """Para 4 ties best-of to the round: an 8-player top division starts at the QF, BO13."""
    assert [SSSG_TOP.best_of(level, 3) for level in (1, 2, 3)] == [13, 15, 17]


def test_plate_best_of_starts_at_nine_whatever_its_size():
    """Footnote 4: 9 games in the first round, +2 each round."""
    assert [SSSG_PLATE.best_of(level, 3) for level in (1, 2, 3)] == [9, 11, 13]
    assert [SSSG_PLATE.best_of(level, 4) for level in (1, 2, 3, 4)] == [9, 11, 13, 15]


def test_schedules_refuse_nonsense():
    with pytest.raises(ValueError):
        BestOfSchedule(base=0)
    assert BestOfSchedule(base=3, step=2, anchor_from_final=1).best_of(1, 4) == 1


def test_a_plain_head_start_final_follows_the_sssg_pattern():
    """Para 2 and the table: finals BO17, then the grand final BO18 with one game up; a
    plain event gets its final's best-of plus the head start."""
    sched = plain_schedule(11, 2, 16, grand_final="head_start")
    assert [sched.best_of(level, 4) for level in (1, 4, 5)] == [11, 17, 18]
    assert sched.grand_final_head_start == 1
    two_up = plain_schedule(3, 0, 5, grand_final="head_start", head_start=2)
    assert (two_up.best_of(4, 3), two_up.grand_final_head_start) == (5, 2)
    assert plain_schedule(3, 0, 5, grand_final="reset").best_of(4, 3) == 3
