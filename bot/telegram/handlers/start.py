"""/start: deep-link onboarding (``https://t.me/<bot>?start=<code>``), or a hello.

Whoever follows a player link is linked to their entry -- at once for a personal link, or they pick their name from an inline keyboard and a TD approves (the
picking is ``approvals.pick_entry``). TD, adjudicator and organiser links grant the role.
Following a link twice is harmless (the service answers "linked" again).
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.people.invites import follow_invite
from bot.service.people.standing import say_hello
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.handlers.help_cmd import menu_update
from bot.telegram.runtime import runtime


@handled
async def start(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    db = runtime(context).db
    if not context.args:
        standing = await say_hello(db, req)
        return menu_update(context, req.chat_id, standing.hats, req.language)
    code = context.args[0]
    done = await follow_invite(db, req, code)
    if done.outcome != "linked":
        return None
    return menu_update(context, req.chat_id, done.held, req.language)
