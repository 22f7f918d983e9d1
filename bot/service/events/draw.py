"""Making an event's draw: the checks every format shares, then the format's own draw.

The draw takes a seed, records it with the event and in the journal, and the same seed
always gives the same draw, so anyone can re-run it (``tdbot files draw --seed N``) and check it
(SSSg 2016, Annex A paras 1 and 3: "fixtures ... will be
determined by random draw"). Only a TD draws, once, while the event takes entries, with at
least two players; what the draw makes is the format's (``seam.Format.draw``: a knockout's
bracket, a round-based event's rounds), and a format with no draw says why.
"""

from __future__ import annotations

from datetime import datetime

from bot.service.events import draw_texts
from bot.service.events.lookup import get_event
from bot.service.formats.registry import format_of
from bot.service.formats.seam import DrawResult as DrawResult
from bot.service.people.entries import entries_of
from bot.service.people.roles import require_role
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.limits import SEED
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.store.db import Database, Tx
from bot.store.entries_repo import EntryState
from bot.store.events_repo import EventState
from bot.words.said import said


async def draw_event(
    db: Database, req: Request, event_id: int, *, seed: int, why: str = "",
) -> DrawResult:
    """Use-case: a TD or organiser draws the event (``make_draw``), in one transaction;
    the TD reads the draw to check it."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        result = await make_draw(tx, event_id, seed=seed, by=actor, now=req.now, why=why)
        event = await get_event(tx, event_id)
        await answer(tx, req, Reply(draw_texts.made(event.name, result)))
        return result


async def make_draw(
    tx: Tx, event_id: int, *, seed: int, by: Actor, now: datetime, why: str = ""
) -> DrawResult:
    """Draw the event (TD or organiser, once, after registration): store its rounds and
    matches, settle byes, and tell every player their first match."""
    SEED.check(seed)
    await require_role(tx, by, event_id, "td")
    event = await get_event(tx, event_id)
    fmt = format_of(event)
    if fmt.no_draw is not None:
        raise Invalid(said("{event} {refusal}", event=event.name, refusal=fmt.no_draw))
    if event.state != EventState.REGISTRATION:
        raise Invalid(said("{event} has already been drawn (seed {seed})", event=event.name,
                           seed=str(event.draw_seed)))
    entries = sorted(
        (e for e in await entries_of(tx, event_id) if e.state == EntryState.ACTIVE), key=lambda e: e.id
    )
    if len(entries) < 2:
        raise Invalid(said("{event} needs at least 2 players to draw; it has {n}",
                           event=event.name, n=len(entries)))
    return await fmt.draw(tx, event, entries, seed, by, now, why)
