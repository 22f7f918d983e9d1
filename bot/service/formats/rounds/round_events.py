"""Round-based events (``format = "rounds"``): a weekly Swiss, a round robin, King of the
Hill, Portland... paired round by round by the core (``core.pairing.registry``).

The draw of such an event makes its rounds (Round 1 .. Round N) and no matches. A round's
matches are made when a TD opens it (``rounds.open_round_in`` calls ``pair_round_in``): the
system pairs it from the stored results (``round_division``, the one conversion), one match
row per pair (``pairing.best_of`` games), a bye as a bye match already won, and the
system's reason for each pair is kept for ``/why``. A round opens only once the one before
is complete, except under a lagged system, which pairs round X on the standings after X-2
(ABG rules; ``core.pairing.portland``): that round then waits for round X-2 only.

The Gibson rule (Director's Manual, "The Gibson Rule"), when the event uses it, fixes the pairs of
a player who has clinched first place (``core.pairing.options.gibson_decision``), and the
reason kept for that pair says so.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.service.events import site_links
from bot.service.events.definitions import chess_pairing
from bot.service.events.lookup import Event, get_event
from bot.service.events.rounds import open_round_in, tds_of
from bot.service.events.schedule import Round, as_moment, numbered, round_code
from bot.service.formats.rounds import round_texts, why_texts
from bot.service.formats.rounds.round_division import (
    ABSENT,
    Reason,
    RoundsEvent,
    load_rounds_event,
    pairing_of,
    results_only,
    round_complete,
)
from bot.service.formats.rounds.round_pairing import pair_on
from bot.service.people.name_texts import refused
from bot.service.people.roles import has_role, require_role
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.deadlines import Deadline, cancel_deadlines, handler, open_deadline
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.unit import Reply, Request, answer, reading, require_actor, unit
from bot.service.results.matches import MatchView
from bot.store import (
    availability_repo,
    deadlines_repo,
    draw_repo,
    groups_repo,
    matches_repo,
    pairings_repo,
    rounds_repo,
)
from bot.store.db import Database, Tx
from bot.store.rounds_repo import RoundState
from bot.words.said import Said, said, stacked
from core.formats.naspa import write_naspa
from core.formats.trf import write_trf
from core.formats.tsh import write_tsh
from core.knockout.match import MatchStage
from core.names import NameRefused, pick
from core.pairing.engine import Reasoned
from core.pairing.registry import PORTLAND_RESULTS, find_system
from core.pairing.why import Why
from core.pairing.why import why as because
from core.standings import standings_rows
from core.tournament import Pairings


def is_chess(event: RoundsEvent) -> bool:
    """Played at chess: its first player of a pair has White, its standings are points."""
    return chess_pairing(event.pairing)


def lagged(event: RoundsEvent) -> bool:
    """A system that pairs round X on the standings after round X-2 (Portland, ABG rules)."""
    return find_system(event.pairing.system).results == PORTLAND_RESULTS


# --- the draw: the rounds, no matches ----------------------------------------------------


async def make_rounds(tx: Tx, event: Event, *, seed: int, players: int, by: Actor,
                      now: datetime, why: str = "") -> list[tuple[str, str, int]]:
    """The draw of a round-based event: one round row per round of ``pairing.rounds``,
    dated by the definition's ``[[rounds]]`` where given, and no match: each round is
    paired from the results when it opens. Returns (code, name, best_of) per round."""
    defn, pairing = pairing_of(event)
    planned = {r.name.casefold().strip(): r for r in defn.rounds}
    division = await rounds_repo.add_division(tx, event.id, "Main")
    made: list[tuple[str, str, int]] = []
    for n in range(1, pairing.rounds + 1):
        name = numbered(n)
        rdef = planned.get(name.casefold())
        best_of = rdef.best_of if rdef is not None and rdef.best_of else pairing.best_of
        opens = as_moment(rdef.opens, event.zone, end=False) if rdef and rdef.opens else None
        closes = as_moment(rdef.closes, event.zone, end=True) if rdef and rdef.closes else None
        await rounds_repo.add(tx, event_id=event.id, division_id=division, code=round_code(name),
                              name=name, seq=n, best_of=best_of, opens_at=opens,
                              closes_at=closes, fee=event.fee_per_round)
        made.append((round_code(name), name, best_of))
    await draw_repo.record_rounds(tx, event.id, seed)
    await journal.record(tx, who=by, action="event.draw", subject=f"event:{event.id}", now=now,
                         detail={"seed": seed, "rounds": pairing.rounds, "players": players,
                                 "system": pairing.system}, why=why)
    return made


# --- pairing a round ------------------------------------------------------------------------


@dataclass(frozen=True)
class Paired:
    """A round's pairings as the core made them, by player number, with the players'
    entries and whether the Gibson rule fixed each pair."""

    event: RoundsEvent
    round: int
    pairings: Pairings
    gibson: frozenset[frozenset[int]]


def ready_to_pair(state: RoundsEvent, number: int) -> None:
    """``Invalid`` unless round ``number`` may be paired now: the round before it complete
    (who still has to report is named), or under a lagged system the round two before it
    complete and the round before it paired."""
    wait_for = number - 2 if lagged(state) else number - 1
    if lagged(state) and number > 1 and not state.matches_of(number - 1):
        raise Invalid(round_texts.not_before_paired(number))
    if wait_for < 1 or state.complete(wait_for):
        return
    left = state.unfinished(wait_for)
    if not left:
        raise Invalid(round_texts.not_before_played(number, wait_for))
    raise Invalid(round_texts.not_complete(
        number, wait_for, state.pairing.system if lagged(state) else None,
        [(m.label(0), m.label(1)) for m in left[:8]], max(0, len(left) - 8)))


def pair_division(state: RoundsEvent, number: int, *, absent: frozenset[int] = frozenset(),
                  apart: Reasoned = ()) -> Paired:
    """Round ``number``'s pairings by the event's system (``[pairing]``), from the results
    of the rounds before it and the meetings of rounds still being played, without the
    players ``absent`` and keeping the pairs ``apart`` apart (``round_pairing.pair_on``)."""
    pairings, gibson = pair_on(state.pairing, state.division, number, state.last_complete(),
                               absent=absent, apart=apart)
    return Paired(state, number, pairings, gibson)


async def kept_apart(tx: Tx, state: RoundsEvent) -> Reasoned:
    """The pairs never to be paired together, as player numbers with the reason: the
    definition's ``[pairing] forbid`` and those a TD forbade (``tdbot players forbid``)."""
    by_name = {e.name.casefold().strip(): n for n, e in state.entries.items()}
    out: list[tuple[tuple[int, int], Why]] = []
    for a, b in state.pairing.forbid:
        na, nb = by_name.get(a.casefold().strip()), by_name.get(b.casefold().strip())
        if na is not None and nb is not None:
            out.append(((na, nb), because("apart_definition")))
    for ea, eb, note in await availability_repo.forbidden(tx, state.event.id):
        if ea in state.numbers and eb in state.numbers:
            out.append(((state.numbers[ea], state.numbers[eb]), because("apart_td", note=note)))
    return tuple(out)


