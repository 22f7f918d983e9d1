"""Opening and closing rounds, and the deadlines a round opens.

Before a round (when the definition asks for it: ``rules.fee_reminder_hours`` and
``rules.open_notice``): once drawn, a round with an opening date gets deadline rows: that
many hours before it opens, every player known to be in it who has not paid is reminded
(para 26 expels a player not paid-up at the commencement of a round); when it is due to
open, its TDs are told, with who has not paid, because opening is theirs to do.

Opening a round (SSSg 2016, Annex A para 6: each round has a stipulated period) checks that every player
in it has paid its fee (para 26), tells each player their opponent, the best-of and the
deadline (an outbox row each), and opens deadline rows: a reminder at each of the event's
``rules.reminder_hours`` before the close, and the close itself, which tells the TDs what
is unfinished. Closing is the TDs' decision (para 21 lets the organisers delay the end of a
round), so the close deadline warns rather than closes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bot.service.between import relay_texts
from bot.service.events import round_refusals as refuse
from bot.service.events import rounds_texts as say
from bot.service.events.lookup import Event, get_event
from bot.service.events.schedule import Round, find_round, get_round, parse_closing, rounds_of
from bot.service.fees.payments import unpaid
from bot.service.formats.registry import format_of
from bot.service.people import expulsion_texts
from bot.service.people.expulsions import Expelled, expel_in, unpaid_rule
from bot.service.people.membership import flag_memberships
from bot.service.people.roles import people_with_role, require_role
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.clock import iso, utc
from bot.service.platform.deadlines import (
    Deadline,
    cancel_deadlines,
    handler,
    open_deadline,
    too_late,
)
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import (
    Reply,
    Request,
    answer,
    require_actor,
    unit,
)
from bot.service.results.matches import (
    MatchView,
    has_score,
    match_state,
    matches_of_round,
    score_line,
)
from bot.store import deadlines_repo, draw_repo, expulsions_repo, matches_repo, rounds_repo
from bot.store.db import Database, Tx
from bot.store.rounds_repo import RoundState
from bot.words.said import Said
from core.knockout.match import MatchStage

REMINDER = "round.reminder"
CLOSE = "round.close"
FEE_DUE = "round.fee_due"
OPENS = "round.opens"
#: A week before a round closes, its TDs are told which matches have no agreed time (the
#: handler is ``arranging.py``'s): in a round of two weeks or more, where the players have
#: had a week to arrange; a shorter round has its reminders.
UNARRANGED = "round.unarranged"
UNARRANGED_BEFORE = timedelta(days=7)


def typed(event: Event, rnd: Round) -> str:
    """The round as a TD types it in a command: a round-based event's number ("/openround
    2"), another event's code ("/openround qual-rd")."""
    return str(rnd.seq) if format_of(event).rounds_by_number else rnd.code


def opening_text(event: Event, rnd: Round, m: MatchView, side: int,
                 stakes: Said | None = None) -> Said:
    """What a player is told when their round opens (``rounds_texts.opening``): who starts
    when the pairing decided it is the format's to say (``starter_words``)."""
    fmt = format_of(event)
    starts = None
    if m.first_starter is not None:  # the pairing decided it (round-based events)
        you, they = fmt.starter_words(event, m.label(1 - side))
        starts = you if m.first_starter == side else they
    return say.opening(event, rnd, m, side, single=fmt.single_game(m), starts=starts,
                       stakes=stakes)


@dataclass(frozen=True)
class OpenedRound:
    """What opening a round did, for the TD who opened it: who was told their opponent,
    and who could not be yet (no Telegram account linked: their message waits until they
    join), by name; and who was expelled for not being paid-up (SSSg para 26)."""

    event: Event
    round: Round
    told: list[str]
    not_on_telegram: list[str]
    expelled: list[Expelled] = field(default_factory=list)  # not paid-up (para 26)


