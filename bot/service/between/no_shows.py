"""Claiming a no-show: the opponent did not turn up at the time the two agreed.

Most TD work in a remote event comes from games that never happen. A player whose opponent
did not come at an agreed time (``arranging.py``) claims it with one tap, once that time
has come. The opponent has a window (``no_show_window_hours``, 24 by default) to contest
it; contested at once, or uncontested when the window closes, the claim goes to the TDs
who may rule on the match (never a TD who plays in it, SSSg para 19) with what the two
said and arranged (``relay.log_of``). They award the next game by forfeit (WESPA rules,
Forfeits), the match (a match bye, SSSg para 27, through ``rulings.award_match_bye_in``),
or extend the round (para 21, through ``desk.extend_round_in``): the existing rulings'
paths, so no rule is written twice. The forfeit date of every match, its round's close,
is in the players' ``/matches``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.service.between import no_show_texts as say
from bot.service.between.player_zones import zone_of
from bot.service.between.relay import Seat, log_of, seat_by_id, seat_of
from bot.service.between.relay_texts import ruling_words
from bot.service.events.lookup import Event, get_event
from bot.service.events.schedule import get_round, round_said
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.callbacks import NO_SHOW_RULINGS
from bot.service.platform.deadlines import Deadline, cancel_deadlines, handler, open_deadline
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results.adjudicators import rulers_of
from bot.service.results.desk import extend_round_in
from bot.service.results.matches import MatchView, core_match, get_match
from bot.service.results.reporting_texts import one_game
from bot.service.results.rulings import award_match_bye_in, find_match, forfeit_in, require_ruler
from bot.store import match_times_repo, no_shows_repo
from bot.store.db import Database, Tx
from bot.store.no_shows_repo import ClaimState, NoShowClaim
from bot.words.said import said

WINDOW = "noshow.window"
#: A claim the TDs have not ruled on yet.
UNRULED = (ClaimState.OPEN, ClaimState.CONTESTED, ClaimState.WITH_TDS)


def window_hours(event: Event) -> float:
    return float(event.rules.get("rules", {}).get("no_show_window_hours", 24))


@dataclass(frozen=True)
class Claimed:
    code: str
    opponent: str
    until: datetime  # the end of the opponent's window, on the claimant's clock


async def _claim_in(tx: Tx, seat: Seat, time_id: int | None, now: datetime) -> Claimed:
    agreed = await match_times_repo.agreed_of(tx, seat.view.id)
    if agreed is None or (time_id is not None and agreed.id != time_id):
        raise Invalid(said("{code} has no agreed time to claim on: a no-show is claimed "
                           "after a time you both agreed", code=seat.view.code))
    if agreed.starts_at > now:
        shown = (await zone_of(tx, seat.person, seat.event)).at(agreed.starts_at)
        raise Invalid(said("the agreed time, {at}, has not come yet", at=shown))
    for c in await no_shows_repo.of_time(tx, agreed.id):
        if c.claimant == seat.person:
            raise Invalid(say.claimed_already(c.state))
    claim_id = await no_shows_repo.add(tx, seat.view.id, agreed.id, seat.person, now)
    until = now + timedelta(hours=window_hours(seat.event))
    await open_deadline(tx, WINDOW, f"no_show:{claim_id}", until, {}, now=now)
    theirs = await zone_of(tx, seat.opponent, seat.event)  # read in the opponent's zone
    await outbox.enqueue(tx, person_id=seat.opponent, now=now,
                         said=say.claimed_against(seat.event, seat.view, seat.side,
                                                       theirs.at(agreed.starts_at),
                                                       theirs.at(until)),
                         buttons=say.contest_buttons(claim_id, seat.view.id),
                         dedupe_key=f"noshow:{claim_id}:against")
    await journal.record(tx, who=seat.actor, action="noshow.claim", subject=f"match:{seat.view.id}",
                         now=now, detail={"code": seat.view.code, "side": seat.side,
                                          "claim_id": claim_id})
    return Claimed(seat.view.code, seat.opponent_name,
                   (await zone_of(tx, seat.person, seat.event)).at(until))


async def _answer_claimed(tx: Tx, req: Request, done: Claimed) -> Claimed:
    """The claimant reads that it is noted, and until when their opponent may answer."""
    await answer(tx, req, Reply(say.claimed(done.code, done.opponent, done.until)))
    return done


async def claim(db: Database, req: Request, time_id: int) -> Claimed:
    """Use-case: the "did not come" button of the follow-up after an agreed time."""
    async with unit(db, req) as tx:
        agreed = await match_times_repo.get(tx, time_id)
        if agreed is None:
            raise NotFound(said("no such agreed time"))
        seat = await seat_by_id(tx, req, agreed.match_id)
        return await _answer_claimed(tx, req, await _claim_in(tx, seat, time_id, req.now))


async def claim_named(db: Database, req: Request, code: str, *, event_id: int | None = None,
                      player: str | None = None) -> Claimed:
    """Use-case: ``/noshow M3`` (``tdbot game noshow``): the claimant's opponent did not come
    at the agreed time."""
    async with unit(db, req) as tx:
        seat = await seat_of(tx, req, code, event_id=event_id, player=player)
        return await _answer_claimed(tx, req, await _claim_in(tx, seat, None, req.now))


@dataclass(frozen=True)
class Contested:
    code: str
    claimant: str
    added: bool  # the reason was added to a claim already with the TDs


async def _to_tds(tx: Tx, claim: NoShowClaim, view: MatchView, event: Event, now: datetime) -> int:
    """The claim goes to the match's rulers with the log of what the players said."""
    if not await no_shows_repo.to_tds(tx, claim.id):
        return 0
    fresh = await no_shows_repo.get(tx, claim.id)
    assert fresh is not None
    side = view.side_of_person(claim.claimant)
    assert side is not None
    agreed = await match_times_repo.get(tx, claim.time_id)
    assert agreed is not None
    rnd = await get_round(tx, view.round_id)
    log = await log_of(tx, event, view)
    text = say.for_tds(event, view, side, event.at(agreed.starts_at), fresh.contest,
                       None if rnd.closes_at is None else event.at(rnd.closes_at), log)
    rulers = await rulers_of(tx, view)
    for ruler in rulers:
        await outbox.enqueue(tx, person_id=ruler, now=now, said=text,
                             buttons=say.ruling_buttons(event, view, claim.id, view.label(side)),
                             dedupe_key=f"noshow:{claim.id}:tds:{ruler}")
    await journal.record(tx, who=Actor.system(), action="noshow.tds", subject=f"match:{view.id}",
                         now=now, detail={"code": view.code, "claim_id": claim.id,
                                          "contested": fresh.contest is not None,
                                          "rulers": len(rulers)})
    return len(rulers)


