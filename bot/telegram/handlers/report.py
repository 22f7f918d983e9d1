"""Reporting a game in the chat: a result message or /report, the slip's buttons, disputes.

A player sends ``412-380`` (their score first; ``won``/``lost``/``tied`` and the opponent's
name are optional). The service drafts a slip; game 1 first asks who started (SSSg para
15); Confirm makes it count and sends a copy to both players (para 24), the opponent's
with Agree / Dispute. Buttons carry the slip id and are safe to press twice. After a
Dispute the player's next message is its reason (``replies.awaited_reply``, in an earlier
group, takes it before anything else looks at the message).

``parse_report`` is the one place that reads a result message, through the core's slip
parser (``core/slip.py``).
"""

from __future__ import annotations

import re

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes, filters

from bot.service.platform import callbacks
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.service.results import disputes, reporting, slip_texts
from bot.service.results.slip_views import SaidResult
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime
from bot.words.said import said
from core.slip import SlipRefused, parse_slip

#: A message that looks like a result: two numbers apart by a dash, colon or space, or
#: a word for conceding (refused with the reason: ``reporting.no_concession``).
_SCORES = re.compile(r"(?<![\d.])(\d{1,4})\s*(?:[-–—:]|\s)\s*(\d{1,4})(?![\d.])")
_GAME = re.compile(r"\b(?:game|g)\s*#?\s*(\d{1,2})\b|#(\d{1,2})\b", re.IGNORECASE)
_CONCEDE = re.compile(r"\b(concede[sd]?|conceding|resign(?:ed|s)?|forfeit(?:ed|s)?)\b",
                      re.IGNORECASE)
RESULT_TEXT = filters.Regex(_SCORES) | filters.Regex(_CONCEDE)
#: Words that hold digits but are no score: a match code (``M3``, ``R2-1``, ``N1R2T3``)
#: and a round (``Round 2``). They say which match, so their digits are not scores.
_TAG = re.compile(r"(?<![\w@#/-])[^\W\d_][\w-]*\d[\w-]*(?![\w-])")
_ROUND = re.compile(r"\b(?:round|rd)\s*\d{1,3}\b", re.IGNORECASE)


def parse_report(text: str) -> SaidResult:
    """A result as a player types it: ``412-380``, ``412 380``, ``won 412-380``,
    ``lost 380-412``, ``tied 400-400``, optionally the opponent's name and ``game 3``.

    The scores, the outcome words and the opponent's name are the core's slip parser's
    (``core/slip.py``, which says whose number is whose); this only takes out a game
    number, a match code and a round (``450-400 M3``, ``450-400 Round 2``: a code is a
    code, not a third number), and keeps the other words to tell the player's matches
    apart (``reporting.report_result``). A concession is not a result: ``concedes`` finds
    one first, and the service refuses it in the words of the player's event
    (``reporting.refuse_concession``).
    """
    game: int | None = None
    found = _GAME.search(text)
    rest = text.strip().removeprefix("/report")
    if found:
        game = int(found.group(1) or found.group(2))
        rest = text[:found.start()] + " " + text[found.end():]
        rest = rest.strip().removeprefix("/report")
    rounds = _ROUND.findall(rest)
    rest = _ROUND.sub(" ", rest)
    tags = _TAG.findall(rest)
    rest = _TAG.sub(" ", rest)
    try:
        slip = parse_slip(rest)
    except SlipRefused as exc:
        raise Invalid(slip_texts.refused(exc)) from None
    words = " ".join([_SCORES.sub(" ", rest, count=1), *rounds, *tags])
    return SaidResult(slip.own, slip.opponent, opponent=slip.opponent_name or "", game=game,
                      text=text.strip(), words=" ".join(words.split()), tags=tuple(tags))


def concedes(text: str) -> bool:
    """Whether a message says its writer concedes ("I resign", "forfeit")."""
    return _CONCEDE.search(text) is not None


def _drop_buttons(update: Update) -> AfterCommit | None:
    """Take the buttons off the message that was pressed (cosmetic: a failure is harmless,
    and pressing a stale button again only gets "already done")."""
    query = update.callback_query
    if query is None:
        return None

    async def drop() -> None:
        try:
            await query.edit_message_reply_markup(reply_markup=None)
        except TelegramError:
            pass

    return drop


async def _report(context: ContextTypes.DEFAULT_TYPE, req: Request, text: str) -> None:
    if concedes(text):
        await reporting.refuse_concession(runtime(context).db, req)
    said = parse_report(text)
    await reporting.report_result(runtime(context).db, req, said)


@handled
async def report_message(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """A message that looks like a result (``412-380``)."""
    assert update.effective_message is not None
    await _report(context, req, update.effective_message.text or "")
    return None


@handled
async def report_command(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """/report 412-380 [won|lost|tied] [NAME] [game N]."""
    if not context.args:
        raise Invalid(said("I found no result in that. Send your result with your score "
                           "first, e.g. 412-380 (or won 412-380, lost 380-412, tied "
                           "400-400)."))
    await _report(context, req, " ".join(context.args))
    return None


@handled
async def slip_button(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """slip:start:ID:SIDE, slip:ok:ID, slip:no:ID (the reporter's draft); slip:agree:ID,
    slip:dispute:ID (the opponent's copy). The service answers and rewrites the pressed
    message itself: the question of who started becomes the draft, the draft says what
    Confirm or Cancel did, and the copy's buttons go once agreed or disputed."""
    pressed = callbacks.parse_slip(update.callback_query.data if update.callback_query else None)
    if pressed is None:  # the pattern lets only well-formed slip data through
        raise Invalid("that button is out of date; send the result again")
    action, slip_id, side = pressed
    db = runtime(context).db
    if action == "start" and side is not None:
        await reporting.set_starter(db, req, slip_id, side)
        return None
    if action == "ok":
        await reporting.confirm_slip(db, req, slip_id)
        return None
    if action == "no":
        await reporting.cancel_slip(db, req, slip_id)
        return None
    if action == "agree":
        await reporting.agree_slip(db, req, slip_id)
        return None
    if action == "dispute":
        await disputes.dispute_slip(db, req, slip_id)
        return None
    raise Invalid("that button is out of date; send the result again")


@handled
async def which_button(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """which:MATCH:MINE:THEIRS:GAME:STAMP: the match a result is for, tapped on the
    question asked of a player in several matches (``slip_texts.choose``)."""
    pressed = callbacks.parse_which(update.callback_query.data if update.callback_query
                                    else None)
    if pressed is None:  # the pattern lets only well-formed data through
        raise Invalid("that button is out of date; send the result again")
    match_id, mine, theirs, game, stamp = pressed
    said = SaidResult(mine, theirs, game=game, text=f"{mine}-{theirs}")
    await reporting.report_in_match(runtime(context).db, req, match_id, said, stamp)
    return _drop_buttons(update)


@handled
async def dispute_command(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """/dispute [REASON]: dispute the latest slip still open, or give the reason asked for."""
    await disputes.dispute_latest(runtime(context).db, req, " ".join(context.args or []))
    return None
