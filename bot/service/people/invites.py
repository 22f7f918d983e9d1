"""Invite codes for Telegram deep links (``https://t.me/<bot>?start=<code>``).

Three kinds, decided by the code's row:
- a personal code (it names a person): whoever follows it is linked to that person at once;
  single use.
- a general player code: the holder picks their entry from a list and a TD approves
  (a join request); many people use the same code. Two accounts may claim one entry: the
  TD is told of the other claim, and once the entry is linked (approved, or by its
  personal link) the other claims close and their senders are told.
- a general code for another role (TD, adjudicator, organiser): single use; the first
  person to follow it gets the role. Organisers hand these out one at a time.

The buttons under a join request (Approve / Reject) carry callback data built in
``callbacks.py``, where the adapter parses it.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from datetime import datetime

from bot.service.events.lookup import Event, get_event
from bot.service.people import invite_texts, standing_texts
from bot.service.people.languages import (
    language_for,
    note_joined,
    note_telegram,
    spoken,
    telegram_code,
)
from bot.service.people.persons import add_person, get_person, person_by_tg
from bot.service.people.roles import (
    ROLES,
    Hat,
    grant_role,
    has_role,
    hats_held,
    people_with_role,
    require_role,
)
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.unit import (
    Reply,
    Request,
    actor_of,
    answer,
    require_actor,
    unit,
)
from bot.store import entries_repo, invites_repo, outbox_repo, people_repo
from bot.store.db import Database, Tx
from bot.store.entries_repo import EntryState
from bot.store.invites_repo import Invite as Invite
from bot.store.invites_repo import JoinRequest as JoinRequest
from bot.store.invites_repo import RequestState
from bot.words.said import Said, english_text, said


def invite_link(bot_username: str, code: str) -> str:
    return f"https://t.me/{bot_username.lstrip('@')}?start={code}"


async def _linked(tx: Tx, event_id: int, event_name: str, role: str,
                  person_id: int) -> Redemption:
    """A user linked by an invite: a player is told which entry they are, so a link
    given to the wrong person shows at once."""
    entry = await entries_repo.of_person(tx, event_id, person_id) if role == "player" else None
    return Redemption("linked", event_id, event_name, role, person_id,
                      entry=entry.name if entry is not None else "")


@dataclass(frozen=True)
class Redemption:
    """What following an invite did.

    ``outcome``: 'linked' (the person now holds ``role`` in the event), 'choose_entry'
    (show ``choices`` as buttons, then call ``request_entry``), or 'pending' (this user
    already asked for an entry and waits for a TD).
    """

    outcome: str
    event_id: int
    event_name: str
    role: str
    person_id: int | None = None
    choices: list[tuple[int, str]] = field(default_factory=list)
    held: frozenset[Hat] = frozenset()  # every (role, format) the user now holds, any event
    entry: str = ""  # a player linked: the entry they now are, as the event names them


def hands_out(role: str) -> str:
    """The role one needs to hand out invites for ``role``: TD and organiser links come
    from an organiser, player and adjudicator links from a TD (or an organiser)."""
    return "organiser" if role in ("organiser", "td") else "td"


async def create_invite(
    tx: Tx,
    event_id: int,
    role: str,
    *,
    person_id: int | None = None,
    by: Actor,
    now: datetime,
    code: str | None = None,
) -> str:
    """A new invite code (TD or organiser only; organiser only for TD/organiser codes)."""
    if role not in ROLES:
        raise Invalid(said("unknown role '{role}'; roles are {roles}", role=role,
                           roles=", ".join(ROLES)))
    await require_role(tx, by, event_id, hands_out(role))
    code = code or secrets.token_urlsafe(9)
    await invites_repo.add(tx, code, event_id, role, person_id, now)
    await journal.record(
        tx, who=by, action="invite.create", subject=f"event:{event_id}", now=now,
        detail={"role": role, "person_id": person_id},
    )
    return code


async def invites_of(tx: Tx, event_id: int) -> list[Invite]:
    return await invites_repo.of_event(tx, event_id)


async def _get_invite(tx: Tx, code: str) -> Invite:
    invite = await invites_repo.get(tx, code)
    if invite is None:
        raise NotFound(said("this invite link is not valid; ask the organiser for a new one"))
    return invite


def _same_name(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


async def _link(
    tx: Tx, person_id: int, tg_user_id: int, tg_name: str, now: datetime, *,
    td_decided: bool = False,
) -> int:
    """Link a Telegram user to a person; returns the id the person ends up with.

    A Telegram account TDBot already knows as another person takes over a player's entry
    only when the names agree (a TD who also plays, SSSg para 19) or a TD decided it (a join
    request): a personal link tapped by the wrong account (an organiser checking it, a
    forwarded link) must not hand the entry, and its name, to someone else. A role alone
    (TD, adjudicator) goes to whoever follows its link, as a general role link does.
    """
    person = await get_person(tx, person_id)
    if person.tg_user_id == tg_user_id:
        return person.id
    if person.tg_user_id is not None:
        raise Invalid(said("this entry is already linked to another Telegram account; ask a "
                           "TD if that is wrong"))
    await outbox.await_welcome(tx, person.id)
    existing = await person_by_tg(tx, tg_user_id)
    if existing is not None:
        if await entries_repo.play_in_one_event(tx, person.id, existing.id):
            raise Invalid(said("your Telegram account already has an entry in this event; "
                               "ask a TD if two entries are the same person"))
        plays = await entries_repo.plays_anywhere(tx, person.id)
        if plays and not td_decided and not _same_name(existing.name, person.name):
            raise Invalid(said(
                "this link is for {name}, and your Telegram account is {yours} here. If you "
                "are {name}, follow the event's player link and pick your name: a TD will "
                "confirm it. Otherwise pass this link on to them (it still works).",
                name=person.name, yours=existing.name)
            )
        # Everything of the placeholder (an imported player with no Telegram yet) moves
        # onto the person the Telegram user already is.
        await people_repo.merge_into(tx, person.id, existing.id)
        return existing.id
    await people_repo.link_tg(tx, person.id, tg_user_id)
    return person.id


async def redeem_invite(
    tx: Tx, code: str, *, tg_user_id: int, tg_name: str, now: datetime
) -> Redemption:
    """Follow an invite link (``/start <code>``)."""
    inv = await _get_invite(tx, code)
    event = await get_event(tx, inv.event_id)
    who = Actor(None, f"tg:{tg_user_id} ({tg_name})")
    if inv.person_id is not None or inv.role != "player":
        if inv.used_by is not None:
            user = await person_by_tg(tx, tg_user_id)
            if user is not None and user.id == inv.used_by:
                return await _linked(tx, event.id, event.name, inv.role, user.id)
            raise Invalid(said("this invite link has already been used; ask the organiser "
                               "for a new one"))
        if inv.person_id is not None:
            pid = await _link(tx, inv.person_id, tg_user_id, tg_name, now)
            claimed = await entries_repo.of_person(tx, event.id, pid)
            if claimed is not None:
                await _close_other_claims(tx, claimed.id, claimed.name, event,
                                          keep=None, by=who, now=now)
        else:
            user = await person_by_tg(tx, tg_user_id)
            pid = user.id if user else await add_person(tx, tg_name, now, tg_user_id=tg_user_id)
        await grant_role(tx, event.id, pid, inv.role, by=who, now=now,
                         why=said("invite link"))
        await invites_repo.mark_used(tx, code, pid, now)
        await journal.record(
            tx, who=Actor.person(pid, tg_name), action="invite.redeem", subject=f"event:{event.id}",
            now=now, detail={"role": inv.role, "tg_user_id": tg_user_id},
        )
        return await _linked(tx, event.id, event.name, inv.role, pid)
    # a general player code
    user = await person_by_tg(tx, tg_user_id)
    if user is not None:
        if await entries_repo.of_person(tx, event.id, user.id) is not None:
            return await _linked(tx, event.id, event.name, "player", user.id)
    if await invites_repo.has_pending(tx, event.id, tg_user_id):
        return Redemption("pending", event.id, event.name, "player")
    return Redemption("choose_entry", event.id, event.name, "player", None,
                      await unclaimed_entries(tx, event.id))


async def events_awaiting_approval(tx: Tx, tg_user_id: int) -> list[str]:
    """Names of the events this Telegram user asked to join and a TD has not answered yet."""
    return await invites_repo.events_awaited_by(tx, tg_user_id)


async def unclaimed_entries(tx: Tx, event_id: int) -> list[tuple[int, str]]:
    """Entries whose person has no Telegram account yet: what a new player picks from."""
    return [(e.id, e.name) for e in await entries_repo.unlinked(tx, event_id)
            if e.state == EntryState.ACTIVE]


async def request_entry(
    tx: Tx, code: str, entry_id: int, *, tg_user_id: int, tg_name: str, now: datetime,
    tg_language: str | None = None,
) -> int:
    """A player picked an entry after a general code: ask the event's TDs to approve."""
    inv = await _get_invite(tx, code)
    if inv.role != "player" or inv.person_id is not None:
        raise Invalid(said("this invite link does not let you choose an entry"))
    user = await person_by_tg(tx, tg_user_id)
    if user is not None:
        own = await entries_repo.of_person(tx, inv.event_id, user.id)
        if own is not None:
            raise Invalid(said("you are already entered in this event as {name}", name=own.name))
    choices = dict(await unclaimed_entries(tx, inv.event_id))
    if entry_id not in choices:
        raise Invalid(said("that entry is not available any more; pick another or ask a TD"))
    if await invites_repo.has_pending(tx, inv.event_id, tg_user_id):
        raise Invalid(said("you have already asked to join; a TD will answer soon"))
    rid = await invites_repo.add_request(
        tx, event_id=inv.event_id, code=code, tg_user_id=tg_user_id, tg_name=tg_name,
        entry_id=entry_id, now=now, tg_language=tg_language,
    )
    event = await get_event(tx, inv.event_id)
    others = [(other.tg_user_id, other.tg_name)
              for other in await invites_repo.pending_claims(tx, entry_id, besides=rid)]
    text = invite_texts.join_request(event.name, tg_user_id, tg_name, choices[entry_id], others)
    buttons = invite_texts.decide_buttons(rid)
    for td in await _tds_and_organisers(tx, inv.event_id):
        await outbox.enqueue(tx, person_id=td, said=text, buttons=buttons, now=now,
                             dedupe_key=f"join:{rid}:td:{td}")
    await journal.record(
        tx, who=Actor(None, f"tg:{tg_user_id} ({tg_name})"), action="join.request",
        subject=f"event:{inv.event_id}", now=now,
        detail={"request_id": rid, "entry_id": entry_id, "tg_user_id": tg_user_id},
    )
    return rid


