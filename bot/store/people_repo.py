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
    #: The language they chose (/language), None if they chose none; the language_code
    #: Telegram last reported for them in a private chat, as reported (migration 0028).
    language: str | None = None
    tg_language: str | None = None


def _person(row: Row) -> Person:
    return Person(row["id"], row["name"], row["tg_user_id"], row["phone"] or "",
                  row["language"], row["tg_language"])


async def get(tx: Tx, person_id: int) -> Person | None:
    """The person, read once per transaction while ``people`` is not written: the
    language of each message's reader is looked up where the message is written."""
    kept = tx.remembered(("person", person_id), ("people",))
    if kept is None:
        row = await tx.one("SELECT * FROM people WHERE id = ?", (person_id,))
        kept = (None if row is None else _person(row),)
        tx.remember(("person", person_id), ("people",), kept)
    found: Person | None = kept[0]
    return found


async def by_tg(tx: Tx, tg_user_id: int) -> Person | None:
    """The person linked to a Telegram user, read once per transaction while ``people``
    is not written: the update's transaction reads its writer first (their language), and
    the use-case that then asks who they are is not a second read."""
    kept = tx.remembered(("person_tg", tg_user_id), ("people",))
    if kept is None:
        row = await tx.one("SELECT * FROM people WHERE tg_user_id = ?", (tg_user_id,))
        kept = (None if row is None else _person(row),)
        tx.remember(("person_tg", tg_user_id), ("people",), kept)
    found: Person | None = kept[0]
    return found


async def set_language(tx: Tx, person_id: int, language: str | None) -> None:
    """The language the person chose (None: none, Telegram's is used)."""
    await tx.execute("UPDATE people SET language = ? WHERE id = ?", (language, person_id))


async def set_tg_language(tx: Tx, person_id: int, code: str, *, if_unknown: bool = False
                          ) -> None:
    """The language_code Telegram reports for the person; ``if_unknown``: only if none is
    known (a code given earlier, with a join request, never replaces a later one)."""
    await tx.execute("UPDATE people SET tg_language = ? WHERE id = ?"
                     + (" AND tg_language IS NULL" if if_unknown else ""), (code, person_id))


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
