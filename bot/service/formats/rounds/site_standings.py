"""A round-based event's standings page (``bot/web``): the standings as ``tdbot event
standings`` ranks them (Scrabble: wins and spread; chess: points and tiebreaks)."""

from __future__ import annotations

from bot.service.events.site import NO_PAGE, StandingsPage, public_event
from bot.service.formats.registry import format_of
from bot.service.formats.rounds.format import ROUNDS
from bot.service.formats.rounds.round_division import load_rounds_event
from bot.service.formats.rounds.round_events import is_chess, standings_of
from bot.service.platform.errors import NotFound
from bot.service.platform.unit import reading
from bot.store.db import Database


async def standings(db: Database, slug: str) -> StandingsPage:
    """Use-case: the standings of a round-based event, as ``tdbot event standings`` ranks
    them (Scrabble: wins and spread; chess: points and tiebreaks)."""
    async with reading(db) as tx:
        event = await public_event(tx, slug)
        if format_of(event) is not ROUNDS:
            raise NotFound(NO_PAGE)
        state = await load_rounds_event(tx, event.id)
        return StandingsPage(event, standings_of(state), is_chess(state), state.last_complete(),
                             state.pairing.rounds, state.division.rounds,
                             {n: e.id for n, e in state.entries.items()})
