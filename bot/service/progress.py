"""What an event does once a match's result is settled or changed, by the event's format.

Every format keeps its games the same way (a match of one or more games in a round, reported
through the same slips, windows, photos and disputes); what differs is what a result moves
on. A knockout's bracket advances the winner (``knockout.sync_matches``: the core derives who
meets whom next). The other formats hang their own step here, so that reporting and rulings
never need to know which format they serve.
"""

from __future__ import annotations

from datetime import datetime

from bot.service import club_nights
from bot.service.formats import is_knockout
from bot.service.knockout import sync_matches
from bot.store.db import Tx
from bot.store.events_repo import Event


async def after_results(tx: Tx, event: Event, now: datetime) -> list[int]:
    """Move the event on after a result was settled or corrected; returns the ids of
    matches that just became ready to play, whose players are told by the caller. ``now``
    is the request's time: a round-based event posts its standings and, with
    ``auto_pair``, opens the next round; a club night announces expert-point levels; a
    ladder moves its rungs (and records when the challenge was decided)."""
    if is_knockout(event.format):
        return await sync_matches(tx, event.id)
    if event.format == "rounds":
        from bot.service import round_events  # it opens rounds, which imports this module

        return await round_events.after_results(tx, event, now)
    if event.format == club_nights.FORMAT:
        return await club_nights.after_results(tx, event, now)
    if event.format == "ladder":
        from bot.service import ladders  # the ladder's service imports the reporting side

        return await ladders.after_results(tx, event, now)
    return []
