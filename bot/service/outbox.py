"""Messages for people, written as outbox rows in the same transaction as the change they
report, so that a message is never lost when the change commits and never sent when it
rolls back (design.md, "One report, end to end", step 3-4). The sender (bot/telegram)
delivers them after commit.

Buttons are rows of ``{"text": ..., "data": ...}`` (callback) or ``{"text": ..., "url": ...}``;
``(text, data)`` pairs are accepted as a shorthand for callback buttons.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.service.clock import iso
from bot.store.db import Tx

Button = dict[str, str]
ButtonsIn = Sequence[Sequence[Button | tuple[str, str]]]


def _buttons_json(buttons: ButtonsIn | None) -> str | None:
    if not buttons:
        return None
    rows: list[list[Button]] = []
    for row in buttons:
        out: list[Button] = []
        for b in row:
            button = {"text": b[0], "data": b[1]} if isinstance(b, tuple) else dict(b)
            if "text" not in button or not (("data" in button) ^ ("url" in button)):
                raise ValueError(f"a button needs 'text' and one of 'data' or 'url': {b!r}")
            if "data" in button and len(button["data"].encode()) > 64:
                raise ValueError(f"callback data over 64 bytes (Telegram's limit): {b!r}")
            out.append(button)
        rows.append(out)
    return json.dumps(rows)


async def enqueue(
    tx: Tx,
    *,
    person_id: int | None = None,
    chat_id: int | None = None,
    text_html: str,
    buttons: ButtonsIn | None = None,
    now: datetime,
    dedupe_key: str | None = None,
    due_at: datetime | None = None,
) -> int | None:
    """Queue a message for a person (delivered once they have linked Telegram) or a chat.

    ``text_html`` is Telegram HTML: escape any user-supplied text in it. With a
    ``dedupe_key`` a second message with the same key is dropped (returns None), which
    makes repeated deadline firings and button presses harmless.
    """
    if (person_id is None) == (chat_id is None):
        raise ValueError("enqueue needs exactly one of person_id or chat_id")
    if not text_html.strip():
        raise ValueError("enqueue needs a non-empty text")
    if dedupe_key is not None:
        seen = await tx.scalar("SELECT id FROM outbox WHERE dedupe_key = ?", (dedupe_key,))
        if seen is not None:
            return None
    return await tx.insert(
        "INSERT INTO outbox (person_id, chat_id, text_html, buttons_json, dedupe_key,"
        " created_at, due_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            person_id,
            chat_id,
            text_html,
            _buttons_json(buttons),
            dedupe_key,
            iso(now),
            iso(due_at or now),
        ),
    )


def parse_buttons(buttons_json: str | None) -> list[list[dict[str, Any]]]:
    return [] if not buttons_json else list(json.loads(buttons_json))
