"""/rating [EVENT] [all]: a player's rating estimate from the event's final results so far
(``all``: the whole division's); a TD's or organiser's, the whole division's
(``bot/service/formats/rounds/ratings.py``)."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.formats.rounds import ratings as estimates
from bot.service.people.directing import member_event
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime


@handled
async def rating(update: Update, context: ContextTypes.DEFAULT_TYPE,
                 req: Request) -> AfterCommit | None:
    db = runtime(context).db
    event, rest = await member_event(db, req, context.args or [], "rating")
    await estimates.rating(db, req, event.id, asked=rest)
    return None