async def _close_other_claims(
    tx: Tx, entry_id: int, entry_name: str, event: Event, *, keep: int | None, by: Actor,
    now: datetime,
) -> None:
    """An entry now belongs to one Telegram account: every other pending request for it can
    never be approved, so it is closed, its sender told, and every TD's copy edited (a TD
    must not be left with a request that fails when pressed)."""
    for r in await invites_repo.pending_claims(tx, entry_id, besides=keep):
        await invites_repo.decide(tx, r.id, RequestState.REJECTED, by.person_id, now)
        await outbox.enqueue(
            tx, chat_id=r.tg_user_id, now=now,
            said=invite_texts.claim_closed(event.name, entry_name),
        )
        for copy in await outbox_repo.by_dedupe_prefix(tx, f"join:{r.id}:td:"):
            await outbox.enqueue_edit(
                tx, copy, now=now,
                said=invite_texts.claim_closed_note(copy.text_html, entry_name),
            )
        await journal.record(
            tx, who=by, action="join.reject", subject=f"event:{event.id}",
            now=now, detail={"request_id": r.id, "entry_id": entry_id,
                             "tg_user_id": r.tg_user_id},
            why=said("the entry was linked to another Telegram account"),
        )


async def _tds_and_organisers(tx: Tx, event_id: int) -> list[int]:
    people = set(await people_with_role(tx, event_id, "td"))
    people |= set(await people_with_role(tx, event_id, "organiser"))
    return sorted(people)


