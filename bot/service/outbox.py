"""Messages for people, written as outbox rows in the same transaction as the change they
report, so that a message is never lost when the change commits and never sent when it
rolls back (design.md, "One report, end to end", step 3-4). The sender (bot/telegram)
delivers them after commit.

Buttons are rows of ``{"text": ..., "data": ...}`` (callback) or ``{"text": ..., "url": ...}``;
``(text, data)`` pairs are accepted as a shorthand for callback buttons (the stored form is
``bot/store/outbox_repo.buttons_json``).
"""

from __future__ import annotations

from datetime import datetime

from bot.store import outbox_repo
from bot.store.db import Tx
from bot.store.outbox_repo import ButtonsIn, StoredMessage


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
    return await outbox_repo.add(
        tx, person_id=person_id, chat_id=chat_id, text_html=text_html, buttons=buttons,
        dedupe_key=dedupe_key, now=now, due_at=due_at or now,
    )


async def enqueue_edit(
    tx: Tx,
    of: StoredMessage,
    *,
    text_html: str,
    buttons: ButtonsIn | None = None,
    now: datetime,
) -> int | None:
    """Queue an edit of the message outbox row ``of`` delivers: the new text, and the buttons (none: the
    buttons go). Durable like a message: a crash after commit cannot lose it. A message
    refused for good is not edited."""
    if of.state in outbox_repo.REFUSED:
        return None
    if not text_html.strip():
        raise ValueError("enqueue_edit needs a non-empty text")
    return await outbox_repo.add(
        tx, person_id=of.person_id, chat_id=of.chat_id, text_html=text_html,
        buttons=buttons, dedupe_key=None, now=now, due_at=now, edit_of=of.id,
    )


async def await_welcome(tx: Tx, person_id: int) -> int:
    """The person is being linked to a Telegram account (call it where the link is made,
    before the message that tells them they are in is written). What was queued for them
    while they had no account -- the draw, "Qual Rd is open" -- then goes out right behind
    that message, not before it: a player reads "A TD approved your entry" first. Returns
    how many messages wait for it."""
    return await outbox_repo.await_welcome(tx, person_id)