def _reason(paired: Paired, pair: tuple[int, int]) -> Why:
    return paired.pairings.reason_for(pair) or because("by_system", system=paired.event.pairing.system)


async def pair_round_in(tx: Tx, event: Event, rnd: Round, by: Actor, now: datetime) -> Paired:
    """Pair ``rnd`` and write its matches (see the module's docstring); called as the round
    opens, inside the opening's transaction."""
    state = await load_rounds_event(tx, event.id)
    if state.matches_of(rnd.seq):
        return pair_division(state, rnd.seq)  # paired already (cannot happen while planned)
    ready_to_pair(state, rnd.seq)
    absent = {state.numbers[e] for e in await availability_repo.absent(tx, event.id, rnd.seq)
              if e in state.numbers}
    paired = pair_division(state, rnd.seq, absent=frozenset(absent),
                           apart=await kept_apart(tx, state))
    for board, (a, b) in enumerate(paired.pairings.pairs, start=1):
        ea, eb = state.entries[a], state.entries[b]
        match_id = await matches_repo.add_paired(
            tx, event_id=event.id, round_id=rnd.id, code=f"R{rnd.seq}-{board}",
            best_of=rnd.best_of, entries=(ea.id, eb.id), names=(ea.name, eb.name),
            first_starter_side=0)
        await pairings_repo.add(tx, match_id, _reason(paired, (a, b)),
                                gibson=frozenset((a, b)) in paired.gibson)
    for i, bye in enumerate(paired.pairings.byes, start=1):
        entry = state.entries[bye]
        match_id = await matches_repo.add_paired(
            tx, event_id=event.id, round_id=rnd.id, code=f"R{rnd.seq}-B{i}", best_of=rnd.best_of,
            entries=(entry.id, None), names=(entry.name, ""), first_starter_side=None)
        await pairings_repo.add(tx, match_id, _reason(paired, (bye, 0)), gibson=False)
    for i, number in enumerate(sorted(absent), start=1):  # their requested byes
        entry = state.entries[number]
        match_id = await matches_repo.add_paired(
            tx, event_id=event.id, round_id=rnd.id, code=f"R{rnd.seq}-U{i}", best_of=rnd.best_of,
            entries=(entry.id, None), names=(entry.name, ""), first_starter_side=None,
            empty_side=ABSENT)
        await pairings_repo.add(tx, match_id, because("requested_bye"), gibson=False)
    await journal.record(tx, who=by, action="round.pair", subject=f"round:{rnd.id}", now=now,
                         detail={"system": state.pairing.system,
                                 "pairs": len(paired.pairings.pairs),
                                 "byes": [state.entries[b].name for b in paired.pairings.byes],
                                 "absent": [state.entries[n].name for n in sorted(absent)],
                                 "gibson": len(paired.gibson)})
    return paired


