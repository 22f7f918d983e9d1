"""A player's own settings (table ``player_prefs``, migrations/0025_arranging.sql): the time
zone their times are read and shown in, and the @username they chose to share."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.db import Tx
from bot.store.times import iso


@dataclass(frozen=True)
class Prefs:
    time_zone: str | None = None
    username: str | None = None


async def get(tx: Tx, person_id: int) -> Prefs:
    row = await tx.one("SELECT time_zone, username FROM player_prefs WHERE person_id = ?",
                       (person_id,))
    return Prefs() if row is None else Prefs(row["time_zone"], row["username"])


async def _ensure(tx: Tx, person_id: int, now: datetime) -> None:
    await tx.execute(
        "INSERT INTO player_prefs (person_id, updated_at) VALUES (?, ?)"
        " ON CONFLICT (person_id) DO NOTHING", (person_id, iso(now)))


async def set_zone(tx: Tx, person_id: int, zone: str | None, now: datetime) -> None:
    await _ensure(tx, person_id, now)
    await tx.execute("UPDATE player_prefs SET time_zone = ?, updated_at = ? WHERE person_id = ?",
                     (zone, iso(now), person_id))


async def set_username(tx: Tx, person_id: int, username: str | None, now: datetime) -> None:
    await _ensure(tx, person_id, now)
    await tx.execute("UPDATE player_prefs SET username = ?, updated_at = ? WHERE person_id = ?",
                     (username, iso(now), person_id))
