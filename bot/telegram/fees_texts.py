"""What people read about fees, proofs of payment, costs and prizes (SSSg paras 7-9, 26).
The messages are in the catalogue (``bot.words``), in the reader's language ``lang``."""

from __future__ import annotations

import html

from bot.service.fees.payment_proofs import ProofDecision, ProofSent
from bot.service.fees.payments import Payment
from bot.service.formats.knockout.prizes import CostEntered, Prizes, has_pools
from bot.words import N_, SOURCE, for_locale


def esc(text: str) -> str:
    return html.escape(text, quote=False)


def payment_recorded(paid: Payment, *, lang: str = SOURCE) -> str:
    w = for_locale(lang)
    values = {"player": esc(paid.player), "amount": esc(paid.amount),
              "round": esc(paid.round_name)}
    if paid.drawn:
        return w._("✅ Recorded: {player} paid {amount} for {round}. They are told.", **values)
    return w._("✅ Recorded: {player} paid {amount} for {round} (before the draw: it counts "
               "once the draw makes the round). They are told.", **values)


def proof_sent(sent: ProofSent, *, lang: str = SOURCE) -> str:
    return for_locale(lang)._(
        "Thank you. Your proof of paying {fee} for {round} is with the TDs; I will tell you "
        "when one of them has checked it.", fee=esc(sent.fee), round=esc(sent.round_name))


def proof_photo_caption(sent: ProofSent, *, lang: str = SOURCE) -> str:
    return for_locale(lang)._("{player}: proof of payment for {round} ({fee})",
                              player=esc(sent.player), round=esc(sent.round_name),
                              fee=esc(sent.fee))


def proof_decided(decision: ProofDecision) -> str | None:
    """The pressing TD is told only when someone had decided before; otherwise the edit of
    every TD's copy says it (the verdict is the service's words)."""
    return None if decision.by_this_press else esc(decision.verdict)


PAID_USAGE = N_("Say who paid for which round: /paid NAME ROUND, e.g. /paid Ann Lee SF. "
                "Players: send a photo of your payment with the caption /paid.")


def cost_entered(done: CostEntered, *, lang: str = SOURCE) -> str:
    w = for_locale(lang)
    values = {"amount": esc(done.amount), "note": esc(done.note), "total": esc(done.total)}
    if has_pools(done.event):
        return w._("✅ Cost recorded: {amount} ({note}). Costs so far {total}. /prizes shows "
                   "the pools.", **values)
    return w._("✅ Cost recorded: {amount} ({note}). Costs so far {total}.", **values)


def prize_pools(p: Prizes) -> str:
    """The pools as the service words them (``bot/service/fees/prizes.py``)."""
    return f"<b>{esc(p.event.name)}</b>\n{esc(p.text)}"
