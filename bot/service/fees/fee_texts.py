"""What the fee use-cases tell players and TDs through the outbox (SSSg para 26: a fee per
round): records (``bot/words/said.py``), written in each reader's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.events.schedule import round_said
from bot.words.said import Rendered, Said, english_text, said

if TYPE_CHECKING:
    from bot.service.fees.fee_views import Payment, ProofSent


def payment_recorded(event: str, amount: str, round_name: str) -> Said:
    return said("<b>{event}</b>: your payment of {amount} for {round} is recorded. Thank you!",
                event=event, amount=amount, round=round_said(round_name))


def proof_for_tds(event: str, player: str, amount: str, round_name: str) -> Said:
    return said("<b>{event}</b>: {player} sent proof of paying {amount} for {round} (the photo "
                "above). Approve records the payment.", event=event, player=player,
                amount=amount, round=round_said(round_name))


def proof_buttons(approve: str, reject: str) -> list[list[tuple[Said, str]]]:
    return [[(said("Approve"), approve), (said("Reject"), reject)]]


def proof_rejected(event: str, round_name: str) -> Said:
    return said("<b>{event}</b>: a TD could not accept your proof of payment for {round}. "
                "Please contact a TD, or send a clearer photo with the caption /paid.",
                event=event, round=round_said(round_name))


def proof_decided(proof_html: str, verdict: Said) -> Said:
    """A TD's copy of the proof as sent, with who decided it under it."""
    return said("{proof}\n\n{verdict}", proof=Rendered(proof_html), verdict=verdict)


def payment_recorded_for_td(paid: Payment) -> Said:
    """The answer to the TD who recorded a payment (``/paid NAME ROUND``); before the draw
    the round does not exist yet, and the payment counts once the draw makes it."""
    if paid.drawn:
        return said("✅ Recorded: {player} paid {amount} for {round}. They are told.",
                    player=paid.player, amount=paid.amount, round=round_said(paid.round_name))
    return said("✅ Recorded: {player} paid {amount} for {round} (before the draw: it counts "
                "once the draw makes the round). They are told.", player=paid.player,
                amount=paid.amount, round=round_said(paid.round_name))


def proof_sent(sent: ProofSent) -> Said:
    """The answer to the player who sent a photo of their payment."""
    return said("Thank you. Your proof of paying {fee} for {round} is with the TDs; I will "
                "tell you when one of them has checked it.", fee=sent.fee,
                round=round_said(sent.round_name))


def proof_photo_caption(player: str, round_name: str, fee: str) -> Said:
    """The caption of the photo each TD is sent beside the request with the buttons."""
    return said("{player}: proof of payment for {round} ({fee})", player=player,
                round=round_said(round_name), fee=fee)


def approved(who: Said | str, player: str, round_name: str) -> Said:
    """Under every TD's copy of a proof, once a TD approved it (SSSg para 26)."""
    return said("✅ {who} approved: {player}'s payment for {round} is recorded.", who=who,
                player=player, round=round_said(round_name))


def rejected(who: Said | str, player: str, round_name: str) -> Said:
    """Under every TD's copy of a proof, once a TD rejected it."""
    return said("❌ {who} rejected {player}'s proof for {round}.", who=who, player=player,
                round=round_said(round_name))


def decided_before(by: str, approved: bool, player: str) -> Said:
    """To a TD who pressed Approve or Reject after another TD had decided (``by``: who, as
    stored with the proof)."""
    who = td_at_command_line() if by == english_text(td_at_command_line()) else by
    if approved:
        return said("{by} already approved {player}'s proof.", by=who, player=player)
    return said("{by} already rejected {player}'s proof.", by=who, player=player)


def td_at_command_line() -> Said:
    """Who decided a proof at the command line, where nobody is named."""
    return said("A TD (command line)")


#: The note a payment recorded with /paid in the chat keeps (the journal's reason).
PAID_IN_CHAT = said("/paid in chat")

PAID_USAGE = said("Say who paid for which round: /paid NAME ROUND, e.g. /paid Ann Lee SF. "
                  "Players: send a photo of your payment with the caption /paid.")

PROOF_BY_PHOTO = said("To show you paid, send a photo of the payment with the caption /paid "
                      "(or /paid ROUND); a TD checks it.")
