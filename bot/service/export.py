"""The stored event as plain data, in the shape ``tdbot files simulate --json`` prints
(``core.event_record``): one copy of that shape, so an event run in the chat can be set
beside the same games played by the core and compared line for line.

Rounds of play are the event's stored rounds in their order (the first round with a
decided match is round of play 1); a match counts once it is decided (its games, starters,
void games and winner), and the places and prizes come once the event is finished.
"""

from __future__ import annotations

from typing import Any

from bot.service.errors import Invalid
from bot.service.events import get_event
from bot.service.knockout import load_core
from bot.service.matches import matches_of_event
from bot.service.unit import reading
from bot.store import draw_repo
from bot.store.db import Database
from core.event_record import event_record


async def export_event(db: Database, event_id: int) -> dict[str, Any]:
    """Use-case: ``tdbot event export EVENT --to json``."""
    async with reading(db) as tx:
        event = await get_event(tx, event_id)
        if event.format == "rounds":
            raise Invalid(f"{event.slug} is round-based: `tdbot event export {event.slug} "
                          "--to tsh|naspa|naspa-scores|trf` writes its results")
        if await draw_repo.draw_record(tx, event_id) is None:
            raise Invalid(f"{event.slug} has no draw yet, so nothing to export: "
                          f"`tdbot event draw {event.slug}` makes it")
        core_event, derived = await load_core(tx, event_id)
        stored = await matches_of_event(tx, event_id)  # in round order
    counted = derived.counted
    rounds: list[list[str]] = []
    current: int | None = None
    for m in stored:
        if m.code not in counted:
            continue
        if m.round_id != current:
            rounds.append([])
            current = m.round_id
        rounds[-1].append(m.code)
    return event_record(core_event, rounds)