async def open_round(
    db: Database, req: Request, event_id: int, round_ref: str, *, closing: str | None = None,
    unpaid_ok: bool = False, expel_unpaid: bool = False, why: str = "",
) -> OpenedRound:
    """Use-case: a TD opens a round (``open_round_in``). ``closing`` is the closing time
    as typed (``2016-09-30`` or ``2016-09-30T18:00``, in the event's time zone). The TD
    reads who was told their opponent."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        event = await get_event(tx, event_id)
        closes_at = parse_closing(closing, event.zone) if closing else None
        rnd, expelled = await open_round_in(tx, event_id, round_ref, closes_at=closes_at,
                                            by=actor, now=req.now, unpaid_ok=unpaid_ok,
                                            expel_unpaid=expel_unpaid, why=why)
        reached: dict[bool, set[str]] = {True: set(), False: set()}
        for m in await matches_of_round(tx, rnd.id):
            if m.state == MatchStage.PLAYING:
                for name, linked in zip(m.names, m.linked, strict=True):
                    reached[linked].add(name or "?")
        opened = OpenedRound(event, rnd, sorted(reached[True], key=str.casefold),
                             sorted(reached[False], key=str.casefold), expelled)
        await answer(tx, req, Reply(say.opened(event, opened.round, opened.told,
                                               opened.not_on_telegram,
                                               [x.name for x in expelled])))
        return opened


@dataclass(frozen=True)
class ClosedRound:
    """A closed round and the codes of the matches it left unfinished (``force``): they
    stay before the TDs (``readmodels.td_inbox``) until one rules on them."""

    round: Round
    left_unfinished: list[str]


async def close_round(
    db: Database, req: Request, event_id: int, round_ref: str, *, force: bool = False,
    why: str = "",
) -> ClosedRound:
    """Use-case: a TD closes a round (``close_round_in``); the TD reads which matches it
    left unfinished."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        rnd = await close_round_in(tx, event_id, round_ref, by=actor, now=req.now, force=force,
                                   why=why)
        left = [m.code for m in await matches_of_round(tx, rnd.id) if m.left_unfinished]
        await answer(tx, req, Reply(say.closed(rnd, left)))
        return ClosedRound(rnd, left)


