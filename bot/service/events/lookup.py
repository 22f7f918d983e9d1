"""Events as stored: lookups by id or slug, and the time zone they are shown in."""

from __future__ import annotations

from bot.service.platform.errors import NotFound
from bot.service.platform.limits import EVENT_ID
from bot.service.platform.unit import reading
from bot.store import events_repo
from bot.store.db import Database, Tx
from bot.store.events_repo import Event as Event
from bot.words.said import said


async def get_event(tx: Tx, event_id: int) -> Event:
    event = await events_repo.get(tx, event_id)
    if event is None:
        raise NotFound(said("no event with id {event}", event=event_id))
    return event


async def lookup_event(db: Database, ref: str | int) -> Event:
    """An event by id or slug, in a transaction of its own (the command line's lookup)."""
    async with reading(db) as tx:
        return await find_event(tx, ref)


async def find_event(tx: Tx, ref: str | int) -> Event:
    """An event by id or slug (what a TD types on the command line)."""
    if isinstance(ref, int) or (str(ref).isascii() and str(ref).isdigit()):
        return await get_event(tx, EVENT_ID.check(int(ref)))
    event = await events_repo.by_slug(tx, str(ref))
    if event is None:
        raise NotFound(said("no event called '{event}'; `tdbot event list` shows the events",
                            event=ref))
    return event


async def list_events(tx: Tx) -> list[Event]:
    return await events_repo.all_events(tx)


async def all_events(db: Database) -> list[Event]:
    """Use-case: every event, oldest first (``tdbot event list``)."""
    async with reading(db) as tx:
        return await events_repo.all_events(tx)
