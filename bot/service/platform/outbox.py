"""Messages for people, written as outbox rows in the same transaction as the change they
report, so that a message is never lost when the change commits and never sent when it
rolls back (docs/architecture.md, "One report, end to end", step 3-4). The sender (bot/telegram)
delivers them after commit.

A message is a record (``said``: ``bot/words/said.py``), written in the reader's language
when its row is written: a person's own language (a private chat's is its person's), or
for a group the language the caller gives (an event's group: ``news.group_language``).
The row keeps the Telegram HTML, so the sender sends it as it is. (``text_html``, HTML
made by hand, is what the rooms not yet saying records write.)

Buttons are rows of ``{"text": ..., "data": ...}`` (callback) or ``{"text": ..., "url": ...}``;
``(text, data)`` pairs are accepted as a shorthand for callback buttons (the stored form is
``bot/store/outbox_repo.buttons_json``). A button's text may be a record, written in the
message's language as plain text (Telegram shows a label as it is).

A person who has no Telegram account yet (an imported player) has no known language: what
is written for them waits for them (``outbox_repo``), in English for now, with its record
kept next to it (``bot/words/said_json.py``). When they join, their app reports their
language and ``write_held`` writes those messages again in it, before they go out.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.service.people.languages import group_chat_language, language_of, shipped
from bot.store import outbox_repo, people_repo, turns_repo
from bot.store.db import Database, Tx
from bot.store.outbox_repo import ButtonsIn, Leases, OutboxMessage, OutboxRow
from bot.store.turns_repo import Limits
from bot.words import SOURCE, Words, for_locale
from bot.words.said import Said, plain, render
from bot.words.said_json import from_json, to_json

#: Telegram's limit on a photo's caption (Bot API, sendPhoto: 0-1024 characters).
MAX_CAPTION = 1024

#: A button whose text is a record: ``(text, data)`` or ``{"text": ..., "data"|"url": ...}``.
SaidButton = tuple[Said | str, str] | Mapping[str, Said | str]
SaidButtons = Sequence[Sequence[SaidButton]]


async def words_for(tx: Tx, *, person_id: int | None = None, chat_id: int | None = None,
                    lang: str | None = None) -> Words:
    """The words a message is written in: ``person_id``'s language; else ``lang``; else, for
    a private chat (Telegram: its id is its user's), its person's; for a group, the
    language of the event linked to it (its definition's ``[event] language``), so that a
    format's post reads as the group's other posts; else English."""
    if person_id is not None:
        return for_locale(await language_of(tx, person_id))
    if lang is None and chat_id is not None and chat_id > 0:
        person = await people_repo.by_tg(tx, chat_id)
        if person is not None:
            return for_locale(await language_of(tx, person.id))
    if lang is None and chat_id is not None and chat_id < 0:
        lang = await group_chat_language(tx, chat_id)
    return for_locale(lang or SOURCE)


def _in_words(text_html: str | None, said: Said | None, buttons: SaidButtons | None,
              words: Words | None) -> tuple[str, ButtonsIn | None]:
    """The message's HTML and buttons, the records among them rendered in ``words``."""
    if (text_html is None) == (said is None):
        raise ValueError("a message needs exactly one of text_html or said")
    text = render(said, words or for_locale()) if said is not None else text_html
    assert text is not None
    if buttons is None:
        return text, None
    rows: list[list[tuple[str, str] | dict[str, str]]] = []
    for row in buttons:
        out: list[tuple[str, str] | dict[str, str]] = []
        for b in row:
            if isinstance(b, tuple):
                label, data = b
                out.append((_label(label, words), data))
            else:
                out.append({k: _label(v, words) for k, v in b.items()})
        rows.append(out)
    return text, rows


def _label(text: Said | str, words: Words | None) -> str:
    if isinstance(text, Said):
        return plain(text, words or for_locale())
    return text


async def enqueue(
    tx: Tx,
    *,
    person_id: int | None = None,
    chat_id: int | None = None,
    text_html: str | None = None,
    said: Said | None = None,
    lang: str | None = None,
    buttons: SaidButtons | None = None,
    now: datetime,
    dedupe_key: str | None = None,
    due_at: datetime | None = None,
    photo_file_id: str | None = None,
    media_id: int | None = None,
) -> int | None:
    """Queue a message for a person (delivered once they have linked Telegram) or a chat.
    With ``photo_file_id`` (a Telegram file id) the message is that photo, the text
    its caption (at most 1024 characters: Telegram's limit for a caption).

    The message is ``said``, a record written here in the person's language (for a chat:
    ``lang``), or ``text_html``, Telegram HTML whose user-supplied text the caller escaped.
    With a ``dedupe_key`` a second message with the same key is dropped (returns None), which
    makes repeated deadline firings and button presses harmless. With a ``media_id``
    (``bot/store/media_repo.py``) the message is a photo and the text its caption
    (Telegram's limit: 1024 characters).
    """
    if (person_id is None) == (chat_id is None):
        raise ValueError("enqueue needs exactly one of person_id or chat_id")
    words = None if said is None and not has_said(buttons) else await words_for(
        tx, person_id=person_id, chat_id=chat_id, lang=lang)
    text_html, stored = _in_words(text_html, said, buttons, words)
    if not text_html.strip():
        raise ValueError("enqueue needs a non-empty text")
    held = await _held(tx, person_id, said, buttons)
    if photo_file_id is not None or media_id is not None:
        _check_caption(text_html, said if held is not None else None)
    return await outbox_repo.add(
        tx, person_id=person_id, chat_id=chat_id, text_html=text_html, buttons=stored,
        dedupe_key=dedupe_key, now=now, due_at=due_at or now, photo_file_id=photo_file_id,
        media_id=media_id, record_json=held,
    )


def _check_caption(text_html: str, held: Said | None) -> None:
    """A photo's caption fits Telegram's limit (``MAX_CAPTION``) as it will be sent: as
    written, and for a row held for a person not yet on Telegram (``held``: its record)
    in every language the bot speaks, since it is written again in theirs when they join
    (``write_held``), and French says most things at more length than English."""
    longest = max([len(text_html), *(len(render(held, for_locale(language)))
                                     for language in shipped())] if held is not None
                  else [len(text_html)])
    if longest > MAX_CAPTION:
        raise ValueError(f"a photo's caption is at most {MAX_CAPTION} characters")


async def enqueue_edit(
    tx: Tx,
    of: OutboxMessage,
    *,
    text_html: str | None = None,
    said: Said | None = None,
    lang: str | None = None,
    buttons: SaidButtons | None = None,
    now: datetime,
) -> int | None:
    """Queue an edit of the message outbox row ``of`` delivers: the new text (a record
    written in its reader's language, as ``enqueue``), and the buttons (none: the
    buttons go). Durable like a message: a crash after commit cannot lose it. A message
    refused for good is not edited."""
    if of.state in outbox_repo.REFUSED:
        return None
    words = None if said is None and not has_said(buttons) else await words_for(
        tx, person_id=of.person_id, chat_id=of.chat_id, lang=lang)
    text_html, stored = _in_words(text_html, said, buttons, words)
    if not text_html.strip():
        raise ValueError("enqueue_edit needs a non-empty text")
    return await outbox_repo.add(
        tx, person_id=of.person_id, chat_id=of.chat_id, text_html=text_html,
        buttons=stored, dedupe_key=None, now=now, due_at=now, edit_of=of.id,
        record_json=await _held(tx, of.person_id, said, buttons),
    )


async def _held(tx: Tx, person_id: int | None, said: Said | None,
                buttons: SaidButtons | None) -> str | None:
    """The record of a message for a person who has no Telegram account yet, kept as JSON
    to be written in their language when they join (``write_held``); None for anyone
    else, and for a message that is not a record."""
    if person_id is None or said is None:
        return None
    person = await people_repo.get(tx, person_id)
    if person is None or person.tg_user_id is not None:
        return None
    kept: dict[str, Any] = {"said": to_json(said)}
    if has_said(buttons):
        kept["buttons"] = [[_kept_button(b) for b in row] for row in buttons or ()]
    return json.dumps(kept, ensure_ascii=False, separators=(",", ":"))


def _kept_button(button: SaidButton) -> dict[str, Any]:
    if isinstance(button, tuple):
        button = {"text": button[0], "data": button[1]}
    return {k: {"said": to_json(v)} if isinstance(v, Said) else v for k, v in button.items()}


def _read_button(kept: Mapping[str, Any]) -> dict[str, Said | str]:
    return {k: from_json(v["said"]) if isinstance(v, dict) else v for k, v in kept.items()}


async def write_held(tx: Tx, person_id: int) -> int:
    """The person has just joined and their language is known (call it once it is noted):
    the messages held for them are written again in it, their buttons too. Returns how
    many were."""
    held = await outbox_repo.held(tx, person_id)
    if not held:
        return 0
    words = for_locale(await language_of(tx, person_id))
    for row_id, kept_json in held:
        kept = json.loads(kept_json)
        buttons = ([[_read_button(b) for b in row] for row in kept["buttons"]]
                   if "buttons" in kept else None)
        text_html, stored = _in_words(None, from_json(kept["said"]), buttons, words)
        await outbox_repo.rewrite_held(tx, row_id, text_html, stored)
    return len(held)


def has_said(buttons: SaidButtons | None) -> bool:
    """Whether a button's label is a record (to be written in the reader's language)."""
    return any(isinstance(v, Said) for row in buttons or () for b in row
               for v in (b if isinstance(b, tuple) else b.values()))


async def await_welcome(tx: Tx, person_id: int) -> int:
    """The person is being linked to a Telegram account (call it where the link is made,
    before the message that tells them they are in is written). What was queued for them
    while they had no account -- the draw, "Qual Rd is open" -- then goes out right behind
    that message, not before it: a player reads "A TD approved your entry" first. Returns
    how many messages wait for it."""
    return await outbox_repo.await_welcome(tx, person_id)


# Delivery: the sender (bot/telegram/sender.py) records each outcome through these, one
# transaction each, so the adapter never holds a transaction itself.


@dataclass
class SendClaim:
    """Who takes rows to send, and how (``next_per_chat``): ``worker`` leases them until
    ``real_now + lease``; with ``pace_at`` (epoch seconds) Telegram's ``limits`` are kept
    for the whole fleet in the database (``turns_repo``). ``next_turn`` is set by the claim:
    the seconds until the first chat the fleet's limits left out may go (None: none)."""

    worker: str
    real_now: datetime
    lease: timedelta
    pace_at: float | None = None
    limits: Limits | None = None
    next_turn: float | None = None


async def next_per_chat(db: Database, limit: int, now: datetime,
                        leave_out: Collection[int | str] = (),
                        claim: SendClaim | None = None) -> list[OutboxRow]:
    """Each chat's next row to deliver now, in delivery order (``outbox_repo.next_per_chat``),
    none to the chats in ``leave_out``: the sender paces chats one message at a time and
    leaves out the ones waiting for their turn.

    With a ``claim`` (the sender's), the rows are taken in the same transaction: rows other
    workers are sending hold their chats, the fleet's limits leave out the chats whose turn
    has not come, and the rows returned are leased to ``claim.worker``."""
    if claim is None:
        async with db.transaction() as tx:
            return await outbox_repo.next_per_chat(tx, limit, now, leave_out)
    # outside the use-cases' lock: the rows taken are locked one by one (outbox_repo.lockable)
    async with db.bookkeeping() as tx:
        rows = await outbox_repo.next_per_chat(
            tx, limit, now, leave_out, Leases(claim.worker, claim.real_now))
        free = await outbox_repo.lockable(tx, [r.id for r in rows], claim.worker,
                                          claim.real_now)
        rows = [r for r in rows if r.id in free]
        claim.next_turn = None
        if claim.pace_at is not None and claim.limits is not None:
            chats = [r.chat_id for r in rows if isinstance(r.chat_id, int)]
            taken, claim.next_turn = await turns_repo.take(tx, chats, claim.pace_at,
                                                           claim.limits)
            ok = set(taken)
            rows = [r for r in rows if not isinstance(r.chat_id, int) or r.chat_id in ok]
        await outbox_repo.lease(tx, [r.id for r in rows], claim.worker,
                                claim.real_now + claim.lease)
        return rows


async def release_leases(db: Database) -> int:
    """Forget every lease (``outbox_repo.release_leases``: SQLite's start-up)."""
    async with db.transaction() as tx:
        return await outbox_repo.release_leases(tx)


async def first_with_rows(db: Database, now: datetime, chats: list[int | str]) -> int | None:
    """Of ``chats``, the position of the first with a row due (``outbox_repo``). A lookup
    (``Database.snapshot``): the sender looking for its next chat waits for no use-case."""
    async with db.snapshot() as tx:
        return await outbox_repo.first_with_rows(tx, now, chats)


async def delivered(db: Database, row_id: int, message_id: int | None, now: datetime,
                    answered: tuple[int, float, Limits] | None = None) -> None:
    """Telegram accepted the row (``message_id`` None: its answer could not be read).
    ``answered``: (chat, epoch seconds, limits) when the fleet's limits are kept: the
    chat's next turn counts from Telegram's answer (``turns_repo.answered``).

    Bookkeeping (``Database.bookkeeping``): one compare-and-set of the row the sender holds
    (still pending) and of the chat's turn, which no use-case reads to decide anything, so
    on PostgreSQL the record of every message sent does not queue behind the use-cases."""
    async with db.bookkeeping() as tx:
        await outbox_repo.mark_sent(tx, row_id, message_id, now)
        if answered is not None:
            await turns_repo.answered(tx, *answered)


async def refused(db: Database, row_id: int, now: datetime, error: str, *, blocked: bool) -> None:
    """Telegram refused for good: the person blocked the bot, or the message itself."""
    async with db.transaction() as tx:
        if blocked:
            await outbox_repo.mark_blocked(tx, row_id, now, error=error)
        else:
            await outbox_repo.mark_undeliverable(tx, row_id, now, error)


async def retry_later(
    db: Database, row_id: int, error: str | None, retry_at: datetime | None, *,
    rest: str | None = None, unexpected: bool = False,
) -> None:
    """A try failed: keep only the ``rest`` of a long message that was not delivered, and
    (with a ``retry_at``) make the row due again then. With no ``retry_at`` only the rest
    is kept (the sender stopped mid-message)."""
    async with db.transaction() as tx:
        if rest is not None:
            await outbox_repo.set_text(tx, row_id, rest)
        if retry_at is not None:
            await outbox_repo.mark_failed(tx, row_id, error or "", retry_at, unexpected=unexpected)


async def given_up(db: Database, row_id: int, now: datetime, error: str, *, rest: str | None) -> None:
    """Failed too often for reasons that are neither a refusal nor the network."""
    async with db.transaction() as tx:
        if rest is not None:
            await outbox_repo.set_text(tx, row_id, rest)
        await outbox_repo.mark_undeliverable(tx, row_id, now, error)
