"""Why each pair of a round-based event's round was made (migrations 0013 and 0032): the
pairing system's reason, kept when the round is paired, for a TD who asks ``/why NAME``.

A reason is kept as its data (``core.pairing.why``, JSON in ``why``), worded when it is
read, in its reader's language; a round paired by an earlier version kept English text
in ``reason``, read back as that text.
"""

from __future__ import annotations

import json

from bot.store.db import Tx
from core.pairing.why import Why, from_json, to_json


async def add(tx: Tx, match_id: int, reason: Why, *, gibson: bool) -> None:
    await tx.execute(
        "INSERT INTO pairing_reasons (match_id, reason, why, gibson) VALUES (?, '', ?, ?)",
        (match_id, json.dumps(to_json(reason)), int(gibson)),
    )


async def of_event(tx: Tx, event_id: int) -> dict[int, tuple[Why | str, bool]]:
    """Every stored reason of the event's matches: match id -> (reason, Gibson rule); the
    reason is the English text an earlier version kept, where it kept text."""
    rows = await tx.all(
        "SELECT r.match_id, r.reason, r.why, r.gibson FROM pairing_reasons r"
        " JOIN matches m ON m.id = r.match_id WHERE m.event_id = ?", (event_id,))
    return {r["match_id"]: (from_json(json.loads(r["why"])) if r["why"] else r["reason"],
                            bool(r["gibson"])) for r in rows}