async def _contest_in(tx: Tx, seat: Seat, claim: NoShowClaim, text: str, now: datetime) -> Contested:
    if claim.claimant == seat.person:
        raise Invalid(said("you made this claim: your opponent contests it, not you"))
    claimant = seat.view.label(1 - seat.side)
    if claim.state == ClaimState.RULED:
        raise Invalid(said("the TDs have ruled on {name}'s claim already: {ruling}",
                           name=claimant, ruling=ruling_words(claim.ruling or "")))
    if claim.state == ClaimState.OPEN:
        await no_shows_repo.contest(tx, claim.id, text.strip(), now)
        await cancel_deadlines(tx, f"no_show:{claim.id}", now)
        await journal.record(tx, who=seat.actor, action="noshow.contest",
                             subject=f"match:{seat.view.id}", now=now,
                             detail={"code": seat.view.code, "claim_id": claim.id}, why=text.strip())
        await outbox.enqueue(tx, person_id=claim.claimant, now=now,
                             said=say.contested_to_claimant(seat.view, seat.side, text.strip()))
        await _to_tds(tx, claim, seat.view, seat.event, now)
        return Contested(seat.view.code, claimant, False)
    if not text.strip():
        raise Invalid(said("you contested it already; add what happened: /contest {code} "
                           "WHAT HAPPENED", code=seat.view.code))
    await no_shows_repo.add_reason(tx, claim.id, text.strip())
    await journal.record(tx, who=seat.actor, action="noshow.contest",
                         subject=f"match:{seat.view.id}", now=now,
                         detail={"code": seat.view.code, "claim_id": claim.id}, why=text.strip())
    for ruler in await rulers_of(tx, seat.view):
        await outbox.enqueue(tx, person_id=ruler, now=now,
                             said=say.reason_added(seat.view, seat.side, text.strip()))
    return Contested(seat.view.code, claimant, True)


