"""Expulsions as rows (migrations/0012_expulsions.sql; SSSg Annex A paras 26, 29).

Deciding a freed slot is a compare-and-set (``decide``: only from 'open'), so two TDs
pressing at once fill it once; the caller learns whether it was this call that did.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.store.db import Row, Tx
from bot.store.times import iso, parse


class ExpulsionState(StrEnum):
    """An expulsion's state: open until its slot is filled by a replacement, vacated, or
    nothing needs doing (none)."""

    OPEN = "open"
    REPLACED = "replaced"
    VACATED = "vacated"
    NONE = "none"


@dataclass(frozen=True)
class ExpulsionRow:
    id: int
    event_id: int
    entry_id: int
    name: str  # the expelled player's
    match_id: int | None
    side: int | None  # the expelled player's side of the match
    why: str
    expelled_at: datetime
    state: ExpulsionState
    replacement_entry_id: int | None
    decided_by_name: str | None
    person_id: int | None = None  # the expelled player's


_SELECT = (
    "SELECT x.*, p.name, e.person_id FROM expulsions x JOIN entries e ON e.id = x.entry_id"
    " JOIN people p ON p.id = e.person_id"
)


def _row(r: Row) -> ExpulsionRow:
    return ExpulsionRow(r["id"], r["event_id"], r["entry_id"], r["name"], r["match_id"],
                        r["side"], r["why"], parse(r["expelled_at"]), ExpulsionState(r["state"]),
                        r["replacement_entry_id"], r["decided_by_name"], r["person_id"])


async def add(tx: Tx, *, event_id: int, entry_id: int, match_id: int | None,
              side: int | None, why: str, now: datetime, by: int | None, state: ExpulsionState) -> int:
    return await tx.insert(
        "INSERT INTO expulsions (event_id, entry_id, match_id, side, why, expelled_at,"
        " expelled_by, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (event_id, entry_id, match_id, side, why, iso(now), by, state),
    )


async def get(tx: Tx, expulsion_id: int) -> ExpulsionRow | None:
    row = await tx.one(_SELECT + " WHERE x.id = ?", (expulsion_id,))
    return None if row is None else _row(row)


async def of_entry(tx: Tx, entry_id: int) -> ExpulsionRow | None:
    row = await tx.one(_SELECT + " WHERE x.entry_id = ?", (entry_id,))
    return None if row is None else _row(row)


async def open_of_event(tx: Tx, event_id: int) -> list[ExpulsionRow]:
    """Freed slots still waiting for the TDs' choice, oldest first."""
    rows = await tx.all(_SELECT + " WHERE x.event_id = ? AND x.state = 'open' ORDER BY x.id",
                        (event_id,))
    return [_row(r) for r in rows]


async def held_matches(tx: Tx, event_id: int) -> set[int]:
    """Matches with a freed slot still open: nobody plays them until it is filled."""
    rows = await tx.all("SELECT match_id FROM expulsions WHERE event_id = ? AND state = 'open'"
                        " AND match_id IS NOT NULL", (event_id,))
    return {r["match_id"] for r in rows}


async def decide(tx: Tx, expulsion_id: int, to: str, now: datetime, *, by: int | None,
                 by_name: str, replacement: int | None = None) -> bool:
    """Compare-and-set from 'open'; True if this call decided the slot."""
    changed = await tx.execute(
        "UPDATE expulsions SET state = ?, replacement_entry_id = ?, decided_by = ?,"
        " decided_by_name = ?, decided_at = ? WHERE id = ? AND state = 'open'",
        (to, replacement, by, by_name, iso(now), expulsion_id),
    )
    return changed == 1



async def barring(tx: Tx, event_id: int, match_id: int,
                  entries: tuple[int | None, int | None]) -> list[ExpulsionRow]:
    """The expulsions that close a match to results and rulings: one that took a player
    out of it (unless someone took the place, then the match is theirs), and those of the
    players it still names. Oldest first. Read once per transaction while the tables it
    reads are not written: a confirmed slip asks before and after its other checks."""
    key, tables = ("barring", event_id, match_id, entries), ("expulsions", "entries", "people")
    kept = tx.remembered(key, tables)
    if kept is None:
        a, b = (-1 if e is None else e for e in entries)
        rows = await tx.all(_SELECT + " WHERE x.event_id = ? AND ((x.match_id = ? AND"
                            " x.state <> 'replaced') OR x.entry_id IN (?, ?)) ORDER BY x.id",
                            (event_id, match_id, a, b))
        kept = tuple(_row(r) for r in rows)
        tx.remember(key, tables, kept)
    return list(kept)


async def of_person(tx: Tx, person_id: int) -> list[ExpulsionRow]:
    """A person's expulsions in every event, the latest first."""
    rows = await tx.all(_SELECT + " WHERE e.person_id = ? ORDER BY x.id DESC", (person_id,))
    return [_row(r) for r in rows]


async def of_event(tx: Tx, event_id: int) -> list[ExpulsionRow]:
    """Every expulsion of the event, oldest first."""
    rows = await tx.all(_SELECT + " WHERE x.event_id = ? ORDER BY x.id", (event_id,))
    return [_row(r) for r in rows]
