"""/help: only what this person may do, and their command menu brought up to date.

A person is offered only what they may do: the command menu is set per person with
setMyCommands (BotCommandScopeChat) once they hold a role, from the one table
(``bot/service/people/commands.py``) that /help reads too.
"""

from __future__ import annotations

from collections.abc import Iterable

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.people.standing import help_me
from bot.service.platform.unit import Request
from bot.telegram import commands
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime


def menu_update(
    context: ContextTypes.DEFAULT_TYPE, chat_id: int | None, held: Iterable[commands.Hat],
    lang: str,
) -> AfterCommit | None:
    """Set a person's own command menu, in the language they read, after commit (None:
    nothing to set)."""
    hats = set(held)
    if chat_id is None or not hats:
        return None

    async def set_menu() -> None:
        await commands.set_menu_for(context.bot, chat_id, hats, lang=lang)

    return set_menu


@handled
async def help_command(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    standing = await help_me(runtime(context).db, req)
    return menu_update(context, req.chat_id, standing.hats, req.language)
