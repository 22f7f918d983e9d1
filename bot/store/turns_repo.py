"""Telegram's limits kept for the whole fleet: the ``chat_turns`` table (migration 0022).

Telegram counts what the bot sends, whichever process sends it (Bots FAQ: one message a
second in a chat, 20 a minute in a group, about 30 a second in all). One process keeps them
in memory (``bot/telegram/pacing.py``); several workers on one database keep them here, in
the transaction that claims the rows to send (``outbox.next_per_chat``): a chat's row says
when it may be sent its next message and, for a group, its last 20 sends; the row of chat
0 (no chat has that id) holds the bot's last 30 sends in all. A turn is taken when a row is
claimed and pushed on when Telegram answers (``answered``), so the gap Telegram sees is
counted from the answer, as the in-process pacer counts it.

Times are epoch seconds of the real clock (every worker's clock, kept by NTP): a turn is
about the real world, never the simulated world clock of a test.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot.store.db import Tx

#: The row that holds the bot's sends in all (no chat has the id 0).
ALL_CHATS = 0


@dataclass(frozen=True)
class Limits:
    """Telegram's limits, as ``bot/telegram/pacing.py`` states them."""

    interval: float  # seconds between two messages to one chat
    group_limit: int  # messages to a group ...
    group_window: float  # ... in this many seconds
    overall_limit: int  # messages in all ...
    overall_window: float  # ... in this many seconds
    margin: float  # kept on top of each, against rounding


def _group(chat_id: int) -> bool:
    return chat_id < 0


async def _upsert(tx: Tx, chat_id: int, next_at: float, recent: Sequence[float]) -> None:
    await tx.execute(
        "INSERT INTO chat_turns (chat_id, next_at, recent_json) VALUES (?, ?, ?)"
        " ON CONFLICT (chat_id) DO UPDATE SET next_at = excluded.next_at,"
        " recent_json = excluded.recent_json",
        (chat_id, next_at, json.dumps(list(recent))))


async def take(tx: Tx, chats: Sequence[int], at: float,
               limits: Limits) -> tuple[list[int], float | None]:
    """Of ``chats`` (in the order their rows are to go), the ones whose turn has come at
    ``at`` for the whole fleet and that fit in the overall limit; their turns are taken.
    Also the seconds until the first turn of a chat left waiting (None: none left)."""
    if not chats:
        return [], None
    # claims run outside the use-cases' lock (``Database.bookkeeping``): the row of all
    # chats, locked first, makes the claims that pace take their turns one after another
    await tx.execute("INSERT INTO chat_turns (chat_id, next_at) VALUES (?, 0)"
                     " ON CONFLICT (chat_id) DO NOTHING", (ALL_CHATS,))
    if tx.postgres:
        await tx.execute("SELECT 1 FROM chat_turns WHERE chat_id = ? FOR UPDATE", (ALL_CHATS,))
    marks = ", ".join("?" for _ in range(len(chats) + 1))
    rows = {int(r[0]): (float(r[1]), [float(t) for t in json.loads(r[2])]) for r in await tx.all(
        f"SELECT chat_id, next_at, recent_json FROM chat_turns WHERE chat_id IN ({marks})",
        (ALL_CHATS, *chats))}
    overall = [t for t in rows.get(ALL_CHATS, (0.0, []))[1] if t > at - limits.overall_window]
    taken: list[int] = []
    soonest: float | None = None

    def later(ready: float) -> None:
        nonlocal soonest
        soonest = ready - at if soonest is None else min(soonest, ready - at)

    for chat in chats:
        next_at, recent = rows.get(chat, (0.0, []))
        ready = next_at
        if _group(chat):
            recent = [t for t in recent if t > at - limits.group_window]
            if len(recent) >= limits.group_limit:
                ready = max(ready, recent[-limits.group_limit] + limits.group_window + limits.margin)
        if ready > at:
            later(ready)
            continue
        if len(overall) >= limits.overall_limit:
            later(overall[-limits.overall_limit] + limits.overall_window + limits.margin)
            continue
        taken.append(chat)
        overall.append(at)
        sent = (recent + [at])[-limits.group_limit:] if _group(chat) else []
        await _upsert(tx, chat, at + limits.interval + limits.margin, sent)
    if taken:
        await _upsert(tx, ALL_CHATS, 0.0, overall[-limits.overall_limit:])
    return taken, soonest


async def answered(tx: Tx, chat_id: int, at: float, limits: Limits) -> None:
    """Telegram answered a message to ``chat_id`` at ``at``: its next turn is counted from
    then (it was counted from the claim, a little earlier)."""
    turn = at + limits.interval + limits.margin
    await tx.execute(
        "UPDATE chat_turns SET next_at = CASE WHEN next_at < ? THEN ? ELSE next_at END"
        " WHERE chat_id = ?", (turn, turn, chat_id))
