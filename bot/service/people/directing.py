"""Which event a TD's command means: the one they direct, or the one named first.

A TD on a phone types ``/openround Ro16``; one who directs several events names the event
first (``/openround club-cup Ro16``). Every use-case re-checks the TD's role itself; this
only finds the event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.service.events import lookup as events
from bot.service.events.lookup import Event
from bot.service.formats import registry
from bot.service.formats.registry import format_of
from bot.service.formats.traits import kind
from bot.service.people import roles
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.unit import Request, actor_of, reading
from bot.store.db import Database
from bot.words.said import Said, said

TD_ROLES = frozenset({"td", "organiser"})


async def directed_event(
    db: Database, req: Request, words: Sequence[str], command: str,
    only: Callable[[Event], bool] | None = None,
) -> tuple[Event, list[str]]:
    """The event the asking TD means, and the command's remaining words; ``only`` keeps
    the events a command is for (a club night's commands: the clubs)."""
    async with reading(db) as tx:
        actor = await actor_of(tx, req)
        directed: list[Event] = []
        if actor is not None and actor.person_id is not None:
            directed = [await events.get_event(tx, eid)
                        for eid, _name, held in await roles.events_of(tx, actor.person_id)
                        if held & TD_ROLES]
    if only is not None:
        others, directed = directed, [e for e in directed if only(e)]
        if others and not directed:
            theirs = said("{event}, {kind}", event=others[0].name, kind=kind(others[0].format))
            for e in others[1:]:
                theirs = said("{events}; {event}, {kind}", events=theirs, event=e.name,
                              kind=kind(e.format))
            raise NotAllowed(said("/{command} is not for {events}", command=command,
                                  events=theirs))
    if not directed:
        raise NotAllowed(said("/{command} is for the TDs and organisers of an event",
                              command=command))
    return _named(directed, words, lambda slugs: said(
        "you direct several events; name one first, e.g. /{command} EVENT ... (your events: "
        "{slugs})", command=command, slugs=slugs))


def _named(found: list[Event], words: Sequence[str], several: Callable[[str], Said]
           ) -> tuple[Event, list[str]]:
    """The one event of ``found`` the command's first word names (its slug), or the only
    one; with several and none named, ``several`` (given the slugs) says how to name it."""
    args = list(words)
    by_slug = {e.slug: e for e in found}
    if args and args[0] in by_slug:
        return by_slug[args[0]], args[1:]
    if len(found) > 1:
        raise Invalid(several(", ".join(sorted(by_slug))))
    return found[0], args


async def member_event(
    db: Database, req: Request, words: Sequence[str], command: str
) -> tuple[Event, list[str]]:
    """The event with standings (``Format.standings``: a round-based event's) the asker
    takes part in (any role) that a command means: their only one, or the one named first
    (``/standings weekly-swiss``)."""
    async with reading(db) as tx:
        actor = await actor_of(tx, req)
        theirs: list[Event] = []
        if actor is not None and actor.person_id is not None:
            theirs = [await events.get_event(tx, eid)
                      for eid, _name, _held in await roles.events_of(tx, actor.person_id)]
    mine = [e for e in theirs if format_of(e).standings]
    if not mine:
        kinds = list(dict.fromkeys(f.kind for f in registry.formats() if f.standings))
        either: Said | str = kinds[0]
        for other in kinds[1:]:
            either = said("{one} or {other}", one=either, other=other)
        refusal = said("/{command} is for the players and TDs of {kinds}", command=command,
                       kinds=either)
        for e in theirs:
            refusal = said("{refusal}. {event} is {kind}{instead}", refusal=refusal,
                           event=e.name, kind=kind(e.format),
                           instead=Said(format_of(e).see_instead)
                           if command == "standings" and format_of(e).see_instead else "")
        raise NotAllowed(refusal)
    return _named(mine, words, lambda slugs: said(
        "you are in several round-based events; name one first, e.g. /{command} EVENT "
        "(yours: {slugs})", command=command, slugs=slugs))