async def announce_byes(tx: Tx, event: Event, rnd: Round, matches: list[MatchView],
                        now: datetime) -> None:
    """Tell each player with a bye in the round just opened (Director's Manual: a bye is a win)."""
    pairing = pairing_of(event)[1]
    for m in matches:
        if m.state == MatchStage.BYE and m.people[0] is not None and m.sources[1] != ABSENT:
            await outbox.enqueue(tx, person_id=m.people[0], now=now,
                                 dedupe_key=f"round-open:{rnd.id}:bye:{m.id}",
                                 said=round_texts.bye_text(
                                     event, rnd, pairing.bye_spread, chess_pairing(pairing),
                                     pairing.bye_points))


async def post_pairings(tx: Tx, event: Event, rnd: Round, matches: list[MatchView],
                        now: datetime) -> None:
    """The group sees the round's pairings, byes and closing time."""
    chat = await groups_repo.group_of(tx, event.id)
    if chat is None:
        return
    chess = chess_pairing(pairing_of(event)[1])
    pairs = [(str(m.names[0]), str(m.names[1])) for m in matches
             if m.state in (MatchStage.READY, MatchStage.PLAYING)]
    byes = [str(m.names[0]) for m in matches
            if m.state == MatchStage.BYE and m.sources[1] != ABSENT]
    await outbox.enqueue(tx, chat_id=chat, now=now,
                         dedupe_key=f"group:{chat}:round-open:{rnd.id}",
                         said=stacked(round_texts.group_pairings(event, rnd, pairs, byes, chess),
                                      await site_links.link(tx, event, label=said(
                                          "Pairings and results, live"))))


# --- after a result -------------------------------------------------------------------------


def standings_of(state: RoundsEvent) -> list[dict[str, Any]]:
    """The event's standings rows (``core.standings.standings_rows``): Scrabble wins and
    spread, or chess points and tiebreaks for a chess system."""
    return standings_rows(results_only(state.division), chess=is_chess(state))


def default_close(event: Event, rnd: Round, now: datetime) -> datetime | None:
    """A round's closing time when the TD opening it gives none (/openround, tdbot round
    open, ``auto_pair``): its ``[[rounds]]`` closes date, else in a round-based event with
    ``pairing.round_days`` that many days from its opening (Director's Manual: a club's
    weekly round; SSSg para 6: each round has a stipulated period)."""
    if rnd.closes_at is not None:
        return rnd.closes_at
    days = pairing_of(event)[1].round_days
    return now + timedelta(days=days) if days else None


async def after_results(tx: Tx, event: Event, now: datetime) -> list[int]:
    """After a match of the event is settled or corrected: with ``auto_pair`` the next
    round opens once this one is complete (when it has a closing time: its date, or
    ``round_days`` after now). Its players are told by the opening itself."""
    if pairing_of(event)[1].auto_pair:
        await _auto_open(tx, await load_rounds_event(tx, event.id), now)
    return []


