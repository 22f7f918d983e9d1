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
back. The use-case decides nothing about its wording: the adapter passes a function that
turns the use-case's result into a ``Reply`` (the Telegram texts live in ``bot/telegram``);
the command line passes none and prints the result itself.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeVar

from bot.service.people.languages import language_for
from bot.service.people.persons import person_by_tg
from bot.service.platform import outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import NotAllowed
from bot.service.platform.outbox import SaidButtons
from bot.store import outbox_repo, updates_repo
from bot.store.db import Database, Tx
from bot.words import SOURCE
from bot.words.said import Said

T = TypeVar("T")


class AlreadyApplied(Exception):
    """The update was applied before (Telegram re-sent it); nothing more to do.

    Not a ``ServiceError``: nobody is told anything, the first application already answered.
    """


@dataclass
class Receipt:
    """Whether the request's transaction committed: an error after the commit must not
    tell the person that nothing was changed."""

    committed: bool = False


@dataclass(frozen=True)
class Reply:
    """What the person who asked reads: a record (``bot/words/said.py``), written in their
    language, or Telegram HTML (user text escaped); and buttons."""

    text: str | Said
    buttons: SaidButtons = ()


#: Turns a use-case's result into the answer for the person who asked.
Answer = Callable[[T], Reply | None]


@dataclass(frozen=True)
class Request:
    """Who asks, when, and, for a chat update, which update it is and which chat answers.

    ``tg_user_id`` is the Telegram user who wrote (None at the command line and for the
    system); ``organiser`` says the settings list them as an organiser (TDBOT_ORGANISERS).
    ``operator`` is the command line or the system: every right (``Actor.cli``).
    """

    now: datetime
    operator: bool = False
    label: str = "cli"
    tg_user_id: int | None = None
    tg_name: str = ""
    organiser: bool = False
    update_id: int | None = None
    chat_id: int | None = None
    receipt: Receipt = field(default_factory=Receipt, compare=False)

    @classmethod
    def cli(cls, now: datetime) -> Request:
        return cls(now=now, operator=True, label="cli", organiser=True)

    @classmethod
    def system(cls, now: datetime) -> Request:
        return cls(now=now, operator=True, label="system", organiser=True)


@asynccontextmanager
async def unit(db: Database, req: Request) -> AsyncIterator[Tx]:
    """The use-case's transaction: claim the update (once), note that the writer no longer
    blocks the bot, run the use-case; commit, or roll back everything on any exception."""
    async with db.transaction() as tx:
        if req.update_id is not None and not await updates_repo.claim(tx, req.update_id, req.now):
            raise AlreadyApplied(req.update_id)
        if req.tg_user_id is not None:  # writing to the bot means not blocking it
            await outbox_repo.requeue_blocked(tx, req.tg_user_id, req.now)
        yield tx
    req.receipt.committed = True


async def answer(tx: Tx, req: Request, reply: Reply | None) -> None:
    """Write the answer to the chat the request came from (none at the command line)."""
    if reply is None or req.chat_id is None:
        return
    text_html, said = (None, reply.text) if isinstance(reply.text, Said) else (reply.text, None)
    lang = await asker_language(tx, req) if said or outbox.has_said(reply.buttons) else None
    await outbox.enqueue(tx, chat_id=req.chat_id, text_html=text_html, said=said, lang=lang,
                         buttons=reply.buttons or None, now=req.now)


async def asker_language(tx: Tx, req: Request) -> str:
    """The language of the person who asked: theirs once they are known, else English."""
    if req.tg_user_id is None:
        return SOURCE
    return language_for(await person_by_tg(tx, req.tg_user_id))


async def answer_with(tx: Tx, req: Request, render: Answer[T] | None, result: T) -> T:
    """``answer`` with the reply rendered from the result; returns the result."""
    if render is not None:
        await answer(tx, req, render(result))
    return result


@asynccontextmanager
async def reading(db: Database) -> AsyncIterator[Tx]:
    """A transaction for a lookup that changes nothing and answers nobody (finding the
    event a command names, before the use-case runs)."""
    async with db.transaction() as tx:
        yield tx


async def require_actor(tx: Tx, req: Request) -> Actor:
    """The Actor behind a request; a stranger is refused."""
    actor = await actor_of(tx, req)
    if actor is None:
        raise NotAllowed("I do not know you yet: follow the invite link your tournament "
                         "director sent you")
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