async def pending_join_requests(tx: Tx, event_id: int) -> list[JoinRequest]:
    return await invites_repo.pending_of_event(tx, event_id)


@dataclass(frozen=True)
class JoinDecision:
    """How a join request stands after a TD's press.

    ``by_this_press`` is False when another TD (or an earlier press) had decided it already;
    ``decided_by`` names whoever did, so the second TD can be told "already approved by
    Tara" instead of a bare "approved".
    """

    request: JoinRequest
    decided_by: str  # a name; "" for the organiser at the command line
    by_this_press: bool
    closed: bool = False  # it closed without a TD's verdict: the entry was taken
    player_roles: frozenset[Hat] = frozenset()  # the approved player's, for their menu
    player_language: str = "en"  # the language the approved player reads, for their menu

    @property
    def said(self) -> Said:
        """'✅ Approved by Tara.', a record."""
        if self.closed:
            return invite_texts.closed(self.request.entry_name)
        return invite_texts.verdict(self.request.state == RequestState.APPROVED,
                                    self.decided_by)

    @property
    def verdict(self) -> str:
        """'✅ Approved by Tara.' in English, as plain text (what the CLI prints)."""
        return english_text(self.said)


async def _decider_name(tx: Tx, person_id: int | None) -> str:
    """Who decided, by name; "" for the organiser at the command line."""
    if person_id is None:
        return ""
    return (await get_person(tx, person_id)).name


