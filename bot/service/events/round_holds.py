"""A TD holds a round open past its closing date (SSSg para 21 for a knockout; a
round-based event's TD may do the same: its rounds close on dates too).

Para 21: the organisers "reserve the right to delay the conclusion of the round", e.g.
until another rated tournament is over, so that nobody games the ratings by choosing when
to play. Holding a round moves its close: the reminders and the close deadline are opened
again for the new date (``rounds.schedule_close``, the one copy of that rule), the
reason goes to the journal, and the players whose matches are unfinished are told the new
date (and the group, if one follows the event).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events import hold_texts
from bot.service.events.lookup import get_event
from bot.service.events.rounds import move_close_in
from bot.service.events.schedule import find_round, parse_closing, round_said
from bot.service.formats.registry import format_of
from bot.service.formats.traits import cite, kind
from bot.service.people.roles import require_role
from bot.service.platform import journal, outbox
from bot.service.platform.clock import iso
from bot.service.platform.errors import Invalid
from bot.service.platform.news import group_language
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results.matches import matches_of_round
from bot.store import groups_repo
from bot.store.db import Database
from bot.store.rounds_repo import RoundState
from bot.words.said import said
from core.knockout.match import MatchStage


@dataclass(frozen=True)
class RoundHeld:
    event: str
    round_name: str
    closes: str  # the new close, in the event's time zone
    before: str  # the old one
    told: int  # players told


async def hold_round(db: Database, req: Request, event_id: int, round_ref: str, *, until: str,
                     why: str) -> RoundHeld:
    """Use-case: ``tdbot round hold`` / ``/holdround ROUND until DATE: REASON``, for the
    formats whose rounds close on a date (``Format.dated_rounds``); SSSg para 21 is
    cited to a knockout's TD only (``formats.cite``)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        if not format_of(event).dated_rounds:
            raise Invalid(said("{event} is {kind}: only a knockout's or a round-based event's "
                               "rounds close on a date that can be held open",
                               event=event.name, kind=kind(event.format)))
        if not why.strip():
            raise Invalid(said("say why the round is held open{para}, e.g. 'until the "
                               "Causeway Open is over'", para=cite(event, "SSSg para 21")))
        rnd = await find_round(tx, event_id, round_ref)
        if rnd.state != RoundState.OPEN:
            raise Invalid(said("{round} is not open: only an open round can be held open",
                               round=round_said(rnd.name)))
        closes = parse_closing(until, event.zone)
        if rnd.closes_at is not None and closes <= rnd.closes_at:
            raise Invalid(said("{round} closes {at} already; to hold it open, give a later "
                               "date", round=round_said(rnd.name), at=event.at(rnd.closes_at)))
        if closes <= req.now:
            raise Invalid(said("{until} is already past; give a later date", until=until))
        before = event.local(rnd.closes_at) if rnd.closes_at is not None else "no date"
        if not await move_close_in(tx, event, rnd, closes, req.now):
            raise Invalid(said("{round} has no closing time to move; give it one with "
                               "/openround or tdbot round open --closes", round=round_said(rnd.name)))
        await journal.record(tx, who=actor, action="round.hold", subject=f"round:{rnd.id}",
                             now=req.now, why=why.strip(),
                             detail={"closes_at": iso(closes), "before": before})
        new = event.local(closes)
        text = hold_texts.held(event.name, rnd.name, event.at(closes), why.strip())
        told = 0
        for m in await matches_of_round(tx, rnd.id):
            if m.state != MatchStage.PLAYING:
                continue
            for side in (0, 1):
                person = m.people[side]
                if person is None:
                    continue
                await outbox.enqueue(
                    tx, person_id=person, now=req.now,
                    said=hold_texts.held_for_player(text, m.label(1 - side)))
                told += 1
        chat = await groups_repo.group_of(tx, event_id)
        if chat is not None:
            await outbox.enqueue(tx, chat_id=chat, now=req.now, said=text,
                                 lang=await group_language(tx, event))
        await answer(tx, req, Reply(hold_texts.held_answer(
            rnd.name, event.at(closes),
            None if rnd.closes_at is None else event.at(rnd.closes_at), told)))
        return RoundHeld(event.name, rnd.name, new, before, told)
