"""Where a Telegram user stands: the roles they hold, the events they asked to join, and
whether they may create events. /start without a link, /help and any message no other
handler takes are answered from it, each in its own words (bot/telegram/texts.py)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.invites import events_awaiting_approval
from bot.service.roles import roles_held
from bot.service.unit import Answer, Request, answer_with, unit
from bot.store.db import Database


@dataclass(frozen=True)
class Standing:
    name: str  # as Telegram shows the user
    roles: frozenset[str]  # held in any event
    awaiting: list[str]  # names of the events they asked to join, not answered yet
    organiser: bool  # may create events (TDBOT_ORGANISERS)


async def my_standing(
    db: Database, req: Request, *, render: Answer[Standing] | None = None
) -> Standing:
    """Use-case: what the person who wrote may do here, and what they wait for."""
    async with unit(db, req) as tx:
        roles: set[str] = set()
        awaiting: list[str] = []
        if req.tg_user_id is not None:
            roles = await roles_held(tx, req.tg_user_id)
            awaiting = await events_awaiting_approval(tx, req.tg_user_id)
        standing = Standing(req.tg_name, frozenset(roles), awaiting, req.organiser)
        return await answer_with(tx, req, render, standing)


async def ignore_edit(db: Database, req: Request, *, render: Answer[None] | None = None) -> None:
    """Use-case: an edited message is not acted on again (a command would repeat its
    effect); the person is only answered, once."""
    async with unit(db, req) as tx:
        await answer_with(tx, req, render, None)