async def open_round_in(
    tx: Tx,
    event_id: int,
    round_ref: str,
    *,
    closes_at: datetime | None = None,
    by: Actor,
    now: datetime,
    unpaid_ok: bool = False,
    expel_unpaid: bool = False,
    why: Said | str = "",
) -> tuple[Round, list[Expelled]]:
    """Open a round: every match in it must know both players (or be a bye, or wait for
    the TDs to fill an expelled player's slot).

    Para 26: a player not paid-up at the commencement of a round "will immediately be
    expelled". Opening the round is that commencement, and a TD's act: with the event's
    rule ``unpaid = "expel"`` (the default) the TD confirms it with ``expel_unpaid`` (the
    bot names who would go first: a whole field lost to a forgotten payment record cannot be
    undone) and each player still unpaid is expelled then (``expulsions.expel_in``: the TDs
    are asked who takes the slot, para 29). With ``unpaid = "hold"`` the round does not open
    until they pay. Either way a TD may open it with ``unpaid_ok`` and a reason (they stay
    in). The closing
    time may be set when opening: para 6 lets the organisers fix "the exact period for each
    round ... before the commencement"; unset, it is the definition's date, or in a
    round-based event ``round_days`` from now (``Format.default_close``)."""
    now = utc(now)
    await require_role(tx, by, event_id, "td")
    event = await get_event(tx, event_id)
    rnd = await find_round(tx, event_id, round_ref)
    if rnd.state != RoundState.PLANNED:
        raise Invalid(refuse.already(rnd.name, rnd.state))
    closes = (utc(closes_at) if closes_at is not None
              else format_of(event).default_close(event, rnd, now))
    example = (now + timedelta(days=14)).astimezone(event.zone).date().isoformat()
    ref = round_ref.strip()  # the TD's own spelling of the round, echoed in every hint
    if closes is None:
        raise Invalid(refuse.no_closing_time(rnd.name, ref, example))
    if closes <= now:
        raise Invalid(refuse.closing_past(event.local(closes), ref, example))
    await format_of(event).open_round(tx, event, rnd, by, now, expel_unpaid)
    matches = await matches_of_round(tx, rnd.id)
    if not matches:
        raise Invalid(refuse.no_matches(rnd.name))
    held = await expulsions_repo.held_matches(tx, event_id)  # a TD fills the slot (para 29)
    waiting = [m for m in matches if m.state == MatchStage.WAITING and m.id not in held]
    if waiting:
        raise Invalid(refuse.waiting(rnd.name, waiting))
    owing = await unpaid(tx, rnd)
    if expel_unpaid and unpaid_rule(event) == "hold":
        raise Invalid(refuse.holds_not_expels(event.name))
    if owing and not unpaid_ok and unpaid_rule(event) == "hold":
        names = ", ".join(e.name for e in owing)
        raise Invalid(refuse.held_unpaid(rnd.name, event.money(rnd.fee), names, ref))
    expelled: list[Expelled] = []
    if owing and not unpaid_ok and not expel_unpaid:
        names = ", ".join(e.name for e in owing)
        raise Invalid(refuse.unpaid(rnd.name, event.money(rnd.fee), names, ref))
    if owing and not unpaid_ok:
        for entry in owing:
            expelled.append(await expel_in(
                tx, event, entry, expulsion_texts.unpaid(rnd.name), by, now,
                together={e.id for e in owing}))
        matches = await matches_of_round(tx, rnd.id)
    await rounds_repo.set_open(tx, rnd.id, now, closes)
    await draw_repo.mark_running(tx, event_id)
    rnd = await get_round(tx, rnd.id)
    decides = await format_of(event).match_stakes(tx, event)
    for m in matches:
        if m.state != MatchStage.READY:
            continue
        await matches_repo.set_state(tx, m.id, MatchStage.PLAYING)
        for side in (0, 1):
            person = m.people[side]
            assert person is not None
            await outbox.enqueue(
                tx, person_id=person, now=now,
                said=opening_text(event, rnd, m, side, decides[m.code][side] if m.code in decides
                                  else None),
                dedupe_key=f"round-open:{rnd.id}:match:{m.id}:{side}",
                buttons=relay_texts.match_buttons([(m.id, m.code, m.label(1 - side))]),
            )
    subject = f"round:{rnd.id}"
    await cancel_deadlines(tx, subject, now, kinds=(FEE_DUE, OPENS))  # their moment has passed
    await schedule_close(tx, event, rnd.id, closes, now)
    lapsing = await flag_memberships(tx, event, rnd, closes, now)
    await format_of(event).round_opened(tx, event, rnd, matches, now)
    await journal.record(
        tx, who=by, action="round.open", subject=subject, now=now,
        detail={"closes_at": iso(closes), "unpaid": [e.name for e in owing],
                "expelled": [x.name for x in expelled], "membership_ends": lapsing}, why=why,
    )
    return rnd, expelled


async def schedule_close(tx: Tx, event: Event, round_id: int, closes: datetime,
                         now: datetime) -> None:
    """The deadlines of an open round's close: a reminder at each of the event's
    ``rules.reminder_hours`` before it that is still ahead, and the close itself. Opening
    a round and extending it (para 21) both come here, so they cannot drift apart."""
    subject = f"round:{round_id}"
    for hours in event.rules.get("rules", {}).get("reminder_hours", [72, 24]):
        at = closes - timedelta(hours=hours)
        if at > now:
            await open_deadline(tx, REMINDER, subject, at, {"hours": hours}, now=now)
    await open_deadline(tx, CLOSE, subject, closes, {}, now=now)
    if closes - now >= 2 * UNARRANGED_BEFORE:  # a long round: its unarranged matches
        await open_deadline(tx, UNARRANGED, subject, closes - UNARRANGED_BEFORE, {}, now=now)


