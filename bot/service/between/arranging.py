"""Arranging the game: when the two players of a match meet to play.

In a months-long remote event the players live in different time zones and most of their
effort goes into finding a time. Either player proposes one or more times (``propose``; the
chat also offers the next days' times as buttons); the opponent agrees to one with a tap or
proposes others. Times are read and shown in each player's own time zone (``/timezone``,
else the event's, and every message says which). A time after the round's close is refused
with the reason: the match must be played by then (SSSg para 6: a round's period; para
21: only the organisers move its end).

An agreed time shows in ``/matches``, comes as a calendar file (``core.meeting_times``:
one entry per match, updated when the game is moved), and opens durable deadlines
(``deadlines.py``): a reminder before it (``game_reminder_hours``, 1 by default) and, if no
result has arrived some hours after it (``game_followup_hours``, 6), a question to both,
with the button to claim that the opponent did not come (``no_shows.py``). A week before
a round closes (``UNARRANGED_BEFORE``) its TDs are told which matches still have no agreed
time; ``/pending`` lists them too.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.between import arranging_texts as say
from bot.service.between.player_zones import Zone, zone_of
from bot.service.between.relay import Seat, seat_by_id, seat_in_words, seat_of
from bot.service.events.lookup import Event, get_event
from bot.service.events.rounds import UNARRANGED, UNARRANGED_BEFORE, unfinished_of
from bot.service.events.schedule import Round, get_round, round_said
from bot.service.people.roles import people_with_role
from bot.service.platform import journal, outbox
from bot.service.platform.clock import iso
from bot.service.platform.deadlines import (
    Deadline,
    cancel_deadlines,
    handler,
    open_deadline,
    too_late,
)
from bot.service.platform.errors import Invalid, NotFound
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results.matches import MatchView, get_match, matches_of_event
from bot.store import match_times_repo, media_repo, prefs_repo
from bot.store.db import Database, Tx
from bot.store.match_times_repo import MatchTime, TimeState
from bot.store.rounds_repo import RoundState
from bot.words.said import said
from core.knockout.match import MatchStage
from core.meeting_times import BadTime, calendar_entry, parse_when, slots, split_times

REMINDER = "game.reminder"
FOLLOWUP = "game.followup"
#: The most times one proposal may hold (a phone's screen of buttons).
MOST_TIMES = 5
#: How long a game is, for the calendar entry.
GAME_LENGTH = timedelta(hours=1)


def _rules(event: Event) -> dict[str, object]:
    return dict(event.rules.get("rules", {}))


def reminder_hours(event: Event) -> float:
    return float(_rules(event).get("game_reminder_hours", 1))  # type: ignore[arg-type]


def followup_hours(event: Event) -> float:
    return float(_rules(event).get("game_followup_hours", 6))  # type: ignore[arg-type]


def _zone_named(text: str) -> str:
    name = text.strip()
    if not name:
        raise Invalid(said("name your time zone, e.g. /timezone Europe/London or /timezone "
                           "Asia/Singapore"))
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise Invalid(said("'{zone}' is not a time zone I know: write it as Region/City, "
                           "e.g. Europe/London, America/New_York, Asia/Kolkata",
                           zone=name)) from None
    return name


@dataclass(frozen=True)
class ZoneSet:
    zone: str | None  # None: back to each event's
    now_there: datetime | None  # the moment it was set, on that clock


async def set_zone(db: Database, req: Request, text: str, *,
                   player: str | None = None) -> ZoneSet:
    """Use-case: ``/timezone Europe/London`` (``/timezone event`` goes back to the event's):
    the zone this person's times are read and shown in."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        if actor.person_id is None:
            raise Invalid(said("a player sets their own time zone, in the chat"))
        zone = None if text.strip().casefold() in ("event", "off", "default") else _zone_named(text)
        await prefs_repo.set_zone(tx, actor.person_id, zone, req.now)
        await journal.record(tx, who=actor, action="player.timezone", now=req.now,
                             subject=f"person:{actor.person_id}", detail={"zone": zone})
        now_there = None if zone is None else Zone(zone, True).at(req.now)
        await answer(tx, req, Reply(say.zone_set(zone, now_there)))
        return ZoneSet(zone, now_there)


# --- proposing ------------------------------------------------------------------------------


def check_time(event: Event, rnd: Round, at: datetime, now: datetime, zone: Zone) -> None:
    """A time the match can be played at: ahead, in its round, before the round closes."""
    if at <= now:
        raise Invalid(said("{at} has passed: propose a time ahead", at=zone.at(at)))
    if rnd.closes_at is not None and at >= rnd.closes_at:
        raise Invalid(said("{at} is after {round} closes ({closes}): the match must be "
                           "played by then, or the TDs may rule it a forfeit",
                           at=zone.at(at), round=round_said(rnd.name), closes=zone.at(rnd.closes_at)))
    if rnd.opens_at is not None and rnd.state == RoundState.PLANNED and at < rnd.opens_at:
        raise Invalid(said("{at} is before {round} opens ({opens})", at=zone.at(at),
                           round=round_said(rnd.name), opens=zone.at(rnd.opens_at)))


@dataclass(frozen=True)
class Proposed:
    code: str
    to: str
    times: tuple[datetime, ...]  # on the proposer's clock
    zone: Zone


async def _propose_in(tx: Tx, seat: Seat, times: list[datetime], now: datetime,
                      zone: Zone) -> Proposed:
    rnd = await get_round(tx, seat.view.round_id)
    for at in times:
        check_time(seat.event, rnd, at, now, zone)
    times = sorted(set(times))
    # a new proposal answers the open ones (either side's): only the latest is open
    await match_times_repo.close_open(tx, seat.view.id, TimeState.SUPERSEDED, now)
    ids = [await match_times_repo.add(tx, seat.view.id, seat.actor.person_id or seat.person, at,
                                      now) for at in times]
    theirs = await zone_of(tx, seat.opponent, seat.event)
    agreed = await match_times_repo.agreed_of(tx, seat.view.id)
    await outbox.enqueue(
        tx, person_id=seat.opponent, now=now,
        said=say.proposal(seat.event, seat.view, seat.side, [theirs.at(t) for t in times],
                          theirs, None if agreed is None else theirs.at(agreed.starts_at)),
        buttons=say.proposal_buttons(seat.view.id, list(zip(ids, times, strict=True)), theirs),
        dedupe_key=f"arr:proposal:{ids[0]}")
    await journal.record(tx, who=seat.actor, action="time.propose", subject=f"match:{seat.view.id}",
                         now=now, detail={"code": seat.view.code, "side": seat.side,
                                          "times": [iso(t) for t in times]})
    return Proposed(seat.view.code, seat.opponent_name, tuple(zone.at(t) for t in times), zone)


async def _answer_proposed(tx: Tx, req: Request, done: Proposed) -> Proposed:
    """The proposer reads what was sent, on their clock."""
    await answer(tx, req, Reply(say.proposed(done.to, done.times, done.zone)))
    return done


def read_times(text: str, now: datetime, zone: Zone, language: str) -> list[datetime]:
    """The times a player typed, in their zone, in the words of the language they read or
    in English; a refusal's examples are in their language."""
    parts = split_times(text, language)
    if not parts:
        raise Invalid(said("say when, e.g. /propose M1 Sat 15:00 (several: Sat 15:00, Sun "
                           "10:00)"))
    if len(parts) > MOST_TIMES:
        raise Invalid(said("propose at most {n} times at once", n=MOST_TIMES))
    out = []
    for part in parts:
        try:
            out.append(parse_when(part, now.astimezone(zone.info), language))
        except BadTime as exc:
            raise Invalid(say.bad_time(exc, language)) from None
    return out


async def _propose_read(tx: Tx, req: Request, seat: Seat, text: str) -> Proposed:
    zone = await zone_of(tx, seat.person, seat.event)
    times = read_times(text, req.now, zone, req.language)
    return await _answer_proposed(tx, req, await _propose_in(tx, seat, times, req.now, zone))


async def propose(db: Database, req: Request, code: str, text: str, *,
                  event_id: int | None = None, player: str | None = None) -> Proposed:
    """Use-case: ``tdbot game propose`` (a player's ``/propose M3 Sat 15:00, Sun 10:00``
    is ``propose_typed``): offer the opponent one or more times, read in the proposer's
    zone."""
    async with unit(db, req) as tx:
        seat = await seat_of(tx, req, code, event_id=event_id, player=player)
        return await _propose_read(tx, req, seat, text)


#: What ``/propose`` takes: the match's code, then the times.
PROPOSE_USAGE = "/propose M3 Sat 15:00"


async def propose_typed(db: Database, req: Request, words: str) -> Proposed | Slots:
    """Use-case: ``/propose M3 Sat 15:00, Sun 10:00``: offer the opponent one or more times;
    ``/propose M3`` alone offers the next days' times as buttons (``offer_slots``). A
    player with one match to arrange may leave out its code, as ``/report`` takes a
    player's only match (``seat_in_words``)."""
    async with unit(db, req) as tx:
        seat, text = await seat_in_words(tx, req, words, PROPOSE_USAGE)
        if not text:
            return await _answer_slots(tx, req, await _slots_in(tx, seat, req.now))
        return await _propose_read(tx, req, seat, text)


async def propose_slot(db: Database, req: Request, match_id: int, at_unix: int) -> Proposed:
    """Use-case: a tap on one of the next days' times (``offer_slots``)."""
    async with unit(db, req) as tx:
        seat = await seat_by_id(tx, req, match_id)
        zone = await zone_of(tx, seat.person, seat.event)
        at = datetime.fromtimestamp(at_unix, UTC)
        return await _answer_proposed(tx, req, await _propose_in(tx, seat, [at], req.now, zone))


@dataclass(frozen=True)
class Slots:
    code: str
    opponent: str
    zone: Zone
    times: tuple[datetime, ...]  # on the presser's clock
    match_id: int


async def _slots_in(tx: Tx, seat: Seat, now: datetime) -> Slots:
    zone = await zone_of(tx, seat.person, seat.event)
    rnd = await get_round(tx, seat.view.round_id)
    offered = [t for t in slots(now.astimezone(zone.info))
               if rnd.closes_at is None or t < rnd.closes_at]
    if not offered:
        raise Invalid(said("{round} closes {closes}: no day is left to offer; propose a "
                           "time today with /propose, or ask the TDs", round=round_said(rnd.name),
                           closes=zone.at(rnd.closes_at or now)))
    return Slots(seat.view.code, seat.opponent_name, zone,
                 tuple(zone.at(t) for t in offered), seat.view.id)


async def _answer_slots(tx: Tx, req: Request, found: Slots) -> Slots:
    await answer(tx, req, Reply(say.slots(found.code, found.opponent, found.zone),
                                say.slot_buttons(found.match_id, found.times)))
    return found


async def offer_slots(db: Database, req: Request, match_id: int) -> Slots:
    """Use-case: the "Propose a time" button: the next days' times in the presser's zone
    that fall before the round closes, as buttons."""
    async with unit(db, req) as tx:
        seat = await seat_by_id(tx, req, match_id)
        return await _answer_slots(tx, req, await _slots_in(tx, seat, req.now))


# --- agreeing ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Agreed:
    code: str
    opponent: str
    at: datetime  # on the agreeing player's clock
    zone: Zone
    moved_from: datetime | None
    by_this: bool  # False: it was agreed already (a second tap)


def _uid(event: Event, view: MatchView) -> str:
    return f"match-{view.id}-{event.slug}@tdbot"


async def _calendar(tx: Tx, event: Event, view: MatchView, side: int, at: datetime,
                    now: datetime) -> int:
    sequence = await match_times_repo.agreements(tx, view.id) - 1
    text = calendar_entry(
        uid=_uid(event, view), sequence=max(sequence, 0), starts=at,
        length=GAME_LENGTH * view.best_of,
        summary=f"{event.name}: {view.round_name} match v {view.label(1 - side)}",
        description=(f"{view.round_name}, best of {view.best_of}. Report the result to the "
                     "bot after the game."),
        stamp=now)
    return await media_repo.add_document(tx, text.encode("utf-8"), f"{view.code.lower()}.ics", now)


async def _agree_in(tx: Tx, seat: Seat, chosen: MatchTime, now: datetime) -> Agreed:
    """The opponent of the proposer agrees ``chosen``: it becomes the match's time, an older
    agreed time is moved (its deadlines cancelled), both are told with a calendar file, and
    the reminder and the follow-up are opened."""
    zone = await zone_of(tx, seat.person, seat.event)
    if chosen.state == TimeState.AGREED:
        return Agreed(seat.view.code, seat.opponent_name, zone.at(chosen.starts_at), zone, None,
                      False)
    if chosen.state != TimeState.PROPOSED:
        raise Invalid(said("that time is no longer proposed: a newer proposal replaced it; "
                           "/matches shows what stands"))
    if chosen.proposed_by == seat.person:
        raise Invalid(said("you proposed that time: {name} agrees to it, not you",
                           name=seat.opponent_name))
    rnd = await get_round(tx, seat.view.round_id)
    check_time(seat.event, rnd, chosen.starts_at, now, zone)
    before = await match_times_repo.agreed_of(tx, seat.view.id)
    if before is not None:
        await match_times_repo.change(tx, before.id, TimeState.AGREED, TimeState.MOVED, now)
        await cancel_deadlines(tx, f"match_time:{before.id}", now)
    if not await match_times_repo.change(tx, chosen.id, TimeState.PROPOSED, TimeState.AGREED, now):
        raise Invalid(said("that time was answered already"))
    await match_times_repo.close_open(tx, seat.view.id, TimeState.SUPERSEDED, now)
    hours = reminder_hours(seat.event)
    remind_at = chosen.starts_at - timedelta(hours=hours)
    subject = f"match_time:{chosen.id}"
    if remind_at > now:
        await open_deadline(tx, REMINDER, subject, remind_at, {"hours": hours}, now=now)
    await open_deadline(tx, FOLLOWUP, subject,
                        chosen.starts_at + timedelta(hours=followup_hours(seat.event)), {},
                        now=now)
    # the player who agreed in the chat reads it here once, with that their opponent is told
    tapper = seat.side if seat.actor.person_id == seat.person else None
    for side in (0, 1):
        person = seat.view.people[side]
        assert person is not None
        theirs = await zone_of(tx, person, seat.event)
        moved = None if before is None else theirs.at(before.starts_at)
        text = say.agreed(seat.event, seat.view, side, theirs.at(chosen.starts_at), theirs,
                          moved, hours if remind_at > now else None, told=side == tapper)
        await outbox.enqueue(tx, person_id=person, now=now, said=text,
                             dedupe_key=f"arr:agreed:{chosen.id}:{side}")
        media = await _calendar(tx, seat.event, seat.view, side, chosen.starts_at, now)
        await outbox.enqueue(tx, person_id=person, now=now, media_id=media,
                             said=say.calendar_caption(seat.view, side, moved is not None),
                             dedupe_key=f"arr:ics:{chosen.id}:{side}")
    await journal.record(tx, who=seat.actor, action="time.agree", subject=f"match:{seat.view.id}",
                         now=now, detail={"code": seat.view.code, "side": seat.side,
                                          "starts_at": iso(chosen.starts_at),
                                          "moved_from": None if before is None
                                          else iso(before.starts_at)})
    return Agreed(seat.view.code, seat.opponent_name, zone.at(chosen.starts_at), zone,
                  None if before is None else zone.at(before.starts_at), True)


async def _answer_agreed(tx: Tx, req: Request, done: Agreed) -> Agreed:
    """Agreed by this: the message of it (with the calendar file) is the answer; agreed
    already: the time that stands."""
    if not done.by_this:
        await answer(tx, req, Reply(say.already_agreed(done.opponent, done.at)))
    return done


async def agree(db: Database, req: Request, time_id: int) -> Agreed:
    """Use-case: the opponent taps a proposed time: it is agreed."""
    async with unit(db, req) as tx:
        chosen = await match_times_repo.get(tx, time_id)
        if chosen is None:
            raise NotFound(said("no such proposed time"))
        seat = await seat_by_id(tx, req, chosen.match_id)
        return await _answer_agreed(tx, req, await _agree_in(tx, seat, chosen, req.now))


async def agree_named(db: Database, req: Request, code: str, when: str | None, *,
                      event_id: int | None = None, player: str | None = None) -> Agreed:
    """Use-case: ``/agree M3 [TIME]`` (``tdbot game agree``): agree the opponent's proposed
    time (the one ``when`` names, when they proposed several)."""
    async with unit(db, req) as tx:
        seat = await seat_of(tx, req, code, event_id=event_id, player=player)
        zone = await zone_of(tx, seat.person, seat.event)
        open_ = [t for t in await match_times_repo.of_match(tx, seat.view.id, (TimeState.PROPOSED,))
                 if t.proposed_by != seat.person]
        if not open_:
            agreed = await match_times_repo.agreed_of(tx, seat.view.id)
            if agreed is None:
                raise Invalid(said("{name} has no time proposed for you to agree: propose one "
                                   "with /propose {code} Sat 15:00",
                                   name=seat.opponent_name, code=seat.view.code))
            raise Invalid(said("{name} has no time proposed for you to agree; your match is "
                               "agreed for {at}: propose one with /propose {code} Sat 15:00",
                               name=seat.opponent_name, at=zone.at(agreed.starts_at),
                               code=seat.view.code))
        if when is not None and when.strip():
            at = read_times(when, req.now, zone, req.language)[0]
            open_ = [t for t in open_ if t.starts_at == at]
            if not open_:
                raise Invalid(said("{name} did not propose {at}", name=seat.opponent_name,
                                   at=zone.at(at)))
        elif len(open_) > 1:
            raise Invalid(say.several_proposed(seat.opponent_name, seat.view.code,
                                               [zone.at(t.starts_at) for t in open_]))
        return await _answer_agreed(tx, req, await _agree_in(tx, seat, open_[0], req.now))


# --- what the players and the TDs read -------------------------------------------------------


async def agreed_time(tx: Tx, person_id: int, view: MatchView,
                      event: Event) -> datetime | None:
    """The match's agreed time in the person's zone (for /matches), or None."""
    agreed = await match_times_repo.agreed_of(tx, view.id)
    if agreed is None:
        return None
    return (await zone_of(tx, person_id, event)).at(agreed.starts_at)


async def unarranged(tx: Tx, event_id: int, now: datetime) -> list[MatchView]:
    """The matches still to be played in open rounds that close within
    ``UNARRANGED_BEFORE`` and have no agreed time: the games most likely never to happen."""
    matches = [m for m in await matches_of_event(tx, event_id) if m.round_state == RoundState.OPEN]
    to_play = unfinished_of(matches).to_play
    closing: dict[int, bool] = {}
    for m in to_play:
        if m.round_id not in closing:
            rnd = await get_round(tx, m.round_id)
            closing[m.round_id] = (rnd.closes_at is not None
                                   and rnd.closes_at - UNARRANGED_BEFORE <= now < rnd.closes_at)
    candidates = [m for m in to_play if closing[m.round_id] and None not in m.people]
    agreed = await match_times_repo.agreed_in(tx, [m.id for m in candidates])
    return [m for m in candidates if m.id not in agreed]


# --- deadlines -----------------------------------------------------------------------------


async def _agreed_for(tx: Tx, d: Deadline) -> tuple[MatchTime, MatchView, Event] | None:
    """The agreed time a deadline is for, if it still stands and its match is still played."""
    time_id = int(d.subject.split(":", 1)[1])
    chosen = await match_times_repo.get(tx, time_id)
    if chosen is None or chosen.state != TimeState.AGREED:
        return None
    view = await get_match(tx, chosen.match_id)
    if view.state not in (MatchStage.READY, MatchStage.PLAYING) or None in view.people:
        return None
    return chosen, view, await get_event(tx, view.event_id)


@handler(REMINDER)
async def _remind(tx: Tx, d: Deadline, now: datetime) -> bool:
    """Before an agreed time: both players are reminded (not once it has begun)."""
    found = await _agreed_for(tx, d)
    if found is None or too_late(now, found[0].starts_at):
        return False
    chosen, view, event = found
    for side in (0, 1):
        person = view.people[side]
        assert person is not None
        zone = await zone_of(tx, person, event)
        await outbox.enqueue(tx, person_id=person, now=now,
                             said=say.reminder(event, view, side, zone.at(chosen.starts_at)),
                             buttons=say.reminder_buttons(view.id),
                             dedupe_key=f"arr:remind:{chosen.id}:{side}")
    return True


@handler(FOLLOWUP)
async def _follow_up(tx: Tx, d: Deadline, now: datetime) -> bool:
    """Hours after an agreed time with no result since: both are asked whether they played,
    with the button to claim the opponent did not come."""
    found = await _agreed_for(tx, d)
    if found is None:
        return False
    chosen, view, event = found
    if await match_times_repo.results_since(tx, view.id, chosen.starts_at):
        return False
    for side in (0, 1):
        person = view.people[side]
        assert person is not None
        zone = await zone_of(tx, person, event)
        await outbox.enqueue(tx, person_id=person, now=now,
                             said=say.follow_up(event, view, side, zone.at(chosen.starts_at)),
                             buttons=say.follow_up_buttons(view, side, chosen.id),
                             dedupe_key=f"arr:followup:{chosen.id}:{side}")
    return True


@handler(UNARRANGED)
async def _unarranged_notice(tx: Tx, d: Deadline, now: datetime) -> bool:
    """A week before a round closes: its TDs are told which matches have no agreed time."""
    rnd = await get_round(tx, int(d.subject.split(":", 1)[1]))
    if rnd.state != RoundState.OPEN or rnd.closes_at is None or too_late(now, rnd.closes_at):
        return False
    found = [m for m in await unarranged(tx, rnd.event_id, now) if m.round_id == rnd.id]
    if not found:
        return False
    event = await get_event(tx, rnd.event_id)
    text = say.unarranged_notice(event, rnd, found)
    for td in await people_with_role(tx, rnd.event_id, "td"):
        await outbox.enqueue(tx, person_id=td, now=now, said=text,
                             dedupe_key=f"arr:unarranged:{rnd.id}:{iso(d.due_at)}:{td}")
    return True

