"""A knockout round in words, in each reader's language: the one wording of every round the
draw names (``core.knockout.round_names``), on its own as a round's name ("QF", "Quart de
finale") and with its article inside a sentence ("you reach the quarter-final", "vous
atteignez le quart de finale"). On its own, the English is the name the draw stores.

The rounds are SSSg 2016's ("Schedule and Details": Qual Rd, Round of 16, QF, SF, Winner's
Final, the lower bracket's minor and major rounds, Loser's Final, Grand Final; para 8: the
plate).
"""

from __future__ import annotations

from dataclasses import replace

from bot.words.said import Said, said
from core.knockout.round_names import RoundOf, Stage


def _minor(r: RoundOf, article: bool) -> Said | str:
    if r.stage is Stage.FINAL:
        return said("the lower bracket's Minor Final") if article else said("Minor F")
    if r.stage is Stage.SEMI_FINAL:
        return said("the lower bracket's Minor SF") if article else said("Minor SF")
    if r.stage is Stage.QUARTER_FINAL:
        return said("the lower bracket's Minor QF") if article else said("Minor QF")
    if r.stage is Stage.ROUND_OF:
        return (said("the lower bracket's Minor Ro{n}", n=r.players) if article
                else said("Minor Ro{n}", n=r.players))
    return said("the lower bracket's Minor {name}", name=r.name) if article else r.name


def _major(r: RoundOf, article: bool) -> Said | str:
    if r.stage is Stage.FINAL:
        return said("the lower bracket's Major Final") if article else said("Major F")
    if r.stage is Stage.SEMI_FINAL:
        return said("the lower bracket's Major SF") if article else said("Major SF")
    if r.stage is Stage.QUARTER_FINAL:
        return said("the lower bracket's Major QF") if article else said("Major QF")
    if r.stage is Stage.ROUND_OF:
        return (said("the lower bracket's Major Ro{n}", n=r.players) if article
                else said("Major Ro{n}", n=r.players))
    return said("the lower bracket's Major {name}", name=r.name) if article else r.name


def _round_of(players: int, article: bool) -> Said:
    if article:
        return said("the round of {n}", n=players)
    if players == 16:
        return said("Ro16")
    if players == 32:
        return said("Ro32")
    return said("Ro{n}", n=players)


def round_words(r: RoundOf, *, article: bool = False) -> Said | str:
    """A knockout round's name on its own ("SF", "Demi-finale"), or with its article
    inside a sentence (``article``: "the semi-final", "la demi-finale"), so that a
    language that needs one has it. A plate round is named as the plate's on its own; in
    a sentence the plate's player knows it is theirs. A round known only by its name is
    that name."""
    if r.plate:
        if article:
            return round_words(replace(r, plate=False), article=True)
        return said("Plate {round}", round=round_words(replace(r, plate=False)))
    if r.lower == "minor":
        return _minor(r, article)
    if r.lower == "major":
        return _major(r, article)
    if r.stage is Stage.THIRD_PLACE:
        return said("the match for 3rd place") if article else said("3rd place")
    if r.stage is Stage.QUALIFYING:
        return said("the qualifying round") if article else said("Qual Rd")
    if r.stage is Stage.GRAND_FINAL:
        return said("the Grand Final") if article else said("Grand Final")
    if r.stage is Stage.RESET:
        return (said("the reset, a second grand final") if article
                else said("Grand Final (reset)"))
    if r.stage is Stage.LOSERS_FINAL:
        return said("the Losers' Final") if article else said("Losers' Final")
    if r.stage is Stage.WINNERS_FINAL:
        return said("the Winners' Final") if article else said("Winners' Final")
    if r.stage is Stage.FINAL:
        return said("the final") if article else said("Final")
    if r.stage is Stage.SEMI_FINAL:
        return said("the semi-final") if article else said("SF")
    if r.stage is Stage.QUARTER_FINAL:
        return said("the quarter-final") if article else said("QF")
    if r.stage is Stage.ROUND_OF:
        return _round_of(r.players, article)
    return said("the {name}", name=r.name) if article else r.name
