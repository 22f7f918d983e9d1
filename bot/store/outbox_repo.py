"""The outbox table: writing rows, the rows due now, and recording how each delivery went.

A row addressed to a person waits until that person has linked a Telegram account; a
private chat's id is the user's id, so that is where it goes. A failed delivery stays
pending with a later ``due_at`` (the sender picks the back-off). Two refusals for good are
kept apart, because a TD acts on them differently ("a message Telegram refuses for
good (the user blocked the bot) is marked so and shown to a TD"):

- ``blocked``: the person blocked the bot (403); reach them another way.
- ``undeliverable``: Telegram refused the message itself (400: chat not found, bad
  markup); retrying cannot help, and it points at a bug or a wrong chat id.

A row with ``edit_of`` is an edit of the message another row delivered (e.g. every TD's
copy of a join request, once one TD decided it): it waits until that row is sent, so it
knows the message id to edit.

Order: one chat's rows go out in the order they were written, with one exception. Messages
written for a person before they had a Telegram account (the draw, "Qual Rd is open") wait for
the link; when it comes (``await_welcome``), they go right behind the next message written to
that chat -- the one that tells the person they are in ("A TD approved your entry"), written in
the linking transaction -- and before anything written later. ``_order`` says it in SQL.

Several workers (``bot/telegram/fleet.py``): a worker that takes a row to send leases it
(``lease``: its name and until when, real time); the other workers leave that row's chat
alone while the lease runs (a row leased elsewhere holds its chat as a failed one does, so
no later row of the chat overtakes it), and take the row over once it has run out (its
worker died mid-send: the row is sent again, at-least-once, never lost). The outcome
clears the lease.

The store imports nothing from the service: the service's ``outbox.enqueue`` calls down here.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from contextlib import aclosing
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from bot.store.db import Tx
from bot.store.times import iso


class OutboxState(StrEnum):
    """An outbox message's state: pending until sent, or refused for good by Telegram."""

    PENDING = "pending"
    SENT = "sent"
    BLOCKED = "blocked"
    UNDELIVERABLE = "undeliverable"


Button = dict[str, str]
ButtonsIn = Sequence[Sequence[Button | tuple[str, str]]]

#: The states a TD is shown: messages Telegram refused for good.
REFUSED = (OutboxState.BLOCKED, OutboxState.UNDELIVERABLE)


def buttons_json(buttons: ButtonsIn | None) -> str | None:
    """Button rows as stored: ``{"text", "data"}`` (callback) or ``{"text", "url"}``;
    ``(text, data)`` pairs are a shorthand for callback buttons."""
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


def parse_buttons(stored: str | None) -> list[list[dict[str, Any]]]:
    return [] if not stored else list(json.loads(stored))


@dataclass(frozen=True)
class OutboxRow:
    id: int
    chat_id: int
    person_id: int | None
    text_html: str
    buttons: list[list[dict[str, Any]]]
    attempts: int
    edit_of: int | None = None  # the row whose delivered message this row edits
    edit_message_id: int | None = None  # that message's id (None: it was never delivered)
    unexpected_failures: int = 0  # neither refusals nor network errors (sender: bounded)
    photo_file_id: str | None = None  # a photo to send, the text its caption (0007)
    media_id: int | None = None  # a picture (media table) to send, the text its caption (0010)


