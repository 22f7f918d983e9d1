"""The roles table: which person holds which role in which event."""

from __future__ import annotations

from datetime import datetime

from bot.store.db import Tx
from bot.store.times import iso


async def grant(tx: Tx, event_id: int, person_id: int, role: str, now: datetime) -> bool:
    """Grant a role; False if the person already held it."""
    changed = await tx.execute(
        "INSERT INTO roles (event_id, person_id, role, granted_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (event_id, person_id, role) DO NOTHING",
        (event_id, person_id, role, iso(now)),
    )
    return changed == 1


async def of_person_in(tx: Tx, event_id: int, person_id: int) -> set[str]:
    rows = await tx.all(
        "SELECT role FROM roles WHERE event_id = ? AND person_id = ?", (event_id, person_id)
    )
    return {r["role"] for r in rows}


async def people_with(tx: Tx, event_id: int, role: str) -> list[int]:
    rows = await tx.all(
        "SELECT person_id FROM roles WHERE event_id = ? AND role = ? ORDER BY person_id",
        (event_id, role),
    )
    return [r["person_id"] for r in rows]


async def events_of(tx: Tx, person_id: int) -> list[tuple[int, str, set[str]]]:
    """(event id, event name, roles) for every event the person has a role in."""
    rows = await tx.all(
        "SELECT e.id, e.name, r.role FROM roles r JOIN events e ON e.id = r.event_id"
        " WHERE r.person_id = ? ORDER BY e.id",
        (person_id,),
    )
    out: dict[int, tuple[int, str, set[str]]] = {}
    for r in rows:
        out.setdefault(r["id"], (r["id"], r["name"], set()))[2].add(r["role"])
    return list(out.values())


async def hats_of(tx: Tx, person_id: int) -> set[tuple[str, str]]:
    """(role, event format) for every role the person holds, in any event."""
    rows = await tx.all(
        "SELECT DISTINCT r.role, e.format FROM roles r JOIN events e ON e.id = r.event_id"
        " WHERE r.person_id = ?",
        (person_id,),
    )
    return {(r["role"], r["format"]) for r in rows}


async def person_named(tx: Tx, event_id: int, roles: tuple[str, ...], name: str) -> int | None:
    """The person holding one of ``roles`` in the event whose name is ``name`` (any case)."""
    marks = ", ".join("?" for _ in roles)
    row = await tx.one(
        "SELECT DISTINCT p.id FROM people p JOIN roles r ON r.person_id = p.id"
        f" WHERE r.event_id = ? AND r.role IN ({marks}) AND lower(p.name) = lower(?)",
        (event_id, *roles, name),
    )
    return None if row is None else int(row["id"])


async def directors_of_running_events(tx: Tx) -> list[tuple[int, int | None, str]]:
    """(person id, Telegram id or None, time zone of their first such event) for each TD
    and organiser of an event not finished, once each, in person id order."""
    rows = await tx.all(
        "SELECT d.person_id, p.tg_user_id, e.time_zone FROM"
        " (SELECT r.person_id, min(r.event_id) AS event_id FROM roles r"
        "  JOIN events e ON e.id = r.event_id"
        "  WHERE r.role IN ('td', 'organiser') AND e.state <> 'finished'"
        "  GROUP BY r.person_id) d"
        " JOIN people p ON p.id = d.person_id JOIN events e ON e.id = d.event_id"
        " ORDER BY d.person_id"
    )
    return [(r["person_id"], r["tg_user_id"], r["time_zone"]) for r in rows]
