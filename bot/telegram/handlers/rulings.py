"""A TD rules in the chat (SSSg paras 19, 24, 27, 28, 30): the buttons on a dispute
(Uphold, Amend, Void game, game and match byes), the scores after Amend (the TD's next
message, or ``/amend 412 380``), the ruling's reason (the next message, or Skip), a tied
match's winner and reason, and Apply / Cancel on a ruling whose impact voids later games.
Each calls one use-case of ``bot.service.results.rulings``. A TD corrects a game with
``/correct M2 game 1 412 380``, its reason (the next message) and, if it voids later
games, Apply / Cancel: ``bot.service.results.corrections``.

The TD's next message after Amend, a ruling button, a tie's winner button or /correct is
taken by ``replies.awaited_reply`` in an earlier group (as a player's dispute reason is),
before anything else reads it.
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.people.directing import directed_event
from bot.service.platform import callbacks
from bot.service.platform.errors import Invalid
from bot.service.platform.prompts import PromptKind
from bot.service.platform.unit import Request
from bot.service.results import corrections, rulings
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.handlers.report import _drop_buttons
from bot.telegram.runtime import runtime
from bot.words.said import said

_OUT_OF_DATE = said("that button is out of date")


def _data(update: Update) -> object:
    return update.callback_query.data if update.callback_query else None


@handled
async def rule_button(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                      ) -> AfterCommit | None:
    """rule:ACTION:DISPUTE[:SIDE] on a dispute sent to its rulers."""
    pressed = callbacks.parse_rule(_data(update))
    if pressed is None:
        raise Invalid(_OUT_OF_DATE)
    action, dispute_id, side = pressed
    db = runtime(context).db
    if action == "amend":
        await rulings.ask_amend(db, req, dispute_id)
        return None
    await rulings.ask_why(db, req, dispute_id, action, side=side)
    return None


@handled
async def skip_button(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                      ) -> AfterCommit | None:
    """why:skip:PROMPT under a ruling's "Why?": rule with no reason given."""
    prompt_id = callbacks.parse_why_skip(_data(update))
    if prompt_id is None:
        raise Invalid(_OUT_OF_DATE)
    await rulings.skip_why(runtime(context).db, req, prompt_id)
    return _drop_buttons(update)


@handled
async def tie_button(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                     ) -> AfterCommit | None:
    """tie:MATCH:SIDE asks the reason; tie:MATCH:SIDE:lots rules with lots drawn."""
    pressed = callbacks.parse_tie(_data(update))
    if pressed is None:
        raise Invalid(_OUT_OF_DATE)
    match_id, side, lots = pressed
    db = runtime(context).db
    if lots:
        await rulings.rule_tie_by_lots(db, req, match_id, side)
        return _drop_buttons(update)
    await rulings.ask_tie_reason(db, req, match_id, side)
    return None


@handled
async def fix_button(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                     ) -> AfterCommit | None:
    """fix:apply:PROMPT / fix:cancel:PROMPT under a ruling's impact."""
    pressed = callbacks.parse_fix(_data(update))
    if pressed is None:
        raise Invalid(_OUT_OF_DATE)
    prompt_id, apply = pressed
    await rulings.confirm_correction(runtime(context).db, req, prompt_id, apply)
    return _drop_buttons(update)


@handled
async def amend_command(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                        ) -> AfterCommit | None:
    """/amend 412 380: the scores after pressing Amend on a dispute."""
    if not context.args:
        raise Invalid(said("send the two scores, the first player's first, e.g. /amend 412 "
                           "380 (after pressing Amend on a dispute)"))
    await rulings.answer_prompt(runtime(context).db, req, " ".join(context.args),
                                kinds=(PromptKind.AMEND,))
    return None


@handled
async def correct_command(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                          ) -> AfterCommit | None:
    """/correct [EVENT] MATCH [game N] (A B [starter NAME] | starter NAME | void): a TD
    corrects a game of a match they do not play in; the reason is asked next."""
    db = runtime(context).db
    event, words = await directed_event(db, req, context.args or [], "correct")
    code, change = corrections.parse_words(words)
    await corrections.ask(db, req, event.id, code, change)
    return None


@handled
async def correction_button(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                            ) -> AfterCommit | None:
    """redo:apply:PROMPT / redo:cancel:PROMPT under a correction's impact or its "Why?"."""
    pressed = callbacks.parse_correction(_data(update))
    if pressed is None:
        raise Invalid(_OUT_OF_DATE)
    prompt_id, apply = pressed
    await corrections.decide(runtime(context).db, req, prompt_id, apply)
    return _drop_buttons(update)
