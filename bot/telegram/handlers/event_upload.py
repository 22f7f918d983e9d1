"""An organiser sends the event definition (TOML) as a document; the bot creates the event.

The file comes through getFile, and the organiser gets the invite deep links
(``https://t.me/<bot>?start=<code>``) for players and TDs. Only the organisers listed in
settings (TDBOT_ORGANISERS) may. The file is downloaded before the use-case's transaction
opens, so a slow download never holds the database. A file Telegram cannot serve (getFile
answers 400: the file is gone or temporarily unavailable) is asked for again. A file whose
rounds' closing dates have passed is created with a warning and a "Start it today" button,
which moves every date as ``tdbot event create FILE --start today`` does. Someone not listed
is told their Telegram id, which the bot's host needs to list them.
"""

from __future__ import annotations

import logging

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.logsafe import user_text
from bot.service.events import setup_texts as say
from bot.service.events.definitions import parse_definition
from bot.service.events.event_setup import set_up_event, start_today
from bot.service.platform import callbacks
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.handlers.help_cmd import menu_update
from bot.telegram.handlers.photos import drop_buttons
from bot.telegram.runtime import runtime

log = logging.getLogger("bot.telegram")

#: A definition is a few kilobytes; anything this big is not one.
MAX_BYTES = 256 * 1024


@handled
async def definition_document(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    message = update.effective_message
    assert message is not None and message.document is not None
    document = message.document
    if not req.organiser:  # refused before downloading anything
        raise NotAllowed(say.organisers_only(req.tg_user_id))
    if (document.file_size or 0) > MAX_BYTES:
        raise Invalid(say.too_big(document.file_name or "", MAX_BYTES // 1024))
    try:
        data = await (await document.get_file()).download_as_bytearray()
    except TelegramError as exc:  # lost or unavailable: Telegram's side, worth a retry
        log.warning("update %s: could not fetch %s: %s", update.update_id,
                    user_text(document.file_name), exc)
        raise Invalid(say.not_fetched(document.file_name or "")) from None
    try:
        source = bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        raise Invalid(say.not_utf8(document.file_name or "")) from None
    name = document.file_name or "definition.toml"
    definition = parse_definition(source, name)
    username = context.bot.username
    created = await set_up_event(runtime(context).db, req, definition, why=f"sent {name}",
                                 bot_username=username)
    return menu_update(context, message.chat_id, created.held, req.language)


@handled
async def start_today_button(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """event:today:EVENT:DAY: the organiser moves the past dates of an event sent here so
    that its schedule starts today (``event_setup.start_today``)."""
    pressed = callbacks.parse_event_today(update.callback_query.data if update.callback_query
                                          else None)
    assert pressed is not None  # the handler's pattern
    await start_today(runtime(context).db, req, *pressed)
    return drop_buttons(update)
