"""Availability in round-based events: a player says, before a round is paired, that they
cannot play it, and a TD keeps two players apart.

An unavailable player is left out of the round's pairing (``round_events.pair_division``)
and gets a requested bye, worth the definition's ``[pairing] requested_bye_points`` (half a
point, or none) with no spread; ``requested_byes`` is how many a player may ask for (0:
none, the default). The round's bye goes to someone else as the system decides (Director's
Manual, "Odd Number of Players"). A TD reads who is available (``availability``).

A forbidden pair (``forbid``, or the definition's ``[pairing] forbid``) is kept apart by
every system that takes forbidden pairs, the way ``avoid_teams`` keeps team-mates apart
(USCF guide, same-school avoidance; ``core.pairing.engine``); a fixed table (a round
robin) cannot, and the TD is told so.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events.lookup import Event, get_event
from bot.service.events.pairing_options import system_options
from bot.service.events.schedule import Round, find_round
from bot.service.formats.rounds import availability_texts as say
from bot.service.formats.rounds.round_division import pairing_of
from bot.service.people.entries import entries_of
from bot.service.people.name_texts import refused
from bot.service.people.roles import require_role
from bot.service.platform import journal, outbox
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.store import availability_repo, matches_repo
from bot.store.db import Database, Tx
from bot.store.entries_repo import Entry, EntryState
from bot.store.rounds_repo import RoundState
from core.names import NameRefused, pick
from core.pairing.options import params_of


def _entry_named(entries: list[Entry], name: str) -> Entry:
    active = [e for e in entries if e.state == EntryState.ACTIVE]
    try:
        return active[pick(name, [e.name for e in active])]
    except NameRefused as exc:
        raise Invalid(refused(exc)) from None


async def _open_round(tx: Tx, event: Event, ref: str) -> Round:
    rnd = await find_round(tx, event.id, ref)
    if rnd.state != RoundState.PLANNED or await matches_repo.of_round(tx, rnd.id):
        raise Invalid(say.paired_already(rnd.name))
    return rnd


@dataclass(frozen=True)
class Unavailable:
    event: str
    round_name: str
    round_seq: int
    player: str
    unavailable: bool  # the state now
    changed: bool
    points: float  # what the requested bye is worth
    used: int  # requested byes now
    allowed: int


async def set_unavailable(db: Database, req: Request, event_id: int, round_ref: str,
                          unavailable: bool, *, player: str | None = None) -> Unavailable:
    """Use-case: ``/unavailable ROUND`` (``/available ROUND`` undoes it; ``tdbot players
    unavailable``): before the round is paired, the player will not be paired in it; the
    player who asked is answered in their language."""
    async with unit(db, req) as tx:
        if not round_ref.strip():
            raise Invalid(say.which_round("unavailable" if unavailable else "available"))
        actor = await require_actor(tx, req)
        event = await get_event(tx, event_id)
        _, pairing = pairing_of(event)
        entries = await entries_of(tx, event_id)
        if actor.person_id is None:
            if player is None:
                raise Invalid(say.name_the_player())
            entry = _entry_named(entries, player)
        else:
            mine = [e for e in entries if e.person_id == actor.person_id
                    and e.state == EntryState.ACTIVE]
            if not mine:
                raise NotAllowed(say.not_playing(event.name))
            entry = mine[0]
        rnd = await _open_round(tx, event, round_ref)
        used = await availability_repo.absences_of(tx, event_id, entry.id)
        if unavailable:
            if rnd.seq not in used and len(used) >= pairing.requested_byes:
                raise Invalid(say.too_many(event.name, pairing.requested_byes, used))
            changed = await availability_repo.add_absence(tx, event_id, rnd.seq, entry.id,
                                                          actor.label, req.now)
        else:
            changed = await availability_repo.remove_absence(tx, event_id, rnd.seq, entry.id)
        if changed:
            await journal.record(tx, who=actor, now=req.now, subject=f"entry:{entry.id}",
                                 action="round.unavailable" if unavailable else "round.available",
                                 detail={"round": rnd.code})
            if actor.person_id is None:  # a TD said it for the player: they are told
                await outbox.enqueue(tx, person_id=entry.person_id, now=req.now,
                                     said=say.told_by_td(event.name, rnd.name, unavailable,
                                                         pairing.requested_bye_points))
        now_used = await availability_repo.absences_of(tx, event_id, entry.id)
        result = Unavailable(event.name, rnd.name, rnd.seq, entry.name, unavailable, changed,
                             pairing.requested_bye_points, len(now_used), pairing.requested_byes)
        await answer(tx, req, Reply(say.answer(rnd.name, rnd.seq, unavailable, changed,
                                               pairing.requested_bye_points, len(now_used),
                                               pairing.requested_byes)))
        return result


@dataclass(frozen=True)
class Availability:
    event: str
    round_name: str
    available: tuple[str, ...]
    unavailable: tuple[str, ...]


async def availability(db: Database, req: Request, event_id: int,
                       round_ref: str) -> Availability:
    """Use-case: ``/availability ROUND`` (``tdbot players availability``): a TD reads, in
    their language, who will be paired in the round and who said they cannot play it."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td", "organiser")
        if not round_ref.strip():
            raise Invalid(say.which_round("availability"))
        event = await get_event(tx, event_id)
        pairing_of(event)
        rnd = await find_round(tx, event_id, round_ref)
        absent = await availability_repo.absent(tx, event_id, rnd.seq)
        active = [e for e in await entries_of(tx, event_id) if e.state == EntryState.ACTIVE]
        found = Availability(event.name, rnd.name,
                             tuple(e.name for e in active if e.id not in absent),
                             tuple(e.name for e in active if e.id in absent))
        await answer(tx, req, Reply(say.availability(found.event, found.round_name,
                                                     found.available, found.unavailable)))
        return found


@dataclass(frozen=True)
class Forbidden:
    names: tuple[str, str]
    changed: bool
    kept_apart: bool  # False: the event's system pairs by a fixed table


async def forbid(db: Database, req: Request, event_id: int, first: str, second: str, *,
                 why: str) -> Forbidden:
    """Use-case: ``tdbot players forbid EVENT A B --why TEXT``: the two are never paired
    together from the next pairing on, by a system that can keep them apart."""
    if not why.strip():
        raise Invalid(say.say_why())
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td", "organiser")
        event = await get_event(tx, event_id)
        _, pairing = pairing_of(event)
        entries = await entries_of(tx, event_id)
        a, b = _entry_named(entries, first), _entry_named(entries, second)
        if a.id == b.id:
            raise Invalid(say.same_player(first, second, a.name))
        changed = await availability_repo.forbid(tx, event_id, a.id, b.id, why.strip(), req.now)
        if changed:
            await journal.record(tx, who=actor, action="pairing.forbid", now=req.now,
                                 subject=f"event:{event_id}",
                                 detail={"names": [a.name, b.name]}, why=why.strip())
        system, _ = system_options(pairing)
        return Forbidden((a.name, b.name), changed, "forbidden" in params_of(system))
