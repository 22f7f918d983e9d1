"""What a person's next message in the private chat is for (table ``prompts`` of
migrations/0027_prompts.sql; before it ``td_prompts`` of 0008, 0011, 0020): one record a
question the bot asked and waits for, with its kind (``PromptKind``). The use-case that asks
opens it (``open_prompt``), the use-case that answers closes it (``close``); the chat reads it
once a message (``awaited``) to know which use-case the message goes to.

The newest question is the one a message answers: a new question drops the person's older
open ones (a TD who taps Uphold, then Void, owes Void's reason; a TD asked for a ruling's
reason who then disputes a slip of their own match owes the dispute's reason, and the other
way round). Only a player's questions about their disputes wait side by side: each dispute
is owed its reason (SSSg para 24), so after the newest is answered the next message answers
the one before.

``expires_at`` is set where a question can go stale while nobody rules: a dispute's reason
lapses after a day (``disputes.REASON_LIFE``). A TD's questions have none: the ruling chosen
waits in them until answered or replaced, and one another TD made stale is answered with
who ruled first.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from bot.store.db import Row, Tx
from bot.store.times import iso, parse


class PromptKind(StrEnum):
    """What the bot waits for. The ``subject_id`` of each: a dispute (DISPUTE_REASON, AMEND,
    WHY, CONFIRM) or a match (TIE, CORRECT, CORRECT_APPLY)."""

    #: The player who pressed Dispute says what is wrong with the slip (SSSg para 24).
    DISPUTE_REASON = "dispute_reason"
    #: The ruler who pressed Amend sends the right scores.
    AMEND = "amend"
    #: The ruler who chose a ruling on a dispute says why (``payload``: the ruling).
    WHY = "why"
    #: The ruler who chose a tied match's winner (``side``) says why (para 30).
    TIE = "tie"
    #: A ruling that voids later games waits for Apply / Cancel (a button, not a message).
    CONFIRM = "confirm"
    #: A TD's correction of a game (``payload``) waits for its reason.
    CORRECT = "correct"
    #: A correction that voids later games waits for Apply / Cancel (a button).
    CORRECT_APPLY = "correct_apply"


#: The kinds a text message answers (the others wait for a button).
BY_MESSAGE = (PromptKind.DISPUTE_REASON, PromptKind.AMEND, PromptKind.WHY, PromptKind.TIE,
              PromptKind.CORRECT)
#: The prompts of a ruling the TD's next text message answers.
RULING_WORDS = (PromptKind.AMEND, PromptKind.WHY, PromptKind.TIE)


class PromptState(StrEnum):
    """A TD prompt's state: open until answered (done) or dropped for a newer one."""

    OPEN = "open"
    DONE = "done"
    DROPPED = "dropped"


@dataclass(frozen=True)
class Prompt:
    id: int
    person_id: int
    kind: PromptKind
    subject_id: int
    side: int | None
    payload: dict[str, Any]
    state: PromptState  # open, done (answered), dropped (cancelled, or a newer question came)
    expires_at: datetime | None = None


def _prompt(r: Row) -> Prompt:
    return Prompt(r["id"], r["person_id"], PromptKind(r["kind"]), r["subject_id"], r["side"],
                  json.loads(r["payload"]), PromptState(r["state"]),
                  None if r["expires_at"] is None else parse(r["expires_at"]))


async def open_prompt(tx: Tx, person_id: int, kind: PromptKind, subject_id: int, *,
                      side: int | None = None, payload: dict[str, Any] | None = None,
                      now: datetime, expires_at: datetime | None = None) -> int:
    """A new question; the person's older open ones are dropped (their next message is for
    this one), but for their disputes' reasons when this is one too (the module says why)."""
    keep = " AND kind <> ?" if kind is PromptKind.DISPUTE_REASON else ""
    await tx.execute(f"UPDATE prompts SET state = 'dropped' WHERE person_id = ? AND state = 'open'"
                     f"{keep}", (person_id, *((kind.value,) if keep else ())))
    return await tx.insert(
        "INSERT INTO prompts (person_id, kind, subject_id, side, payload, created_at,"
        " expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (person_id, kind.value, subject_id, side, json.dumps(payload or {}), iso(now),
         None if expires_at is None else iso(expires_at)),
    )


def _kinds(kinds: tuple[PromptKind, ...]) -> tuple[str, tuple[str, ...]]:
    return ", ".join("?" for _ in kinds), tuple(k.value for k in kinds)


async def awaited(tx: Tx, tg_user_id: int, now: datetime) -> Prompt | None:
    """The open, unexpired prompt a text message from the Telegram user answers, or None:
    one statement (the person is found through their Telegram id in the same read), as
    every private text asks it before anything else reads the message."""
    marks, kinds = _kinds(BY_MESSAGE)
    row = await tx.one(
        "SELECT prompts.* FROM prompts JOIN people ON people.id = prompts.person_id"
        f" WHERE people.tg_user_id = ? AND prompts.state = 'open' AND prompts.kind IN ({marks})"
        " AND (prompts.expires_at IS NULL OR prompts.expires_at > ?)"
        " ORDER BY prompts.id DESC LIMIT 1", (tg_user_id, *kinds, iso(now)),
    )
    return None if row is None else _prompt(row)


async def open_of(tx: Tx, person_id: int, kinds: tuple[PromptKind, ...] = BY_MESSAGE, *,
                  now: datetime | None = None) -> Prompt | None:
    """The person's open prompt of one of ``kinds``; with ``now``, only one not expired."""
    marks, values = _kinds(kinds)
    lapse = "" if now is None else " AND (expires_at IS NULL OR expires_at > ?)"
    row = await tx.one(
        f"SELECT * FROM prompts WHERE person_id = ? AND state = 'open' AND kind IN ({marks})"
        f"{lapse} ORDER BY id DESC LIMIT 1",
        (person_id, *values, *(() if now is None else (iso(now),))),
    )
    return None if row is None else _prompt(row)


async def get(tx: Tx, prompt_id: int) -> Prompt | None:
    row = await tx.one("SELECT * FROM prompts WHERE id = ?", (prompt_id,))
    return None if row is None else _prompt(row)


async def close(tx: Tx, prompt_id: int, state: PromptState = PromptState.DONE) -> bool:
    """Compare-and-set: True if this call closed the open prompt."""
    changed = await tx.execute(
        "UPDATE prompts SET state = ? WHERE id = ? AND state = 'open'", (state, prompt_id))
    return changed == 1


async def close_about(tx: Tx, kind: PromptKind, subject_id: int, state: PromptState = PromptState.DROPPED) -> int:
    """Close every open prompt of ``kind`` about ``subject_id`` (a question nobody needs
    answered any more: the dispute was ruled); the number closed."""
    return await tx.execute(
        "UPDATE prompts SET state = ? WHERE kind = ? AND subject_id = ? AND state = 'open'",
        (state, kind.value, subject_id))
