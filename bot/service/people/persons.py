"""People: anyone the bot knows. A person may exist before linking Telegram (imported
players), and a Telegram user becomes a person when an invite links them."""

from __future__ import annotations

from datetime import datetime

from bot.service.platform.errors import NotFound
from bot.store import people_repo
from bot.store.db import Tx
from bot.store.people_repo import Person as Person
from bot.words.said import said


async def get_person(tx: Tx, person_id: int) -> Person:
    person = await people_repo.get(tx, person_id)
    if person is None:
        raise NotFound(said("no person with id {person}", person=person_id))
    return person


async def person_by_tg(tx: Tx, tg_user_id: int) -> Person | None:
    return await people_repo.by_tg(tx, tg_user_id)


async def add_person(
    tx: Tx, name: str, now: datetime, *, phone: str = "", tg_user_id: int | None = None
) -> int:
    return await people_repo.add(tx, name.strip(), now, phone=phone.strip(), tg_user_id=tg_user_id)


async def ensure_person_for_tg(tx: Tx, tg_user_id: int, name: str, now: datetime) -> Person:
    """The person linked to a Telegram user, created if needed (e.g. an organiser's first
    message)."""
    person = await person_by_tg(tx, tg_user_id)
    if person is not None:
        return person
    pid = await add_person(tx, name or f"user {tg_user_id}", now, tg_user_id=tg_user_id)
    return await get_person(tx, pid)
