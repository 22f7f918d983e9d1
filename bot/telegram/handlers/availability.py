"""Availability in a round-based event (``bot/service/formats/rounds/availability.py``): a player's
/unavailable ROUND and /available ROUND before the round is paired, a TD's /availability
ROUND. The event is the asker's only round-based event, or the one named first."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.formats.registry import format_of
from bot.service.formats.rounds import availability
from bot.service.people.directing import directed_event, member_event
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, Handler, handled
from bot.telegram.runtime import runtime


def _mark(unavailable: bool) -> Handler:
    command = "unavailable" if unavailable else "available"

    @handled
    async def body(update: Update, context: ContextTypes.DEFAULT_TYPE,
                   req: Request) -> AfterCommit | None:
        db = runtime(context).db
        event, args = await member_event(db, req, context.args or [], command)
        await availability.set_unavailable(db, req, event.id, " ".join(args), unavailable)
        return None

    return body


unavailable = _mark(True)
available = _mark(False)


@handled
async def who_is_available(update: Update, context: ContextTypes.DEFAULT_TYPE,
                           req: Request) -> AfterCommit | None:
    db = runtime(context).db
    event, args = await directed_event(db, req, context.args or [], "availability",
                                       only=lambda e: format_of(e).standings)
    await availability.availability(db, req, event.id, " ".join(args))
    return None
