"""Where a Telegram user stands: the roles they hold (with each event's format), the
events they play in, the events they asked to join, and whether they may create events.
/start without a link, /help and any message no other handler takes are answered from it,
each in its own words (bot/telegram/texts.py)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events.lookup import get_event
from bot.service.people import roles
from bot.service.people.invites import events_awaiting_approval
from bot.service.people.persons import person_by_tg
from bot.service.people.roles import Hat, hats_held
from bot.service.platform.unit import Answer, Request, answer_with, unit
from bot.service.results.photo_windows import photos_owed
from bot.store.db import Database


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


async def my_standing(
    db: Database, req: Request, *, render: Answer[Standing] | None = None
) -> Standing:
    """Use-case: what the person who wrote may do here, and what they wait for."""
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
        return await answer_with(tx, req, render, standing)


async def ignore_edit(db: Database, req: Request, *, render: Answer[None] | None = None) -> None:
    """Use-case: an edited message is not acted on again (a command would repeat its
    effect); the person is only answered, once."""
    async with unit(db, req) as tx:
        await answer_with(tx, req, render, None)
