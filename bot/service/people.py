"""People: anyone the bot knows. A person may exist before linking Telegram (imported
players), and a Telegram user becomes a person when an invite links them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from bot.service.actors import Actor
from bot.service.clock import iso
from bot.service.errors import NotFound
from bot.store.db import Row, Tx


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    tg_user_id: int | None
    phone: str


def _person(row: Row) -> Person:
    return Person(row["id"], row["name"], row["tg_user_id"], row["phone"] or "")


async def get_person(tx: Tx, person_id: int) -> Person:
    row = await tx.one("SELECT * FROM people WHERE id = ?", (person_id,))
    if row is None:
        raise NotFound(f"no person with id {person_id}")
    return _person(row)


async def person_by_tg(tx: Tx, tg_user_id: int) -> Person | None:
    row = await tx.one("SELECT * FROM people WHERE tg_user_id = ?", (tg_user_id,))
    return None if row is None else _person(row)


async def add_person(
    tx: Tx, name: str, now: datetime, *, phone: str = "", tg_user_id: int | None = None
) -> int:
    return await tx.insert(
        "INSERT INTO people (name, phone, tg_user_id, created_at) VALUES (?, ?, ?, ?)",
        (name.strip(), phone.strip() or None, tg_user_id, iso(now)),
    )


async def actor_for_tg(
    tx: Tx, tg_user_id: int, organisers: Iterable[int] = ()
) -> Actor | None:
    """The Actor for a Telegram user, or None for a stranger who is no organiser.

    An organiser listed in settings who has never been seen gets a person row, so that what
    they create is journalled under a name.
    """
    person = await person_by_tg(tx, tg_user_id)
    is_organiser = tg_user_id in set(organisers)
    if person is None:
        return None
    return Actor.person(person.id, person.name, organiser=is_organiser)


async def ensure_person_for_tg(tx: Tx, tg_user_id: int, name: str, now: datetime) -> Person:
    """The person linked to a Telegram user, created if needed (e.g. an organiser's first
    message)."""
    person = await person_by_tg(tx, tg_user_id)
    if person is not None:
        return person
    pid = await add_person(tx, name or f"user {tg_user_id}", now, tg_user_id=tg_user_id)
    return await get_person(tx, pid)
