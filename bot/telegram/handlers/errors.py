"""The error handler: log with context, tell the person something went wrong, no internals.

"An error handler logs with context and tells the person that something went wrong,
without internals." The transaction of the failed update was rolled back (``common.py``),
so the message can honestly say that nothing was changed.
"""

from __future__ import annotations

import logging

from telegram import Update
from telegram.constants import ParseMode
from telegram.error import Conflict, TelegramError
from telegram.ext import ContextTypes

from bot.service.people.languages import spoken
from bot.telegram import texts
from bot.words import SOURCE, for_locale

log = logging.getLogger("bot.telegram")


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    if isinstance(update, Update):
        user = update.effective_user
        chat = update.effective_chat
        log.error(
            "update %s from user %s in chat %s failed",
            update.update_id,
            user.id if user else None,
            chat.id if chat else None,
            exc_info=context.error,
        )
        if chat is not None:
            # The language Telegram reports: the failed transaction read nothing to trust,
            # and a failing database is no place to look for the person's own choice.
            words = for_locale(spoken(user.language_code if user else None) or SOURCE)
            try:
                await context.bot.send_message(
                    chat.id, words.gettext(texts.SOMETHING_WENT_WRONG), parse_mode=ParseMode.HTML
                )
            except TelegramError as exc:  # the apology itself failed: logging is all we can do
                log.warning("could not tell chat %s about the error: %s", chat.id, exc)
    elif isinstance(context.error, Conflict):
        return  # getUpdates' 409: bot/telegram/one_poller.py said it, in one line
    else:
        log.error("error outside an update (%r)", update, exc_info=context.error)
