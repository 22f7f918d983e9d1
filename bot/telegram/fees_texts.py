"""What people read about fees, proofs of payment, costs and prizes (SSSg paras 7-9, 26)."""

from __future__ import annotations

import html

from bot.service.fees.payment_proofs import ProofDecision, ProofSent
from bot.service.fees.payments import Payment
from bot.service.fees.prizes import CostEntered, Prizes, has_pools


def esc(text: str) -> str:
    return html.escape(text, quote=False)


def payment_recorded(paid: Payment) -> str:
    when = "" if paid.drawn else " (before the draw: it counts once the draw makes the round)"
    return (f"✅ Recorded: {esc(paid.player)} paid {esc(paid.amount)} for "
            f"{esc(paid.round_name)}{when}. They are told.")


def proof_sent(sent: ProofSent) -> str:
    return (f"Thank you. Your proof of paying {esc(sent.fee)} for {esc(sent.round_name)} is with "
            "the TDs; I will tell you when one of them has checked it.")


def proof_photo_caption(sent: ProofSent) -> str:
    return f"{esc(sent.player)}: proof of payment for {esc(sent.round_name)} ({esc(sent.fee)})"


def proof_decided(decision: ProofDecision) -> str | None:
    """The pressing TD is told only when someone had decided before; otherwise the edit of
    every TD's copy says it."""
    return None if decision.by_this_press else esc(decision.verdict)


PAID_USAGE = ("Say who paid for which round: /paid NAME ROUND, e.g. /paid Ann Lee SF. "
              "Players: send a photo of your payment with the caption /paid.")


def cost_entered(done: CostEntered) -> str:
    pools = " /prizes shows the pools." if has_pools(done.event) else ""
    return (f"✅ Cost recorded: {esc(done.amount)} ({esc(done.note)}). Costs so far "
            f"{esc(done.total)}.{pools}")


def prize_pools(p: Prizes) -> str:
    return f"<b>{esc(p.event.name)}</b>\n{esc(p.text)}"
