"""What an event does once a match's result is settled or changed, by the event's format.

Every format keeps its games the same way (a match of one or more games in a round, reported
through the same slips, windows, photos and disputes); what differs is what a result moves
on. A knockout's bracket advances the winner (``knockout.sync_matches``: the core derives who
meets whom next). The other formats hang their own step here, so that reporting and rulings
never need to know which format they serve.

Two moments (``finality``): a result counts as soon as it is reported, and is final once
nobody can dispute it any more. What plays on, plays on a counted result: the bracket
advances and the next round may open, as the rules have it (SSSg para 24: the slip counts
at once; a TD's correction re-derives what followed). What announces a result as over
waits until it is final: a ladder's rungs and a club's expert-point levels.
"""

from __future__ import annotations

from datetime import datetime

from bot.service.formats.club import club_nights
from bot.service.formats.knockout.bridge import sync_matches
from bot.service.formats.traits import is_knockout
from bot.service.platform.news import News
from bot.store.db import Tx
from bot.store.events_repo import Event


async def after_results(tx: Tx, event: Event, now: datetime, news: News | None = None
                        ) -> list[int]:
    """Move the event on after a result was settled or corrected; returns the ids of
    matches that just became ready to play, whose players are told by the caller. ``now``
    is the request's time: a knockout's bracket advances; a round-based event with
    ``auto_pair`` opens the next round; a club night and a ladder act on the results that
    are final (``after_final``). ``news``: where a caller gathering one message per
    person wants what this tells people (None: sent as it is said)."""
    if is_knockout(event.format):
        return await sync_matches(tx, event.id)
    if event.format == "rounds":
        from bot.service.formats.rounds import round_events

        return await round_events.after_results(tx, event, now)
    await after_final(tx, event, now, news)
    return []


async def after_final(tx: Tx, event: Event, now: datetime, news: News | None = None) -> None:
    """A result of the event became final (or a final one was corrected): a club night
    announces the expert-point levels reached; a ladder moves its rungs (and records when
    the challenge was decided). A knockout or round-based event has nothing more to do:
    what plays on did so when the result counted."""
    if event.format == club_nights.FORMAT:
        await club_nights.after_results(tx, event, now, news)
    elif event.format == "ladder":
        from bot.service.formats.ladder import ladders

        await ladders.after_results(tx, event, now, news)
