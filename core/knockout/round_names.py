"""A knockout round's name: what the draw calls each round it makes, and what a stored name
means. One rule both ways: ``name_of`` makes the name the draw stores, ``parse`` reads it
back into the round it names, so the service can word a stored name in its reader's
language without a second list of the names.

Source: SSSg 2016 "Schedule and Details" (Qual Rd, Round of 16, QF, SF, Winner's Final,
Minor QF, Major QF, Minor SF, Major SF, Minor F, Loser's Final, Grand Final), Annex A
paras 2-3 (the lower bracket's minor and major rounds, the grand final), para 8 (the plate).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum


class Stage(StrEnum):
    """A round of a bracket, as a player knows it."""

    FINAL = "final"
    SEMI_FINAL = "semi-final"
    QUARTER_FINAL = "quarter-final"
    ROUND_OF = "round of"  # ``RoundOf.players``: the round of 16, of 32
    WINNERS_FINAL = "winners' final"  # a double elimination's upper bracket's last round
    LOSERS_FINAL = "losers' final"  # its lower bracket's last round
    GRAND_FINAL = "grand final"
    RESET = "reset"  # the second grand final, played when the lower bracket's finalist wins
    THIRD_PLACE = "third place"  # the match for 3rd place
    QUALIFYING = "qualifying"  # SSSg para 2's qualifying round
    NAMED = "named"  # a round known only by its name (``RoundOf.name``)


@dataclass(frozen=True)
class RoundOf:
    """A match's round: its ``stage``; ``players`` for the round of 16 and the like;
    ``lower`` "minor" or "major" for a round of the lower bracket (SSSg Annex A para 3:
    minor rounds hold lower-bracket players only, major rounds take in the upper bracket's
    losers); ``plate`` for a round of the plate division (para 8); ``name`` for a round
    known only by its name."""

    stage: Stage
    players: int = 0
    lower: str = ""
    name: str = ""
    plate: bool = False


#: The rounds named by how many matches they have (the upper bracket's, and the lower
#: bracket's minor and major rounds that count as them), and the rounds named whole.
_BY_MATCHES = {1: Stage.FINAL, 2: Stage.SEMI_FINAL, 4: Stage.QUARTER_FINAL}
_SHORT = {Stage.FINAL: "Final", Stage.SEMI_FINAL: "SF", Stage.QUARTER_FINAL: "QF"}
_WHOLE = {
    Stage.QUALIFYING: "Qual Rd",
    Stage.WINNERS_FINAL: "Winners' Final",
    Stage.LOSERS_FINAL: "Losers' Final",
    Stage.GRAND_FINAL: "Grand Final",
    Stage.RESET: "Grand Final (reset)",
    Stage.THIRD_PLACE: "3rd place",
}
_LOWER = ("minor", "major")
_PLATE = "Plate "


def by_matches(matches_in_round: int, *, lower: str = "") -> RoundOf:
    """The round with this many matches: the final, the semi-finals, the quarter-finals,
    else the round of twice as many players (a lower-bracket round counts as the upper
    round it is level with, SSSg Annex A para 3)."""
    stage = _BY_MATCHES.get(matches_in_round)
    if stage is not None:
        return RoundOf(stage, lower=lower)
    return RoundOf(Stage.ROUND_OF, players=2 * matches_in_round, lower=lower)


def name_of(r: RoundOf) -> str:
    """The name the draw gives a round and stores: "Ro16", "QF", "Minor F", "Losers'
    Final", "Plate SF"."""
    if r.plate:
        return in_plate(name_of(replace(r, plate=False)))
    if r.stage in _WHOLE:
        return _WHOLE[r.stage]
    if r.stage is Stage.NAMED:
        return r.name
    short = f"Ro{r.players}" if r.stage is Stage.ROUND_OF else _SHORT[r.stage]
    if r.lower:
        return f"{r.lower.capitalize()} {'F' if r.stage is Stage.FINAL else short}"
    return short


def in_plate(name: str) -> str:
    """The name of a plate division's round (para 8), "Plate SF", from the name its own
    bracket gives it, "SF"."""
    return _PLATE + name


def parse(name: str) -> RoundOf | None:
    """The round a name ``name_of`` made names, else None (a name no draw makes)."""
    if name.startswith(_PLATE):
        inner = parse(name.removeprefix(_PLATE))
        return None if inner is None or inner.plate else replace(inner, plate=True)
    found = _read(name)
    return found if found is not None and name_of(found) == name else None


def _read(name: str) -> RoundOf | None:
    for stage, whole in _WHOLE.items():
        if name == whole:
            return RoundOf(stage)
    kind, _, short = name.partition(" ")
    lower = kind.casefold() if kind.casefold() in _LOWER and short else ""
    if lower:
        name = "Final" if short == "F" else short
    for stage, text in _SHORT.items():
        if name == text:
            return RoundOf(stage, lower=lower)
    if name.startswith("Ro") and name[2:].isdecimal():
        return RoundOf(Stage.ROUND_OF, players=int(name[2:]), lower=lower)
    return None
