"""Roles per event and the permission checks built on them.

Roles: organiser, TD, player and neutral adjudicator (SSSg Annex A para 19 names the TDs
and a neutral third party). The operator at the command line holds every right; a person
holds only the roles granted in that event. Organisers may do anything a TD may.
"""

from __future__ import annotations

from datetime import datetime

from bot.service import journal
from bot.service.actors import Actor
from bot.service.clock import iso
from bot.service.errors import Invalid, NotAllowed
from bot.store.db import Tx

ROLES = ("organiser", "td", "player", "adjudicator")
ROLE_NAMES = {
    "organiser": "organiser",
    "td": "TD",
    "player": "player",
    "adjudicator": "neutral adjudicator",
}
# Who counts as holding a role: an organiser may do what a TD may.
_IMPLIED = {"td": ("td", "organiser"), "organiser": ("organiser",)}


async def grant_role(
    tx: Tx, event_id: int, person_id: int, role: str, *, by: Actor, now: datetime, why: str = ""
) -> bool:
    """Grant a role; False if the person already held it (granting twice is harmless)."""
    if role not in ROLES:
        raise Invalid(f"unknown role {role!r}; roles are {', '.join(ROLES)}")
    changed = await tx.execute(
        "INSERT INTO roles (event_id, person_id, role, granted_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (event_id, person_id, role) DO NOTHING",
        (event_id, person_id, role, iso(now)),
    )
    if changed:
        await journal.record(
            tx, who=by, action="role.grant", subject=f"event:{event_id}", now=now,
            detail={"person_id": person_id, "role": role}, why=why,
        )
    return changed == 1


async def roles_of(tx: Tx, event_id: int, person_id: int) -> set[str]:
    rows = await tx.all(
        "SELECT role FROM roles WHERE event_id = ? AND person_id = ?", (event_id, person_id)
    )
    return {r["role"] for r in rows}


async def has_role(tx: Tx, actor: Actor, event_id: int, role: str) -> bool:
    if actor.is_operator:
        return True
    held = await roles_of(tx, event_id, actor.person_id)  # type: ignore[arg-type]
    return any(r in held for r in _IMPLIED.get(role, (role,)))


async def require_role(tx: Tx, actor: Actor, event_id: int, *roles: str) -> None:
    """Refuse unless the actor holds one of ``roles`` in the event (or is the operator)."""
    for role in roles:
        if await has_role(tx, actor, event_id, role):
            return
    held_by: list[str] = []
    for role in roles:
        held_by += [ROLE_NAMES[r] for r in _IMPLIED.get(role, (role,)) if ROLE_NAMES[r] not in held_by]
    names = " or ".join(held_by)
    article = "an" if names[0] in "aeiou" else "a"
    raise NotAllowed(f"only {article} {names} of this event may do that")


async def people_with_role(tx: Tx, event_id: int, role: str) -> list[int]:
    rows = await tx.all(
        "SELECT person_id FROM roles WHERE event_id = ? AND role = ? ORDER BY person_id",
        (event_id, role),
    )
    return [r["person_id"] for r in rows]


async def events_of(tx: Tx, person_id: int) -> list[tuple[int, str, set[str]]]:
    """(event id, event name, roles) for every event the person has a role in: what /help
    and the command menus are built from."""
    rows = await tx.all(
        "SELECT e.id, e.name, r.role FROM roles r JOIN events e ON e.id = r.event_id"
        " WHERE r.person_id = ? ORDER BY e.id",
        (person_id,),
    )
    out: dict[int, tuple[int, str, set[str]]] = {}
    for r in rows:
        out.setdefault(r["id"], (r["id"], r["name"], set()))[2].add(r["role"])
    return list(out.values())
