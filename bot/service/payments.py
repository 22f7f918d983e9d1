"""Entry fees, paid per round (SSSg 2016, seed 003_053a0fd902066061.txt, Annex A para 26: "$15 per round. If a player is not
paid-up by the commencement of a round, he will immediately be expelled").

A payment belongs to one entry and one round; amounts are in minor units (cents) in the
event's currency. ``unpaid`` is what ``open_round`` checks before a round commences.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import datetime

from bot.service import journal, outbox
from bot.service.actors import Actor
from bot.service.entries import Entry, entries_of, get_entry
from bot.service.errors import Invalid, NotFound
from bot.service.events import get_event
from bot.service.roles import require_role
from bot.service.schedule import Round, find_round, get_round
from bot.service.unit import Answer, Request, answer_with, require_actor, unit
from bot.store import payments_repo
from bot.store.db import Database, Tx


@dataclass(frozen=True)
class Payment:
    """A recorded payment, as the TD who recorded it is told."""

    id: int
    player: str
    round_name: str
    amount: str  # in the event's currency, e.g. "SGD 15.00"


async def record_payment(
    db: Database, req: Request, event_id: int, player: str, round_ref: str, *,
    amount: int | None = None, note: str = "", render: Answer[Payment] | None = None,
) -> Payment:
    """Use-case: a TD records that a player (by the name entered) paid a round's fee
    (``record_payment_in``); ``amount`` in minor units, the round's fee by default."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        entry = next((e for e in await entries_of(tx, event_id)
                      if e.name.casefold() == player.strip().casefold()), None)
        if entry is None:
            raise NotFound(f"player {player!r}: no such player in {event.slug}")
        rnd = await find_round(tx, event_id, round_ref)
        paid = amount if amount is not None else rnd.fee
        pid = await record_payment_in(tx, entry.id, rnd.id, amount=paid, by=actor, now=req.now,
                                      note=note)
        return await answer_with(tx, req, render,
                                 Payment(pid, entry.name, rnd.name, event.money(paid)))


async def record_payment_in(
    tx: Tx,
    entry_id: int,
    round_id: int,
    *,
    amount: int | None = None,
    by: Actor,
    now: datetime,
    note: str = "",
) -> int:
    """Record that an entry paid a round's fee (TD or organiser). ``amount`` defaults to
    the round's fee; less than the fee is refused, as it would not make the player
    paid-up (para 26). Recording the same round twice is refused."""
    entry = await get_entry(tx, entry_id)
    rnd = await get_round(tx, round_id)
    if rnd.event_id != entry.event_id:
        raise Invalid("that round belongs to another event")
    await require_role(tx, by, entry.event_id, "td")
    event = await get_event(tx, entry.event_id)
    amount = rnd.fee if amount is None else amount
    if amount < rnd.fee:
        raise Invalid(
            f"the fee for {rnd.name} is {event.money(rnd.fee)}; {event.money(amount)} is not enough"
        )
    if await payments_repo.exists(tx, entry_id, round_id):
        raise Invalid(f"{entry.name} has already paid for {rnd.name}")
    pid = await payments_repo.add(
        tx, event_id=entry.event_id, entry_id=entry_id, round_id=round_id, amount=amount,
        currency=event.currency, recorded_by=by.label, note=note, paid_at=now,
    )
    await journal.record(
        tx, who=by, action="payment.record", subject=f"entry:{entry_id}", now=now,
        detail={"round_id": round_id, "amount": amount, "currency": event.currency}, why=note,
    )
    await outbox.enqueue(
        tx, person_id=entry.person_id, now=now,
        text_html=(
            f"<b>{html.escape(event.name)}</b>: your payment of {event.money(amount)} for "
            f"{html.escape(rnd.name)} is recorded. Thank you!"
        ),
    )
    return pid


async def unpaid(tx: Tx, rnd: Round) -> list[Entry]:
    """Entries playing in ``rnd`` that have not paid its fee (none if the round is free)."""
    if rnd.fee <= 0:
        return []
    return [await get_entry(tx, e) for e in await payments_repo.unpaid_entries(tx, rnd.id)]