async def add(
    tx: Tx,
    *,
    person_id: int | None,
    chat_id: int | None,
    text_html: str,
    buttons: ButtonsIn | None,
    dedupe_key: str | None,
    now: datetime,
    due_at: datetime,
    edit_of: int | None = None,
    photo_file_id: str | None = None,
    media_id: int | None = None,
    record_json: str | None = None,
) -> int | None:
    """Write one row; with a ``dedupe_key`` already used, write nothing and return None.
    ``photo_file_id``: the row sends that photo (a Telegram file id) with the text as its
    caption; ``media_id``: likewise a picture of the media table (bracket pictures);
    ``record_json``: the message as a record, held to be written again in its reader's
    language once it is known (``held``).

    Two statements, each a round trip on PostgreSQL: the key is checked by the insert
    itself (``dedupe_key`` is unique), and the welcome's order (``_welcome_goes_first``)
    by one update."""
    row = await tx.one(
        "INSERT INTO outbox (person_id, chat_id, text_html, buttons_json, dedupe_key,"
        " created_at, due_at, edit_of, photo_file_id, media_id, record_json)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (dedupe_key) DO NOTHING RETURNING id",
        (person_id, chat_id, text_html, buttons_json(buttons), dedupe_key, iso(now),
         iso(due_at), edit_of, photo_file_id, media_id, record_json),
    )
    if row is None:
        return None
    row_id = int(row[0])
    if edit_of is None and not (chat_id is not None and chat_id < 0):
        await _welcome_goes_first(tx, row_id, person_id, chat_id)
    return row_id


#: The chat a row goes to: its own, or its person's private chat once they linked Telegram.
_TARGET = "COALESCE(chat_id, (SELECT tg_user_id FROM people WHERE people.id = outbox.person_id))"


async def await_welcome(tx: Tx, person_id: int) -> int:
    """The person is being linked to a Telegram account: what was written for them while they
    had none goes out right behind the next message written to their chat (the one saying
    they are in), not before it. Call it where the link is made, before that message is
    written; a person already linked has nothing waiting, so nothing changes. Returns how
    many rows will wait for that message."""
    return await tx.execute(
        "UPDATE outbox SET awaits_welcome = 1 WHERE person_id = ? AND state = 'pending'"
        " AND (SELECT tg_user_id FROM people WHERE id = ?) IS NULL",
        (person_id, person_id),
    )


async def held(tx: Tx, person_id: int) -> list[tuple[int, str]]:
    """The pending rows for ``person_id`` kept as records (``add``'s ``record_json``), in
    the order written: (row id, record JSON)."""
    rows = await tx.all("SELECT id, record_json FROM outbox WHERE person_id = ?"
                        " AND state = 'pending' AND record_json IS NOT NULL ORDER BY id",
                        (person_id,))
    return [(row["id"], row["record_json"]) for row in rows]


async def rewrite_held(tx: Tx, row_id: int, text_html: str, buttons: ButtonsIn | None) -> None:
    """A held row written again in its reader's language (``buttons`` None: as they were);
    it is held no more."""
    if buttons is None:
        await tx.execute("UPDATE outbox SET text_html = ?, record_json = NULL WHERE id = ?",
                         (text_html, row_id))
    else:
        await tx.execute("UPDATE outbox SET text_html = ?, buttons_json = ?, record_json = NULL"
                         " WHERE id = ?", (text_html, buttons_json(buttons), row_id))


async def _welcome_goes_first(tx: Tx, row_id: int, person_id: int | None,
                              chat_id: int | None) -> None:
    """``row_id`` was just written (to ``chat_id``, or ``person_id``'s private chat): rows
    to the same chat waiting for a welcome go behind it. One statement, as every message
    written pays for it; a row with no chat yet (``= NULL``) moves nothing. Its outcome is
    not read, so on PostgreSQL it travels with the next statement (``Tx.write``). A row to
    a group (a negative chat id, Bot API "Chat": a private chat's id is its user's, which
    is positive) is not written at all (``add``): only a person's rows wait for a welcome
    (``await_welcome``), and they go to that person's private chat. It reads only the rows
    waiting for a welcome, along their partial index (migration 0039: a handful, from a
    person's link to the next message to them), not every pending row: a large event's
    group keeps thousands waiting on Telegram's pace."""
    await tx.write(
        f"UPDATE outbox{'' if tx.postgres else ' INDEXED BY outbox_awaiting_welcome'}"
        f" SET behind = ?1, awaits_welcome = 0 WHERE awaits_welcome = 1"
        f" AND state = 'pending' AND id <> ?1 AND {_TARGET} ="
        f" COALESCE(?2, (SELECT tg_user_id FROM people WHERE people.id = ?3))",
        (row_id, chat_id, person_id),
    )