async def _claim_against(tx: Tx, seat: Seat) -> NoShowClaim:
    found = [c for c in await no_shows_repo.of_match(tx, seat.view.id,
                                                     UNRULED)
             if c.claimant != seat.person]
    if not found:
        raise Invalid(said("{name} has no open no-show claim against you in {code}",
                           name=seat.opponent_name, code=seat.view.code))
    return found[-1]


async def _answer_contested(tx: Tx, req: Request, done: Contested) -> Contested:
    await answer(tx, req, Reply(say.contested(done.code, done.claimant, done.added)))
    return done


async def contest(db: Database, req: Request, claim_id: int) -> Contested:
    """Use-case: the "I was there" button: the claim goes to the TDs at once."""
    async with unit(db, req) as tx:
        found = await no_shows_repo.get(tx, claim_id)
        if found is None:
            raise NotFound(said("no such claim"))
        seat = await seat_by_id(tx, req, found.match_id)
        return await _answer_contested(tx, req, await _contest_in(tx, seat, found, "", req.now))


async def contest_named(db: Database, req: Request, code: str, text: str, *,
                        event_id: int | None = None, player: str | None = None) -> Contested:
    """Use-case: ``/contest M3 WHAT HAPPENED`` (``tdbot game contest``)."""
    async with unit(db, req) as tx:
        seat = await seat_of(tx, req, code, event_id=event_id, player=player)
        found = await _claim_against(tx, seat)
        return await _answer_contested(tx, req, await _contest_in(tx, seat, found, text, req.now))


@handler(WINDOW)
async def _window_closed(tx: Tx, d: Deadline, now: datetime) -> bool:
    """The opponent did not contest in time: the claim goes to the TDs."""
    found = await no_shows_repo.get(tx, int(d.subject.split(":", 1)[1]))
    if found is None or found.state != ClaimState.OPEN:
        return False
    view = await get_match(tx, found.match_id)
    event = await get_event(tx, view.event_id)
    await _to_tds(tx, found, view, event, now)
    return True


@dataclass(frozen=True)
class NoShowRuled:
    code: str
    ruling: str  # game, match, extend
    to: str  # the claimant
    detail: str | datetime  # the score line after it, or the round's new close
    by_this: bool
    single: bool = False  # the match is one game: the forfeit decided it


