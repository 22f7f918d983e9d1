"""The join buttons: a player picks their entry; a TD approves or rejects the request.

Issue 3, "Onboarding": "they pick their name from an inline keyboard and a TD approves".
Button presses are safe to repeat (design.md, "Nothing lost, nothing doubled"): a re-sent
press is a re-sent update (claimed once), and a second TD pressing an already decided
request changes nothing and is told who decided it. The decision edits every TD's copy of
the request through the outbox (``decide_join_request``), so the buttons go from all of them.
The player's tapped name list loses its buttons after commit; that edit is cosmetic.
"""

from __future__ import annotations

from datetime import datetime

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.service import entries, events, invites, outbox, people
from bot.service.errors import Invalid, NotAllowed
from bot.store.db import Tx
from bot.telegram import commands, texts
from bot.telegram.handlers.common import AfterCommit, applied_once, sender_ids
from bot.telegram.handlers.help_cmd import roles_held
from bot.telegram.runtime import runtime

PICK = r"^join:pick:"
DECIDE = r"^join:(approve|reject):"


def _parts(update: Update, count: int) -> list[str]:
    data = update.callback_query.data if update.callback_query else None
    parts = (data or "").split(":")
    if len(parts) != count or not parts[-1].isdigit():
        raise Invalid("that button is out of date; follow your invite link again")
    return parts


@applied_once
async def pick_entry(
    update: Update, context: ContextTypes.DEFAULT_TYPE, tx: Tx, now: datetime
) -> AfterCommit | None:
    _join, _pick, code, entry_text = _parts(update, 4)
    tg_id, tg_name = sender_ids(update)
    entry_id = int(entry_text)
    await invites.request_entry(tx, code, entry_id, tg_user_id=tg_id, tg_name=tg_name, now=now)
    entry = await entries.get_entry(tx, entry_id)
    event = await events.get_event(tx, entry.event_id)
    await outbox.enqueue(
        tx, chat_id=tg_id, text_html=texts.asked_tds(event.name, entry.name), now=now
    )
    query = update.callback_query
    assert query is not None

    async def drop_buttons() -> None:
        try:
            await query.edit_message_reply_markup(reply_markup=None)
        except TelegramError:
            pass

    return drop_buttons


@applied_once
async def decide(
    update: Update, context: ContextTypes.DEFAULT_TYPE, tx: Tx, now: datetime
) -> AfterCommit | None:
    _join, verdict, request_text = _parts(update, 3)
    tg_id, _tg_name = sender_ids(update)
    rt = runtime(context)
    actor = await people.actor_for_tg(tx, tg_id, rt.organisers)
    if actor is None:
        raise NotAllowed("only a TD of this event may approve players")
    approve = verdict == "approve"
    decision = await invites.decide_join_request(
        tx, int(request_text), approve, by=actor, now=now
    )
    if not decision.by_this_press:
        await outbox.enqueue(tx, chat_id=tg_id, now=now,
                             text_html=texts.already_decided(decision.verdict))
        return None
    request = decision.request
    if request.state != "approved":
        return None
    player_roles = await roles_held(tx, request.tg_user_id)

    async def update_menu() -> None:
        await commands.set_menu_for(context.bot, request.tg_user_id, player_roles)

    return update_menu
