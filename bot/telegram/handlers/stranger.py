"""Anything the other handlers did not take: a friendly word, never silence.

A stranger who writes to the bot learns what TDBot is and how to join an event. Someone already in an event is pointed to /help instead, and
someone whose join request waits for a TD is told that it waits.
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.people import standing
from bot.service.platform.errors import ServiceError
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled, refuse_press, request_of
from bot.telegram.runtime import runtime


@handled
async def anything_else(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    await standing.anything_else(runtime(context).db, req)
    return None


@handled
async def edited(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """An edited message is not acted on again (a command would repeat its effect); the
    person is told to send the corrected text as a new message."""
    await standing.ignore_edit(runtime(context).db, req)
    return None


async def stale_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A button no handler takes (a message from an older version of the bot, or data a
    client garbled or forged): refused as any press that is not the presser's is
    (``refuse_press``: journalled, one neutral answer)."""
    if update.callback_query is None:
        return
    try:
        req = request_of(update, context)
    except ServiceError:
        return
    await refuse_press(update, context, req, "no button carries this data")
