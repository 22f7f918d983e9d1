"""What the rounds already played say for pairing the next: who met whom how often, who
has gone first how often, who had byes; and who starts a pair by that balance.

Every pairing system reads the games before the round it pairs the same way, the
optimising engine (``core.pairing.engine``) and the systems that pair by table alone
(round robins, byes) alike, so it is here, apart from the engine and its graph library.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from core.tournament import Division, GameKind

Pair = tuple[int, int]


def pair_key(p: int, q: int) -> Pair:
    return (p, q) if p < q else (q, p)


@dataclass(frozen=True)
class History:
    """What the games before the round being paired say, indexed once per call so the
    hot loops look things up in O(1) instead of scanning ``division.games``."""

    met: Mapping[Pair, int] = field(default_factory=dict)
    balance: Mapping[int, int] = field(default_factory=dict)  # firsts minus seconds
    byes: Mapping[int, int] = field(default_factory=dict)

    def times_met(self, p: int, q: int) -> int:
        return self.met.get(pair_key(p, q), 0)


def history_before(division: Division, round_number: int) -> History:
    """Meetings, first/second balance and byes from the rounds before ``round_number``.

    A meeting is any game with a named opponent, as ``Division.times_met`` counts it."""
    met: dict[Pair, int] = {}
    balance: dict[int, int] = {}
    byes: dict[int, int] = {}
    for game in division.games:
        if game.round >= round_number:
            continue
        if game.b is None:
            if game.kind == GameKind.BYE:
                byes[game.a] = byes.get(game.a, 0) + 1
            continue
        k = pair_key(game.a, game.b)
        met[k] = met.get(k, 0) + 1
        if game.first in (game.a, game.b):
            second = game.b if game.first == game.a else game.a
            balance[game.first] = balance.get(game.first, 0) + 1
            balance[second] = balance.get(second, 0) - 1
    return History(met, balance, byes)


def order_first(a: int, b: int, history: History) -> Pair:
    """Who starts: the player who has gone first less often (Director's Manual leaves starts to
    the rules of play; this is the balance players expect). On a tie the better-ranked
    player ``a`` starts, so the answer is the same every time."""
    if history.balance.get(b, 0) < history.balance.get(a, 0):
        return (b, a)
    return (a, b)
