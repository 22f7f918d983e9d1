"""The group chat an event posts to (``events.group_chat_id``, migration 0010)."""

from __future__ import annotations

from bot.store.db import Tx


async def group_of(tx: Tx, event_id: int) -> int | None:
    """The group chat the event posts to, if one is linked."""
    value = await tx.scalar("SELECT group_chat_id FROM events WHERE id = ?", (event_id,))
    return None if value is None else int(value)


async def event_of_group(tx: Tx, chat_id: int) -> int | None:
    """The event a group follows, if any."""
    value = await tx.scalar("SELECT id FROM events WHERE group_chat_id = ?", (chat_id,))
    return None if value is None else int(value)


async def language_of_group(tx: Tx, chat_id: int) -> str | None:
    """The language of the event a group follows (migration 0028), if it follows one."""
    value = await tx.scalar("SELECT language FROM events WHERE group_chat_id = ?", (chat_id,))
    return None if value is None else str(value)


async def link(tx: Tx, event_id: int, chat_id: int | None) -> None:
    """Point the event at a group (None: at none)."""
    await tx.execute("UPDATE events SET group_chat_id = ? WHERE id = ?", (chat_id, event_id))


async def move(tx: Tx, old_chat_id: int, new_chat_id: int) -> int | None:
    """The group got a new chat id (it became a supergroup): the event follows it. Returns
    the event that follows it, if any."""
    event_id = await event_of_group(tx, old_chat_id)
    if event_id is not None:
        await link(tx, event_id, new_chat_id)
    return event_id
