"""/matches: a player's matches -- opponent, best-of, score so far and deadline.

The score line comes from the core through the service (``matches.score_line``); times are
shown in the event's time zone (design.md, "Durable time": stored in UTC, shown locally).
"""

from __future__ import annotations

from datetime import datetime

from telegram import Update
from telegram.ext import ContextTypes

from bot.service import events, matches, outbox, people, schedule
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
    found = [] if person is None else await matches.matches_of_person(tx, person.id)
    lines: list[str] = []
    for m in found:
        side = m.side_of_person(person.id)  # type: ignore[union-attr]
        assert side is not None
        event = await events.get_event(tx, m.event_id)
        rnd = await schedule.get_round(tx, m.round_id)
        score = None
        if m.state in ("playing", "decided"):
            score = matches.score_line(m, await matches.match_state(tx, m.id), side)
        deadline = event.local(rnd.closes_at) if rnd.closes_at and rnd.state == "open" else None
        lines.append(texts.match_line(event.name, m, side, score, deadline))
    await outbox.enqueue(tx, chat_id=chat_id, now=now, text_html=texts.my_matches(lines))
    return None
