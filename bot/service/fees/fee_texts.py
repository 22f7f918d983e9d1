"""What the fee use-cases tell players and TDs through the outbox (SSSg para 26: a fee per
round): records (``bot/words/said.py``), written in each reader's language."""

from __future__ import annotations

from bot.words.said import Rendered, Said, said


def payment_recorded(event: str, amount: str, round_name: str) -> Said:
    return said("<b>{event}</b>: your payment of {amount} for {round} is recorded. Thank you!",
                event=event, amount=amount, round=round_name)


def proof_for_tds(event: str, player: str, amount: str, round_name: str) -> Said:
    return said("<b>{event}</b>: {player} sent proof of paying {amount} for {round} (the photo "
                "above). Approve records the payment.", event=event, player=player,
                amount=amount, round=round_name)


def proof_buttons(approve: str, reject: str) -> list[list[tuple[Said, str]]]:
    return [[(said("Approve"), approve), (said("Reject"), reject)]]


def proof_rejected(event: str, round_name: str) -> Said:
    return said("<b>{event}</b>: a TD could not accept your proof of payment for {round}. "
                "Please contact a TD, or send a clearer photo with the caption /paid.",
                event=event, round=round_name)


def proof_decided(proof_html: str, verdict: str) -> Said:
    """A TD's copy of the proof as sent, with who decided it under it."""
    return said("{proof}\n\n{verdict}", proof=Rendered(proof_html), verdict=verdict)
