"""/language: the language the bot writes to a person in (``people/language_choice.py``).

``/language`` says which one it is, with a button per language the bot speaks, each named
in itself; ``/language fr`` or a tap chooses. The answer is in the language chosen, and the
person's command menu is set again in it.
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.people.language_choice import choose_language, my_language
from bot.service.platform import callbacks
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.handlers.help_cmd import menu_update
from bot.telegram.handlers.photos import drop_buttons
from bot.telegram.runtime import runtime


@handled
async def language(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                   ) -> AfterCommit | None:
    """/language, or /language CODE."""
    db = runtime(context).db
    if not context.args:
        await my_language(db, req)
        return None
    done = await choose_language(db, req, context.args[0])
    return menu_update(context, req.chat_id, done.held, done.language)


@handled
async def language_button(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                          ) -> AfterCommit | None:
    """A language's button under /language."""
    code = callbacks.parse_language(update.callback_query.data if update.callback_query
                                    else None)
    assert code is not None  # the handler's pattern
    done = await choose_language(runtime(context).db, req, code)
    menu = menu_update(context, req.chat_id, done.held, done.language)
    dropped = drop_buttons(update)

    async def both() -> None:
        for then in (dropped, menu):
            if then is not None:
                await then()

    return both
