"""A private text that answers a question the bot asked: one handler in an early group.

The bot asks in the chat for a dispute's reason (after Dispute), the right scores (after
Amend), a ruling's reason (after a ruling button), a tied match's reason (after its
winner's button) and a correction's reason (after /correct); after "Write to" in a match, a
player's message for their opponent (``bot/service/between/relay.py``). Each question is a stored
prompt (``bot.service.platform.prompts``); ``awaited_reply`` reads it once, before any other
handler sees the text, and gives the text to the handler of that kind's intent, which calls
its use-case; no other handler then sees it (``ApplicationHandlerStop``). With no question
open it claims nothing, and the text goes on to the result parser and the others.

The newest question wins: a TD asked for a ruling's reason who then presses Dispute on a
slip of their own match has their next text taken as the dispute's reason, and the other
way round (``bot/store/prompts_repo.py``).
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot.service.platform import prompts
from bot.service.platform.errors import ServiceError
from bot.service.platform.prompts import PromptKind
from bot.service.platform.unit import Request
from bot.service.results import corrections, disputes, rulings
from bot.telegram.handlers import between
from bot.telegram.handlers.common import AfterCommit, Handler, handled, request_of
from bot.telegram.runtime import runtime


def _text(update: Update) -> str:
    assert update.effective_message is not None
    return update.effective_message.text or ""


@handled
async def dispute_reason(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                         ) -> AfterCommit | None:
    """What is wrong with the slip the writer disputed (SSSg para 24)."""
    await disputes.give_reason(runtime(context).db, req, _text(update))
    return None


@handled
async def amended_scores(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                         ) -> AfterCommit | None:
    """The right scores after Amend; the ruling's reason is asked next."""
    await rulings.answer_prompt(runtime(context).db, req, _text(update),
                                kinds=(PromptKind.AMEND,))
    return None


@handled
async def ruling_reason(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                        ) -> AfterCommit | None:
    """Why the TD rules on a dispute as the button they pressed says (paras 19, 24)."""
    await rulings.answer_prompt(runtime(context).db, req, _text(update),
                                kinds=(PromptKind.WHY,))
    return None


@handled
async def tie_reason(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                     ) -> AfterCommit | None:
    """Why the tied match goes to the player whose button the TD pressed (para 30)."""
    await rulings.answer_prompt(runtime(context).db, req, _text(update),
                                kinds=(PromptKind.TIE,))
    return None


@handled
async def correction_reason(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
                            ) -> AfterCommit | None:
    """Why the TD corrects the game their /correct named."""
    await corrections.answer_why(runtime(context).db, req, _text(update))
    return None


#: The handler of each kind of question a text answers (``prompts_repo.BY_MESSAGE``).
ANSWERS: dict[PromptKind | str, Handler] = {
    prompts.RELAY_DRAFT: between.send_draft,
    PromptKind.DISPUTE_REASON: dispute_reason,
    PromptKind.AMEND: amended_scores,
    PromptKind.WHY: ruling_reason,
    PromptKind.TIE: tie_reason,
    PromptKind.CORRECT: correction_reason,
}


async def awaited_reply(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """In an earlier group than every other handler: when the writer owes an answer, this
    text is it and no other handler sees it; otherwise it claims nothing."""
    try:
        req = request_of(update, context)
    except ServiceError:
        return
    kind = await prompts.awaited_kind(runtime(context).db, req)
    if kind is None:
        return
    await ANSWERS[kind](update, context)
    raise ApplicationHandlerStop
