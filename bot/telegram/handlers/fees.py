"""Fees in the chat: a TD records a payment (/paid NAME ROUND); a player sends a photo
captioned /paid [ROUND] as proof, which the TDs approve or reject with one tap (SSSg para
26). Both paths record the payment through ``payments.record_payment_in``."""

from __future__ import annotations

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.service.fees import fee_texts, payment_proofs, payments
from bot.service.formats.knockout import prizes
from bot.service.people.directing import directed_event
from bot.service.platform import callbacks
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.limits import amount_of_money, minor_units
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime
from bot.words import for_locale
from bot.words.said import render, said

#: A photo whose caption starts with /paid is a proof of payment (registered before the
#: board-photo handler).
PROOF_CAPTION = r"(?i)^/paid"


def paid_args(args: list[str]) -> tuple[str, str]:
    """/paid NAME ROUND: the last word is the round, the words before it the player."""
    if len(args) < 2:
        raise Invalid(fee_texts.PAID_USAGE)
    return " ".join(args[:-1]), args[-1]


def cost_args(args: list[str]) -> tuple[int, str]:
    """/cost AMOUNT NOTE: the amount in cents (``limits.amount_of_money``) and the note."""
    if len(args) < 2:
        raise Invalid(said("say how much and what for: /cost AMOUNT NOTE, e.g. /cost 120 "
                           "venue hire"))
    return minor_units(amount_of_money(args[0], positive=True)), " ".join(args[1:])


@handled
async def paid_command(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/paid NAME ROUND: the last word is the round, the words before it the player."""
    db = runtime(context).db
    try:
        event, args = await directed_event(db, req, context.args or [], "paid")
    except NotAllowed:
        raise Invalid(fee_texts.PROOF_BY_PHOTO) from None
    name, round_ref = paid_args(args)
    await payments.record_payment(db, req, event.id, name, round_ref, note=fee_texts.PAID_IN_CHAT)
    return None


@handled
async def proof_photo(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """A photo captioned /paid [ROUND]: to the TDs, with Approve / Reject; the photo itself
    is sent to them after commit (the request with the buttons is durable)."""
    message = update.effective_message
    assert message is not None and message.photo  # the handler's filter
    words = (message.caption or "").split()[1:]
    sent = await payment_proofs.send_proof(
        runtime(context).db, req, message.photo[-1].file_id, " ".join(words))

    async def show_photo() -> None:
        for chat, language in sent.td_chats:
            try:
                await context.bot.send_photo(
                    chat, sent.file_id, caption=render(sent.caption, for_locale(language)),
                    parse_mode="HTML")
            except TelegramError:
                pass  # the request with its buttons is durable; the photo is a courtesy

    return show_photo


@handled
async def proof_button(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    query = update.callback_query
    decided = callbacks.parse_proof(query.data if query else None)
    assert decided is not None  # the handler's pattern
    proof_id, approve = decided
    await payment_proofs.decide_proof(runtime(context).db, req, proof_id, approve)
    return None


@handled
async def cost_command(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/cost AMOUNT NOTE: a cost of running the event (para 9)."""
    db = runtime(context).db
    event, args = await directed_event(db, req, context.args or [], "cost")
    cents, note = cost_args(args)
    await prizes.enter_cost(db, req, event.id, cents, note)
    return None


@handled
async def prizes_command(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/prizes [EVENT]: the prize pools of a knockout (TDs: the one they direct; players:
    theirs); anyone else is told the bot keeps none for their event (``prizes.has_pools``)."""
    db = runtime(context).db
    words = context.args or []
    try:
        event_id: int | None = (await directed_event(db, req, words, "prizes",
                                                     only=prizes.has_pools))[0].id
    except NotAllowed:
        event_id = None
    await prizes.prize_pools(db, req, event_id, named=words[0] if words else "")
    return None
