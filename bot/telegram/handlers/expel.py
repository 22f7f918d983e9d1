"""Expulsions in the chat (SSSg Annex A paras 26, 29; ``bot/service/people/expulsions.py``):
/expel NAME: REASON, and the buttons that fill the slot an expelled player left.

The button handler's pattern is ``callbacks.is_expel_pick``; the service checks, at the
press, that the presser may rule on the match (para 19) and that the player is still a
candidate, so a forwarded or stale button changes nothing.
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.formats.knockout import slots
from bot.service.people import expulsions
from bot.service.people.directing import directed_event
from bot.service.platform import callbacks
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Reply, Request
from bot.telegram import expel_texts
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime

USAGE = "/expel NAME: REASON"


def expel_args(text: str) -> tuple[str, str]:
    """The words after /expel: (name, reason), split at the first colon, or ``Invalid``."""
    name, colon, reason = text.partition(":")
    if not name.strip() or not colon or not reason.strip():
        raise Invalid(f"say who and why (the player is told the reason): {USAGE}")
    return name, reason.strip()


@handled
async def expel_command(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """/expel NAME: REASON -- a TD expels a player (para 29); the reason is the player's."""
    db = runtime(context).db
    event, args = await directed_event(db, req, context.args or [], "expel")
    name, reason = expel_args(" ".join(args))
    await expulsions.expel(db, req, event.id, name, why=reason,
                           render=lambda done, lang: Reply(expel_texts.expelled(done, lang=lang)))
    return None


@handled
async def slot_button(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    query = update.callback_query
    parsed = callbacks.parse_expel_pick(query.data if query else None)
    assert parsed is not None  # the handler's pattern
    await slots.fill_slot_button(runtime(context).db, req, *parsed)
    return None
