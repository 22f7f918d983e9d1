"""What an event does once a match's result is settled or changed: its format's step.

Every format keeps its games the same way (a match of one or more games in a round, reported
through the same slips, windows, photos and disputes); what differs is what a result moves
on, and that is the format's (``seam.Format.after_results``, ``after_final``): reporting and
rulings call these two and never ask which format they serve.

Two moments (``finality``): a result counts as soon as it is reported, and is final once
nobody can dispute it any more. What plays on, plays on a counted result: a knockout's
bracket advances and the next round may open, as the rules have it (SSSg para 24: the slip
counts at once; a TD's correction re-derives what followed). What announces a result as
over waits until it is final: a ladder's rungs and a club's expert-point levels.
"""

from __future__ import annotations

from datetime import datetime

from bot.service.formats.registry import format_of
from bot.service.platform.news import News
from bot.store.db import Tx
from bot.store.events_repo import Event


async def after_results(tx: Tx, event: Event, now: datetime, news: News | None = None
                        ) -> list[int]:
    """Move the event on after a result was settled or corrected; returns the ids of
    matches that just became ready to play, whose players are told by the caller. ``now``
    is the request's time. ``news``: where a caller gathering one message per person wants
    what this tells people (None: sent as it is said)."""
    return await format_of(event).after_results(tx, event, now, news)


async def after_final(tx: Tx, event: Event, now: datetime, news: News | None = None) -> None:
    """A result of the event became final (or a final one was corrected): the format's
    step on a final result (a club night's expert-point levels, a ladder's rungs)."""
    await format_of(event).after_final(tx, event, now, news)
