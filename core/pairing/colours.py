"""Colours in a Swiss: who is due White, how strongly, and who gets it when both are.

USCF guide (scholastic chess introduction, "How do you pair players together?", last
paragraph): "the computer also tries to make adjustments so that players alternate
colors, or at least so that they have played two Whites and two Blacks before the fifth
round ... We also try to avoid assigning the same color in three consecutive games to a
player." So equalisation (as many Whites as Blacks) comes before alternation, and three
in a row is avoided above both. When both players are due the same colour the USCF
rule (29E4) decides: the stronger claim wins (three-in-a-row, then equalisation, then
alternation); at equal strength, walk back through both histories to the latest round
in which they differed, and the player who then had the other colour gets it; with
identical histories the higher-ranked player gets it.

A history is one character per round: ``W``, ``B`` or ``-`` (no game with a colour:
bye, forfeit, absence, or a colour nobody recorded; a forfeited game was not played, so
it gives no colour).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from core.pairing.why import Why, why
from core.tournament import Division, GameKind

WHITE = "W"
BLACK = "B"


class Claim(IntEnum):
    """How strongly a player is due a colour; the order is the seed's priority."""

    NONE = 0  # no colour history yet
    ALTERNATION = 1  # as many Whites as Blacks: due the opposite of the last one
    EQUALISATION = 2  # more of one colour: due the other
    NOT_THREE = 3  # the same colour in the last two games: a third is avoided


@dataclass(frozen=True)
class Due:
    colour: str | None  # "W", "B" or None
    claim: Claim

    def reason(self) -> Why:
        """The colour due and the claim's strength, as a pairing reason's part."""
        return why("due", colour=self.colour or "", claim=int(self.claim))


def other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


def colour_history(division: Division, number: int, before_round: int) -> str:
    """``number``'s colours in rounds 1 .. before_round - 1 (``-`` where none)."""
    chars = ["-"] * max(0, before_round - 1)
    for game in division.games_of(number):
        if game.kind != GameKind.PLAYED or game.b is None or game.first is None:
            continue  # a forfeit is no game: it gives no colour (USCF 29E)
        if not 1 <= game.round < before_round:
            continue
        chars[game.round - 1] = WHITE if game.first == number else BLACK
    return "".join(chars)


def due_colour(history: str) -> Due:
    """The colour a player is due next, and how strong the claim is (USCF guide)."""
    played = history.replace("-", "")
    if not played:
        return Due(None, Claim.NONE)
    whites, blacks = played.count(WHITE), played.count(BLACK)
    if len(played) >= 2 and played[-1] == played[-2]:
        return Due(other(played[-1]), Claim.NOT_THREE)
    if whites != blacks:
        return Due(BLACK if whites > blacks else WHITE, Claim.EQUALISATION)
    return Due(other(played[-1]), Claim.ALTERNATION)


def allocate(
    higher: int, history_higher: str, lower: int, history_lower: str, *, board_white: bool
) -> tuple[int, int, Why]:
    """(white, black, why) for a pair; ``higher`` is the higher-ranked player.

    ``board_white`` says whether the higher-ranked player takes White when neither has a
    colour history (first round: alternate down the boards, USCF 29E1).
    """
    due_h, due_l = due_colour(history_higher), due_colour(history_lower)
    if due_h.colour is None and due_l.colour is None:
        white = higher if board_white else lower
        return white, _opponent(white, higher, lower), why("colours_by_board")
    if due_h.colour is None or due_l.colour is None or due_h.colour != due_l.colour:
        if due_h.colour is not None:
            white = higher if due_h.colour == WHITE else lower
        else:
            white = lower if due_l.colour == WHITE else higher
        return white, _opponent(white, higher, lower), why("colours_due")
    colour = due_h.colour
    if due_h.claim != due_l.claim:
        winner = higher if due_h.claim > due_l.claim else lower
        because = why("colour_stronger", colour=colour, player=winner)
    else:
        walked = _walk_back(higher, history_higher, lower, history_lower, colour)
        if walked is None:
            winner = higher
            because = why("colour_same_history", colour=colour, player=higher)
        else:
            winner = walked
            because = why("colour_walked_back", colour=colour, player=winner)
    white = winner if colour == WHITE else _opponent(winner, higher, lower)
    return white, _opponent(white, higher, lower), because


def _walk_back(a: int, hist_a: str, b: int, hist_b: str, colour: str) -> int | None:
    """The player who, in the latest round where the histories differ, was furthest from
    ``colour`` (had the other colour, or at least not this one)."""
    width = max(len(hist_a), len(hist_b))
    hist_a, hist_b = hist_a.rjust(width, "-"), hist_b.rjust(width, "-")
    distance = {other(colour): 2, "-": 1, colour: 0}
    for ca, cb in zip(reversed(hist_a), reversed(hist_b), strict=True):
        if ca != cb:
            return a if distance[ca] > distance[cb] else b
    return None


def _opponent(player: int, a: int, b: int) -> int:
    return b if player == a else a