#: The deadline kind of the group's next standings post (``standings_after_result``).
STANDINGS_POST = "group.standings"

#: How often at most the group is sent the standings while a round is being played.
#: Telegram lets a bot send a group 20 messages a minute, and in a large event every
#: result would otherwise post the whole table; the result itself still goes at once.
STANDINGS_EVERY = timedelta(minutes=1)


async def standings_after_result(tx: Tx, event: Event, view: MatchView, now: datetime) -> None:
    """A result was posted to the group: the standings follow it, at once when it
    completed its round (the players wait for the next round's pairings on them), else at
    most once a minute (``STANDINGS_EVERY``): the first result opens one pending post, as
    a deadline row so that a restart keeps it and one worker of a fleet fires it, and the
    results after it ride on that one, which shows the standings as they are when it
    fires (``_standings_due``). Complete as ``ready_to_pair`` reads it, from the round's
    matches' states alone (``round_complete``): the event is loaded only to post."""
    subject = f"event:{event.id}"
    if await round_complete(tx, view.round_id):
        await cancel_deadlines(tx, subject, now, kinds=(STANDINGS_POST,))
        await post_standings(tx, event, now)
        return
    pending = await deadlines_repo.open_of_subject(tx, subject)
    if not any(d.kind == STANDINGS_POST and d.subject == subject for d in pending):
        await open_deadline(tx, STANDINGS_POST, subject, now + STANDINGS_EVERY, now=now)


@handler(STANDINGS_POST)
async def _standings_due(tx: Tx, d: Deadline, now: datetime) -> bool:
    """The group's pending standings post (``standings_after_result``): the standings as
    they are now, not as they were when the result that opened it came."""
    event = await get_event(tx, int(d.subject.split(":", 1)[1]))
    return await post_standings(tx, event, now)


async def post_standings(tx: Tx, event: Event, now: datetime) -> bool:
    """The event's group (if it has one) sees the standings; the players are not each
    sent them (they ask with /standings). False: the event has no group."""
    chat = await groups_repo.group_of(tx, event.id)
    if chat is None:
        return False
    state = await load_rounds_event(tx, event.id)
    table = round_texts.standings_table(standings_of(state), chess=is_chess(state))
    decided = sum(1 for m in state.matches if m.state in (MatchStage.DECIDED, MatchStage.BYE))
    await outbox.enqueue(tx, chat_id=chat, now=now,
                         dedupe_key=f"group:{chat}:standings:{event.id}:{decided}:"
                                    f"{now.isoformat()}",
                         said=stacked(round_texts.standings_message(
                             event, state.last_complete(), table, total=state.pairing.rounds,
                             playing=state.division.rounds),
                             await site_links.link(tx, event, site_links.STANDINGS,
                                                   said("The standings, live"))))
    return True


async def open_when_due(tx: Tx, event: Event, rnd: Round, now: datetime, *,
                        dedupe: str) -> None:
    """``auto_pair``: the round's opening time (its ``[[rounds]]`` ``opens``) has come.
    It opens now, paired as /openround pairs it, if the round before is complete;
    otherwise the TDs are told once who still has to report, and the round opens as soon
    as the last result is in (``after_results``)."""
    state = await load_rounds_event(tx, event.id)
    planned = [r for r in state.rounds if r.state == RoundState.PLANNED]
    if not planned or planned[0].id != rnd.id:
        return  # an earlier round is still to open: this one follows it
    try:
        ready_to_pair(state, rnd.seq)
    except Invalid as exc:
        assert exc.record is not None  # ready_to_pair refuses in records
        text = round_texts.due_but_waiting(event, rnd, exc.record)
        for td in await tds_of(tx, event.id):
            await outbox.enqueue(tx, person_id=td, said=text, now=now,
                                 dedupe_key=f"{dedupe}:waiting:td:{td}")
        return
    await _auto_open(tx, state, now, why=said("pairing.auto_pair: its opening time came and "
                                              "the round before is complete"))