@dataclass(frozen=True)
class OutboxMessage:
    """A message row as written, with where its delivery stands."""

    id: int
    person_id: int | None
    chat_id: int | None
    text_html: str
    state: OutboxState


async def by_dedupe_prefix(tx: Tx, prefix: str) -> list[OutboxMessage]:
    """Rows whose dedupe key starts with ``prefix`` (the copies of one message to several
    people, e.g. ``join:12:td:``)."""
    if not prefix:
        raise ValueError("by_dedupe_prefix needs a non-empty prefix")
    # a range on the unique index of dedupe_key: every key that starts with the prefix
    upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
    rows = await tx.all(
        "SELECT id, person_id, chat_id, text_html, state FROM outbox"
        " WHERE dedupe_key >= ? AND dedupe_key < ? ORDER BY id",
        (prefix, upper),
    )
    return [OutboxMessage(r["id"], r["person_id"], r["chat_id"], r["text_html"], OutboxState(r["state"]))
            for r in rows]


async def keys_with_prefix(tx: Tx, prefix: str) -> list[str]:
    """The dedupe keys that start with ``prefix``, oldest row first: a family of keys
    whose tail says what each message told (``results.next_opponent``)."""
    if not prefix:
        raise ValueError("keys_with_prefix needs a non-empty prefix")
    upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
    rows = await tx.all("SELECT dedupe_key FROM outbox WHERE dedupe_key >= ? AND dedupe_key < ?"
                        " ORDER BY id", (prefix, upper))
    return [str(r["dedupe_key"]) for r in rows]


_FROM = (
    " FROM outbox o LEFT JOIN people p ON p.id = o.person_id"
    " LEFT JOIN outbox e ON e.id = o.edit_of"
    " WHERE o.state = 'pending' AND COALESCE(o.chat_id, p.tg_user_id) IS NOT NULL"
    " AND (o.edit_of IS NULL OR e.state <> 'pending')"
)


def _order(t: str) -> str:
    """Where row ``t`` goes in its chat's delivery order: by id, except that a row ``behind``
    another goes right after that one (and after any earlier row behind it)."""
    return f"COALESCE({t}.behind, {t}.id), {t}.behind IS NOT NULL, {t}.id"


_DUE = (
    "SELECT o.id, COALESCE(o.chat_id, p.tg_user_id) AS target, o.person_id, o.text_html,"
    " o.buttons_json, o.attempts, o.edit_of, e.message_id AS edit_message_id,"
    " o.unexpected_failures, o.photo_file_id, o.media_id, o.leased_by, o.leased_until"
)

#: Every pending row in delivery order, read along the partial index ``outbox_pending_order``
#: (migration 0017: the pending rows only, keyed by ``_order``), so no sort of them all is
#: needed: a pass walks from the front and stops once it has what it asked for. The chats
#: left out (a JSON list) are skipped inside SQLite: none of their rows becomes a Python row.
_PENDING_IN_ORDER = (
    _DUE + ", o.due_at"
    " FROM outbox o INDEXED BY outbox_pending_order"
    " LEFT JOIN people p ON p.id = o.person_id LEFT JOIN outbox e ON e.id = o.edit_of"
    " WHERE o.state = 'pending' AND COALESCE(o.chat_id, p.tg_user_id) IS NOT NULL"
    " AND (o.edit_of IS NULL OR e.state <> 'pending') AND (o.due_at <= ? OR o.attempts > 0)"
    " AND COALESCE(o.chat_id, p.tg_user_id) NOT IN (SELECT value FROM json_each(?))"
    f" ORDER BY {_order('o')}"
)
#: The same on PostgreSQL: its planner takes the index by itself (no INDEXED BY), and the
#: JSON list's numbers are read by jsonb_array_elements (a chat named by a string, such as
#: "@club", is never a row's target, as on SQLite, where text never equals a number).
_PENDING_IN_ORDER_PG = (
    _DUE + ", o.due_at"
    " FROM outbox o"
    " LEFT JOIN people p ON p.id = o.person_id LEFT JOIN outbox e ON e.id = o.edit_of"
    " WHERE o.state = 'pending' AND COALESCE(o.chat_id, p.tg_user_id) IS NOT NULL"
    " AND (o.edit_of IS NULL OR e.state <> 'pending') AND (o.due_at <= ? OR o.attempts > 0)"
    " AND COALESCE(o.chat_id, p.tg_user_id) NOT IN (SELECT (v #>> '{}')::bigint"
    "  FROM jsonb_array_elements(?::jsonb) v WHERE jsonb_typeof(v) = 'number')"
    f" ORDER BY {_order('o')}"
)


