"""Where a Telegram user stands: the roles they hold (with each event's format), the
events they play in, the events they asked to join, and whether they may create events.
/start without a link, /help and any message no other handler takes are answered from it,
each in its own words (``standing_texts``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.service.events.lookup import get_event
from bot.service.people import roles
from bot.service.people import standing_texts as say
from bot.service.people.invites import events_awaiting_approval
from bot.service.people.persons import person_by_tg
from bot.service.people.roles import Hat, hats_held
from bot.service.platform.unit import Reply, Request, answer, unit
from bot.service.results.photo_windows import photos_owed
from bot.store.db import Database
from bot.words.said import Said, stacked


@dataclass(frozen=True)
class Playing:
    """An event the person plays in, as /help describes it: its format decides which rules
    are cited (``formats.cite``) and its ``board_photos`` rule whether a photo is owed."""

    name: str
    format: str
    photos: bool


@dataclass(frozen=True)
class Standing:
    name: str  # as Telegram shows the user
    hats: frozenset[Hat]  # (role, format) held in any event
    awaiting: list[str]  # names of the events they asked to join, not answered yet
    organiser: bool  # may create events (TDBOT_ORGANISERS)
    playing: tuple[Playing, ...] = ()


async def _standing(db: Database, req: Request, words: Callable[[Standing], Said]
                    ) -> Standing:
    """Where the writer stands, answered in ``words``."""
    async with unit(db, req) as tx:
        hats: set[Hat] = set()
        awaiting: list[str] = []
        playing: list[Playing] = []
        if req.tg_user_id is not None:
            hats = await hats_held(tx, req.tg_user_id)
            awaiting = await events_awaiting_approval(tx, req.tg_user_id)
            person = await person_by_tg(tx, req.tg_user_id)
            if person is not None:
                for event_id, _name, held in await roles.events_of(tx, person.id):
                    if "player" in held:
                        event = await get_event(tx, event_id)
                        playing.append(Playing(event.name, event.format, photos_owed(event)))
        standing = Standing(req.tg_name, frozenset(hats), awaiting, req.organiser,
                            tuple(playing))
        await answer(tx, req, Reply(words(standing)))
        return standing


def _help(s: Standing) -> Said:
    return say.help_text(s.hats, can_create_events=s.organiser, awaiting=s.awaiting,
                         playing=s.playing)


def _hello(s: Standing) -> Said:
    return say.welcome_back(s.name) if s.hats else say.stranger(s.organiser)


def _anything(s: Standing) -> Said:
    """Someone in an event is pointed to /help; someone whose join request waits is told
    that it waits; a stranger learns what TDBot is and how to join."""
    if s.hats:
        return say.not_understood()
    if s.awaiting:
        return stacked(*[say.still_waiting(name) for name in s.awaiting])
    return say.stranger(s.organiser)


async def help_me(db: Database, req: Request) -> Standing:
    """Use-case: /help: only what the person who wrote may do here, and what they wait for."""
    return await _standing(db, req, _help)


async def say_hello(db: Database, req: Request) -> Standing:
    """Use-case: /start without a link: hello again to someone in an event, else what
    TDBot is and how to join (or, for an organiser, create) one."""
    return await _standing(db, req, _hello)


async def anything_else(db: Database, req: Request) -> Standing:
    """Use-case: a message no other handler takes: a friendly word, never silence."""
    return await _standing(db, req, _anything)


async def ignore_edit(db: Database, req: Request) -> None:
    """Use-case: an edited message is not acted on again (a command would repeat its
    effect); the person is only answered, once."""
    async with unit(db, req) as tx:
        await answer(tx, req, Reply(say.edit_ignored()))
