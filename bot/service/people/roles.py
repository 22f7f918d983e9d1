"""Roles per event and the permission checks built on them.

Roles: organiser, TD, player and neutral adjudicator (SSSg Annex A para 19 names the TDs
and a neutral third party). The operator at the command line holds every right; a person
holds only the roles granted in that event. Organisers may do anything a TD may.
"""

from __future__ import annotations

from datetime import datetime

from bot.service.people.persons import person_by_tg
from bot.service.platform import journal
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.role_words import A_ROLE, ROLE_NAMES
from bot.store import roles_repo
from bot.store.db import Tx
from bot.words.said import Said, said

ROLES = ("organiser", "td", "player", "adjudicator")
# Who counts as holding a role: an organiser may do what a TD may.
_IMPLIED = {"td": ("td", "organiser"), "organiser": ("organiser",)}


async def grant_role(
    tx: Tx, event_id: int, person_id: int, role: str, *, by: Actor, now: datetime,
    why: Said | str = ""
) -> bool:
    """Grant a role; False if the person already held it (granting twice is harmless)."""
    if role not in ROLES:
        raise Invalid(said("unknown role '{role}'; roles are {roles}", role=role,
                           roles=", ".join(ROLES)))
    changed = await roles_repo.grant(tx, event_id, person_id, role, now)
    if changed:
        await journal.record(
            tx, who=by, action="role.grant", subject=f"event:{event_id}", now=now,
            detail={"person_id": person_id, "role": role}, why=why,
        )
    return changed


async def roles_of(tx: Tx, event_id: int, person_id: int) -> set[str]:
    return await roles_repo.of_person_in(tx, event_id, person_id)


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
        held_by += [r for r in _IMPLIED.get(role, (role,)) if r not in held_by]
    who = A_ROLE[held_by[0]]
    for other in held_by[1:]:  # "a TD or organiser"
        who = said("{one} or {other}", one=who, other=ROLE_NAMES[other])
    raise NotAllowed(said("only {who} of this event may do that", who=who))


async def people_with_role(tx: Tx, event_id: int, role: str) -> list[int]:
    return await roles_repo.people_with(tx, event_id, role)


async def events_of(tx: Tx, person_id: int) -> list[tuple[int, str, set[str]]]:
    """(event id, event name, roles) for every event the person has a role in: what /help
    and the command menus are built from."""
    return await roles_repo.events_of(tx, person_id)


#: A role as held in one event, with that event's format: ("player", "club"). What /help
#: and the command menus are built from, since a club's, a ladder's and a round-based
#: event's own commands are offered only to the people in an event of that format.
Hat = tuple[str, str]


async def hats_held(tx: Tx, tg_user_id: int) -> set[Hat]:
    """Every (role, format) a Telegram user holds in any event: what /help and their
    command menu offer. Being listed in TDBOT_ORGANISERS only lets one create events; the
    event commands come with a role in an event."""
    person = await person_by_tg(tx, tg_user_id)
    if person is None:
        return set()
    return await roles_repo.hats_of(tx, person.id)
