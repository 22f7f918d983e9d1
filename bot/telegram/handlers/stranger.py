"""Anything the other handlers did not take: a friendly word, never silence.

Issue 3: "A stranger who writes to the bot gets a friendly answer that says what TDBot is
and how to join an event." Someone already in an event is pointed to /help instead, and
someone whose join request waits for a TD is told that it waits.
"""

from __future__ import annotations

from datetime import datetime

from telegram import Update
from telegram.ext import ContextTypes

from bot.service import invites, outbox
from bot.store.db import Tx
from bot.telegram import texts
from bot.telegram.handlers.common import AfterCommit, applied_once, sender_ids
from bot.telegram.handlers.help_cmd import roles_held
from bot.telegram.runtime import runtime


@applied_once
async def anything_else(
    update: Update, context: ContextTypes.DEFAULT_TYPE, tx: Tx, now: datetime
) -> AfterCommit | None:
    tg_id, _name = sender_ids(update)
    held = await roles_held(tx, tg_id)
    awaiting = await invites.events_awaiting_approval(tx, tg_id)
    if held:
        text = texts.NOT_UNDERSTOOD
    elif awaiting:
        text = "\n".join(texts.still_waiting(name) for name in awaiting)
    elif tg_id in runtime(context).organisers:
        text = texts.ORGANISER_HELLO
    else:
        text = texts.STRANGER
    await outbox.enqueue(tx, chat_id=update.effective_chat.id, text_html=text, now=now)  # type: ignore[union-attr]
    return None


@applied_once
async def edited(
    update: Update, context: ContextTypes.DEFAULT_TYPE, tx: Tx, now: datetime
) -> AfterCommit | None:
    """An edited message is not acted on again (a command would repeat its effect); the
    person is told to send the corrected text as a new message."""
    await outbox.enqueue(tx, chat_id=update.effective_chat.id, text_html=texts.EDIT_IGNORED,  # type: ignore[union-attr]
                         now=now)
    return None
