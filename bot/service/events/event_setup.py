"""Creating an event from its definition file: the event row, its people and roles, its
players' entries and the invite codes that let everyone link their Telegram account."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime
from zoneinfo import ZoneInfo

from bot.service.events import setup_texts as say
from bot.service.events.definitions import (
    Definition,
    PersonDef,
    definition_of,
    first_date,
    shift_dates,
)
from bot.service.events.lookup import get_event
from bot.service.events.schedule import as_moment
from bot.service.formats.registry import format_of
from bot.service.people.entries import _add_entry, get_entry
from bot.service.people.invites import create_invite, invite_link
from bot.service.people.languages import note_telegram
from bot.service.people.persons import add_person, ensure_person_for_tg, person_by_tg
from bot.service.people.roles import Hat, grant_role, hats_held, require_role
from bot.service.platform import journal
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.store import events_repo
from bot.store.db import Database, Tx
from bot.words.said import said


@dataclass(frozen=True)
class CreatedEvent:
    """The new event and its invite codes: one general player code (pick your entry, a TD
    approves), and a personal code per person named in the file (role, name, code).
    ``lapsed``: the rounds whose closing date had passed when it was created (name, the
    day of the close in the event's time zone): they cannot open as dated (``lapsed_rounds``);
    ``first`` is the definition's earliest date, what "Start it today" moves from."""

    event_id: int
    slug: str
    name: str
    player_code: str
    personal: list[tuple[str, str, str]] = field(default_factory=list)
    held: frozenset[Hat] = frozenset()  # every (role, format) the creator holds now (menu)
    lapsed: list[tuple[str, date]] = field(default_factory=list)
    first: date | None = None


def lapsed_rounds(definition: Definition, now: datetime) -> list[tuple[str, date]]:
    """The rounds whose closing date has passed by ``now`` (name, the day it closed in the
    event's zone): opening one is refused until a TD gives it a new close (SSSg para 6:
    each round has a stipulated period), so a definition with such dates is worth a word
    to the organiser who sends it."""
    zone = ZoneInfo(definition.event.time_zone)
    out: list[tuple[str, date]] = []
    for rnd in definition.rounds:
        if rnd.closes is None:
            continue
        closes = as_moment(rnd.closes, zone, end=True)
        if closes <= now:
            out.append((rnd.name, closes.astimezone(zone).date()))
    return out


async def _person_for(tx: Tx, p: PersonDef, now: datetime) -> int:
    if p.telegram_id is not None:
        existing = await person_by_tg(tx, p.telegram_id)
        if existing is not None:
            return existing.id
    return await add_person(tx, p.name, now, phone=p.phone, tg_user_id=p.telegram_id)


async def create_event(
    tx: Tx, definition: Definition, *, by: Actor, now: datetime, why: str = "",
    bot_username: str | None = None,
) -> CreatedEvent:
    """Create an event; only an organiser (settings) or the operator may.

    The creator, if a person, becomes the event's organiser. People named in the file get
    their roles now and a personal invite code, so following it links them directly.
    ``bot_username``: the bot the invite links are for, remembered with the event.
    """
    if not by.organiser:
        raise NotAllowed(said("only an organiser may create events; ask the bot's operator"))
    ev = definition.event
    if await events_repo.by_slug(tx, ev.slug) is not None:
        raise Invalid(said("event.slug: an event called '{slug}' already exists; pick another "
                           "slug", slug=ev.slug))
    event_id = await events_repo.add(
        tx, slug=ev.slug, name=ev.name, format=ev.format, time_zone=ev.time_zone,
        currency=ev.currency, fee_per_round=ev.fee_minor,
        rules=definition.model_dump(mode="json"), created_by=by.person_id, now=now,
        bot_username=bot_username.lstrip("@") if bot_username else None,
        language=ev.language,
    )
    await journal.record(
        tx, who=by, action="event.create", subject=f"event:{event_id}", now=now,
        detail={"slug": ev.slug, "format": ev.format}, why=why,
    )
    if by.person_id is not None:
        await grant_role(tx, event_id, by.person_id, "organiser", by=by, now=now,
                         why=said("creator"))
    personal: list[tuple[str, str, str]] = []
    for role, people in (
        ("organiser", definition.organisers),
        ("td", definition.tds),
        ("adjudicator", definition.adjudicators),
    ):
        for p in people:
            pid = await _person_for(tx, p, now)
            await grant_role(tx, event_id, pid, role, by=by, now=now,
                             why=said("definition file"))
            code = await create_invite(tx, event_id, role, person_id=pid, by=Actor.system(), now=now)
            personal.append((role, p.name, code))
    for p in definition.players:
        entry_id = await _add_entry(
            tx, event_id, p.name, p.rating, phone=p.phone, tg_user_id=p.telegram_id,
            by=by, now=now, why=said("definition file"), team=p.team,
        )
        entry = await get_entry(tx, entry_id)
        code = await create_invite(tx, event_id, "player", person_id=entry.person_id,
                                   by=Actor.system(), now=now)
        personal.append(("player", p.name, code))
    player_code = await create_invite(tx, event_id, "player", by=Actor.system(), now=now)
    event = await get_event(tx, event_id)
    await format_of(event).set_up(tx, event, now)
    return CreatedEvent(event_id, ev.slug, ev.name, player_code, personal)


async def set_up_event(
    db: Database, req: Request, definition: Definition, *, why: str = "",
    bot_username: str | None = None,
) -> CreatedEvent:
    """Use-case: an organiser (settings) or the operator creates an event from its
    definition (``create_event``). An organiser writing to the bot for the first time
    becomes a person here, so what they create is journalled under their name, and what
    is written to them later is in their Telegram app's language. In the
    chat they are answered with every invite link (of the bot ``bot_username``)."""
    async with unit(db, req) as tx:
        if req.operator:
            actor = Actor(None, req.label, organiser=True)
        elif req.organiser and req.tg_user_id is not None:
            person = await ensure_person_for_tg(tx, req.tg_user_id, req.tg_name, req.now)
            await note_telegram(tx, req.tg_user_id, req.tg_language)  # a person just now
            actor = Actor.person(person.id, person.name, organiser=True)
        else:
            raise NotAllowed(said("only an organiser may create events; ask the bot's "
                                  "operator"))
        created = await create_event(tx, definition, by=actor, now=req.now, why=why,
                                     bot_username=bot_username)
        if req.tg_user_id is not None:
            created = replace(created, held=frozenset(await hats_held(tx, req.tg_user_id)))
        created = replace(created, lapsed=lapsed_rounds(definition, req.now),
                          first=first_date(definition))
        if bot_username is not None:
            await answer(tx, req, _created_reply(created, bot_username))
        return created


def _created_reply(created: CreatedEvent, bot_username: str) -> Reply:
    """Every invite link, to the organiser who sent the definition; "Start it today" under
    an event whose dates are past."""
    text = say.event_created(created.name, created.slug,
                             invite_link(bot_username, created.player_code),
                             [(role, name, invite_link(bot_username, code))
                              for role, name, code in created.personal], created.lapsed)
    if not created.lapsed or created.first is None:
        return Reply(text)
    return Reply(text, say.created_buttons(created.event_id, created.first))


@dataclass(frozen=True)
class DatesMoved:
    """What "Start it today" did: every date moved ``days`` so that the earliest, ``was``,
    falls on ``first`` (``days`` 0 and ``already`` when a press before it had done so)."""

    event: str
    days: int
    was: date
    first: date
    already: bool = False


async def start_today(db: Database, req: Request, event_id: int, seen_first: date
                      ) -> DatesMoved:
    """Use-case: the organiser of an event not yet drawn moves every date of its definition
    by the same number of days so that the earliest falls today in the event's time zone,
    the gaps kept: ``tdbot event create FILE --start today``'s rule
    (``definitions.shift_dates``), for an event sent in the chat whose dates are past.
    ``seen_first`` is the earliest date the button was made for: a second press moves
    nothing."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "organiser")
        event = await get_event(tx, event_id)
        definition = definition_of(event)
        was = first_date(definition)
        if was is None:
            raise Invalid(said("{event} has no dates to move", event=event.name))
        if was != seen_first:
            await answer(tx, req, Reply(say.dates_moved_already(event.name, was)))
            return DatesMoved(event.name, 0, was, was, already=True)
        today = req.now.astimezone(event.zone).date()
        moved = shift_dates(definition, today)
        if not await events_repo.set_rules_before_draw(tx, event_id,
                                                       moved.model_dump(mode="json")):
            raise Invalid(said("{event} is drawn: its rounds keep the dates they were made "
                               "with. Give a round a new closing time as you open it: "
                               "/openround ROUND until YYYY-MM-DD", event=event.name))
        days = (today - was).days
        await journal.record(tx, who=actor, action="event.dates_moved",
                             subject=f"event:{event_id}", now=req.now,
                             detail={"days": days, "was": was.isoformat(),
                                     "first": today.isoformat()},
                             why=said("Start it today"))
        await answer(tx, req, Reply(say.dates_moved(event.name, days, was, today)))
        return DatesMoved(event.name, days, was, today)
