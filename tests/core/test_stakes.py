"""What a knockout match decides (core.knockout.bracket.stakes, core.knockout.sssg.match_stakes), read from
the bracket's graph: the double elimination of SSSg Annex A (losers drop to the lower
bracket; the grand final with a head start, or with a reset) and single elimination."""

from __future__ import annotations

from core.knockout import bracket as bk
from core.knockout.double_elim import double_elimination
from core.knockout.single_elim import single_elimination
from core.schedule import BestOfSchedule

SCHEDULE = BestOfSchedule(3)


def _by_name(b: bk.Bracket, name: str) -> bk.BracketMatch:
    return next(m for m in b.matches if m.round_name == name)


def test_double_elimination_with_a_reset() -> None:
    b = double_elimination(4, SCHEDULE, grand_final="reset")
    semi = b.matches[0]
    assert semi.part is bk.Part.UPPER
    assert bk.stakes(b, semi.id, 0) == ("you reach the Winners' Final",
                                        "you play the lower bracket's Minor Final")
    wf = _by_name(b, "Winners' Final")
    assert bk.stakes(b, wf.id, 1) == ("you reach the Grand Final", "you play the Losers' Final")
    lf = _by_name(b, "Losers' Final")
    assert bk.stakes(b, lf.id, 0) == ("you reach the Grand Final", "you are out")
    gf = _by_name(b, "Grand Final")
    assert bk.stakes(b, gf.id, 0) == ("you are the champion",
                                      "you play the reset, a second grand final")
    assert bk.stakes(b, gf.id, 1) == ("you force a reset, a second grand final",
                                      "you finish 2nd")
    reset = _by_name(b, "Grand Final (reset)")
    assert bk.stakes(b, reset.id, 1, title="the plate is yours") == ("the plate is yours",
                                                            "you finish 2nd")


def test_a_head_start_grand_final_and_single_elimination() -> None:
    b = double_elimination(8, SCHEDULE, grand_final="head_start")
    gf = _by_name(b, "Grand Final")
    assert bk.stakes(b, gf.id, 1) == ("you are the champion", "you finish 2nd")
    s = single_elimination(8, SCHEDULE, third_place=True)
    qf = s.matches[0]
    assert bk.stakes(s, qf.id, 0) == ("you reach the semi-final", "you are out")
    sf = _by_name(s, "SF")
    assert bk.stakes(s, sf.id, 0) == ("you reach the final", "you play the match for 3rd place")
    third = _by_name(s, "3rd place")
    assert bk.stakes(s, third.id, 0) == ("you finish 3rd", "you finish 4th")
    big = single_elimination(32, SCHEDULE)
    assert bk.stakes(big, big.matches[0].id, 0)[0] == "you reach the round of 16"