@dataclass(frozen=True)
class Leases:
    """Who reads (``worker``) and the real time now: a row another worker leased until
    later holds its chat (the module's docstring)."""

    worker: str
    now: datetime


async def _deliverable(tx: Tx, limit: int, now: datetime, *, first_per_chat: bool,
                       leave_out: Collection[int | str] = (),
                       leases: Leases | None = None) -> list[OutboxRow]:
    """The rows that may be delivered now, in delivery order, at most ``limit``; with
    ``first_per_chat`` only each chat's first; none to the chats in ``leave_out``. One walk
    along the pending rows in order, stopped once ``limit`` are found: its cost follows the
    rows it passes over, never every pending row times every failed one. A row is
    deliverable when its recipient can be reached, it is due, an edit's original was
    delivered (or refused for good), and no earlier row to the same chat failed and waits
    for its retry (that one holds the rest, so a person's messages arrive in order) or is
    being sent by another worker (``leases``). A chat left out is left out whole, so no
    later row of it overtakes one not read."""
    at = iso(now)
    lease_now = None if leases is None else iso(leases.now)
    held: set[int] = set()  # chats whose earlier row waits for its retry
    taken: set[int] = set()  # chats that have their row (first_per_chat)
    found: list[Any] = []
    if limit <= 0:
        return []
    # SQLite leaves out the rows that can neither go nor hold another (no recipient yet,
    # an edit of a message not yet delivered, not due and never failed), and every row of
    # the chats left out
    params = (at, json.dumps(list(leave_out)))
    statement = _PENDING_IN_ORDER_PG if tx.postgres else _PENDING_IN_ORDER
    async with aclosing(tx.chunks(statement, params)) as chunks:
        async for rows in chunks:
            for r in rows:
                target = r["target"]
                if target in held or target in taken:
                    continue
                if r["due_at"] > at:  # failed, waiting for its retry: it holds the rest
                    held.add(target)
                    continue
                if (leases is not None and r["leased_until"] is not None
                        and r["leased_by"] != leases.worker and r["leased_until"] > lease_now):
                    held.add(target)  # another worker is sending it: its chat waits
                    continue
                if first_per_chat:
                    taken.add(target)
                found.append(r)
                if len(found) >= limit:
                    return _rows(found)
    return _rows(found)


async def due(tx: Tx, limit: int, now: datetime) -> list[OutboxRow]:
    """Pending rows whose time has come and whose recipient can be reached, in delivery
    order (``_order``: as written, a welcome before what waited for it); an edit only
    once the message it edits was delivered (or refused for good). A row waits while an
    earlier row to the same chat waits for a retry, so one person's messages arrive in
    order (the sender also stops a chat's rows for the rest of a pass once one fails)."""
    return await _deliverable(tx, limit, now, first_per_chat=False)


async def next_per_chat(tx: Tx, limit: int, now: datetime,
                        leave_out: Collection[int | str] = (),
                        leases: Leases | None = None) -> list[OutboxRow]:
    """Of the rows ``due`` gives, only each chat's first: the one message that chat may be
    sent next. The sender paces each chat (Telegram's one message a second per chat), so a
    chat with a long queue takes one place in the batch, not all of it, and the other chats
    behind it are not held up; its next row comes in a later pass, in order. The chats in
    ``leave_out`` (the ones waiting for their turn) give no row and are not read at all:
    under load most chats wait their second, and reading their rows only to skip them
    would hold the database for nothing."""
    return await _deliverable(tx, limit, now, first_per_chat=True, leave_out=leave_out,
                              leases=leases)


