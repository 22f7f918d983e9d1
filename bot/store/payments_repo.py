"""Fees paid per round (SSSg para 26), in minor units of the event's currency.

A payment names its round by code (``rounds.code``, the slug of the round's name), not by
row: it may be recorded before the draw makes the round, and is found once it exists
(migrations/0005_payments_before_draw.sql).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.store.db import Tx
from bot.store.times import iso


class ProofState(StrEnum):
    """A payment proof's state: pending until a TD approves or rejects it."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


async def exists(tx: Tx, entry_id: int, round_code: str) -> bool:
    row = await tx.one(
        "SELECT id FROM payments WHERE entry_id = ? AND round_code = ?", (entry_id, round_code)
    )
    return row is not None


async def add(
    tx: Tx, *, event_id: int, entry_id: int, round_code: str, amount: int, currency: str,
    recorded_by: str, note: str, paid_at: datetime,
) -> int:
    return await tx.insert(
        "INSERT INTO payments (event_id, entry_id, round_code, amount, currency, recorded_by,"
        " note, paid_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (event_id, entry_id, round_code, amount, currency, recorded_by, note, iso(paid_at)),
    )


#: Who owes a round's fee (SSSg para 26): the players of its matches (a bye is not a match
#: to pay for); an expelled player owes nothing more.
_OWING = (
    " FROM matches m JOIN rounds r ON r.id = m.round_id"
    " JOIN entries e ON e.id IN (m.entry_a, m.entry_b)"
    " WHERE m.state != 'bye' AND e.state = 'active'"
)


async def unpaid_entries(tx: Tx, round_id: int) -> list[int]:
    """Entry ids that owe the round's fee (``_OWING``) with no payment for it."""
    rows = await tx.all(
        "SELECT DISTINCT e.id" + _OWING + " AND m.round_id = ? AND NOT EXISTS"
        " (SELECT 1 FROM payments p WHERE p.entry_id = e.id AND p.round_code = r.code)"
        " ORDER BY e.id",
        (round_id,),
    )
    return [r["id"] for r in rows]


async def owing_of_event(tx: Tx, event_id: int) -> list[tuple[int, int]]:
    """(round id, entry id) of every entry that owes a round's fee (``_OWING``), paid or
    not."""
    rows = await tx.all(
        "SELECT DISTINCT r.id AS round_id, e.id AS entry_id" + _OWING + " AND m.event_id = ?"
        " ORDER BY r.id, e.id",
        (event_id,),
    )
    return [(r["round_id"], r["entry_id"]) for r in rows]


async def without_round(tx: Tx, event_id: int) -> list[tuple[int, str]]:
    """(entry id, round code) of the event's payments for a round it has no row for."""
    rows = await tx.all(
        "SELECT p.entry_id, p.round_code FROM payments p WHERE p.event_id = ? AND NOT EXISTS"
        " (SELECT 1 FROM rounds r WHERE r.event_id = p.event_id AND r.code = p.round_code)"
        " ORDER BY p.id",
        (event_id,),
    )
    return [(r["entry_id"], r["round_code"]) for r in rows]


@dataclass(frozen=True)
class Proof:
    """A player's photo of a payment, waiting for a TD (migrations/0009_membership.sql)."""

    id: int
    event_id: int
    entry_id: int
    round_code: str
    file_id: str
    state: ProofState  # pending, approved, rejected
    decided_by: str | None


async def add_proof(
    tx: Tx, *, event_id: int, entry_id: int, round_code: str, file_id: str, now: datetime
) -> int:
    return await tx.insert(
        "INSERT INTO payment_proofs (event_id, entry_id, round_code, file_id, sent_at)"
        " VALUES (?, ?, ?, ?, ?)",
        (event_id, entry_id, round_code, file_id, iso(now)),
    )


async def get_proof(tx: Tx, proof_id: int) -> Proof | None:
    r = await tx.one("SELECT * FROM payment_proofs WHERE id = ?", (proof_id,))
    if r is None:
        return None
    return Proof(r["id"], r["event_id"], r["entry_id"], r["round_code"], r["file_id"],
                 ProofState(r["state"]), r["decided_by"])


async def decide_proof(tx: Tx, proof_id: int, state: ProofState, by: str, now: datetime) -> bool:
    """Compare-and-set: only a pending proof is decided; False if someone decided first."""
    changed = await tx.execute(
        "UPDATE payment_proofs SET state = ?, decided_by = ?, decided_at = ?"
        " WHERE id = ? AND state = 'pending'",
        (state, by, iso(now), proof_id),
    )
    return bool(changed)


async def paid_by_round(tx: Tx, event_id: int) -> list[tuple[int, str, int]]:
    """(entry id, round code, amount) of every payment of the event."""
    rows = await tx.all(
        "SELECT entry_id, round_code, amount FROM payments WHERE event_id = ? ORDER BY id",
        (event_id,),
    )
    return [(r["entry_id"], r["round_code"], r["amount"]) for r in rows]


@dataclass(frozen=True)
class PaymentRow:
    entry_id: int
    round_code: str
    amount: int  # minor units
    note: str


async def of_event(tx: Tx, event_id: int) -> list[PaymentRow]:
    """Every payment of the event, in the order recorded."""
    rows = await tx.all(
        "SELECT entry_id, round_code, amount, note FROM payments WHERE event_id = ? ORDER BY id",
        (event_id,),
    )
    return [PaymentRow(r["entry_id"], r["round_code"], r["amount"], r["note"]) for r in rows]
