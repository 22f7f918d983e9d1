"""Players' entries in an event, and registering them (one by one or from a CSV file)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service import journal
from bot.service.actors import Actor
from bot.service.clock import iso
from bot.service.errors import Invalid, NotFound
from bot.service.events import get_event
from bot.service.people import add_person, person_by_tg
from bot.service.roles import grant_role, require_role
from bot.store.db import Row, Tx
from core.formats.players_csv import PlayersCsvError, parse_players_csv

#: What a players CSV is called in messages (the service sees its text, not its name).
CSV_NAME = "players CSV"


@dataclass(frozen=True)
class Entry:
    id: int
    event_id: int
    person_id: int
    name: str
    rating: int
    state: str
    linked: bool  # the person has linked a Telegram account


_SELECT = (
    "SELECT e.id, e.event_id, e.person_id, p.name, e.rating, e.state, p.tg_user_id"
    " FROM entries e JOIN people p ON p.id = e.person_id"
)


def _entry(r: Row) -> Entry:
    return Entry(
        r["id"], r["event_id"], r["person_id"], r["name"], r["rating"], r["state"],
        r["tg_user_id"] is not None,
    )


async def entries_of(tx: Tx, event_id: int) -> list[Entry]:
    rows = await tx.all(_SELECT + " WHERE e.event_id = ? ORDER BY e.rating DESC, p.name", (event_id,))
    return [_entry(r) for r in rows]


async def get_entry(tx: Tx, entry_id: int) -> Entry:
    row = await tx.one(_SELECT + " WHERE e.id = ?", (entry_id,))
    if row is None:
        raise NotFound(f"no entry with id {entry_id}")
    return _entry(row)


async def entry_of_person(tx: Tx, event_id: int, person_id: int) -> Entry | None:
    row = await tx.one(_SELECT + " WHERE e.event_id = ? AND e.person_id = ?", (event_id, person_id))
    return None if row is None else _entry(row)


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
    why: str,
) -> int:
    name = " ".join(name.split())
    if not name:
        raise Invalid("a player needs a name")
    clash = await tx.one(
        _SELECT + " WHERE e.event_id = ? AND lower(p.name) = lower(?)", (event_id, name)
    )
    if clash is not None:
        raise Invalid(f"{name!r} is already entered in this event")
    person = await person_by_tg(tx, tg_user_id) if tg_user_id is not None else None
    if person is not None:
        entered = await entry_of_person(tx, event_id, person.id)
        if entered is not None:
            raise Invalid(
                f"Telegram account {tg_user_id} is already entered in this event as {entered.name}"
            )
    person_id = person.id if person else await _staff_named(tx, event_id, name)
    if person_id is None:
        person_id = await add_person(tx, name, now, phone=phone, tg_user_id=tg_user_id)
    entry_id = await tx.insert(
        "INSERT INTO entries (event_id, person_id, rating, state, created_at)"
        " VALUES (?, ?, ?, 'active', ?)",
        (event_id, person_id, rating, iso(now)),
    )
    await grant_role(tx, event_id, person_id, "player", by=by, now=now, why=why)
    await journal.record(
        tx, who=by, action="entry.add", subject=f"event:{event_id}", now=now,
        detail={"entry_id": entry_id, "name": name, "rating": rating}, why=why,
    )
    return entry_id


async def _staff_named(tx: Tx, event_id: int, name: str) -> int | None:
    """A TD or adjudicator of this event with exactly this name: the same person, who also
    plays (SSSg para 19 foresees TDs playing). Keeping one person is what lets
    ``eligible_adjudicators`` keep a TD from ruling on their own match."""
    row = await tx.one(
        "SELECT DISTINCT p.id FROM people p JOIN roles r ON r.person_id = p.id"
        " WHERE r.event_id = ? AND r.role IN ('td', 'adjudicator', 'organiser')"
        " AND lower(p.name) = lower(?)",
        (event_id, name),
    )
    return None if row is None else int(row["id"])


async def _require_registration_open(tx: Tx, event_id: int) -> None:
    event = await get_event(tx, event_id)
    if event.state != "registration":
        raise Invalid(
            f"{event.name} has already been drawn; players can no longer be added"
        )


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

    The file is read by ``core.formats.players_csv``, as ``tdbot draw`` reads it."""
    await require_role(tx, by, event_id, "td")
    await _require_registration_open(tx, event_id)
    try:
        rows = parse_players_csv(csv_text)
    except PlayersCsvError as exc:
        raise Invalid(exc.where(CSV_NAME)) from None
    ids = []
    for p in rows:  # membership_until is read but not stored: entries have no column for it
        try:
            ids.append(
                await _add_entry(
                    tx, event_id, p.name, p.rating, phone=p.phone, tg_user_id=p.telegram_id,
                    by=by, now=now, why=why,
                )
            )
        except Invalid as exc:
            raise Invalid(f"{CSV_NAME} row {p.row}: {exc.message}") from None
    return ids
