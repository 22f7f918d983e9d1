"""What a knockout match decides (core.knockout.stakes.stakes, core.knockout.sssg.match_stakes),
read from the bracket's graph as data: the double elimination of SSSg Annex A (losers drop to
the lower bracket; the grand final with a head start, or with a reset) and single
elimination. The words are the service's (tests/bot/test_stakes_in_languages.py)."""

from __future__ import annotations

from core.knockout import bracket as bk
from core.knockout.double_elim import double_elimination
from core.knockout.single_elim import single_elimination
from core.knockout.stakes import CHAMPION, Goes, RoundOf, Stage, Stake, round_of, stakes
from core.schedule import BestOfSchedule

SCHEDULE = BestOfSchedule(3)
OUT = Stake(Goes.OUT)


def _by_name(b: bk.Bracket, name: str) -> bk.BracketMatch:
    return next(m for m in b.matches if m.round_name == name)


def _reach(stage: Stage, players: int = 0, lower: str = "") -> Stake:
    return Stake(Goes.REACH, RoundOf(stage, players, lower))


def _play(stage: Stage, players: int = 0, lower: str = "") -> Stake:
    return Stake(Goes.PLAY, RoundOf(stage, players, lower))


def test_double_elimination_with_a_reset() -> None:
    b = double_elimination(4, SCHEDULE, grand_final="reset")
    semi = b.matches[0]
    assert semi.part is bk.Part.UPPER
    assert stakes(b, semi.id, 0) == (_reach(Stage.WINNERS_FINAL),
                                     _play(Stage.FINAL, lower="minor"))
    wf = _by_name(b, "Winners' Final")
    assert stakes(b, wf.id, 1) == (_reach(Stage.GRAND_FINAL), _play(Stage.LOSERS_FINAL))
    lf = _by_name(b, "Losers' Final")
    assert stakes(b, lf.id, 0) == (_reach(Stage.GRAND_FINAL), OUT)
    gf = _by_name(b, "Grand Final")
    assert stakes(b, gf.id, 0) == (CHAMPION, Stake(Goes.PLAY_RESET))
    assert stakes(b, gf.id, 1) == (Stake(Goes.FORCE_RESET), Stake(Goes.FINISH, place=2))
    reset = _by_name(b, "Grand Final (reset)")
    plate = Stake(Goes.PLATE_WINNER)
    assert stakes(b, reset.id, 1, title=plate) == (plate, Stake(Goes.FINISH, place=2))


def test_a_lower_brackets_minor_and_major_rounds() -> None:
    """SSSg "Schedule and Details": the lower bracket's Minor QF, Major QF, Minor SF, Major
    SF and Minor F, each named as a round of its size and kind."""
    b = double_elimination(16, SCHEDULE, grand_final="head_start")
    assert round_of(_by_name(b, "Minor QF")) == RoundOf(Stage.QUARTER_FINAL, lower="minor")
    assert round_of(_by_name(b, "Major SF")) == RoundOf(Stage.SEMI_FINAL, lower="major")
    assert round_of(_by_name(b, "Minor F")) == RoundOf(Stage.FINAL, lower="minor")
    big = double_elimination(32, SCHEDULE, grand_final="head_start")
    assert round_of(_by_name(big, "Major Ro16")) == RoundOf(Stage.ROUND_OF, 16, "major")


def test_a_head_start_grand_final_and_single_elimination() -> None:
    b = double_elimination(8, SCHEDULE, grand_final="head_start")
    gf = _by_name(b, "Grand Final")
    assert stakes(b, gf.id, 1) == (CHAMPION, Stake(Goes.FINISH, place=2))
    s = single_elimination(8, SCHEDULE, third_place=True)
    qf = s.matches[0]
    assert stakes(s, qf.id, 0) == (_reach(Stage.SEMI_FINAL), OUT)
    sf = _by_name(s, "SF")
    assert stakes(s, sf.id, 0) == (_reach(Stage.FINAL), _play(Stage.THIRD_PLACE))
    third = _by_name(s, "3rd place")
    assert stakes(s, third.id, 0) == (Stake(Goes.FINISH, place=3), Stake(Goes.FINISH, place=4))
    big = single_elimination(32, SCHEDULE)
    assert stakes(big, big.matches[0].id, 0)[0] == _reach(Stage.ROUND_OF, 16)
