"""/matches: a player's matches -- opponent, best-of, score so far and deadline.

The service's read model ``readmodels.my_matches`` is the one copy of the query; the score
line comes from the core through it; times are shown in the event's time zone (design.md, "Durable time": stored in UTC, shown locally).
"""

from __future__ import annotations

from datetime import datetime

from telegram import Update
from telegram.ext import ContextTypes

from bot.service import outbox, people, readmodels
from bot.store.db import Tx
from bot.telegram import texts
from bot.telegram.handlers.common import AfterCommit, applied_once, sender_ids


@applied_once
async def my_matches(
    update: Update, context: ContextTypes.DEFAULT_TYPE, tx: Tx, now: datetime
) -> AfterCommit | None:
    tg_id, _ = sender_ids(update)
    chat_id = update.effective_chat.id  # type: ignore[union-attr]
    person = await people.person_by_tg(tx, tg_id)
    found = [] if person is None else await readmodels.my_matches(
        tx, person.id, include_finished=True
    )
    text = texts.my_matches([texts.match_line(m) for m in found])
    await outbox.enqueue(tx, chat_id=chat_id, now=now, text_html=text)
    return None
