"""Who sits out when a round has an odd number of players, and what a bye is worth.

Director's Manual (NASPA Director's Manual), "Odd Number of Players": "Always choose the lowest
rated player to have the first bye, but you should refrain from giving an unrated
player the first bye. Thereafter, the player in last place gets the next bye. Byes are
scored as a win with a +50pt spread. A player, if possible, should have, at most, one
bye in a tournament. Therefore, if the player in last place has already had a bye, then
the bye should go to the player in the next-to-last position...etc."

The +50 is NASPA's; it is configurable because
WESPA and ABSP events score a bye +100.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.pairing.history import History
from core.pairing.why import Why, why
from core.tournament import Division, Game, GameKind

BYE_SPREAD = {"naspa": 50, "wespa": 100, "absp": 100}


def choose_bye(division: Division, ranked: Sequence[int], history: History) -> tuple[int, Why]:
    """The player among ``ranked`` (best first) who gets this round's bye, and why.

    The first bye of the event goes to the lowest-rated rated player (ties: the one
    lower in ``ranked``); if everyone is unrated it falls to last place. Every later
    bye goes to the lowest-placed player with the fewest byes so far, so nobody gets a
    second bye while someone still has none.
    """
    if not ranked:
        raise ValueError("no player to give a bye to")
    place = {p: i for i, p in enumerate(ranked)}
    if not any(history.byes.values()):
        rated = [p for p in ranked if division.player(p).rating > 0]
        if rated:
            chosen = min(rated, key=lambda p: (division.player(p).rating, -place[p]))
            rating = division.player(chosen).rating
            return chosen, why("first_bye", rating=rating)
    fewest = min(history.byes.get(p, 0) for p in ranked)
    for p in reversed(ranked):
        if history.byes.get(p, 0) == fewest:
            below = len(ranked) - 1 - place[p]
            if fewest == 0:
                return p, why("no_bye_yet", below=below)
            return p, why("fewest_byes", below=below, byes=fewest)
    raise AssertionError("unreachable: some player has the fewest byes")


def bye_game(round_number: int, player: int, spread: int = BYE_SPREAD["naspa"]) -> Game:
    """The result a bye records: a win with ``spread`` (tsh writes opponent 0)."""
    if spread < 0:
        raise ValueError(f"a bye's spread must be 0 or more, got {spread}")
    return Game(round_number, player, None, 1.0, score_a=spread, kind=GameKind.BYE)
