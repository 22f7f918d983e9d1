"""The live pages' public address (migration 0023): one row, or none."""

from __future__ import annotations

from bot.store.db import Tx


async def public_url(tx: Tx) -> str | None:
    value = await tx.scalar("SELECT public_url FROM site WHERE id = 1")
    return None if value is None else str(value)


async def set_public_url(tx: Tx, url: str | None) -> None:
    await tx.execute("DELETE FROM site WHERE id = 1")
    if url is not None:
        await tx.execute("INSERT INTO site (id, public_url) VALUES (1, ?)", (url,))
