"""The TD's desk at a round's close: what to do with a match the round left unfinished.

The rules leave an unfinished match to the organisers (SSSg para 21: they may delay the end
of a round; para 27: a match bye; para 30: what the Annex does not cover). The close
deadline (``rounds._closing``) and ``/pending`` offer three answers, each a use-case here:

- extend the round 7 days (para 21), which moves its close and its reminders;
- a match bye to one side (para 27), through ``rulings.award_match_bye_in``, the one code
  path for a match bye;
- void the match's games: they no longer count and the match starts again from game 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.service.events.lookup import Event, get_event
from bot.service.events.rounds import move_close_in, unfinished_of
from bot.service.events.schedule import Round, get_round, round_said
from bot.service.people.roles import require_role
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.clock import iso, utc
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results import desk_texts as say
from bot.service.results.adjudicators import refuse_own_match
from bot.service.results.disputes import supersede
from bot.service.results.matches import core_match, get_match, matches_of_round
from bot.service.results.rulings import award_match_bye_in
from bot.service.results.slip_copies import settled_note, to_both
from bot.store import games_repo, slips_repo
from bot.store.db import Database, Tx
from bot.store.rounds_repo import RoundState
from bot.words.said import Said, english_text, said
from core.knockout.match import MatchStage, void_game
from core.slip import SlipState

#: How long the Extend button delays a round's close.
EXTENSION = timedelta(days=7)


@dataclass(frozen=True)
class Extended:
    """A round's new close. ``by_this_press`` is False when the button's close had already
    been moved (a second press, or another TD first): nothing changed then."""

    event: Event
    round: Round
    by_this_press: bool
    players_told: int


async def extend_round(
    db: Database, req: Request, round_id: int, *, extends_from: int, why: str | Said = "",
) -> Extended:
    """Use-case: a TD delays a round's close by ``EXTENSION`` (SSSg para 21).

    ``extends_from`` is the close (Unix seconds) the TD saw: the new close counts from it,
    or from now if it has passed, and the change is a compare-and-set on it, so a repeated
    press extends once. The players of its unfinished matches are told the new time."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        done = await extend_round_in(tx, actor, round_id, extends_from=extends_from,
                                     why=why, now=req.now)
        closes = done.round.closes_at
        await answer(tx, req, Reply(say.extended_answer(
            done.round.name, None if closes is None else done.event.at(closes),
            done.by_this_press, done.players_told)))
        return done


async def extend_round_in(tx: Tx, actor: Actor, round_id: int, *, extends_from: int, why: str | Said,
                          now: datetime) -> Extended:
    """``extend_round`` inside a transaction (a no-show ruling extends the same way)."""
    rnd = await get_round(tx, round_id)
    await require_role(tx, actor, rnd.event_id, "td")
    event = await get_event(tx, rnd.event_id)
    if rnd.state != RoundState.OPEN or rnd.closes_at is None:
        raise Invalid(said("{round} is not open: only an open round can be extended",
                           round=round_said(rnd.name)))
    was = rnd.closes_at
    if int(was.timestamp()) != extends_from:
        return Extended(event, rnd, False, 0)
    closes = max(was, utc(now)) + EXTENSION
    if not await move_close_in(tx, event, rnd, closes, now):
        return Extended(event, rnd, False, 0)
    rnd = await get_round(tx, rnd.id)
    told = 0
    for m in unfinished_of(await matches_of_round(tx, rnd.id)).to_play:
        for side, person in enumerate(m.people):
            if person is None:
                continue
            told += 1
            await outbox.enqueue(
                tx, person_id=person, now=now,
                dedupe_key=f"round:{rnd.id}:extended:{iso(closes)}:{m.id}:{side}",
                said=say.extended(event, rnd, m.label(1 - side), event.at(closes)),
            )
    await journal.record(
        tx, who=actor, action="round.extend", subject=f"round:{rnd.id}", now=now,
        detail={"from": iso(was), "closes_at": iso(closes)},
        why=why or said("extended 7 days"),
    )
    return Extended(event, rnd, True, told)


@dataclass(frozen=True)
class MatchByeGiven:
    code: str
    round_name: str
    winner: str
    loser: str
    format: str  # the event's: only a knockout's texts cite SSSg (``formats.cite``)


async def give_match_bye(
    db: Database, req: Request, match_id: int, side: int, *, why: str | Said,
) -> MatchByeGiven:
    """Use-case: a TD gives one side of a match a match bye (SSSg para 27); never a TD who
    plays in it (para 19). ``why``: the TD's words, or a button's reason as a record."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        view = await get_match(tx, match_id)
        await require_role(tx, actor, view.event_id, "td")
        await refuse_own_match(tx, actor, view)
        await award_match_bye_in(tx, match_id, side, actor, req.now, why)
        event = await get_event(tx, view.event_id)
        given = MatchByeGiven(view.code, view.round_name, view.label(side), view.label(1 - side),
                              event.format)
        await answer(tx, req, Reply(say.match_bye_given(event, given.code, given.round_name,
                                                         given.winner)))
        return given


@dataclass(frozen=True)
class MatchVoided:
    code: str
    round_name: str
    games: int  # how many games no longer count


async def void_match(
    db: Database, req: Request, match_id: int, *, why: str | Said,
) -> MatchVoided:
    """Use-case: a TD voids every counted game of a match being played: the games keep
    their place in the record but no longer count (the core's ``void_game``, one by one),
    open slips and disputes about them are closed as void, and the match starts again from
    game 1 with a tile draw (para 15). Both players are told why: the TD's words, or a
    button's reason as a record, read in each player's language."""
    reason: str | Said = why.strip() if isinstance(why, str) else why
    journal_why = english_text(reason)
    if not journal_why:
        raise Invalid(said("say why the match is voided: the players and the journal are "
                           "told"))
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        view = await get_match(tx, match_id)
        await require_role(tx, actor, view.event_id, "td")
        await refuse_own_match(tx, actor, view)
        if view.state != MatchStage.PLAYING:
            raise Invalid(said("{code} is not being played: only a match being played can "
                               "be voided", code=view.code))
        match = await core_match(tx, match_id)
        counted = match.state().counted
        if not counted:
            raise Invalid(said("no game of {code} counts: there is nothing to void",
                               code=view.code))
        for index in counted:
            match = void_game(match, index).match
        rows = await games_repo.games_of(tx, match_id)
        for index in counted:
            row = rows[index]
            await games_repo.set_void(tx, row.id, True)
            slip = await slips_repo.of_game(tx, row.id)
            if slip is not None:
                await slips_repo.move(tx, slip.id, (SlipState.AGREED,), SlipState.VOID, req.now)
        assert not match.state().counted
        what = say.voided_note(reason)
        await supersede(tx, view, ruling=f"void: {journal_why}", by=actor, now=req.now,
                        slip_note=to_both(what), ruler_note=settled_note(what, False),
                        why=reason if isinstance(reason, Said) else None)
        event = await get_event(tx, view.event_id)
        await journal.record(
            tx, who=actor, action="match.void", subject=f"match:{view.id}", now=req.now,
            detail={"code": view.code, "voided_games": len(counted)}, why=reason,
        )
        for side, person in enumerate(view.people):
            if person is not None:
                await outbox.enqueue(
                    tx, person_id=person, now=req.now,
                    said=say.voided(event, view, side, len(counted), reason),
                )
        await answer(tx, req, Reply(say.match_voided(view.code, view.round_name,
                                                     len(counted))))
        return MatchVoided(view.code, view.round_name, len(counted))

