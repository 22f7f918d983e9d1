"""Rounds and divisions as stored: the period each round is played in (SSSg para 6), its
best-of and fee, and its state (planned, open, closed)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.store.db import Row, Tx
from bot.store.times import iso, parse


class RoundState(StrEnum):
    """A round's state: planned until it opens, open while its games are played and
    reported, closed after."""

    PLANNED = "planned"
    OPEN = "open"
    CLOSED = "closed"


@dataclass(frozen=True)
class Round:
    id: int
    event_id: int
    code: str
    name: str
    seq: int
    best_of: int
    opens_at: datetime | None
    closes_at: datetime | None
    fee: int
    state: RoundState
    division: str


_SELECT = (
    "SELECT r.*, COALESCE(d.name, '') AS division FROM rounds r"
    " LEFT JOIN divisions d ON d.id = r.division_id"
)


def _round(r: Row) -> Round:
    return Round(
        r["id"], r["event_id"], r["code"], r["name"], r["seq"], r["best_of"],
        parse(r["opens_at"]) if r["opens_at"] else None,
        parse(r["closes_at"]) if r["closes_at"] else None,
        r["fee"], RoundState(r["state"]), r["division"],
    )


async def get(tx: Tx, round_id: int) -> Round | None:
    """The round, read once per transaction while its tables are not written."""
    kept = tx.remembered(("round", round_id), ("rounds", "divisions"))
    if kept is not None:
        return kept  # type: ignore[no-any-return]
    row = await tx.one(_SELECT + " WHERE r.id = ?", (round_id,))
    return None if row is None else keep(tx, row)


#: A round's columns as ``get`` reads them, for a read that brings it along with another.
SELECT = _SELECT


def is_kept(tx: Tx, round_id: int) -> bool:
    """Whether the next ``get`` of the round in this transaction reads nothing."""
    return tx.remembered(("round", round_id), ("rounds", "divisions")) is not None


def keep(tx: Tx, row: Row) -> Round:
    """A round read in this transaction (by ``get``, or along with its match:
    ``matches_repo.get``), kept for the next ``get`` of it."""
    found = _round(row)
    tx.remember(("round", found.id), ("rounds", "divisions"), found)
    return found


async def of_event(tx: Tx, event_id: int) -> list[Round]:
    rows = await tx.all(_SELECT + " WHERE r.event_id = ? ORDER BY r.seq, r.id", (event_id,))
    return [_round(r) for r in rows]


async def add_division(tx: Tx, event_id: int, name: str) -> int:
    return await tx.insert(
        "INSERT INTO divisions (event_id, name) VALUES (?, ?)", (event_id, name)
    )


async def add(
    tx: Tx, *, event_id: int, division_id: int, code: str, name: str, seq: int, best_of: int,
    opens_at: datetime | None, closes_at: datetime | None, fee: int,
) -> int:
    """A planned round of the draw."""
    return await tx.insert(
        "INSERT INTO rounds (event_id, division_id, code, name, seq, best_of, opens_at,"
        " closes_at, fee, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'planned')",
        (event_id, division_id, code, name, seq, best_of,
         iso(opens_at) if opens_at else None, iso(closes_at) if closes_at else None, fee),
    )


async def set_open(tx: Tx, round_id: int, opens_at: datetime, closes_at: datetime) -> None:
    await tx.execute(
        "UPDATE rounds SET state = 'open', opens_at = ?, closes_at = ? WHERE id = ?",
        (iso(opens_at), iso(closes_at), round_id),
    )


async def set_closed(tx: Tx, round_id: int) -> None:
    await tx.execute("UPDATE rounds SET state = 'closed' WHERE id = ?", (round_id,))


async def move_close(tx: Tx, round_id: int, was: datetime, closes_at: datetime) -> bool:
    """Compare-and-set: an open round closing at ``was`` now closes at ``closes_at`` (SSSg
    para 21: the organisers may delay the end of a round); False if it moved already."""
    changed = await tx.execute(
        "UPDATE rounds SET closes_at = ? WHERE id = ? AND state = 'open' AND closes_at = ?",
        (iso(closes_at), round_id, iso(was)),
    )
    return changed == 1


async def add_open_ended(
    tx: Tx, *, event_id: int, code: str, name: str, best_of: int, opens_at: datetime,
) -> int:
    """A round open from ``opens_at`` with no closing time (a ladder's one round, played
    for as long as the ladder runs)."""
    return await tx.insert(
        "INSERT INTO rounds (event_id, code, name, seq, best_of, opens_at, state)"
        " VALUES (?, ?, ?, 1, ?, ?, 'open')", (event_id, code, name, best_of, iso(opens_at)),
    )