async def move_close_in(tx: Tx, event: Event, rnd: Round, closes: datetime,
                        now: datetime) -> bool:
    """Move an open round's close (SSSg para 21: the organisers may delay the conclusion of
    a round): compare-and-set on the close the TD saw, then the reminders and the close
    again for the new time. False if the close had moved already (a second press)."""
    if rnd.closes_at is None or not await rounds_repo.move_close(tx, rnd.id, rnd.closes_at,
                                                                 closes):
        return False
    await cancel_deadlines(tx, f"round:{rnd.id}", now, kinds=(REMINDER, CLOSE, UNARRANGED))
    await schedule_close(tx, event, rnd.id, closes, now)
    return True


@dataclass(frozen=True)
class Unfinished:
    """The matches of an open round that are not finished, by what each waits for: being
    played (``to_play``: "ready" until its first game, a slot filled after the round opened
    or a match whose games a ruling voided, then "playing") or a player still to come
    (``waiting``: a slot a TD has still to fill, SSSg para 29, or a match a ruling
    reopened the one feeding it)."""

    to_play: list[MatchView]
    waiting: list[MatchView]

    @property
    def all(self) -> list[MatchView]:
        return self.to_play + self.waiting


def unfinished_of(matches: list[MatchView]) -> Unfinished:
    """THE rule of what an open round has not finished (``Unfinished``), for closing it,
    the TDs' notice at its deadline, the reminders and ``/pending``: a round cannot be
    closed as finished while the inbox or the notice leaves a match out."""
    return Unfinished([m for m in matches if m.state in (MatchStage.READY, MatchStage.PLAYING)],
                      [m for m in matches if m.state == MatchStage.WAITING])


async def close_round_in(
    tx: Tx, event_id: int, round_ref: str, *, by: Actor, now: datetime, force: bool = False,
    why: str = "",
) -> Round:
    """Close an open round. Undecided matches are refused unless ``force`` (a TD decision
    that the journal records with its reason); those stay "playing" in a closed round,
    which is how the TDs' inbox keeps them until one rules on them (the rules do not say
    what becomes of a match unfinished at the end of its round: para 30 leaves it to the
    organisers)."""
    await require_role(tx, by, event_id, "td")
    rnd = await find_round(tx, event_id, round_ref)
    stays = format_of(await get_event(tx, event_id)).round_stays_open
    if stays is not None:
        raise Invalid(refuse.stays_open(rnd.name, stays))
    if rnd.state != RoundState.OPEN:
        raise Invalid(refuse.not_open(rnd.name, rnd.state))
    left = unfinished_of(await matches_of_round(tx, rnd.id))
    played, waiting, unfinished = left.to_play, left.waiting, left.all
    if unfinished and not force:
        raise Invalid(refuse.unfinished(rnd.name, len(unfinished), played, waiting))
    for m in played:
        if m.state == MatchStage.READY:  # kept before the TDs as a closed round's unfinished match
            await matches_repo.set_state(tx, m.id, MatchStage.PLAYING)
    await rounds_repo.set_closed(tx, rnd.id)
    cancelled = await cancel_deadlines(tx, f"round:{rnd.id}", now)
    await journal.record(
        tx, who=by, action="round.close", subject=f"round:{rnd.id}", now=now,
        detail={"unfinished": [m.id for m in unfinished], "deadlines_cancelled": cancelled},
        why=why,
    )
    return await get_round(tx, rnd.id)


async def _round_in_state(tx: Tx, d: Deadline, state: str) -> Round | None:
    """The round a deadline is about, if it is still in the state that opened the deadline
    (the compare in compare-and-set): reminders need it open, fee and opening notices planned."""
    kind, _, ref = d.subject.partition(":")
    if kind != "round" or not ref.isdigit():
        return None
    rnd = await get_round(tx, int(ref))
    return rnd if rnd.state == state else None


