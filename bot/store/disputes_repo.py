"""Disputes as rows (table ``disputes`` of migrations/0001_init.sql): a discrepancy a
player raised about a result slip, and the TD's ruling on it (SSSg paras 19, 24).

A dispute opened from the Dispute button has no reason yet (``reason`` is empty): the bot
asks the player for it, and their next message fills it (``set_reason``, once).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.store.db import Row, Tx
from bot.store.times import iso, parse


class DisputeState(StrEnum):
    """A dispute's state: open until a TD rules on it or it is withdrawn."""

    OPEN = "open"
    RULED = "ruled"
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True)
class DisputeRow:
    id: int
    match_id: int
    game_id: int | None
    slip_id: int | None
    raised_by: int
    reason: str
    state: DisputeState
    ruling: str | None
    raised_at: datetime
    adjudicator_id: int | None = None
    why_json: str | None = None  # the bot's own reason for its ruling, as a record


def _dispute(r: Row) -> DisputeRow:
    return DisputeRow(r["id"], r["match_id"], r["game_id"], r["slip_id"], r["raised_by"],
                      r["reason"], DisputeState(r["state"]), r["ruling"], parse(r["raised_at"]),
                      r["adjudicator_id"], r["why_json"])


async def add(tx: Tx, *, match_id: int, game_id: int | None, slip_id: int | None,
              raised_by: int, reason: str, now: datetime) -> int:
    return await tx.insert(
        "INSERT INTO disputes (match_id, game_id, slip_id, raised_by, reason, state, raised_at)"
        " VALUES (?, ?, ?, ?, ?, 'open', ?)",
        (match_id, game_id, slip_id, raised_by, reason, iso(now)),
    )


async def get(tx: Tx, dispute_id: int) -> DisputeRow | None:
    row = await tx.one("SELECT * FROM disputes WHERE id = ?", (dispute_id,))
    return None if row is None else _dispute(row)


async def awaiting_reason(tx: Tx, person_id: int) -> DisputeRow | None:
    """The person's latest open dispute that still has no reason."""
    row = await tx.one(
        "SELECT * FROM disputes WHERE raised_by = ? AND state = 'open' AND reason = ''"
        " ORDER BY id DESC LIMIT 1", (person_id,),
    )
    return None if row is None else _dispute(row)


async def set_reason(tx: Tx, dispute_id: int, reason: str) -> bool:
    changed = await tx.execute(
        "UPDATE disputes SET reason = ? WHERE id = ? AND state = 'open' AND reason = ''",
        (reason, dispute_id),
    )
    return changed == 1


async def open_of_game(tx: Tx, match_id: int, game_id: int) -> DisputeRow | None:
    row = await tx.one(
        "SELECT * FROM disputes WHERE match_id = ? AND game_id = ? AND state = 'open'"
        " ORDER BY id LIMIT 1", (match_id, game_id),
    )
    return None if row is None else _dispute(row)


async def rule(tx: Tx, dispute_id: int, *, ruling: str, adjudicator: int | None,
               now: datetime, why_json: str | None = None) -> bool:
    changed = await tx.execute(
        "UPDATE disputes SET state = 'ruled', ruling = ?, adjudicator_id = ?, ruled_at = ?,"
        " why_json = ? WHERE id = ? AND state = 'open'",
        (ruling, adjudicator, iso(now), why_json, dispute_id),
    )
    return changed == 1


async def last_ruled_of_match(tx: Tx, match_id: int) -> DisputeRow | None:
    row = await tx.one("SELECT * FROM disputes WHERE match_id = ? AND state = 'ruled'"
                       " ORDER BY ruled_at DESC, id DESC LIMIT 1", (match_id,))
    return None if row is None else _dispute(row)


async def open_of_match(tx: Tx, match_id: int) -> list[DisputeRow]:
    rows = await tx.all("SELECT * FROM disputes WHERE match_id = ? AND state = 'open'"
                        " ORDER BY id", (match_id,))
    return [_dispute(r) for r in rows]
