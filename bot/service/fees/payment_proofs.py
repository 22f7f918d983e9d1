"""A player's proof of payment: a photo with the caption ``/paid [ROUND]`` goes to the TDs
with Approve / Reject; approving records the payment exactly as a TD's ``/paid`` does
(``payments.record_payment_in``), so there is one code path for a payment.

SSSg 2016 Annex A para 26: the fee is due per round, and a
player not paid-up by the commencement of a round is expelled; a transfer's screenshot is
how a remote player shows they paid. Each TD's copy of the request is an outbox row keyed
``proof:<id>:td:<person>``; the first decision edits all of them (as join requests do), and
a later press changes nothing and says who decided.
"""

from __future__ import annotations

from bot.service.events.lookup import get_event
from bot.service.events.schedule import find_round, round_said, rounds_of
from bot.service.fees import fee_texts
from bot.service.fees.fee_views import ProofDecision as ProofDecision
from bot.service.fees.fee_views import ProofSent as ProofSent
from bot.service.fees.payments import record_payment_in
from bot.service.people.entries import Entry, get_entry
from bot.service.people.languages import language_of
from bot.service.people.persons import get_person
from bot.service.people.roles import people_with_role, require_role
from bot.service.platform import callbacks, journal, outbox
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.store import entries_repo, outbox_repo, payments_repo
from bot.store.db import Database, Tx
from bot.store.entries_repo import EntryState
from bot.store.payments_repo import ProofState
from bot.store.rounds_repo import RoundState
from bot.words.said import Said, english_text, said


async def _tds(tx: Tx, event_id: int) -> list[int]:
    tds = set(await people_with_role(tx, event_id, "td"))
    return sorted(tds | set(await people_with_role(tx, event_id, "organiser")))


async def _player_entry(tx: Tx, person_id: int) -> Entry:
    """The entry of the person sending proof: the one active entry they hold."""
    found = [e for e in await entries_repo.of_person_all(tx, person_id) if e.state == EntryState.ACTIVE]
    if not found:
        raise NotFound(said("you have no entry in an event: a proof of payment is for "
                            "players"))
    if len(found) > 1:
        names = ", ".join(e.name for e in found)
        raise Invalid(said("you play in several events ({events}); tell a TD which one you "
                           "paid for", events=names))
    return found[0]


async def send_proof(
    db: Database, req: Request, file_id: str, round_ref: str = "",
) -> ProofSent:
    """Use-case: a player sends a photo of their payment for a round (by default the
    earliest round of theirs they have not paid); the TDs get it with Approve / Reject."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        assert actor.person_id is not None  # a chat request
        entry = await _player_entry(tx, actor.person_id)
        event = await get_event(tx, entry.event_id)
        if round_ref.strip():
            rnd = await find_round(tx, event.id, round_ref)
        else:
            owing = [r for r in await rounds_of(tx, event.id)
                     if r.state != RoundState.CLOSED and r.fee > 0
                     and entry.id in await payments_repo.unpaid_entries(tx, r.id)]
            if not owing:
                raise Invalid(said("you have no unpaid round I know of; name the round in "
                                   "the caption, e.g. /paid QF"))
            rnd = owing[0]
        if await payments_repo.exists(tx, entry.id, rnd.code):
            raise Invalid(said("your payment for {round} is already recorded; nothing to "
                               "send", round=round_said(rnd.name)))
        proof_id = await payments_repo.add_proof(
            tx, event_id=event.id, entry_id=entry.id, round_code=rnd.code, file_id=file_id,
            now=req.now,
        )
        await journal.record(tx, who=actor, action="payment.proof", subject=f"entry:{entry.id}",
                             now=req.now, detail={"round": rnd.code, "proof_id": proof_id})
        text = fee_texts.proof_for_tds(event.name, entry.name, event.money(rnd.fee), rnd.name)
        chats = []
        for td in await _tds(tx, event.id):
            if td == entry.person_id:
                continue  # a TD who plays does not decide their own payment
            await outbox.enqueue(
                tx, person_id=td, said=text, now=req.now, dedupe_key=f"proof:{proof_id}:td:{td}",
                buttons=fee_texts.proof_buttons(callbacks.proof(proof_id, True),
                                                callbacks.proof(proof_id, False)),
            )
            tg = (await get_person(tx, td)).tg_user_id
            if tg is not None:
                chats.append((tg, await language_of(tx, td)))
        fee = event.money(rnd.fee)
        sent = ProofSent(proof_id, event, entry.name, rnd.name, fee, file_id, chats,
                         fee_texts.proof_photo_caption(entry.name, rnd.name, fee))
        await answer(tx, req, Reply(fee_texts.proof_sent(sent)))
        return sent


async def decide_proof(
    db: Database, req: Request, proof_id: int, approve: bool,
) -> ProofDecision:
    """Use-case: a TD approves (the payment is recorded, ``record_payment_in``) or rejects
    a proof; every TD's copy is edited to say who decided, and its buttons go. A TD who
    also plays never decides their own proof (as para 19 keeps a TD off their own match:
    nobody is judge in their own case); the other TDs get it."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        proof = await payments_repo.get_proof(tx, proof_id)
        if proof is None:
            raise NotFound(said("no proof of payment {proof}", proof=proof_id))
        await require_role(tx, actor, proof.event_id, "td")
        entry = await get_entry(tx, proof.entry_id)
        if entry.person_id == actor.person_id:
            raise NotAllowed(said("you sent this proof, so another TD decides it"))
        if proof.state != ProofState.PENDING:
            before = proof.state == ProofState.APPROVED
            verdict = fee_texts.decided_before(proof.decided_by or "", before, entry.name)
            await answer(tx, req, Reply(verdict))
            return ProofDecision(before, False, verdict)
        event = await get_event(tx, proof.event_id)
        who: Said | str = ((await get_person(tx, actor.person_id)).name
                           if actor.person_id is not None else fee_texts.td_at_command_line())
        await payments_repo.decide_proof(
            tx, proof_id, ProofState.APPROVED if approve else ProofState.REJECTED,
            english_text(who), req.now)
        paid = None
        if approve:
            paid = await record_payment_in(tx, entry.id, proof.round_code, by=actor, now=req.now,
                                           note=f"proof {proof_id} approved")
            verdict = fee_texts.approved(who, entry.name, paid.round_name)
        else:
            rnd = await find_round(tx, event.id, proof.round_code)
            verdict = fee_texts.rejected(who, entry.name, rnd.name)
            await outbox.enqueue(
                tx, person_id=entry.person_id, now=req.now,
                said=fee_texts.proof_rejected(event.name, rnd.name),
            )
            await journal.record(tx, who=actor, action="payment.proof_reject",
                                 subject=f"entry:{entry.id}", now=req.now,
                                 detail={"proof_id": proof_id})
        for copy in await outbox_repo.by_dedupe_prefix(tx, f"proof:{proof_id}:td:"):
            await outbox.enqueue_edit(tx, copy, said=fee_texts.proof_decided(copy.text_html, verdict),
                                      now=req.now)
        return ProofDecision(approve, True, verdict, paid)
