"""The invites and join_requests tables: invite codes for Telegram deep links, and the
requests of people who followed a general player code and picked an entry."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.store.db import Row, Tx
from bot.store.times import iso


class RequestState(StrEnum):
    """A join request's state: pending until a TD approves or rejects it."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


@dataclass(frozen=True)
class Invite:
    code: str
    event_id: int
    role: str
    person_id: int | None
    used_by: int | None


def _invite(row: Row) -> Invite:
    return Invite(row["code"], row["event_id"], row["role"], row["person_id"], row["used_by"])


async def add(
    tx: Tx, code: str, event_id: int, role: str, person_id: int | None, now: datetime
) -> None:
    await tx.execute(
        "INSERT INTO invites (code, event_id, role, person_id, created_at) VALUES (?, ?, ?, ?, ?)",
        (code, event_id, role, person_id, iso(now)),
    )


async def get(tx: Tx, code: str) -> Invite | None:
    row = await tx.one("SELECT * FROM invites WHERE code = ?", (code,))
    return None if row is None else _invite(row)


async def of_event(tx: Tx, event_id: int) -> list[Invite]:
    rows = await tx.all("SELECT * FROM invites WHERE event_id = ? ORDER BY created_at, code", (event_id,))
    return [_invite(r) for r in rows]


async def unused_personal(tx: Tx, event_id: int, person_id: int, role: str) -> str | None:
    """The code of an unused personal invite of this person and role, if one was made."""
    code = await tx.scalar(
        "SELECT code FROM invites WHERE event_id = ? AND person_id = ? AND role = ?"
        " AND used_by IS NULL", (event_id, person_id, role),
    )
    return None if code is None else str(code)


async def mark_used(tx: Tx, code: str, person_id: int, now: datetime) -> None:
    await tx.execute(
        "UPDATE invites SET used_by = ?, used_at = ? WHERE code = ?", (person_id, iso(now), code)
    )


@dataclass(frozen=True)
class JoinRequest:
    id: int
    event_id: int
    tg_user_id: int
    tg_name: str
    entry_id: int
    entry_name: str
    state: RequestState
    decided_by: int | None = None  # the person who decided it (None: pending, or the operator)
    tg_language: str | None = None  # the language_code Telegram gave with the request


_REQUESTS = (
    "SELECT j.*, p.name AS entry_name FROM join_requests j JOIN entries e ON e.id = j.entry_id"
    " JOIN people p ON p.id = e.person_id"
)


def _request(r: Row) -> JoinRequest:
    return JoinRequest(r["id"], r["event_id"], r["tg_user_id"], r["tg_name"], r["entry_id"],
                       r["entry_name"], RequestState(r["state"]), r["decided_by"],
                       r["tg_language"])


async def get_request(tx: Tx, request_id: int) -> JoinRequest | None:
    row = await tx.one(_REQUESTS + " WHERE j.id = ?", (request_id,))
    return None if row is None else _request(row)


async def pending_of_event(tx: Tx, event_id: int) -> list[JoinRequest]:
    rows = await tx.all(_REQUESTS + " WHERE j.event_id = ? AND j.state = 'pending' ORDER BY j.id",
                        (event_id,))
    return [_request(r) for r in rows]


async def pending_claims(tx: Tx, entry_id: int, *, besides: int | None) -> list[JoinRequest]:
    """The pending requests for one entry, but request ``besides``, oldest first."""
    # PostgreSQL spells SQLite's "IS NOT" of two values "IS DISTINCT FROM"
    distinct = "IS DISTINCT FROM" if tx.postgres else "IS NOT"
    rows = await tx.all(
        _REQUESTS + f" WHERE j.entry_id = ? AND j.state = 'pending' AND j.id {distinct} ?"
        " ORDER BY j.id",
        (entry_id, besides),
    )
    return [_request(r) for r in rows]


async def has_pending(tx: Tx, event_id: int, tg_user_id: int) -> bool:
    """Whether this Telegram user waits for a TD's answer to join the event."""
    return await tx.one(
        "SELECT id FROM join_requests WHERE event_id = ? AND tg_user_id = ? AND state = 'pending'",
        (event_id, tg_user_id),
    ) is not None


async def events_awaited_by(tx: Tx, tg_user_id: int) -> list[str]:
    """Names of the events this Telegram user asked to join and waits for, by name."""
    rows = await tx.all(
        "SELECT DISTINCT e.name FROM join_requests j JOIN events e ON e.id = j.event_id"
        " WHERE j.tg_user_id = ? AND j.state = 'pending' ORDER BY e.name", (tg_user_id,),
    )
    return [r["name"] for r in rows]


async def add_request(
    tx: Tx, *, event_id: int, code: str, tg_user_id: int, tg_name: str, entry_id: int,
    now: datetime, tg_language: str | None = None,
) -> int:
    return await tx.insert(
        "INSERT INTO join_requests (event_id, invite_code, tg_user_id, tg_name, entry_id, state,"
        " created_at, tg_language) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)",
        (event_id, code, tg_user_id, tg_name, entry_id, iso(now), tg_language),
    )


async def decide(
    tx: Tx, request_id: int, state: RequestState, decided_by: int | None, now: datetime
) -> None:
    await tx.execute(
        "UPDATE join_requests SET state = ?, decided_by = ?, decided_at = ? WHERE id = ?",
        (state, decided_by, iso(now), request_id),
    )
