"""/start: deep-link onboarding (``https://t.me/<bot>?start=<code>``), or a hello.

Issue 3, "Onboarding": whoever follows a player link is linked to their entry -- at once for
a personal link, or they pick their name from an inline keyboard and a TD approves (the
picking is ``approvals.pick_entry``). TD, adjudicator and organiser links grant the role.
Following a link twice is harmless (the service answers "linked" again).
"""

from __future__ import annotations

from datetime import datetime

from telegram import Update
from telegram.ext import ContextTypes

from bot.service import invites, outbox
from bot.store.db import Tx
from bot.telegram import keyboards, texts
from bot.telegram.handlers.common import AfterCommit, applied_once, sender_ids
from bot.telegram.handlers.help_cmd import menu_update, roles_held
from bot.telegram.runtime import runtime


@applied_once
async def start(
    update: Update, context: ContextTypes.DEFAULT_TYPE, tx: Tx, now: datetime
) -> AfterCommit | None:
    tg_id, tg_name = sender_ids(update)
    chat_id = update.effective_chat.id  # type: ignore[union-attr]
    if not context.args:
        held = await roles_held(tx, tg_id)
        if held:
            text = texts.welcome_back(tg_name)
        elif tg_id in runtime(context).organisers:
            text = texts.ORGANISER_HELLO
        else:
            text = texts.STRANGER
        await outbox.enqueue(tx, chat_id=chat_id, text_html=text, now=now)
        return menu_update(context, chat_id, held) if held else None
    code = context.args[0]
    done = await invites.redeem_invite(tx, code, tg_user_id=tg_id, tg_name=tg_name, now=now)
    if done.outcome == "choose_entry":
        if not done.choices:
            await outbox.enqueue(tx, chat_id=chat_id, text_html=texts.no_entries_left(done.event_name), now=now)
            return None
        await outbox.enqueue(
            tx, chat_id=chat_id, text_html=texts.pick_your_name(done.event_name),
            buttons=keyboards.pick_entry(code, done.choices), now=now,
        )
        return None
    if done.outcome == "pending":
        await outbox.enqueue(tx, chat_id=chat_id, text_html=texts.still_waiting(done.event_name), now=now)
        return None
    await outbox.enqueue(
        tx, chat_id=chat_id, text_html=texts.joined(done.event_name, invites.role_name(done.role)),
        now=now,
    )
    return menu_update(context, chat_id, await roles_held(tx, tg_id))
