"""The people table: anyone the bot knows, with or without a Telegram account linked."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.db import Row, Tx
from bot.store.times import iso


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    tg_user_id: int | None
    phone: str


def _person(row: Row) -> Person:
    return Person(row["id"], row["name"], row["tg_user_id"], row["phone"] or "")


async def get(tx: Tx, person_id: int) -> Person | None:
    row = await tx.one("SELECT * FROM people WHERE id = ?", (person_id,))
    return None if row is None else _person(row)


async def by_tg(tx: Tx, tg_user_id: int) -> Person | None:
    row = await tx.one("SELECT * FROM people WHERE tg_user_id = ?", (tg_user_id,))
    return None if row is None else _person(row)


async def add(
    tx: Tx, name: str, now: datetime, *, phone: str = "", tg_user_id: int | None = None
) -> int:
    return await tx.insert(
        "INSERT INTO people (name, phone, tg_user_id, created_at) VALUES (?, ?, ?, ?)",
        (name, phone or None, tg_user_id, iso(now)),
    )


async def link_tg(tx: Tx, person_id: int, tg_user_id: int) -> None:
    await tx.execute("UPDATE people SET tg_user_id = ? WHERE id = ?", (tg_user_id, person_id))


#: Every column that names a person, except the roles (merged apart: their key includes
#: the person).
_REFERENCES = (
    ("entries", "person_id"), ("outbox", "person_id"), ("invites", "person_id"),
    ("invites", "used_by"), ("join_requests", "decided_by"), ("slips", "reported_by"),
    ("photos", "sent_by"), ("disputes", "raised_by"), ("disputes", "adjudicator_id"),
    ("events", "created_by"),
)


async def merge_into(tx: Tx, placeholder: int, into: int) -> None:
    """Move everything of person ``placeholder`` onto person ``into`` (their roles too, a
    role both hold kept once), then drop the placeholder."""
    for table, column in _REFERENCES:
        await tx.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (into, placeholder))
    await tx.execute(
        "INSERT INTO roles (event_id, person_id, role, granted_at)"
        " SELECT event_id, ?, role, granted_at FROM roles WHERE person_id = ?"
        " ON CONFLICT (event_id, person_id, role) DO NOTHING",
        (into, placeholder),
    )
    await tx.execute("DELETE FROM roles WHERE person_id = ?", (placeholder,))
    await tx.execute("DELETE FROM people WHERE id = ?", (placeholder,))
