"""The event's group chat: /link, /unlink and /bracket there, /bracket in a private chat,
and a group that became a supergroup (``bot/service/events/groups.py`` says what a group may see).

Only these commands are handled in groups; everything else said there is none of the
bot's business. A stranger who sends /link or /unlink gets no answer at all.
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.events import groups
from bot.service.formats.knockout import brackets
from bot.service.platform.unit import AlreadyApplied, Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import after_commit, now, runtime


@handled
async def link(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/link EVENT-SLUG in a group (organisers and TDs of that event)."""
    await groups.link_group(runtime(context).db, req, " ".join(context.args or []))
    return None


@handled
async def unlink(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/unlink in a group (organisers and TDs of the event it follows)."""
    await groups.unlink_group(runtime(context).db, req)
    return None


@handled
async def group_bracket(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """/bracket in a group: the pictures of the event it follows."""
    await brackets.send_group_bracket(runtime(context).db, req)
    return None


@handled
async def private_bracket(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """/bracket [EVENT] in a private chat: players and TDs of the event."""
    await brackets.send_bracket(runtime(context).db, req, list(context.args or []))
    return None


@handled
async def in_private(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                     ) -> AfterCommit | None:
    """/link or /unlink in a private chat: they are for the group (changes nothing)."""
    await groups.link_in_private(runtime(context).db, req)
    return None


async def moved(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Telegram's service message: the group became a supergroup (``migrate_to_chat_id``
    in the old chat, ``migrate_from_chat_id`` in the new one). The event follows it."""
    message = update.effective_message
    if message is None or update.effective_chat is None:
        return
    if message.migrate_to_chat_id is not None:
        old, new = update.effective_chat.id, message.migrate_to_chat_id
    elif message.migrate_from_chat_id is not None:
        old, new = message.migrate_from_chat_id, update.effective_chat.id
    else:
        return
    req = Request(now=now(context), operator=True, label="system", update_id=update.update_id)
    try:
        await groups.follow_move(runtime(context).db, req, old, new)
    except AlreadyApplied:
        return
    await after_commit(context)
