"""/matches: a player's matches -- opponent, best-of, score so far and deadline.

The service's use-case ``readmodels.list_my_matches`` is the one copy of the query, and
answers the player itself (``bot/service/events/my_matches_texts.py``): times in the zone
the player set with /timezone, named under the list, else in the event's
(docs/architecture.md, "Durable time": stored in UTC, shown locally).
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.events import readmodels
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime


@handled
async def my_matches(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    await readmodels.list_my_matches(runtime(context).db, req)
    return None
