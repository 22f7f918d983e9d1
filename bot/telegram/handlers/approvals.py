"""The join buttons: a player picks their entry; a TD approves or rejects the request.

A player picks their name from an inline keyboard and a TD approves: a person is linked
to an entry only by their own personal link or a TD's word. Button presses are safe to repeat (docs/architecture.md, "Nothing lost, nothing doubled"): a re-sent
press is a re-sent update (claimed once), and a second TD pressing an already decided
request changes nothing and is told who decided it. The decision edits every TD's copy of
the request through the outbox (``decide_join_request``), so the buttons go from all of them.
The player's tapped name list is rewritten after commit to the name they picked, its
buttons off; that edit is cosmetic.

The handlers' patterns are ``callbacks.is_join_pick`` / ``is_join_decide``: data that does
not parse never reaches them (the catch-all says the button is out of date).
"""

from __future__ import annotations

from telegram import Update
from telegram.constants import ParseMode
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.service.people.invites import ask_to_join, decide_join
from bot.service.platform import callbacks
from bot.service.platform.unit import Request
from bot.telegram import commands
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime
from bot.words import for_locale
from bot.words.said import render


def _data(update: Update) -> object:
    return update.callback_query.data if update.callback_query else None


@handled
async def pick_entry(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    picked = callbacks.parse_join_pick(_data(update))
    assert picked is not None  # the handler's pattern
    code, entry_id = picked
    asked = await ask_to_join(runtime(context).db, req, code, entry_id)
    query = update.callback_query
    assert query is not None
    picked_text = render(asked.picked, for_locale(req.language))

    async def settle() -> None:  # the list no longer asks "Which player are you?"
        try:
            await query.edit_message_text(picked_text, parse_mode=ParseMode.HTML,
                                          reply_markup=None)
        except TelegramError:
            pass

    return settle


@handled
async def decide(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    decided = callbacks.parse_join_decide(_data(update))
    assert decided is not None  # the handler's pattern
    request_id, approve = decided
    decision = await decide_join(runtime(context).db, req, request_id, approve)
    if not decision.player_roles:
        return None
    player, roles = decision.request.tg_user_id, decision.player_roles
    language = decision.player_language

    async def update_menu() -> None:
        await commands.set_menu_for(context.bot, player, roles, lang=language)

    return update_menu
