"""/help: only what this person may do, and their command menu brought up to date.

Issue 3: "/help shows only what that person may do; command menus are set per scope with
setMyCommands (BotCommandScopeChat per person after they get a role)".
"""

from __future__ import annotations

from datetime import datetime

from telegram import Update
from telegram.ext import ContextTypes

from bot.service import invites, outbox, people, roles
from bot.store.db import Tx
from bot.telegram import commands, texts
from bot.telegram.handlers.common import AfterCommit, applied_once, sender_ids
from bot.telegram.runtime import runtime


async def roles_held(tx: Tx, tg_user_id: int) -> set[str]:
    """Every role the user holds in any event. Being listed in TDBOT_ORGANISERS only lets
    one create events; the event commands come with a role in an event."""
    held: set[str] = set()
    person = await people.person_by_tg(tx, tg_user_id)
    if person is not None:
        for _event_id, _name, event_roles in await roles.events_of(tx, person.id):
            held |= event_roles
    return held


def menu_update(context: ContextTypes.DEFAULT_TYPE, chat_id: int, held: set[str]) -> AfterCommit:
    async def set_menu() -> None:
        await commands.set_menu_for(context.bot, chat_id, held)

    return set_menu


@applied_once
async def help_command(
    update: Update, context: ContextTypes.DEFAULT_TYPE, tx: Tx, now: datetime
) -> AfterCommit | None:
    tg_id, _name = sender_ids(update)
    organisers = runtime(context).organisers
    held = await roles_held(tx, tg_id)
    chat_id = update.effective_chat.id  # type: ignore[union-attr]
    text = texts.help_text(held, can_create_events=tg_id in organisers,
                           awaiting=await invites.events_awaiting_approval(tx, tg_id))
    await outbox.enqueue(tx, chat_id=chat_id, text_html=text, now=now)
    return menu_update(context, chat_id, held) if held else None
