"""What a knockout match decides for each of its players, as data: where its winner and
its loser go (a round of the bracket, a reset, a place finished, out, a title), read from
the bracket's own graph. No words: the service says them in each reader's language
(``bot/service/formats/knockout/stakes_texts.py``).

Source: SSSg 2016 Annex A paras 1-4 and "Schedule and Details" (the rounds: Round of 16,
QF, SF, Winner's Final, the lower bracket's minor and major rounds, Loser's Final, the
Grand Final with a one-game advantage), Annex B (the top division's diagram).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from core.knockout.bracket import Bracket, BracketMatch, Part, Source
from core.knockout.round_names import RoundOf, Stage, parse


class Goes(StrEnum):
    """Where a result of a match sends its player."""

    REACH = "reach"  # ``Stake.round``: the next match, having won
    PLAY = "play"  # ``Stake.round``: the match a loss sends them to
    FORCE_RESET = "force reset"  # the lower bracket's finalist wins the grand final
    PLAY_RESET = "play reset"  # the upper bracket's finalist loses it
    FINISH = "finish"  # ``Stake.place``
    OUT = "out"
    CHAMPION = "champion"  # wins the top division
    PLATE_WINNER = "plate winner"  # wins the plate division
    TOP_DIVISION = "top division"  # a qualifying match's winner (SSSg para 2)
    PLATE = "plate"  # a qualifying match's loser, when there is a plate
    OUT_NO_PLATE = "out, no plate"  # a qualifying match's loser, too few players for a plate


@dataclass(frozen=True)
class Stake:
    """What one result of a match makes of a player: where they go, with the round they
    play next or the place they finish."""

    goes: Goes
    round: RoundOf | None = None
    place: int = 0


def round_of(m: BracketMatch) -> RoundOf:
    """A match's round, from its place in the bracket and its name (``round_names``:
    "Winners' Final", "Minor SF", "Major Ro16", "Losers' Final")."""
    if m.third_place:
        return RoundOf(Stage.THIRD_PLACE)
    if m.part is Part.FINAL:
        return RoundOf(Stage.GRAND_FINAL)
    return parse(m.round_name) or RoundOf(Stage.NAMED, name=m.round_name)


CHAMPION = Stake(Goes.CHAMPION)


def stakes(bracket: Bracket, match_id: str, side: int, *,
           title: Stake = CHAMPION) -> tuple[Stake, Stake]:
    """What ``match_id`` decides for the player in slot ``side``: (if they win, if they
    lose). Read from the bracket's own graph: where the match's winner and loser are sent
    (a double elimination's loser drops to the lower bracket, SSSg Annex A; a grand final
    with a reset is replayed only if the lower bracket's winner, slot 1, wins it).
    ``title`` is what winning the last match makes the winner (the plate's winner)."""
    reset = next((x for x in bracket.matches if x.reset_of == match_id), None)
    if reset is not None:
        if side == 0:
            return title, Stake(Goes.PLAY_RESET)
        return Stake(Goes.FORCE_RESET), Stake(Goes.FINISH, place=2)
    m = bracket.match(match_id)
    if m.reset_of:
        return title, Stake(Goes.FINISH, place=2)
    if m.third_place:
        return Stake(Goes.FINISH, place=3), Stake(Goes.FINISH, place=4)
    after_win = next((x for x in bracket.matches
                      if Source.winner(match_id) in x.slots and not x.reset_of), None)
    after_loss = next((x for x in bracket.matches
                       if Source.loser(match_id) in x.slots and not x.reset_of), None)
    if after_win is None:
        return title, Stake(Goes.FINISH, place=2)
    lose = (Stake(Goes.PLAY, round_of(after_loss)) if after_loss is not None
            else Stake(Goes.OUT))
    return Stake(Goes.REACH, round_of(after_win)), lose
