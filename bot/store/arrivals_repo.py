"""Updates received by a worker and not yet handled: the ``arrivals`` table (migration 0022).

Several webhook workers (``bot/telegram/fleet.py``) may each be handed one of a chat's
updates at once, and the later one may reach its worker first. Each worker writes an
update here as it arrives (``arrived``) and marks it once handled (``handled``); before a
worker applies an update it asks ``earlier_pending``: is an earlier update of the same chat
still being handled elsewhere, or has an update id just below this one not arrived anywhere
yet (update ids are the bot's, not the chat's, so a missing id may be this chat's)? The
worker waits a bounded time while the answer is yes (``fleet.ArrivalOrder`` says why
bounded). Times are epoch seconds of the real clock.

Each arrival and each update handled is told on ``CHANNEL`` (``Tx.notify``: on
PostgreSQL a NOTIFY at the commit, heard by every worker), so a waiting worker learns at
once that what it waits for came, instead of asking again and again (``Notice``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.db import Tx

#: Where arrivals and handled updates are told (``Database.listen``).
CHANNEL = "tdbot_arrivals"


@dataclass(frozen=True)
class Notice:
    """What a worker told: update ``update_id`` arrived (``chat_key`` its chat's key) or
    was handled (``chat_key`` None)."""

    update_id: int
    chat_key: str | None

    def payload(self) -> str:
        return (f"h {self.update_id}" if self.chat_key is None
                else f"a {self.update_id} {self.chat_key}")

    @classmethod
    def read(cls, payload: str) -> Notice | None:
        """The notice a payload says; None for anything else (an empty payload: the
        listener was away and a notice may have been missed)."""
        parts = payload.split(" ", 2)
        try:
            if parts[0] == "h" and len(parts) == 2:
                return cls(int(parts[1]), None)
            if parts[0] == "a" and len(parts) == 3:
                return cls(int(parts[1]), parts[2])
        except ValueError:
            return None
        return None


@dataclass(frozen=True)
class Earlier:
    """What an update waits for: its chat's earlier updates not handled yet (``busy``),
    and the ids just below it that have not arrived anywhere (``missing``)."""

    busy: frozenset[int]
    missing: frozenset[int]


async def arrived(tx: Tx, update_id: int, chat_key: str, worker: str, at: float) -> None:
    """``worker`` has received the update (again, if Telegram sent it again: a re-sent
    update that was handled stays handled)."""
    await tx.execute(
        "INSERT INTO arrivals (update_id, chat_key, worker, received_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (update_id) DO UPDATE SET worker = excluded.worker,"
        " received_at = excluded.received_at",
        (update_id, chat_key, worker, at))
    await tx.notify(CHANNEL, Notice(update_id, chat_key).payload())


async def handled(tx: Tx, update_id: int) -> None:
    await tx.execute("UPDATE arrivals SET done = 1 WHERE update_id = ?", (update_id,))
    await tx.notify(CHANNEL, Notice(update_id, None).payload())


async def earlier(tx: Tx, update_id: int, chat_key: str, live_since: float,
                  window: int) -> Earlier:
    """What the update waits for: the earlier updates of ``chat_key`` that arrived since
    ``live_since`` and are not handled yet, and the ``window`` ids just below
    ``update_id`` (not below the first id ever recorded) that have not arrived anywhere."""
    busy = await tx.all(
        "SELECT update_id FROM arrivals WHERE chat_key = ? AND update_id < ? AND done = 0"
        " AND received_at > ?", (chat_key, update_id, live_since))
    first = await tx.scalar("SELECT MIN(update_id) FROM arrivals")
    start = max(update_id - window, int(first if first is not None else update_id))
    seen = await tx.all("SELECT update_id FROM arrivals WHERE update_id >= ? AND update_id < ?",
                        (start, update_id))
    return Earlier(frozenset(int(r[0]) for r in busy),
                   frozenset(range(start, update_id)) - {int(r[0]) for r in seen})


async def prune(tx: Tx, before: float) -> int:
    """Forget arrivals older than ``before`` (Telegram re-sends an update for a day at most)."""
    return await tx.execute("DELETE FROM arrivals WHERE received_at < ?", (before,))
