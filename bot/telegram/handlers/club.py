"""Club nights in the chat (bot/service/formats/club/club_nights.py; NASPA Director's Manual, the club
chapters): /night, /checkin, /pairround, /fees (with a tap per unpaid player), /endnight
and /me. The service checks every right; these handlers only find which club is meant and
read the command's words."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.events.lookup import Event
from bot.service.formats.club import club_nights
from bot.service.formats.registry import format_of
from bot.service.people.directing import directed_event
from bot.service.platform import callbacks
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.limits import RATING
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime
from bot.words.said import said


def _is_club(event: Event) -> bool:
    """An event whose format's own commands are a club's (``Format.commands``)."""
    return "night" in format_of(event).commands


async def _club(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request,
                command: str) -> tuple[Event, list[str]]:
    return await directed_event(runtime(context).db, req, context.args or [], command,
                                only=_is_club)


def newcomer_args(words: list[str]) -> tuple[str, int]:
    """``new NAME [RATING]`` after /checkin: the name, and the rating if the last word is
    a number."""
    rest = words[1:]
    rating = 0
    if len(rest) > 1 and rest[-1].isascii() and rest[-1].isdigit():
        rating = RATING.parse(rest[-1])
        rest = rest[:-1]
    if not rest:
        raise Invalid(said("say who: /checkin new NAME, e.g. /checkin new Eve Tan"))
    return " ".join(rest), rating


@handled
async def night(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/night: start tonight's session."""
    event, _ = await _club(update, context, req, "night")
    await club_nights.start_night(runtime(context).db, req, event.id)
    return None


@handled
async def checkin(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/checkin: a player checks in; /checkin NAME (a TD) checks a member in;
    /checkin new NAME [RATING] (a TD) adds a newcomer who walked in and checks them in."""
    db = runtime(context).db
    words = context.args or []
    if not words:
        await club_nights.check_in_self(db, req)
        return None
    try:
        event, args = await _club(update, context, req, "checkin")
    except NotAllowed:  # not a TD of a club: a player naming their club, or nobody's
        if len(words) == 1:
            await club_nights.check_in_self(db, req, words[0])
            return None
        raise NotAllowed(said("a TD checks in someone else; to check yourself in, send "
                              "/checkin")) from None
    if not args:
        await club_nights.check_in_self(db, req, event.slug)
        return None
    if args[0].casefold() == "new":
        name, rating = newcomer_args(args)
        await club_nights.check_in_member(db, req, event.id, name, new=True, rating=rating,
                                          bot_username=context.bot.username)
    else:
        await club_nights.check_in_member(db, req, event.id, " ".join(args))
    return None


@handled
async def pair_round(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/pairround [anyway]: pair the next round of tonight."""
    event, args = await _club(update, context, req, "pairround")
    if args and [a.casefold() for a in args] != ["anyway"]:
        raise Invalid(said("/pairround pairs the next round; /pairround anyway pairs it "
                           "before every result of the last round is in"))
    await club_nights.pair_round(runtime(context).db, req, event.id, anyway=bool(args))
    return None


@handled
async def fees(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/fees: tonight's fees, a button per unpaid player (the service sends the list, so
    that each tap can edit it in place)."""
    event, _ = await _club(update, context, req, "fees")
    await club_nights.fees_tonight(runtime(context).db, req, event.id)
    return None


@handled
async def fee_paid(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    query = update.callback_query
    checkin_id = callbacks.parse_club_paid(query.data if query else None)
    assert checkin_id is not None  # the handler's pattern
    await club_nights.mark_paid(runtime(context).db, req, checkin_id)
    return None


@handled
async def end_night(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/endnight: close tonight; who has not paid."""
    event, _ = await _club(update, context, req, "endnight")
    await club_nights.end_night(runtime(context).db, req, event.id)
    return None


@handled
async def me(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/me: the player's club record."""
    await club_nights.my_records(runtime(context).db, req)
    return None
