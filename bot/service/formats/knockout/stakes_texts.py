"""What a knockout match decides, in words ("Win and you reach the Grand Final; lose and
you play the Losers' Final."): ``core.knockout.stakes`` says where each result sends a
player; this module says it as records (``bot/words/said.py``), in each reader's language.

The rounds are SSSg 2016 Annex A's ("Schedule and Details"), worded once for every message
(``bot/service/events/knockout_rounds.py``); here with their article, so that a language
that needs one ("la demi-finale", "le quart de finale") has it.
"""

from __future__ import annotations

from bot.service.events.knockout_rounds import round_words
from bot.words.said import Said, said
from core.knockout.stakes import Goes, Stake


def _finish(place: int) -> Said:
    if place == 2:
        return said("you finish 2nd")
    if place == 3:
        return said("you finish 3rd")
    if place == 4:
        return said("you finish 4th")
    return said("you finish in place {place}", place=place)


def stake_words(stake: Stake) -> Said:
    """One result's consequence, a phrase that follows "Win and" / "lose and"."""
    goes = stake.goes
    if goes in (Goes.REACH, Goes.PLAY):
        assert stake.round is not None  # ``core.knockout.stakes`` names the round they go to
        where = round_words(stake.round, article=True)
        return (said("you reach {round}", round=where) if goes is Goes.REACH
                else said("you play {round}", round=where))
    if goes is Goes.FORCE_RESET:
        return said("you force a reset, a second grand final")
    if goes is Goes.PLAY_RESET:
        return said("you play the reset, a second grand final")
    if goes is Goes.FINISH:
        return _finish(stake.place)
    if goes is Goes.CHAMPION:
        return said("you are the champion")
    if goes is Goes.PLATE_WINNER:
        return said("the plate is yours")
    if goes is Goes.TOP_DIVISION:
        return said("you go into the top division")
    if goes is Goes.PLATE:
        return said("you play in the plate")
    if goes is Goes.OUT_NO_PLATE:
        return said("you are out (too few players for a plate)")
    return said("you are out")


def stakes_line(win: Stake, lose: Stake) -> Said:
    """"Win and you reach the Grand Final; lose and you play the Losers' Final." """
    return said("Win and {win}; lose and {lose}.", win=stake_words(win), lose=stake_words(lose))