async def _rule_in(tx: Tx, req: Request, actor: Actor, claim: NoShowClaim, ruling: str,
                   why: str) -> NoShowRuled:
    if ruling not in NO_SHOW_RULINGS:
        raise Invalid(said("a no-show ruling is one of {rulings}",
                           rulings=", ".join(NO_SHOW_RULINGS)))
    view = await get_match(tx, claim.match_id)
    await require_ruler(tx, actor, view)
    side = view.side_of_person(claim.claimant)
    assert side is not None
    if claim.state == ClaimState.RULED:
        return NoShowRuled(view.code, claim.ruling or "", view.label(side), "", False)
    event = await get_event(tx, view.event_id)
    given = why.strip()
    why = given or say.default_why(view, side)
    detail: str | datetime
    if ruling == "game":
        state = (await core_match(tx, view.id)).state()
        if state.next_game is None:
            raise Invalid(said("{code} is decided: there is no game left to award",
                               code=view.code))
        ruled = await forfeit_in(tx, req, actor, event, view, state.next_game, side, why)
        detail = ruled.score_line
        if one_game(event, view):  # the game was the match: its spread, the winner's
            detail = f"({(await core_match(tx, view.id)).state().spread[side]:+d})"
    elif ruling == "match":
        after = await award_match_bye_in(tx, view.id, side, actor, req.now, why)
        detail = after.score_line()
    else:
        rnd = await get_round(tx, view.round_id)
        if rnd.closes_at is None:
            raise Invalid(said("{round} has no closing time to extend", round=round_said(rnd.name)))
        extended = await extend_round_in(tx, actor, rnd.id,
                                         extends_from=int(rnd.closes_at.timestamp()), why=why,
                                         now=req.now)
        closes = extended.round.closes_at or rnd.closes_at
        detail = event.at(closes)
    # the ruling as the TD gave it: its kind, and their reason if they gave one (the default
    # reason is worded in each reader's language where the ruling is shown: relay_texts)
    await no_shows_repo.rule(tx, claim.id, f"{ruling}: {given}" if given else ruling,
                             actor.label, req.now)
    await cancel_deadlines(tx, f"no_show:{claim.id}", req.now)
    await journal.record(tx, who=actor, action="noshow.rule", subject=f"match:{view.id}",
                         now=req.now, detail={"code": view.code, "claim_id": claim.id,
                                              "ruling": ruling, "to_side": side}, why=why)
    if ruling == "extend":
        for s in (0, 1):
            person = view.people[s]
            if person is not None:
                shown = (await zone_of(tx, person, event)).told(closes)
                await outbox.enqueue(tx, person_id=person, now=req.now,
                                     said=say.extended(view, s, side, shown,
                                                       given or say.default_why_said(view, side)))
    return NoShowRuled(view.code, ruling, view.label(side), detail, True,
                       single=one_game(event, view))


async def _answer_ruled(tx: Tx, req: Request, done: NoShowRuled) -> NoShowRuled:
    """The TD reads what their ruling did (or that another TD ruled first)."""
    await answer(tx, req, Reply(say.ruled(done.code, done.ruling, done.to, done.detail,
                                          done.by_this, done.single)))
    return done


async def rule(db: Database, req: Request, claim_id: int, ruling: str, *,
               why: str = "") -> NoShowRuled:
    """Use-case: a TD's button on a no-show claim."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        found = await no_shows_repo.get(tx, claim_id)
        if found is None:
            raise NotFound(said("no such claim"))
        return await _answer_ruled(tx, req, await _rule_in(tx, req, actor, found, ruling, why))


async def rule_named(db: Database, req: Request, event_id: int, code: str, ruling: str, *,
                     why: str) -> NoShowRuled:
    """Use-case: ``tdbot rule noshow EVENT MATCH --game|--match|--extend --why TEXT``."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        event = await get_event(tx, event_id)
        view = await find_match(tx, event, code)
        found = await no_shows_repo.of_match(tx, view.id, UNRULED)
        if not found:
            raise Invalid(said("{code} has no open no-show claim", code=view.code))
        if actor.person_id is not None and actor.person_id in view.people:
            raise NotAllowed(said("you play in {code}: another TD rules on it",
                                  code=view.code))
        return await _answer_ruled(tx, req,
                                   await _rule_in(tx, req, actor, found[-1], ruling, why))


async def open_claims(tx: Tx, event_id: int) -> list[tuple[MatchView, NoShowClaim]]:
    """The event's claims not yet ruled, for ``/pending``."""
    out = []
    for c in await no_shows_repo.of_event(tx, event_id, UNRULED):
        out.append((await get_match(tx, c.match_id), c))
    return out
