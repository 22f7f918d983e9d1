"""Why each pair of a round-based event's round was made (migration 0013): the pairing
system's reason, kept when the round is paired, for a TD who asks ``/why NAME``."""

from __future__ import annotations

from bot.store.db import Tx


async def add(tx: Tx, match_id: int, reason: str, *, gibson: bool) -> None:
    await tx.execute(
        "INSERT INTO pairing_reasons (match_id, reason, gibson) VALUES (?, ?, ?)",
        (match_id, reason, int(gibson)),
    )


async def of_event(tx: Tx, event_id: int) -> dict[int, tuple[str, bool]]:
    """Every stored reason of the event's matches: match id -> (reason, Gibson rule)."""
    rows = await tx.all(
        "SELECT r.match_id, r.reason, r.gibson FROM pairing_reasons r"
        " JOIN matches m ON m.id = r.match_id WHERE m.event_id = ?", (event_id,))
    return {r["match_id"]: (r["reason"], bool(r["gibson"])) for r in rows}
