"""Messages relayed between the two players of a match, the matches a player muted, and a
player's pending one-message draft (migrations/0025_arranging.sql)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.store.db import Tx
from bot.store.times import iso, parse


class RelayState(StrEnum):
    """A relayed message: delivered, or kept for the TDs only (the recipient muted)."""

    RELAYED = "relayed"
    MUTED = "muted"


@dataclass(frozen=True)
class Relayed:
    id: int
    match_id: int
    from_person: int
    to_person: int
    text: str
    state: RelayState
    sent_at: datetime


async def add(tx: Tx, match_id: int, from_person: int, to_person: int, text: str, state: RelayState,
              now: datetime) -> int:
    return await tx.insert(
        "INSERT INTO relay_messages (match_id, from_person, to_person, text, state, sent_at)"
        " VALUES (?, ?, ?, ?, ?, ?)", (match_id, from_person, to_person, text, state, iso(now)))


async def sent_since(tx: Tx, match_id: int, from_person: int, since: datetime) -> list[datetime]:
    """When the sender's messages in this match since ``since`` were sent, oldest first."""
    rows = await tx.all(
        "SELECT sent_at FROM relay_messages WHERE match_id = ? AND from_person = ?"
        " AND sent_at >= ? ORDER BY id", (match_id, from_person, iso(since)))
    return [parse(r["sent_at"]) for r in rows]


async def of_match(tx: Tx, match_id: int) -> list[Relayed]:
    rows = await tx.all("SELECT * FROM relay_messages WHERE match_id = ? ORDER BY id",
                        (match_id,))
    return [Relayed(r["id"], r["match_id"], r["from_person"], r["to_person"], r["text"],
                    RelayState(r["state"]), parse(r["sent_at"])) for r in rows]


async def is_muted(tx: Tx, match_id: int, person_id: int) -> bool:
    return await tx.one("SELECT 1 FROM relay_mutes WHERE match_id = ? AND person_id = ?",
                        (match_id, person_id)) is not None


async def mute(tx: Tx, match_id: int, person_id: int, now: datetime) -> bool:
    """True if this muted it (it was not muted)."""
    return await tx.execute(
        "INSERT INTO relay_mutes (match_id, person_id, muted_at) VALUES (?, ?, ?)"
        " ON CONFLICT (match_id, person_id) DO NOTHING", (match_id, person_id, iso(now))) == 1


async def unmute(tx: Tx, match_id: int, person_id: int) -> bool:
    return await tx.execute("DELETE FROM relay_mutes WHERE match_id = ? AND person_id = ?",
                            (match_id, person_id)) == 1


async def open_draft(tx: Tx, person_id: int, match_id: int, now: datetime) -> None:
    await tx.execute("DELETE FROM relay_drafts WHERE person_id = ?", (person_id,))
    await tx.execute("INSERT INTO relay_drafts (person_id, match_id, opened_at) VALUES (?, ?, ?)",
                     (person_id, match_id, iso(now)))


async def draft_of(tx: Tx, person_id: int) -> int | None:
    """The match the person's next message is for, or None."""
    value = await tx.scalar("SELECT match_id FROM relay_drafts WHERE person_id = ?",
                            (person_id,))
    return None if value is None else int(value)


async def live_draft_of_tg(tx: Tx, tg_user_id: int) -> int | None:
    """The match a Telegram user's next message is for: their draft, unless the bot asked
    them a question (a prompt, ``prompts_repo``) since they started it; the newest question
    wins, as among prompts. One statement: every private text costs this read."""
    value = await tx.scalar(
        "SELECT d.match_id FROM relay_drafts d JOIN people p ON p.id = d.person_id"
        " WHERE p.tg_user_id = ? AND NOT EXISTS (SELECT 1 FROM prompts q"
        " WHERE q.person_id = d.person_id AND q.created_at >= d.opened_at)", (tg_user_id,))
    return None if value is None else int(value)


async def close_draft(tx: Tx, person_id: int) -> bool:
    """Compare-and-set: True if this call took the open draft."""
    return await tx.execute("DELETE FROM relay_drafts WHERE person_id = ?", (person_id,)) == 1
