"""Every game of an event with where it stands: what the exports read (a season followed
and audited from the command line, a treasurer's or a rating officer's spreadsheet).

A game counts once its slip is confirmed, and stays open to dispute until the slip's
window closes (SSSg Annex A para 24): ``open_slip`` says which games are not final yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.db import Row, Tx
from bot.store.times import parse


@dataclass(frozen=True)
class GameRow:
    """One game row of a match (``kind`` played, bye or forfeit; ``void`` no longer counts),
    with the slip that keeps it open, if any: ``open_slip`` pending (its window closes at
    ``final_at``) or disputed (frozen until a TD rules); None for a final game."""

    match_id: int
    number: int
    kind: str
    starter_side: int | None
    score_a: int | None
    score_b: int | None
    bye_side: int | None
    void: bool
    played_at: datetime | None
    open_slip: str | None
    final_at: datetime | None

    @property
    def final(self) -> bool:
        return self.open_slip is None


#: The newest slip of a game still open (pending or disputed); agreed, final and void
#: slips leave the game final.
_OPEN_SLIP = (
    "(SELECT s.{column} FROM slips s WHERE s.game_id = g.id"
    " AND s.state IN ('pending', 'disputed') ORDER BY s.id DESC LIMIT 1)"
)


def _game(r: Row) -> GameRow:
    return GameRow(
        r["match_id"], r["seq"], r["kind"], r["starter_side"], r["score_a"], r["score_b"],
        r["bye_side"], bool(r["void"]), parse(r["played_at"]) if r["played_at"] else None,
        r["open_slip"], parse(r["final_at"]) if r["final_at"] else None,
    )


async def games_of_event(tx: Tx, event_id: int) -> dict[int, list[GameRow]]:
    """Match id -> its games in order, for every match of the event that has any."""
    rows = await tx.all(
        "SELECT g.*, " + _OPEN_SLIP.format(column="state") + " AS open_slip, "
        + _OPEN_SLIP.format(column="closes_at") + " AS final_at"
        " FROM games g JOIN matches m ON m.id = g.match_id WHERE m.event_id = ?"
        " ORDER BY g.match_id, g.seq", (event_id,),
    )
    games: dict[int, list[GameRow]] = {}
    for r in rows:
        games.setdefault(r["match_id"], []).append(_game(r))
    return games
