"""An event at a glance: its rounds in order, each with its matches (``tdbot event show``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events import Event, find_event
from bot.service.matches import MatchView, matches_of_event
from bot.service.schedule import Round, rounds_of
from bot.service.unit import reading
from bot.store.db import Database


@dataclass(frozen=True)
class EventOverview:
    event: Event
    rounds: list[tuple[Round, list[MatchView]]]  # in play order


async def event_overview(db: Database, ref: str | int) -> EventOverview:
    """Use-case: read an event's rounds and matches (changes nothing)."""
    async with reading(db) as tx:
        event = await find_event(tx, ref)
        matches = await matches_of_event(tx, event.id)
        return EventOverview(event, [
            (rnd, [m for m in matches if m.round_id == rnd.id])
            for rnd in await rounds_of(tx, event.id)
        ])
