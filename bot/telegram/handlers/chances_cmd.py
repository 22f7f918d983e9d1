"""/chances [EVENT]: what the asking player can still reach in a round-based event
(``bot/service/formats/rounds/chances.py``): best and worst place, a prize clinched or out of reach, the
likely places."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.formats.rounds import chances as outlook
from bot.service.people.directing import member_event
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime


@handled
async def chances(update: Update, context: ContextTypes.DEFAULT_TYPE,
                 req: Request) -> AfterCommit | None:
    db = runtime(context).db
    event, _ = await member_event(db, req, context.args or [], "chances")
    await outlook.chances(db, req, event.id)
    return None
