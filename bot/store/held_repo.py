"""Games held for a TD because they were played in a blackout (SSSg para 20; migration
0010, ``held_games``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.store.db import Row, Tx
from bot.store.times import iso, parse


class HeldState(StrEnum):
    """A held game's state: held until a TD releases it (it counts) or voids it."""

    HELD = "held"
    RELEASED = "released"
    VOIDED = "voided"


@dataclass(frozen=True)
class HeldGame:
    id: int
    match_id: int
    slip_id: int | None
    starter_side: int
    scores: tuple[int, int]
    played_at: datetime
    blackout: str
    state: HeldState  # held, released, voided
    code: str = ""  # the match's code and players, for the TD's list
    names: tuple[str, str] = ("", "")


_SELECT = (
    "SELECT h.*, m.code, pa.name AS name_a, pb.name AS name_b FROM held_games h"
    " JOIN matches m ON m.id = h.match_id"
    " LEFT JOIN entries ea ON ea.id = m.entry_a LEFT JOIN people pa ON pa.id = ea.person_id"
    " LEFT JOIN entries eb ON eb.id = m.entry_b LEFT JOIN people pb ON pb.id = eb.person_id"
)


def _held(r: Row) -> HeldGame:
    return HeldGame(r["id"], r["match_id"], r["slip_id"], r["starter_side"],
                    (r["score_a"], r["score_b"]), parse(r["played_at"]), r["blackout"],
                    HeldState(r["state"]), r["code"], (r["name_a"] or "?", r["name_b"] or "?"))


async def add(tx: Tx, *, match_id: int, slip_id: int | None, starter_side: int,
              scores: tuple[int, int], played_at: datetime, blackout: str, now: datetime) -> int:
    return await tx.insert(
        "INSERT INTO held_games (match_id, slip_id, starter_side, score_a, score_b, played_at,"
        " blackout, held_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (match_id, slip_id, starter_side, scores[0], scores[1], iso(played_at), blackout,
         iso(now)),
    )


async def get(tx: Tx, held_id: int) -> HeldGame | None:
    r = await tx.one(_SELECT + " WHERE h.id = ?", (held_id,))
    return None if r is None else _held(r)


async def held_in_match(tx: Tx, match_id: int) -> HeldGame | None:
    r = await tx.one(_SELECT + " WHERE h.match_id = ? AND h.state = 'held'", (match_id,))
    return None if r is None else _held(r)


async def of_slip(tx: Tx, slip_id: int) -> HeldGame | None:
    r = await tx.one(_SELECT + " WHERE h.slip_id = ?", (slip_id,))
    return None if r is None else _held(r)


async def held_in_event(tx: Tx, event_id: int) -> list[HeldGame]:
    rows = await tx.all(_SELECT + " WHERE m.event_id = ? AND h.state = 'held' ORDER BY h.id",
                        (event_id,))
    return [_held(r) for r in rows]


async def decide(tx: Tx, held_id: int, state: HeldState, now: datetime, why: str) -> bool:
    """Release or void a held game (compare-and-set: only one TD's decision counts)."""
    changed = await tx.execute(
        "UPDATE held_games SET state = ?, decided_at = ?, why = ? WHERE id = ? AND state = 'held'",
        (state, iso(now), why, held_id),
    )
    return changed == 1