async def decide_join_request(
    tx: Tx, request_id: int, approve: bool, *, by: Actor, now: datetime, why: str = ""
) -> JoinDecision:
    """A TD approves or rejects a join request.

    Every TD of the event got a copy of the request with buttons (``request_entry``); the
    decision edits all of those copies, through the outbox, to say who decided and drops
    the buttons, so no other TD decides it again unaware. Pressing twice, or a second TD
    pressing, changes nothing and says who decided (docs/architecture.md, "Nothing lost, nothing
    doubled": button presses are safe to repeat).
    """
    request = await invites_repo.get_request(tx, request_id)
    if request is None:
        raise NotFound(said("no join request {request}", request=request_id))
    await require_role(tx, by, request.event_id, "td")
    entry = await entries_repo.get(tx, request.entry_id)
    assert entry is not None
    owner = await get_person(tx, entry.person_id)
    taken = owner.tg_user_id is not None and owner.tg_user_id != request.tg_user_id
    if request.state != RequestState.PENDING:
        return JoinDecision(request, await _decider_name(tx, request.decided_by), False,
                            taken and request.state == RequestState.REJECTED)
    event = await get_event(tx, request.event_id)
    if taken:
        await _close_other_claims(tx, entry.id, entry.name, event, keep=None, by=by, now=now)
        return JoinDecision(replace(request, state=RequestState.REJECTED, decided_by=by.person_id),
                            await _decider_name(tx, by.person_id), False, True)
    state = RequestState.APPROVED if approve else RequestState.REJECTED
    if approve:
        pid = await _link(tx, entry.person_id, request.tg_user_id, request.tg_name, now,
                          td_decided=True)
        await note_joined(tx, pid, request.tg_language)
        await outbox.write_held(tx, pid)  # in the language their join request came with
        await _close_other_claims(tx, entry.id, entry.name, event,
                                  keep=request_id, by=by, now=now)
        await outbox.enqueue(tx, person_id=pid, said=invite_texts.welcome(event.name, entry.name),
                             now=now)
    else:
        await outbox.enqueue(tx, chat_id=request.tg_user_id, now=now,
                             said=invite_texts.not_approved(event.name, entry.name),
                             lang=spoken(request.tg_language))
    await invites_repo.decide(tx, request_id, state, by.person_id, now)
    await journal.record(
        tx, who=by, action="join.approve" if approve else "join.reject",
        subject=f"event:{event.id}", now=now,
        detail={"request_id": request_id, "entry_id": entry.id,
                "tg_user_id": request.tg_user_id}, why=why,
    )
    decision = JoinDecision(replace(request, state=state, decided_by=by.person_id),
                            await _decider_name(tx, by.person_id), True)
    for copy in await outbox_repo.by_dedupe_prefix(tx, f"join:{request_id}:td:"):
        await outbox.enqueue_edit(
            tx, copy, said=invite_texts.decided(copy.text_html, decision.said), now=now
        )
    return decision


async def personal_player_invites(
    tx: Tx, event_id: int, *, by: Actor, now: datetime, entries: Collection[int] | None = None
) -> list[tuple[str, str]]:
    """(name, code) of a personal invite for every player not yet on Telegram (of those
    ``entries`` only, when given); an unused personal code already made is given again
    rather than a second one."""
    await require_role(tx, by, event_id, "td")
    out: list[tuple[str, str]] = []
    for entry in await entries_repo.unlinked(tx, event_id):
        if entries is not None and entry.id not in entries:
            continue
        code = await invites_repo.unused_personal(tx, event_id, entry.person_id, "player")
        if code is None:
            code = await create_invite(tx, event_id, "player", person_id=entry.person_id, by=by,
                                       now=now)
        out.append((entry.name, code))
    return out


# --- use-cases ------------------------------------------------------------------------


def _tg_user(req: Request) -> int:
    if req.tg_user_id is None:
        raise Invalid(said("only a Telegram user can follow an invite link"))
    return req.tg_user_id


def _followed(code: str, done: Redemption) -> Reply:
    """What following a link says: the names to pick from (a general player link), that
    the request waits, or who the person now is in the event."""
    if done.outcome == "choose_entry":
        if not done.choices:
            return Reply(invite_texts.no_entries_left(done.event_name))
        return Reply(invite_texts.pick_your_name(done.event_name),
                     invite_texts.pick_buttons(code, done.choices))
    if done.outcome == "pending":
        return Reply(standing_texts.still_waiting(done.event_name))
    return Reply(invite_texts.joined(done.event_name, done.role, done.entry))


