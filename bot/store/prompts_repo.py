"""What a TD's next chat message is for, after a ruling button (table ``td_prompts`` of
migrations/0008_rulings.sql, 0011_ruling_reasons.sql, 0020_corrections.sql): the scores of
an Amend, the reason of a ruling on a dispute, of a tied match's ruling or of a TD's
correction of a game, or a ruling or correction waiting for Apply / Cancel. One open prompt
per TD."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store.db import Row, Tx
from bot.store.times import iso


@dataclass(frozen=True)
class Prompt:
    id: int
    person_id: int
    kind: str  # amend, why, tie, confirm, correct, correct_apply
    subject_id: int
    side: int | None
    payload: dict[str, Any]
    state: str


def _prompt(r: Row) -> Prompt:
    return Prompt(r["id"], r["person_id"], r["kind"], r["subject_id"], r["side"],
                  json.loads(r["payload"]), r["state"])


async def open_prompt(tx: Tx, person_id: int, kind: str, subject_id: int, *,
                      side: int | None = None, payload: dict[str, Any] | None = None,
                      now: datetime) -> int:
    """A new prompt; the TD's older open one is dropped (their next message is for this)."""
    await tx.execute("UPDATE td_prompts SET state = 'dropped' WHERE person_id = ? AND state = 'open'",
                     (person_id,))
    return await tx.insert(
        "INSERT INTO td_prompts (person_id, kind, subject_id, side, payload, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (person_id, kind, subject_id, side, json.dumps(payload or {}), iso(now)),
    )


#: The prompts of a ruling the TD's next text message answers (a 'confirm' waits for a
#: button).
RULING_WORDS = ("amend", "why", "tie")
#: Every prompt the next text message answers: a ruling's, or a correction's reason
#: (``bot/service/results/corrections.py``; its 'correct_apply' waits for a button).
WORDS = (*RULING_WORDS, "correct")


async def open_of(tx: Tx, person_id: int, kinds: tuple[str, ...] = WORDS) -> Prompt | None:
    marks = ", ".join("?" for _ in kinds)
    row = await tx.one(
        f"SELECT * FROM td_prompts WHERE person_id = ? AND state = 'open' AND kind IN ({marks})"
        " ORDER BY id DESC LIMIT 1", (person_id, *kinds),
    )
    return None if row is None else _prompt(row)


async def get(tx: Tx, prompt_id: int) -> Prompt | None:
    row = await tx.one("SELECT * FROM td_prompts WHERE id = ?", (prompt_id,))
    return None if row is None else _prompt(row)


async def close(tx: Tx, prompt_id: int, state: str = "done") -> bool:
    """Compare-and-set: True if this call closed the open prompt."""
    changed = await tx.execute(
        "UPDATE td_prompts SET state = ? WHERE id = ? AND state = 'open'", (state, prompt_id))
    return changed == 1
