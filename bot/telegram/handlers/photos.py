"""Board photos in the private chat (SSSg para 25), and the TDs' buttons for a missing one.

A player sends a photo: the largest size's file id goes to the service
(``photos.receive_photo``), which files it under the one game of theirs waiting for a photo
or asks which (buttons). A photo whose caption starts with ``/paid`` is a fee payment
proof: another handler, registered before this one, takes it (``PHOTO`` leaves it out too).
TDs answer the question about a missing photo with Award bye / Extend 24 h / Waive; the
service edits every TD's copy to say who decided, and a second TD is told who did. Several
photos missing at once come as one list: a game's button brings that game's question,
Extend all / Waive all settle every game of the list still open.
"""

from __future__ import annotations

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes, filters

from bot.service.platform import callbacks
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.service.results import photos
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime
from bot.words.said import said

#: A photo that is not a payment proof (those are captioned ``/paid ...``).
PHOTO = filters.PHOTO & ~filters.CaptionRegex(r"^\s*/paid")


@handled
async def board_photo(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    message = update.effective_message
    if message is None or not message.photo:
        raise Invalid(said("send the board photo as a picture"))
    largest = max(message.photo, key=lambda size: size.width * size.height)
    await photos.receive_photo(runtime(context).db, req, largest.file_id)
    return None


def drop_buttons(update: Update) -> AfterCommit | None:
    query = update.callback_query
    if query is None:
        return None

    async def drop() -> None:
        try:
            await query.edit_message_reply_markup(reply_markup=None)
        except TelegramError:
            pass

    return drop


@handled
async def pick_game(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """photo:pick:PHOTO:WINDOW: the sender says which game the photo shows."""
    picked = callbacks.parse_photo_pick(update.callback_query.data if update.callback_query
                                        else None)
    assert picked is not None  # the handler's pattern
    await photos.pick_game(runtime(context).db, req, *picked)
    return drop_buttons(update)


@handled
async def rule(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """photo:rule:WINDOW:bye|extend|waive: a TD rules on a missing photo."""
    pressed = callbacks.parse_photo_rule(update.callback_query.data if update.callback_query
                                         else None)
    assert pressed is not None  # the handler's pattern
    await photos.rule_photo_button(runtime(context).db, req, *pressed)
    return None


@handled
async def open_game(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """photo:game:WINDOW: a TD taps a game in a list of missing photos."""
    window = callbacks.parse_photo_game(update.callback_query.data if update.callback_query
                                        else None)
    assert window is not None  # the handler's pattern
    await photos.open_game(runtime(context).db, req, window)
    return None


@handled
async def rule_list(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """photo:all:LIST:extend|waive: a TD settles every game of a list still open."""
    pressed = callbacks.parse_photo_all(update.callback_query.data if update.callback_query
                                        else None)
    assert pressed is not None  # the handler's pattern
    await photos.rule_photo_list(runtime(context).db, req, *pressed)
    return None