async def _auto_open(tx: Tx, state: RoundsEvent, now: datetime,
                     why: Said = said("pairing.auto_pair: the round before is complete")
                     ) -> None:
    """``auto_pair``: open the first planned round once it may be paired and its opening
    time (``[[rounds]]`` ``opens``, if any) has come; a round with no closing time is left
    to the TDs, who are told."""
    planned = [r for r in state.rounds if r.state == RoundState.PLANNED]
    if not planned:
        return
    rnd = planned[0]
    if rnd.opens_at is not None and rnd.opens_at > now:
        return  # its opening time opens it (rounds._due_to_open)
    try:
        ready_to_pair(state, rnd.seq)
    except Invalid:
        return
    closes = default_close(state.event, rnd, now)
    if closes is None or closes <= now:
        text = round_texts.no_close_to_open(state.event, rnd)
        for td in await tds_of(tx, state.event.id):
            await outbox.enqueue(tx, person_id=td, said=text, now=now,
                                 dedupe_key=f"auto-pair:{rnd.id}:td:{td}")
        return
    await open_round_in(tx, state.event.id, rnd.code, closes_at=closes, by=Actor.system(),
                        now=now, unpaid_ok=True, why=why)


# --- what people ask ----------------------------------------------------------------------


@dataclass(frozen=True)
class StandingsView:
    event: Event
    rows: list[dict[str, Any]]
    chess: bool
    after: int  # rounds complete
    total: int
    mine: int | None  # the asker's player number
    playing: int = 0  # the last round paired
    link: Said | None = None  # a link to the standings page (site_links.link), if any

    def said(self) -> Said:
        """The table with the asker's line, in the reader's language."""
        table = round_texts.standings_table(self.rows, chess=self.chess, mine=self.mine)
        return stacked(round_texts.standings_message(
            self.event, self.after, table, total=self.total, playing=self.playing), self.link)


async def _member(tx: Tx, actor: Actor, event_id: int) -> None:
    for role in ("player", "td", "organiser", "adjudicator"):
        if await has_role(tx, actor, event_id, role):
            return
    raise NotAllowed(round_texts.members_only())


async def standings(db: Database, req: Request, event_id: int) -> StandingsView:
    """Use-case: ``/standings`` (anyone in the event): the table with the asker's line,
    answered in the asker's language."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await _member(tx, actor, event_id)
        state = await load_rounds_event(tx, event_id)
        mine = next((state.numbers[e.id] for e in state.entries.values()
                     if actor.person_id is not None and e.person_id == actor.person_id), None)
        view = StandingsView(state.event, standings_of(state), is_chess(state),
                             state.last_complete(), state.pairing.rounds, mine,
                             state.division.rounds,
                             await site_links.link(tx, state.event, site_links.STANDINGS,
                                                   said("The standings, live")))
        await answer(tx, req, Reply(view.said()))
        return view


async def read_standings(db: Database, event_id: int) -> StandingsView:
    """``tdbot event standings``: the same table, read at the command line."""
    async with reading(db) as tx:
        state = await load_rounds_event(tx, event_id)
        return StandingsView(state.event, standings_of(state), is_chess(state),
                             state.last_complete(), state.pairing.rounds, None,
                             state.division.rounds)


async def why(db: Database, req: Request, event_id: int, name: str,
              round_no: int | None = None) -> list[Reason]:
    """Use-case: ``/why NAME [ROUND]`` (TDs): the kept reason for NAME's pair in the latest
    paired round (or ROUND), answered in the asker's language."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td", "organiser")
        state = await load_rounds_event(tx, event_id)
        found = await _reasons(tx, state, name, round_no)
        names = {number: e.name for number, e in state.entries.items()}
        await answer(tx, req, Reply(round_texts.why_lines(found, names)))
        return found


async def reasons_of(tx: Tx, event_id: int, name: str, round_no: int | None) -> list[Reason]:
    """The kept reasons for NAME's pairs in the latest paired round (or ROUND)."""
    return await _reasons(tx, await load_rounds_event(tx, event_id), name, round_no)


async def _reasons(tx: Tx, state: RoundsEvent, name: str, round_no: int | None) -> list[Reason]:
    event_id = state.event.id
    if not name.strip():
        raise Invalid(round_texts.whose_pairing())
    listed = list(state.entries.values())
    try:
        entry = listed[pick(name, [e.name for e in listed])]
    except NameRefused as exc:
        raise Invalid(refused(exc)) from None
    kept = await pairings_repo.of_event(tx, event_id)
    paired = [r.seq for r in state.rounds if state.matches_of(r.seq)]
    if not paired:
        raise Invalid(round_texts.none_paired(state.event.name))
    number = round_no if round_no is not None else max(paired)
    if number not in paired:
        raise Invalid(round_texts.not_paired(number, paired))
    out = []
    for m in state.matches_of(number):
        side = 0 if m.entries[0] == entry.id else 1 if m.entries[1] == entry.id else None
        if side is None:
            continue
        reason, gibson = kept.get(m.id, (because("no_reason_kept"), False))
        other = None if m.state == MatchStage.BYE else str(m.names[1 - side])
        out.append(Reason(number, entry.name, other, reason, gibson))
    if not out:  # withdrawn or expelled: no pair, no reason
        out.append(Reason(number, entry.name, None, "", False))
    return out


