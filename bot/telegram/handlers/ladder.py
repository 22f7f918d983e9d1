"""A challenge ladder in the chat (``bot/service/formats/ladder/ladders.py``): /ladder, /challenge [NAME]
(buttons of whom you may challenge), /accept, /decline, /withdraw, and a TD's /join NAME
[RATING] for a newcomer. Each calls one use-case; the buttons carry ids only and the
service decides, at the press, whether it is the presser's to do."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.formats.ladder import ladders
from bot.service.people.directing import directed_event
from bot.service.platform import callbacks
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, Handler, handled
from bot.telegram.runtime import runtime
from bot.words.said import said


@handled
async def show(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    await ladders.show_ladder(runtime(context).db, req, list(context.args or []))
    return None


@handled
async def challenge(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    await ladders.challenge(runtime(context).db, req, list(context.args or []))
    return None


def _answer(action: str) -> Handler:
    @handled
    async def command(update: Update, context: ContextTypes.DEFAULT_TYPE,
                      req: Request) -> AfterCommit | None:
        await ladders.respond(runtime(context).db, req, list(context.args or []), action)
        return None

    return command


accept = _answer("accept")
decline = _answer("decline")
withdraw = _answer("withdraw")


@handled
async def button(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    query = update.callback_query
    parsed = callbacks.parse_ladder(query.data if query else None)
    assert parsed is not None  # the handler's pattern
    action, event_id, target = parsed
    db = runtime(context).db
    if action == "challenge":
        await ladders.challenge(db, req, [], event_id=event_id, entry_id=target)
    else:
        await ladders.respond(db, req, [], action, event_id=event_id, number=target)
    return None


def join_args(words: list[str]) -> tuple[str, int]:
    """/join NAME [RATING]: a last word of digits is the rating."""
    if not words:
        raise Invalid(said("say who joins: /join NAME [RATING], e.g. /join Ann Lee 1500"))
    if len(words) > 1 and words[-1].isascii() and words[-1].isdigit() and len(words[-1]) <= 4:
        return " ".join(words[:-1]), int(words[-1])
    return " ".join(words), 0


@handled
async def join(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    db = runtime(context).db
    event, words = await directed_event(db, req, list(context.args or []), "join")
    name, rating = join_args(words)
    await ladders.add_newcomer(db, req, event.id, name, rating,
                               bot_username=context.bot.username)
    return None
