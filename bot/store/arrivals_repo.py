"""Updates received by a worker and not yet handled: the ``arrivals`` table (migration 0022).

Several webhook workers (``bot/telegram/fleet.py``) may each be handed one of a chat's
updates at once, and the later one may reach its worker first. Each worker writes an
update here as it arrives (``arrived``) and marks it once handled (``handled``); before a
worker applies an update it asks ``earlier_pending``: is an earlier update of the same chat
still being handled elsewhere, or has an update id just below this one not arrived anywhere
yet (update ids are the bot's, not the chat's, so a missing id may be this chat's)? The
worker waits a bounded time while the answer is yes (``fleet.ArrivalOrder`` says why
bounded). Times are epoch seconds of the real clock.
"""

from __future__ import annotations

from bot.store.db import Tx


async def arrived(tx: Tx, update_id: int, chat_key: str, worker: str, at: float) -> None:
    """``worker`` has received the update (again, if Telegram sent it again: a re-sent
    update that was handled stays handled)."""
    await tx.execute(
        "INSERT INTO arrivals (update_id, chat_key, worker, received_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (update_id) DO UPDATE SET worker = excluded.worker,"
        " received_at = excluded.received_at",
        (update_id, chat_key, worker, at))


async def handled(tx: Tx, update_id: int) -> None:
    await tx.execute("UPDATE arrivals SET done = 1 WHERE update_id = ?", (update_id,))


async def earlier_pending(tx: Tx, update_id: int, chat_key: str, live_since: float,
                          window: int) -> bool:
    """Whether the update should wait: an earlier update of ``chat_key`` arrived since
    ``live_since`` and is not handled yet, or one of the ``window`` ids just below
    ``update_id`` (and not below the first id ever recorded) has not arrived anywhere."""
    busy = await tx.scalar(
        "SELECT 1 FROM arrivals WHERE chat_key = ? AND update_id < ? AND done = 0"
        " AND received_at > ? LIMIT 1", (chat_key, update_id, live_since))
    if busy is not None:
        return True
    first = await tx.scalar("SELECT MIN(update_id) FROM arrivals")
    start = max(update_id - window, int(first if first is not None else update_id))
    seen = await tx.scalar("SELECT count(*) FROM arrivals WHERE update_id >= ? AND update_id < ?",
                           (start, update_id))
    return int(seen or 0) < update_id - start


async def prune(tx: Tx, before: float) -> int:
    """Forget arrivals older than ``before`` (Telegram re-sends an update for a day at most)."""
    return await tx.execute("DELETE FROM arrivals WHERE received_at < ?", (before,))