# --- files ----------------------------------------------------------------------------------

EXPORTS = ("tsh", "naspa", "naspa-scores", "trf")


def export_text(state: RoundsEvent, fmt: str) -> tuple[str, str]:
    """(file name, text) of the event's results so far in ``fmt`` (core/formats writers)."""
    division = results_only(state.division)
    slug = state.event.slug
    try:
        if fmt == "tsh":
            return f"{slug}.t", write_tsh([division])
        if fmt in ("naspa", "naspa-scores"):
            suffix = "-scores" if fmt == "naspa-scores" else ""
            return f"{slug}-naspa{suffix}.txt", write_naspa([division],
                                                             scores=fmt == "naspa-scores")
        if fmt == "trf":
            return f"{slug}.trf", write_trf(division, total_rounds=state.pairing.rounds)
    except ValueError as exc:
        raise Invalid(round_texts.cannot_write(fmt, str(exc))) from None
    raise Invalid(round_texts.no_such_format(fmt, EXPORTS))


async def read_export(db: Database, event_id: int, fmt: str) -> tuple[str, str]:
    """``tdbot event export``: one file of the event (``/export`` sends them all:
    ``export_files.send_files``)."""
    async with reading(db) as tx:
        return export_text(await load_rounds_event(tx, event_id), fmt)


async def preview(db: Database, event_id: int,
                  round_no: int | None) -> tuple[RoundsEvent, Pairings, bool]:
    """``tdbot event pairings``: round ``round_no`` (default: the latest paired round, else the
    next) as stored (True) or as the core would pair it now, storing nothing (False).
    Returns the state, the pairings by player number (with the kept reasons, or the
    core's) and whether they are stored."""
    async with reading(db) as tx:
        state = await load_rounds_event(tx, event_id)
        kept = await pairings_repo.of_event(tx, event_id)
    paired = [r.seq for r in state.rounds if state.matches_of(r.seq)]
    number = round_no if round_no is not None else (
        (max(paired) + 1 if max(paired) < state.pairing.rounds else max(paired))
        if paired else 1)
    if round_no is None and paired and number not in paired:
        try:  # the next round when it can be paired now, else the round being played
            ready_to_pair(state, number)
        except Invalid:
            number = max(paired)
    if not 1 <= number <= state.pairing.rounds:
        raise Invalid(round_texts.no_such_round(number, state.event.slug,
                                                state.pairing.rounds))
    if number in paired:
        pairs: list[tuple[int, int]] = []
        byes: list[int] = []
        reasons: dict[tuple[int, int], Why] = {}
        for m in state.matches_of(number):
            a = state.numbers[m.entries[0]] if m.entries[0] is not None else 0
            if m.state == MatchStage.BYE or m.entries[1] is None:
                byes.append(a)
                key = (a, 0)
            else:
                key = (a, state.numbers[m.entries[1]])
                pairs.append(key)
            if m.id in kept:
                reason = kept[m.id][0]
                reasons[key] = why_texts.kept_text(reason) if isinstance(reason, str) else reason
        return state, Pairings(number, tuple(pairs), tuple(byes), tuple(reasons.items())), True
    ready_to_pair(state, number)
    return state, pair_division(state, number).pairings, False


def as_json(state: RoundsEvent, pairings: Pairings, stored: bool) -> str:
    def who(n: int) -> dict[str, Any]:
        return {"number": n, "name": state.entries[n].name}

    return json.dumps({
        "round": pairings.round, "stored": stored,
        "pairings": [[who(a), who(b)] for a, b in pairings.pairs],
        "byes": [who(b) for b in pairings.byes],
        "reasons": [[list(k), why_texts.in_english(reason)] for k, reason in pairings.reasons],
    })
