"""What the fee use-cases answer (``payments``, ``payment_proofs``), as their wording reads
it (``fee_texts``): kept apart so that the wording needs none of the use-cases."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events.lookup import Event
from bot.words.said import Said


@dataclass(frozen=True)
class Payment:
    """A recorded payment, as the TD who recorded it is told; ``drawn``: its round exists
    (False: paid before the draw, it counts once the draw makes the round)."""

    id: int
    player: str
    round_name: str
    amount: str  # in the event's currency, e.g. "SGD 15.00"
    drawn: bool


@dataclass(frozen=True)
class ProofSent:
    """A proof on its way to the TDs; ``td_chats``: the TDs' Telegram chats, each with the
    language its TD reads, to which the adapter sends the photo itself (captioned
    ``caption``) beside the durable request with the buttons."""

    proof_id: int
    event: Event
    player: str
    round_name: str
    fee: str
    file_id: str
    td_chats: list[tuple[int, str]]
    caption: Said


@dataclass(frozen=True)
class ProofDecision:
    """What a press of Approve / Reject did: ``by_this_press`` False when someone had
    decided before (``verdict`` says who and what)."""

    approved: bool
    by_this_press: bool
    verdict: Said
    payment: Payment | None = None
