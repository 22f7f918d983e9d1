"""Players' entries in an event, and registering them (one by one or from a CSV file)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service.events.lookup import Event, get_event
from bot.service.formats.registry import format_of
from bot.service.people.invites import personal_player_invites
from bot.service.people.persons import add_person, person_by_tg
from bot.service.people.roles import grant_role, require_role
from bot.service.platform import journal
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotFound
from bot.service.platform.unit import Request, require_actor, unit
from bot.store import entries_repo, roles_repo
from bot.store.db import Database, Tx
from bot.store.entries_repo import Entry as Entry
from bot.store.events_repo import EventState
from bot.words.said import Said, said
from core.formats.players_csv import PlayersCsvError, parse_players_csv

#: What a players CSV is called in messages (the service sees its text, not its name).
CSV_NAME = "players CSV"


async def entries_of(tx: Tx, event_id: int) -> list[Entry]:
    return await entries_repo.of_event(tx, event_id)


async def get_entry(tx: Tx, entry_id: int) -> Entry:
    entry = await entries_repo.get(tx, entry_id)
    if entry is None:
        raise NotFound(said("no entry with id {entry}", entry=entry_id))
    return entry


async def entry_of_person(tx: Tx, event_id: int, person_id: int) -> Entry | None:
    return await entries_repo.of_person(tx, event_id, person_id)


async def _add_entry(
    tx: Tx,
    event_id: int,
    name: str,
    rating: int,
    *,
    phone: str,
    tg_user_id: int | None,
    by: Actor,
    now: datetime,
    why: Said | str,
    team: str = "",
) -> int:
    name = " ".join(name.split())
    if not name:
        raise Invalid(said("a player needs a name"))
    if await entries_repo.named(tx, event_id, name) is not None:
        raise Invalid(said("'{name}' is already entered in this event", name=name))
    person = await person_by_tg(tx, tg_user_id) if tg_user_id is not None else None
    if person is not None:
        entered = await entry_of_person(tx, event_id, person.id)
        if entered is not None:
            raise Invalid(said("Telegram account {account} is already entered in this event "
                               "as {name}", account=str(tg_user_id), name=entered.name))
    person_id = person.id if person else await _staff_named(tx, event_id, name)
    if person_id is None:
        person_id = await add_person(tx, name, now, phone=phone, tg_user_id=tg_user_id)
    entry_id = await entries_repo.add(tx, event_id, person_id, rating, now, team)
    await grant_role(tx, event_id, person_id, "player", by=by, now=now, why=why)
    await journal.record(
        tx, who=by, action="entry.add", subject=f"event:{event_id}", now=now,
        detail={"entry_id": entry_id, "name": name, "rating": rating,
                **({"team": team} if team else {})}, why=why,
    )
    return entry_id


async def _staff_named(tx: Tx, event_id: int, name: str) -> int | None:
    """A TD or adjudicator of this event with exactly this name: the same person, who also
    plays (SSSg para 19 foresees TDs playing). Keeping one person is what lets
    ``eligible_adjudicators`` keep a TD from ruling on their own match."""
    return await roles_repo.person_named(tx, event_id, ("td", "adjudicator", "organiser"), name)


async def _require_registration_open(tx: Tx, event_id: int) -> None:
    event = await get_event(tx, event_id)
    refusal = format_of(event).no_entries
    if refusal is not None:
        raise Invalid(said("{event} {refusal}", event=event.name, refusal=refusal))
    if event.state != EventState.REGISTRATION:
        raise Invalid(said("{event} has already been drawn; players can no longer be added",
                           event=event.name))


async def register_player(
    tx: Tx,
    event_id: int,
    name: str,
    rating: int = 0,
    *,
    phone: str = "",
    tg_user_id: int | None = None,
    by: Actor,
    now: datetime,
    why: str = "",
) -> int:
    """Enter a player (TD or organiser only, before the draw); returns the entry id."""
    await require_role(tx, by, event_id, "td")
    await _require_registration_open(tx, event_id)
    return await _add_entry(
        tx, event_id, name, rating, phone=phone, tg_user_id=tg_user_id, by=by, now=now, why=why
    )


async def import_players(
    tx: Tx, event_id: int, csv_text: str, *, by: Actor, now: datetime, why: str = "CSV import"
) -> list[int]:
    """Enter every player of a CSV, all or none (one transaction); returns entry ids.

    The file is read by ``core.formats.players_csv``, as ``tdbot files draw`` reads it; its
    optional team column is each entry's team, as a definition's ``[[players]] team`` is
    (what a round-based event's ``avoid_teams`` keeps apart)."""
    await require_role(tx, by, event_id, "td")
    await _require_registration_open(tx, event_id)
    try:
        rows = parse_players_csv(csv_text)
    except PlayersCsvError as exc:
        raise Invalid(exc.where(CSV_NAME)) from None
    ids = []
    for p in rows:
        try:
            ids.append(
                await _add_entry(
                    tx, event_id, p.name, p.rating, phone=p.phone, tg_user_id=p.telegram_id,
                    by=by, now=now, why=why, team=p.team,
                )
            )
        except Invalid as exc:
            raise Invalid(said("{file} row {row}: {why}", file=CSV_NAME, row=p.row,
                               why=exc.record or exc.message)) from None
        await entries_repo.set_membership(tx, ids[-1], p.membership_until)  # SSSg para 11
    return ids


@dataclass(frozen=True)
class EnteredPlayers:
    """What a players' import did: the entries it made, and (name, code) of a personal
    invite for each of them not on Telegram yet."""

    event: Event
    entry_ids: list[int]
    links: list[tuple[str, str]]


async def enter_players(db: Database, req: Request, event_id: int, csv_text: str) -> EnteredPlayers:
    """Use-case: a TD enters the players of a CSV (all or none, ``import_players``) and gets
    their personal invite links."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        ids = await import_players(tx, event_id, csv_text, by=actor, now=req.now)
        links = await personal_player_invites(tx, event_id, by=actor, now=req.now,
                                              entries=set(ids))
        return EnteredPlayers(await get_event(tx, event_id), ids, links)