async def follow_invite(db: Database, req: Request, code: str) -> Redemption:
    """Use-case: a Telegram user follows an invite link (``/start <code>``)."""
    tg_user_id = _tg_user(req)
    async with unit(db, req) as tx:
        done = await redeem_invite(tx, code, tg_user_id=tg_user_id, tg_name=req.tg_name,
                                   now=req.now)
        await note_telegram(tx, tg_user_id, req.tg_language)  # linked just now, perhaps
        if done.outcome == "linked" and done.person_id is not None:
            await outbox.write_held(tx, done.person_id)  # in the language just noted
        done = replace(done, held=frozenset(await hats_held(tx, tg_user_id)))
        await answer(tx, req, _followed(code, done))
        return done


@dataclass(frozen=True)
class JoinAsked:
    """A join request made; ``picked``: what the tapped name list now says (the chat
    rewrites it after commit, a cosmetic edit)."""

    request_id: int
    event_name: str
    entry_name: str
    picked: Said


async def ask_to_join(db: Database, req: Request, code: str, entry_id: int) -> JoinAsked:
    """Use-case: after a general player link, a Telegram user says which entry is theirs;
    every TD and organiser of the event is asked to approve (``request_entry``)."""
    tg_user_id = _tg_user(req)
    async with unit(db, req) as tx:
        rid = await request_entry(tx, code, entry_id, tg_user_id=tg_user_id,
                                  tg_name=req.tg_name, now=req.now,
                                  tg_language=telegram_code(req.tg_language))
        entry = await entries_repo.get(tx, entry_id)
        assert entry is not None  # request_entry checked it
        event = await get_event(tx, entry.event_id)
        await answer(tx, req, Reply(invite_texts.asked_tds(event.name, entry.name)))
        return JoinAsked(rid, event.name, entry.name,
                         invite_texts.picked_your_name(event.name, entry.name))


async def decide_join(
    db: Database, req: Request, request_id: int, approve: bool, *, event_id: int | None = None,
    why: str = "",
) -> JoinDecision:
    """Use-case: a TD approves or rejects a join request (``decide_join_request``).

    ``event_id``: the event the TD named (the command line), which the request must be of.
    The pressing TD is told only when someone had decided before them; otherwise the edit
    of every TD's copy says it.
    """
    async with unit(db, req) as tx:
        actor = await actor_of(tx, req)
        if actor is None:
            raise NotAllowed(said("only a TD of this event may approve players"))
        if event_id is not None:
            request = await invites_repo.get_request(tx, request_id)
            if request is None or request.event_id != event_id:
                slug = (await get_event(tx, event_id)).slug
                raise NotFound(said("join request {request}: no such request in {event}; "
                                    "`tdbot event inbox {event}` lists them",
                                    request=request_id, event=slug))
        decision = await decide_join_request(tx, request_id, approve, by=actor, now=req.now,
                                             why=why)
        if decision.by_this_press and decision.request.state == RequestState.APPROVED:
            held = await hats_held(tx, decision.request.tg_user_id)
            player = await person_by_tg(tx, decision.request.tg_user_id)
            decision = replace(decision, player_roles=frozenset(held),
                               player_language=language_for(player))
        if not decision.by_this_press:
            await answer(tx, req, Reply(invite_texts.already_decided(decision.said)))
        return decision


async def invite_for_role(db: Database, req: Request, event_id: int, role: str) -> str:
    """Use-case: a new invite code for a role in the event (``create_invite``)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        return await create_invite(tx, event_id, role, by=actor, now=req.now)


@dataclass(frozen=True)
class InviteList:
    """An event's invite codes, and the names of the people the personal ones are for."""

    event: Event
    invites: list[Invite]
    names: dict[int, str]


async def invite_links(db: Database, req: Request, event_id: int, *,
                       bot_username: str = "") -> InviteList:
    """Use-case: a TD or organiser lists the event's invite codes (``/invites``): only
    those they may hand out themselves (``hands_out``); in the chat, as links to the bot
    ``bot_username``."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        codes = [i for i in await invites_of(tx, event_id)
                 if await has_role(tx, actor, event_id, hands_out(i.role))]
        names = {p: (await get_person(tx, p)).name for p in {i.person_id for i in codes} if p}
        await answer(tx, req, Reply(invite_texts.invite_list(event.name, [
            (i.role, names.get(i.person_id, "") if i.person_id else None,
             invite_link(bot_username, i.code), bool(i.used_by)) for i in codes])))
        return InviteList(event, codes, names)
