"""The chat's command menus: "command menus are set per scope with ``setMyCommands``
(``BotCommandScopeChat`` per person after they get a role, default scope for all)", from
the one table /help reads too (``bot/service/people/commands.py``), so the menu and /help
can never disagree.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from telegram import Bot, BotCommand, BotCommandScopeChat, BotCommandScopeDefault
from telegram.error import TelegramError

from bot.service.people import commands as table
from bot.service.people.commands import COMMANDS, Command, allowed
from bot.service.people.languages import shipped
from bot.service.people.roles import Hat
from bot.words import SOURCE, for_locale
from bot.words.said import plain

__all__ = ["COMMANDS", "Hat", "allowed", "menu", "set_default_menu", "set_menu_for", "summary"]
log = logging.getLogger(__name__)


def summary(command: Command, hats: Iterable[Hat], *, lang: str = SOURCE) -> str:
    """The command's line in the menu, as plain text in the reader's language."""
    return plain(table.summary(command, hats), for_locale(lang))


def menu(hats: Iterable[Hat], *, lang: str = SOURCE) -> list[BotCommand]:
    held = list(hats)
    return [BotCommand(c.name, summary(c, held, lang=lang)) for c in allowed(held)]


async def set_default_menu(bot: Bot) -> None:
    """The menu everyone sees before they hold a role, in each language the bot speaks:
    Telegram shows a user the menu of their app's language (``language_code``), else the
    one set without a language, English's (cosmetic: a failure is logged)."""
    for lang in shipped():
        try:
            await bot.set_my_commands(menu((), lang=lang), scope=BotCommandScopeDefault(),
                                      language_code=None if lang == SOURCE else lang)
        except TelegramError as exc:
            log.warning("could not set the default command menu (%s): %s", lang, exc)


async def set_menu_for(bot: Bot, chat_id: int, hats: Iterable[Hat], *,
                       lang: str = SOURCE) -> None:
    """A person's own menu once they hold a role: the commands of their roles in the
    formats of their events, in their language (the one they chose, whatever their app's:
    so it is set for their chat with no language code). A failure here is cosmetic, so
    logged."""
    try:
        await bot.set_my_commands(menu(hats, lang=lang), scope=BotCommandScopeChat(chat_id))
    except TelegramError as exc:
        log.warning("could not set the command menu of chat %s: %s", chat_id, exc)
