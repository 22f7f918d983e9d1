"""/matches: a player's matches -- opponent, best-of, score so far and deadline.

The service's use-case ``readmodels.list_my_matches`` is the one copy of the query; the
score line comes from the core through it; times are shown in the zone the player set
with /timezone, named under the list, else in the event's (docs/architecture.md, "Durable
time": stored in UTC, shown locally).
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.between import relay_texts
from bot.service.events import readmodels
from bot.service.platform.unit import Reply, Request
from bot.telegram import texts
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime


@handled
async def my_matches(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    await readmodels.list_my_matches(runtime(context).db, req, render=lambda found, lang: Reply(
        texts.my_matches([texts.match_line(m, lang=lang) for m in found], lang=lang,
                         zone=readmodels.own_zone_shown(found)),
        relay_texts.match_buttons([(m.match_id, m.code, m.opponent) for m in found
                                   if m.state == readmodels.MyMatchState.PLAYING])))
    return None