async def lockable(tx: Tx, ids: Sequence[int], worker: str, real_now: datetime) -> set[int]:
    """Of ``ids`` (rows a pass means to take), the ones still pending and not leased by a
    live other worker, checked again now, on PostgreSQL each locked (``FOR UPDATE SKIP
    LOCKED``): a row another worker's claim or a use-case holds right now is skipped (its
    chat waits for the next pass), never waited for. The claim runs outside the use-cases'
    lock (``Database.bookkeeping``), and a walk's rows may be a moment old."""
    if not ids:
        return set()
    marks = ", ".join("?" for _ in ids)
    rows = await tx.all(
        f"SELECT id FROM outbox WHERE id IN ({marks}) AND state = 'pending'"
        " AND (leased_until IS NULL OR leased_until <= ? OR leased_by = ?)"
        + (" FOR UPDATE SKIP LOCKED" if tx.postgres else ""),
        (*ids, iso(real_now), worker))
    return {int(r[0]) for r in rows}


async def lease(tx: Tx, ids: Sequence[int], worker: str, until: datetime) -> None:
    """``worker`` sends these rows; the others leave them (and their chats) until ``until``."""
    if ids:
        marks = ", ".join("?" for _ in ids)
        await tx.execute(f"UPDATE outbox SET leased_by = ?, leased_until = ? WHERE id IN ({marks})"
                         " AND state = 'pending'", (worker, iso(until), *ids))


async def release_leases(tx: Tx) -> int:
    """Forget every lease: on SQLite one process runs, so a lease at its start-up is one
    its previous run left when it died."""
    return await tx.execute("UPDATE outbox SET leased_by = NULL, leased_until = NULL"
                            " WHERE leased_by IS NOT NULL")


async def first_with_rows(tx: Tx, now: datetime, chats: Sequence[int | str]) -> int | None:
    """Which of ``chats`` (the ones a pass left out) comes first in that list and has a
    row due now: the sender sleeps until that chat's turn, not for a chat with nothing to
    send. One walk of the pending rows inside SQLite; no row of theirs is read."""
    if not chats:
        return None
    pending = ("SELECT COALESCE(o.chat_id, p.tg_user_id) FROM outbox o LEFT JOIN people p"
               " ON p.id = o.person_id WHERE o.state = 'pending' AND o.due_at <= ?")
    if tx.postgres:  # the list's numbers, with their places from 0 as json_each's keys
        index = await tx.scalar(
            "SELECT MIN(j.n - 1) FROM jsonb_array_elements(?::jsonb) WITH ORDINALITY j (v, n)"
            f" WHERE jsonb_typeof(j.v) = 'number' AND (j.v #>> '{{}}')::bigint IN ({pending})",
            (json.dumps(list(chats)), iso(now)))
    else:
        index = await tx.scalar(
            f"SELECT MIN(j.key) FROM json_each(?) j WHERE j.value IN ({pending})",
            (json.dumps(list(chats)), iso(now)))
    return None if index is None else int(index)


def _rows(rows: Sequence[Any]) -> list[OutboxRow]:
    return [
        OutboxRow(r["id"], r["target"], r["person_id"], r["text_html"],
                  parse_buttons(r["buttons_json"]), r["attempts"], r["edit_of"],
                  r["edit_message_id"], r["unexpected_failures"], r["photo_file_id"],
                  r["media_id"])
        for r in rows
    ]


async def next_due_at(tx: Tx) -> datetime | None:
    """When the earliest deliverable pending row falls due (for the sender's sleep)."""
    value = await tx.scalar("SELECT MIN(o.due_at)" + _FROM)
    return None if value is None else datetime.fromisoformat(value)


