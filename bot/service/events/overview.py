"""An event at a glance: its rounds in order, each with its matches (``tdbot event show``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.service.events.lookup import Event, find_event
from bot.service.events.schedule import Round, rounds_of
from bot.service.platform.unit import reading
from bot.service.results.matches import MatchView, matches_of_event
from bot.store import entries_repo, expulsions_repo
from bot.store.db import Database
from bot.store.entries_repo import EntryState
from bot.store.expulsions_repo import ExpulsionState


@dataclass(frozen=True)
class EventOverview:
    event: Event
    rounds: list[tuple[Round, list[MatchView]]]  # in play order
    # (match id, side) -> the expelled player who holds that slot, or held it and left it
    # to nobody (SSSg para 29): a TD reads "Olivia Seah (expelled)" there
    expelled: dict[tuple[int, int], str] = field(default_factory=dict)

    def label(self, m: MatchView, side: int) -> str:
        """Who is in a slot, an expelled player marked so."""
        name = self.expelled.get((m.id, side))
        return f"{name} (expelled)" if name is not None else m.label(side)


async def event_overview(db: Database, ref: str | int) -> EventOverview:
    """Use-case: read an event's rounds and matches (changes nothing)."""
    async with reading(db) as tx:
        event = await find_event(tx, ref)
        matches = await matches_of_event(tx, event.id)
        out = {e.id: e.name for e in await entries_repo.of_event(tx, event.id) if e.state == EntryState.EXPELLED}
        marked = {(m.id, side): out[entry] for m in matches
                  for side, entry in enumerate(m.entries) if entry in out}
        for x in await expulsions_repo.of_event(tx, event.id):
            if x.match_id is not None and x.side is not None and x.state != ExpulsionState.REPLACED:
                marked[(x.match_id, x.side)] = x.name
        return EventOverview(event, [
            (rnd, [m for m in matches if m.round_id == rnd.id])
            for rnd in await rounds_of(tx, event.id)
        ], marked)
