"""Entry fees, paid per round (SSSg 2016, Annex A para 26:
"$15 per round. If a player is not paid-up by the commencement of a round, he will
immediately be expelled").

A payment belongs to one entry and one round; amounts are in minor units (cents) in the
event's currency. ``unpaid`` is what ``open_round_in`` checks before a round commences.

Organisers take fees from registration on, before the draw has made any round: a payment
then names a round of the definition's ``[[rounds]]``, by its code (``round_code``, the
code the draw gives the round it makes), so it counts as soon as the round exists. One the
draw does not make is reported with the draw (``unmatched``), not lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service.events.definitions import definition_of
from bot.service.events.lookup import Event, get_event
from bot.service.events.schedule import Round, find_round, round_code, round_said, rounds_of
from bot.service.fees import fee_texts
from bot.service.fees.fee_views import Payment as Payment
from bot.service.people import name_texts
from bot.service.people.entries import Entry, entries_of, get_entry
from bot.service.people.roles import require_role
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotFound
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.store import payments_repo
from bot.store.db import Database, Tx
from bot.words.said import Said, english_text, said
from core.names import NameRefused, pick


@dataclass(frozen=True)
class _Payable:
    code: str
    name: str
    fee: int
    drawn: bool


async def record_payment(
    db: Database, req: Request, event_id: int, player: str, round_ref: str, *,
    amount: int | None = None, note: Said | str = "",
) -> Payment:
    """Use-case: a TD records that a player (named as ``core.names`` matches a typed name:
    "Ann" for Ann Lee when no one else fits) paid a round's fee (``record_payment_in``);
    ``amount`` in minor units, the round's fee by default."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        entries = await entries_of(tx, event_id)
        try:
            entry = entries[pick(player, [e.name for e in entries])]
        except NameRefused as exc:
            if exc.ambiguous:
                raise Invalid(said("player {why}", why=name_texts.refused(exc))) from None
            raise NotFound(said("player '{name}': no such player in {event}{did_you_mean}",
                                name=player, event=event.slug,
                                did_you_mean=name_texts.did_you_mean(exc))) from None
        paid = await record_payment_in(tx, entry.id, round_ref, amount=amount, by=actor,
                                       now=req.now, note=note)
        await answer(tx, req, Reply(fee_texts.payment_recorded_for_td(paid)))
        return paid


async def _payable(tx: Tx, event: Event, round_ref: str) -> _Payable:
    """The round a payment is for: a round of the draw, or before the draw a round of the
    definition's ``[[rounds]]`` (its fee is the event's fee per round, as the draw gives)."""
    if await rounds_of(tx, event.id):
        rnd = await find_round(tx, event.id, round_ref)
        return _Payable(rnd.code, rnd.name, rnd.fee, True)
    key = round_ref.strip().casefold()
    planned = [r.name for r in definition_of(event).rounds]
    for name in planned:
        if key in (name.casefold(), round_code(name)):
            return _Payable(round_code(name), name, event.fee_per_round, False)
    if not planned:
        raise NotFound(said("{event} is not drawn yet and its definition names no rounds "
                            "([[rounds]]); record the payment once the draw has made the "
                            "rounds", event=event.name))
    names = ", ".join(f"{n} ({round_code(n)})" for n in planned)
    raise NotFound(said("no round '{round}' in the definition of {event}; before the draw a "
                        "payment names one of its rounds: {rounds}", round=round_ref,
                        event=event.name, rounds=names))


async def record_payment_in(
    tx: Tx,
    entry_id: int,
    round_ref: str,
    *,
    amount: int | None = None,
    by: Actor,
    now: datetime,
    note: Said | str = "",
) -> Payment:
    """Record that an entry paid a round's fee (TD or organiser); ``round_ref`` is a
    round's code or name, of the draw or, before the draw, of the definition. ``amount``
    defaults to the round's fee; less than the fee is refused, as it would not make the
    player paid-up (para 26). Recording the same round twice is refused."""
    entry = await get_entry(tx, entry_id)
    await require_role(tx, by, entry.event_id, "td")
    event = await get_event(tx, entry.event_id)
    rnd = await _payable(tx, event, round_ref)
    amount = rnd.fee if amount is None else amount
    if amount < rnd.fee:
        raise Invalid(said("the fee for {round} is {fee}; {amount} is not enough",
                           round=round_said(rnd.name), fee=event.money(rnd.fee),
                           amount=event.money(amount)))
    if await payments_repo.exists(tx, entry_id, rnd.code):
        raise Invalid(said("{name} has already paid for {round}", name=entry.name,
                           round=round_said(rnd.name)))
    pid = await payments_repo.add(
        tx, event_id=entry.event_id, entry_id=entry_id, round_code=rnd.code, amount=amount,
        currency=event.currency, recorded_by=by.label,
        note=english_text(note), paid_at=now,
    )
    await journal.record(
        tx, who=by, action="payment.record", subject=f"entry:{entry_id}", now=now,
        detail={"round": rnd.code, "amount": amount, "currency": event.currency}, why=note,
    )
    await outbox.enqueue(
        tx, person_id=entry.person_id, now=now,
        said=fee_texts.payment_recorded(event.name, event.money(amount), rnd.name),
    )
    return Payment(pid, entry.name, rnd.name, event.money(amount), rnd.drawn)


async def unpaid(tx: Tx, rnd: Round) -> list[Entry]:
    """Entries playing in ``rnd`` that have not paid its fee (none if the round is free)."""
    if rnd.fee <= 0:
        return []
    return [await get_entry(tx, e) for e in await payments_repo.unpaid_entries(tx, rnd.id)]


async def unmatched(tx: Tx, event_id: int) -> list[tuple[str, str]]:
    """(player, round) of payments made before the draw for a round the draw did not make
    (a plate round of another size, a name since changed): a TD must move or refund them."""
    names = {e.id: e.name for e in await entries_of(tx, event_id)}
    event = await get_event(tx, event_id)
    planned = {round_code(r.name): r.name for r in definition_of(event).rounds}
    return [(names.get(entry, f"entry {entry}"), planned.get(code, code))
            for entry, code in await payments_repo.without_round(tx, event_id)]
