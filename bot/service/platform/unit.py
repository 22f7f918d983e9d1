"""One use-case, one transaction: who asks, when, and where the answer goes.

Every use-case is one service function ``async def intent(db, req, ...)`` that opens its
own transaction with ``async with unit(db, req) as tx``, so the chat handler and the
command-line command for the same intent call the same function and cannot drift apart;
the adapters never see a transaction or SQL.

A chat update carries its Telegram ``update_id``. It is claimed in the same transaction as
its effect, so an update that Telegram re-sends after a crash is applied once
(docs/architecture.md, "Nothing lost, nothing doubled"): the second time ``unit`` raises
``AlreadyApplied`` before the use-case reads anything.

The answer to the person who asked is written to the outbox in that same transaction
(``answer``), so it is never lost when the change commits and never sent when it rolls
back. The use-case writes that answer itself, as records (``bot/words/said.py``) from the
``*_texts`` module of its room, written in the reader's language when the row is; it also
returns what happened, which the command line prints (a request from the command line has
no chat, so ``answer`` writes nothing there).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime

from bot.service.people.languages import (
    group_chat_language,
    language_for,
    note_telegram,
    spoken,
)
from bot.service.people.persons import person_by_tg
from bot.service.platform import outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import NotAllowed
from bot.service.platform.outbox import SaidButtons
from bot.store import outbox_repo, people_repo, updates_repo
from bot.store.db import Database, Tx
from bot.words import SOURCE
from bot.words.said import Said, said


class AlreadyApplied(Exception):
    """The update was applied before (Telegram re-sent it); nothing more to do.

    Not a ``ServiceError``: nobody is told anything, the first application already answered.
    """


@dataclass
class Receipt:
    """Whether the request's transaction committed: an error after the commit must not
    tell the person that nothing was changed; and the language the writer reads, found
    when it began (``reader_language``; None before), for what is said to them after it
    (a refusal, a pressed message rewritten, their command menu)."""

    committed: bool = False
    language: str | None = None


@dataclass(frozen=True)
class Reply:
    """What the person who asked reads: a record (``bot/words/said.py``), written in their
    language, or Telegram HTML (user text escaped); and buttons."""

    text: str | Said
    buttons: SaidButtons = ()


@dataclass(frozen=True)
class Request:
    """Who asks, when, and, for a chat update, which update it is and which chat answers.

    ``tg_user_id`` is the Telegram user who wrote (None at the command line and for the
    system); ``tg_language`` the language_code Telegram gave for them with a private update
    (None in a group, where the update says nothing of the reader); ``organiser`` says the settings list them as an organiser (TDBOT_ORGANISERS).
    ``operator`` is the command line or the system: every right (``Actor.cli``).
    """

    now: datetime
    operator: bool = False
    label: str = "cli"
    tg_user_id: int | None = None
    tg_name: str = ""
    tg_language: str | None = None
    organiser: bool = False
    update_id: int | None = None
    chat_id: int | None = None
    receipt: Receipt = field(default_factory=Receipt, compare=False)

    @property
    def language(self) -> str:
        """The language the writer reads: found when the use-case's transaction began
        (``unit``); before that, the one their Telegram reports; English at the command
        line."""
        return self.receipt.language or spoken(self.tg_language) or SOURCE

    @classmethod
    def cli(cls, now: datetime) -> Request:
        return cls(now=now, operator=True, label="cli", organiser=True)

    @classmethod
    def system(cls, now: datetime) -> Request:
        return cls(now=now, operator=True, label="system", organiser=True)


@asynccontextmanager
async def unit(db: Database, req: Request) -> AsyncIterator[Tx]:
    """The use-case's transaction: claim the update (once), note that the writer no longer
    blocks the bot and the language their Telegram reports, run the use-case; commit, or
    roll back everything on any exception."""
    async with db.transaction() as tx:
        if req.update_id is not None and not await updates_repo.claim(tx, req.update_id, req.now):
            raise AlreadyApplied(req.update_id)
        if req.tg_user_id is not None:  # writing to the bot means not blocking it
            await outbox_repo.requeue_blocked(tx, req.tg_user_id, req.now)
            await note_telegram(tx, req.tg_user_id, req.tg_language)
            req.receipt.language = await reader_language(tx, req)
        yield tx
    req.receipt.committed = True


async def answer(tx: Tx, req: Request, reply: Reply | None) -> None:
    """Write the answer to the chat the request came from (none at the command line)."""
    if reply is None or req.chat_id is None:
        return
    text_html, said = (None, reply.text) if isinstance(reply.text, Said) else (reply.text, None)
    await outbox.enqueue(tx, chat_id=req.chat_id, text_html=text_html, said=said,
                         lang=req.language, buttons=reply.buttons or None, now=req.now)


async def reader_language(tx: Tx, req: Request) -> str:
    """The language the answer to ``req`` is written in: in a private chat the writer's
    (their choice, else their Telegram's, ``languages.language_for``; the writer was read
    when the transaction began, so this is no second read); in an event's group, the
    group's (its definition's ``[event] language``); English at the command line."""
    if req.tg_user_id is None:
        return SOURCE
    if req.chat_id is not None and req.chat_id != req.tg_user_id:
        group = await group_chat_language(tx, req.chat_id)
        if group is not None:
            return group
    return language_for(await people_repo.by_tg(tx, req.tg_user_id), req.tg_language)


@asynccontextmanager
async def reading(db: Database) -> AsyncIterator[Tx]:
    """A transaction for a lookup that changes nothing and answers nobody (finding the
    event a command names, before the use-case runs): a snapshot (``Database.snapshot``),
    which on PostgreSQL waits for no use-case's lock."""
    async with db.snapshot() as tx:
        yield tx


async def require_actor(tx: Tx, req: Request) -> Actor:
    """The Actor behind a request; a stranger is refused."""
    actor = await actor_of(tx, req)
    if actor is None:
        raise NotAllowed(said("I do not know you yet: follow the invite link your "
                              "tournament director sent you"))
    return actor


async def actor_of(tx: Tx, req: Request) -> Actor | None:
    """The Actor behind a request: the operator, or the person linked to the Telegram user
    (None for a stranger). An organiser listed in settings who has never been seen has no
    person yet: they act once an event of theirs gives them one."""
    if req.operator:
        return Actor(None, req.label, organiser=True)
    if req.tg_user_id is None:
        return None
    person = await person_by_tg(tx, req.tg_user_id)
    if person is None:
        return None
    return Actor.person(person.id, person.name, organiser=req.organiser)