async def mark_sent(tx: Tx, id: int, message_id: int | None, now: datetime) -> bool:
    changed = await tx.execute(
        "UPDATE outbox SET state = 'sent', message_id = ?, sent_at = ?, attempts = attempts + 1,"
        " leased_by = NULL, leased_until = NULL WHERE id = ? AND state = 'pending'",
        (message_id, iso(now), id),
    )
    return changed == 1


async def set_text(tx: Tx, id: int, text_html: str) -> None:
    """What is left to send of a pending row (the pieces of a long message not yet sent)."""
    await tx.execute("UPDATE outbox SET text_html = ? WHERE id = ? AND state = 'pending'",
                     (text_html, id))


async def mark_failed(
    tx: Tx, id: int, error: str, retry_at: datetime, *, unexpected: bool = False
) -> bool:
    """A try failed; the row is due again at ``retry_at``. ``unexpected``: the failure was
    neither Telegram refusing the message nor the network (counted apart: the sender gives
    such a row up after a few)."""
    changed = await tx.execute(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?, due_at = ?,"
        " unexpected_failures = unexpected_failures + ?, leased_by = NULL, leased_until = NULL"
        " WHERE id = ? AND state = 'pending'",
        (error[:500], iso(retry_at), int(unexpected), id),
    )
    return changed == 1


async def _mark_refused(tx: Tx, id: int, state: OutboxState, now: datetime, error: str) -> bool:
    changed = await tx.execute(
        "UPDATE outbox SET state = ?, attempts = attempts + 1, last_error = ?, sent_at = ?,"
        " leased_by = NULL, leased_until = NULL WHERE id = ? AND state = 'pending'",
        (state, error[:500], iso(now), id),
    )
    return changed == 1


async def mark_blocked(tx: Tx, id: int, now: datetime, error: str = "blocked by the user") -> bool:
    """The person blocked the bot (Telegram's 403): no retry; a TD reaches them otherwise."""
    return await _mark_refused(tx, id, OutboxState.BLOCKED, now, error)


async def mark_undeliverable(tx: Tx, id: int, now: datetime, error: str) -> bool:
    """Telegram refused the message itself (400): no retry; a TD is shown the reason."""
    return await _mark_refused(tx, id, OutboxState.UNDELIVERABLE, now, error)


async def refused(tx: Tx) -> list[dict[str, Any]]:
    """Messages Telegram refused for good (blocked or undeliverable), for a TD to follow up
    by other means. Edits of such messages are left out: the message itself is listed."""
    rows = await tx.all(
        "SELECT o.id, o.person_id, p.name, o.state, o.text_html, o.last_error, o.sent_at"
        " FROM outbox o LEFT JOIN people p ON p.id = o.person_id"
        " WHERE o.state IN (?, ?) AND o.edit_of IS NULL ORDER BY o.id",
        REFUSED,
    )
    return [dict(r) for r in rows]


async def requeue_blocked(tx: Tx, tg_user_id: int, now: datetime) -> None:
    """The person wrote to the bot, so they no longer block it: what they missed while they
    did is due again, in the order it was written (a message is never lost). Edits stay
    refused: their original is sent again with it. Every update of a person runs it, and
    its outcome is not read, so on PostgreSQL it travels with the next statement
    (``Tx.write``)."""
    await tx.write(
        "UPDATE outbox SET state = 'pending', due_at = ?, attempts = 0, sent_at = NULL"
        " WHERE state = 'blocked' AND edit_of IS NULL AND (chat_id = ? OR person_id IN"
        " (SELECT id FROM people WHERE tg_user_id = ?))",
        (iso(now), tg_user_id, tg_user_id),
    )


async def move_chat(tx: Tx, old_chat_id: int, new_chat_id: int) -> int:
    """A group became a supergroup (Telegram gave it a new chat id): what waits for the old
    chat goes to the new one. Returns how many rows moved."""
    return await tx.execute(
        "UPDATE outbox SET chat_id = ? WHERE chat_id = ? AND state = 'pending'",
        (new_chat_id, old_chat_id),
    )