@handler(REMINDER)
async def _remind(tx: Tx, d: Deadline, now: datetime) -> bool:
    """Remind both players of every unfinished match in the round of its deadline.

    A reminder that fires late (the bot was down) is dropped when it no longer helps: once
    the round's deadline has passed, or when a later reminder of the round is also due
    already, whether it fired first or not (that one goes out instead, so nobody gets two
    reminders at once)."""
    rnd = await _round_in_state(tx, d, "open")
    if rnd is None or too_late(now, rnd.closes_at):
        return False
    if await deadlines_repo.count_due_after(tx, d, now):
        return False
    event = await get_event(tx, rnd.event_id)
    for m in unfinished_of(await matches_of_round(tx, rnd.id)).to_play:
        state = await match_state(tx, m.id)
        for side in (0, 1):
            person = m.people[side]
            if person is None:
                continue
            text = say.reminder(rnd, m, side, event.at(rnd.closes_at or d.due_at),
                                score_line(m, state, side) if has_score(state) else None)
            await outbox.enqueue(tx, person_id=person, said=text, now=now,
                                 dedupe_key=f"deadline:{d.id}:match:{m.id}:{side}")
    return True


@handler(CLOSE)
async def _closing(tx: Tx, d: Deadline, now: datetime) -> bool:
    """At the round's deadline tell its TDs what is unfinished, with a button for each
    answer (extend the round, a match bye, void the match); closing stays theirs."""
    rnd = await _round_in_state(tx, d, "open")
    if rnd is None:
        return False
    event = await get_event(tx, rnd.event_id)
    left = unfinished_of(await matches_of_round(tx, rnd.id))
    buttons: list[list[tuple[Said, str]]] = []
    lines = []
    for m in left.to_play:
        state = await match_state(tx, m.id)
        lines.append(say.unfinished_line(m, score_line(m, state) if has_score(state) else None))
        buttons.extend(say.match_buttons(m, bool(state.counted)))
    lines += [say.waiting_line(m) for m in left.waiting]
    if left.all:
        buttons.append([say.extend_button(rnd)])
    text = say.deadline_reached(event, rnd, typed(event, rnd), lines, bool(left.to_play),
                                bool(left.waiting))
    for td in await _tds(tx, rnd.event_id):
        await outbox.enqueue(tx, person_id=td, said=text, buttons=buttons or None, now=now,
                             dedupe_key=f"deadline:{d.id}:td:{td}")
    return True


#: Para 26: unpaid players are reminded this many days before a round opens, by default.
FEE_REMINDER_DAYS = (7, 2, 1)


def fee_reminder_offsets(rules: dict[str, Any]) -> list[timedelta]:
    """How long before a round opens its unpaid players are reminded, earliest first:
    ``fee_reminder_days`` (7, 2 and 1 days by default) and the older ``fee_reminder_hours``
    (alone, it keeps meaning one reminder that many hours before)."""
    days = rules.get("fee_reminder_days")
    hours = rules.get("fee_reminder_hours")
    if days is None:
        days = [] if hours else list(FEE_REMINDER_DAYS)
    offsets = {timedelta(days=d) for d in days} | ({timedelta(hours=hours)} if hours else set())
    return sorted(offsets, reverse=True)


def _before(rnd: Round, offset: timedelta) -> Said:
    if offset % timedelta(days=1) == timedelta(0):
        return say.before(rnd, offset // timedelta(days=1), None)
    return say.before(rnd, None, offset // timedelta(hours=1))


async def open_round_deadlines(tx: Tx, event_id: int, now: datetime) -> list[str]:
    """After the draw (when the schedule becomes known): the fee reminders and the "due to
    open" notice of every planned round with an opening date.

    A fee reminder whose time has already passed is skipped, and the TDs are told which
    (not lost silently); when every reminder of a round has passed, one goes out at once
    instead (the round has not opened: it was only just drawn), and its name is returned
    for the TD who made the draw."""
    event = await get_event(tx, event_id)
    rules = event.rules.get("rules", {})
    offsets = fee_reminder_offsets(rules)
    # a round-based event with auto_pair opens each dated round at its time (_due_to_open)
    opens_itself = format_of(event).opens_rounds_itself(event)
    late: list[str] = []
    skipped: list[Said] = []
    for rnd in await rounds_of(tx, event_id):
        if rnd.state != RoundState.PLANNED or rnd.opens_at is None:
            continue
        subject = f"round:{rnd.id}"
        if offsets and rnd.fee > 0:
            ahead = [o for o in offsets if rnd.opens_at - o > now]
            passed = [o for o in offsets if o not in ahead]
            for offset in ahead:
                await open_deadline(tx, FEE_DUE, subject, rnd.opens_at - offset,
                                    {"before_hours": offset // timedelta(hours=1)}, now=now)
            if not ahead:
                await open_deadline(tx, FEE_DUE, subject, now, {}, now=now)
                late.append(rnd.name)
            elif passed:
                skipped += [_before(rnd, o) for o in passed]
        if rules.get("open_notice") or opens_itself:
            await open_deadline(tx, OPENS, subject, max(rnd.opens_at, now), {}, now=now)
    if skipped:
        for td in await _tds(tx, event_id):
            await outbox.enqueue(tx, person_id=td, said=say.fees_skipped(event, skipped), now=now,
                                 dedupe_key=f"fee-skipped:{event_id}:td:{td}")
    return late


@handler(FEE_DUE)
async def _fee_due(tx: Tx, d: Deadline, now: datetime) -> bool:
    """Remind the round's known players who have not paid (para 26). A reminder planned
    for before the opening that fires after it (the bot was down) goes unsent
    (``too_late``); the one the draw sends at once when every reminder's time had passed
    (no ``before_hours``) still goes."""
    rnd = await _round_in_state(tx, d, "planned")
    if rnd is None or await deadlines_repo.count_due_after(tx, d, now):
        return False  # a later reminder is due too (the bot was down): that one goes out
    if "before_hours" in d.payload and too_late(now, rnd.opens_at):
        return False
    event = await get_event(tx, rnd.event_id)
    # its opening date passed before the draw: the TDs open it any time now
    opens = (event.at(rnd.opens_at) if rnd.opens_at is not None and rnd.opens_at > now
             else None)
    text = say.fee_due(event, rnd, opens, unpaid_rule(event) == "expel")
    for entry in await unpaid(tx, rnd):
        await outbox.enqueue(tx, person_id=entry.person_id, said=text, now=now,
                             dedupe_key=f"deadline:{d.id}:entry:{entry.id}")
    return True


@handler(OPENS)
async def _due_to_open(tx: Tx, d: Deadline, now: datetime) -> bool:
    """Tell the TDs a round is due to open, and who has not paid for it. A round-based
    event with ``auto_pair`` opens it instead (``Format.open_when_due``)."""
    rnd = await _round_in_state(tx, d, "planned")
    if rnd is None:
        return False
    event = await get_event(tx, rnd.event_id)
    if await format_of(event).open_when_due(tx, event, rnd, now, dedupe=f"deadline:{d.id}"):
        return True
    owing = [e.name for e in await unpaid(tx, rnd)]
    waiting = [m for m in await matches_of_round(tx, rnd.id) if m.state == MatchStage.WAITING]
    text = say.due_to_open(event, rnd, typed(event, rnd), len(waiting), owing,
                           unpaid_rule(event) == "expel")
    for td in await _tds(tx, rnd.event_id):
        await outbox.enqueue(tx, person_id=td, said=text, now=now,
                             dedupe_key=f"deadline:{d.id}:td:{td}")
    return True


async def _tds(tx: Tx, event_id: int) -> list[int]:
    tds = set(await people_with_role(tx, event_id, "td"))
    tds |= set(await people_with_role(tx, event_id, "organiser"))
    return sorted(tds)


tds_of = _tds
