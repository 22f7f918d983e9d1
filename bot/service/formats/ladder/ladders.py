"""Challenge ladders in the chat: the core's ladder (``core/ladder.py``) stored per event.

The rules live only in the core: each use-case loads the ladder's record
(``core.ladder.from_record``), runs one core action, and saves the new record with its
journal line, the messages it causes and the deadline rows it needs, in one transaction.
A refusal (``LadderRefused``) is the core's own words and changes nothing.

An accepted challenge becomes a match (best of the club's ``best_of``) in the ladder's one
always-open round, so its games are reported like any match (result slips, agreement
windows, board photos, disputes and rulings). When that match is decided,
``progress.after_results`` calls :func:`after_results`, which hands the match to the core
(``record_decided``: leapfrog or swap by the club's rule); when a director's ruling later
changes that result, the core works the rungs out again from the ladder's log
(``correct_result``, ``reopen``), so the ladder never shows a result that no longer stands.

Time is durable: every open challenge has a deadline row (accept within ``accept_hours``,
play within ``play_days``) and the ladder one for the next idle drop (``idle_days``). All
three kinds fire :func:`_tick`, which applies whatever the core says is due at that moment
(``expire`` then ``idle_drops``; both do nothing the second time), so a row firing late,
twice, or after a restart does no harm.

The initial order is the definition's players by rating, highest first, then by name
(a club's ladder starts from its ratings); newcomers start at the bottom (the Director's
Manual, cited in ``core/ladder.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.service.events.definitions import Definition
from bot.service.events.lookup import Event, find_event, get_event
from bot.service.events.schedule import LADDER_ROUND
from bot.service.formats.ladder import ladder_texts as say
from bot.service.formats.ladder.ladder_views import (
    Answered,
    Challenged,
    Joined,
    LadderView,
    TargetsView,
)
from bot.service.formats.registry import named
from bot.service.people import expelled, name_texts
from bot.service.people.entries import _add_entry, entries_of
from bot.service.people.invites import create_invite, invite_link
from bot.service.people.roles import require_role
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.deadlines import handler, open_deadline
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.news import GROUP, News
from bot.service.platform.unit import Reply, Request, answer, reading, require_actor, unit
from bot.service.results import finality
from bot.service.results.disputes import supersede
from bot.service.results.matches import core_match
from bot.service.results.reporting import one_game_of
from bot.service.results.slip_copies import settled_note, to_both
from bot.store import (
    deadlines_repo,
    events_repo,
    ladders_repo,
    matches_repo,
    rounds_repo,
    slips_repo,
)
from bot.store.db import Database, Tx
from bot.store.deadlines_repo import Deadline, DeadlineState
from bot.store.entries_repo import Entry
from bot.words import SOURCE, for_locale
from bot.words.said import Said, from_core, plain, said
from core import ladder as lad
from core.knockout.match import Match, MatchStage, MatchState
from core.names import NameRefused, pick
from core.phrases import to_record
from core.slip import SlipState

#: Deadline kinds: an issued challenge's acceptance, an accepted one's play, idle drops.
ACCEPT, PLAY, IDLE = "ladder.accept", "ladder.play", "ladder.idle"
#: The ladder's one round (its code in /matches and the journal).
ROUND_CODE, ROUND_NAME = "LADDER", LADDER_ROUND


@dataclass
class Loaded:
    """One ladder as the core sees it, with the event and who each name is."""

    event: Event
    round_id: int
    ladder: lad.Ladder
    state: lad.LadderState
    entries: dict[str, Entry]  # name -> entry (every entry of the event)

    def person(self, name: str) -> int | None:
        entry = self.entries.get(name)
        return None if entry is None else entry.person_id

    def name_of(self, person_id: int) -> str | None:
        for name in self.ladder.names:
            if self.person(name) == person_id:
                return name
        return None


async def read_ladder(db: Database, event_id: int) -> Loaded:
    """An event's stored ladder, read for the command line (``tdbot ladder show EVENT``):
    a TD at the desk sees it without the chat; nothing is changed."""
    async with reading(db) as tx:
        return await load(tx, await get_event(tx, event_id))


def subject(event_id: int, number: int | None = None) -> str:
    return f"ladder:{event_id}" if number is None else f"ladder:{event_id}:{number}"


async def create_ladder(tx: Tx, event_id: int, definition: Definition, now: datetime) -> None:
    """Start an event's ladder when the event is created: its one open round and the
    players by rating (then name), all active from now."""
    rules = definition.ladder_rules
    players = sorted(definition.players, key=lambda p: (-p.rating, p.name.casefold()))
    names = tuple(" ".join(p.name.split()) for p in players)
    try:
        ladder = lad.Ladder(names, rules)
    except lad.LadderRefused as exc:
        raise Invalid(said("players: {why}", why=from_core(exc.said))) from None
    local = now.astimezone(ZoneInfo(definition.event.time_zone))
    state = lad.LadderState((), {n: local for n in names}, start=names)
    round_id = await rounds_repo.add_open_ended(
        tx, event_id=event_id, code=ROUND_CODE, name=ROUND_NAME, best_of=rules.best_of,
        opens_at=now)
    await ladders_repo.add(tx, event_id, round_id, lad.to_record(ladder, state), now)
    await events_repo.set_running(tx, event_id)
    await journal.record(tx, who=Actor.system(), action="ladder.create",
                         subject=subject(event_id), now=now,
                         detail={"names": list(names), "rules": lad.rules_to_mapping(rules)},
                         why=said("players by rating, then name"))
    await _arm(tx, event_id, ladder, state, now)


async def load(tx: Tx, event: Event) -> Loaded:
    stored = await ladders_repo.get(tx, event.id)
    if stored is None:
        raise Invalid(said("{event} is not a challenge ladder", event=event.name))
    round_id, record = stored
    ladder, state = lad.from_record(record)
    entries = {e.name: e for e in await entries_of(tx, event.id)}
    return Loaded(event, round_id, ladder, state, entries)


async def _commit(tx: Tx, was: Loaded, step: lad.Step, *, by: Actor, action: str,
                  now: datetime, why: Said | str = "", skip: int | None = None,
                  quiet: tuple[int | None, ...] = (), told: tuple[int | None, ...] = (),
                  news: News | None = None) -> Loaded:
    """Save the core's new ladder with its journal line, tell the people concerned and
    the event's group, and open or cancel deadline rows to match (``skip``: a row being
    fired now, closed by its caller; ``quiet``: people told already, by the answer to
    their request; ``told``: people whose result's own message says what happened, who
    are told only their new rung; ``news``: the one message each person and the group
    get for the change that caused this, None: sent here)."""
    event = was.event
    await ladders_repo.save(tx, event.id, lad.to_record(step.ladder, step.state), now)
    await journal.record(tx, who=by, action=action, subject=subject(event.id), now=now,
                         detail={"events": [e.text for e in step.events],
                                 "said": [to_record(e.said) for e in step.events],
                                 "names": list(step.ladder.names)}, why=why)
    now_loaded = Loaded(event, was.round_id, step.ladder, step.state, was.entries)
    out = News(event) if news is None else news
    _announce(was, now_loaded, step.events, quiet, told, out)
    if news is None:
        await out.send(tx, now)
    await _arm(tx, event.id, step.ladder, step.state, now, skip=skip)
    return now_loaded


def _announce(was: Loaded, now_is: Loaded, events: tuple[lad.LadderEvent, ...],
              quiet: tuple[int | None, ...], told: tuple[int | None, ...],
              news: News) -> None:
    """Each event line to the players it concerns (a challenge's two players; the player
    an idle drop or leaving is about); everyone whose rung changed learns their new rung,
    after the lines that moved them if they are not in those; the event's group gets
    every line. A challenge itself is sent by its use-case (with
    the Accept / Decline buttons) and an acceptance with the match, so neither is
    repeated here."""
    lines: dict[int, list[Said]] = {}
    by_number = {c.number: c for c in now_is.state.challenges}
    shown = [e for e in events
             if e.kind not in (lad.EventKind.CHALLENGED, lad.EventKind.ACCEPTED)]
    for e in shown:
        names: tuple[str, ...] = ()
        if e.challenge is not None and e.challenge in by_number:
            names = by_number[e.challenge].players
        elif e.player is not None:
            names = (e.player,)
        for name in names:
            person = was.person(name)
            if person is not None and person not in told:
                lines.setdefault(person, []).append(say.event_line(e))
    for name in was.ladder.names:
        person = was.person(name)
        if person is None:
            continue
        before = was.ladder.rung(name)
        after = now_is.ladder.rung(name) if name in now_is.ladder.names else None
        if after != before:
            if person not in lines and person not in told:  # moved by others: say why
                lines[person] = [say.event_line(e) for e in shown]
            lines.setdefault(person, []).append(say.rung_now(before, after,
                                                             len(now_is.ladder.names)))
    for person, said_to in lines.items():
        if person not in quiet:
            news.add(person, *said_to)
    news.add(GROUP, *(say.event_line(e) for e in shown))


async def _arm(tx: Tx, event_id: int, ladder: lad.Ladder, state: lad.LadderState,
               now: datetime, *, skip: int | None = None) -> None:
    """The deadline rows the ladder needs now: one per open challenge (acceptance or
    play) and one for the next idle drop; rows no longer needed are cancelled."""
    wanted: dict[tuple[str, str], datetime] = {}
    for c in state.challenges:
        if c.is_open:
            kind = ACCEPT if c.status is lad.ChallengeStatus.ISSUED else PLAY
            wanted[(kind, subject(event_id, c.number))] = c.deadline
    idle = [state.last_active[n] + ladder.rules.idle_after for n in ladder.names
            if n in state.last_active and state.open_of(n) is None]
    if idle:
        wanted[(IDLE, subject(event_id))] = min(idle)
    for d in await deadlines_repo.open_of_subject(tx, subject(event_id)):
        if d.id == skip:
            continue
        if wanted.get((d.kind, d.subject)) == d.due_at:
            del wanted[(d.kind, d.subject)]
        else:
            await deadlines_repo.close(tx, d.id, DeadlineState.CANCELLED, now)
    for (kind, subj), due in sorted(wanted.items(), key=lambda item: item[1]):
        await open_deadline(tx, kind, subj, due, {"event_id": event_id}, now=now)


def _t(loaded: Loaded, now: datetime) -> datetime:
    """``now`` in the event's time zone: the core writes its times in its caller's zone
    (its lines say "play it by Mon 09 Mar 2026 17:00 (+08)"), so players read their own
    clock, written as everywhere else in the bot (``core.times``)."""
    return now.astimezone(loaded.event.zone)


def plain_english(record: Said) -> str:
    """A record as plain English text (the journal's ruling, a machine's record)."""
    return plain(record, for_locale(SOURCE))


def _refused(exc: lad.LadderRefused) -> Invalid:
    """The core's refusal, in its words, read in the reader's language."""
    return Invalid(from_core(exc.said))


# --- which ladder, who asks -------------------------------------------------------------


async def _my_ladder(tx: Tx, req: Request, words: list[str]) -> tuple[Loaded, str, list[str]]:
    """The ladder the asking player means (its slug first when they are on several), their
    name on it, and the remaining words."""
    actor = await require_actor(tx, req)
    if actor.person_id is None:
        raise NotAllowed(said("a ladder's players act on their own challenges in the chat"))
    events = [await get_event(tx, e) for e in await ladders_repo.ladder_events_of(
        tx, actor.person_id)]
    if not events:
        await expelled.refuse_person(tx, actor.person_id, named("ladder"))
        raise NotAllowed(said("you are not on a challenge ladder; ask your club's director to "
                              "add you"))
    by_slug = {e.slug: e for e in events}
    if words and words[0] in by_slug:
        event, words = by_slug[words[0]], words[1:]
    elif len(events) > 1:
        raise Invalid(said("you are on several ladders; name one first, e.g. /ladder {slug} "
                           "(yours: {slugs})", slug=events[0].slug,
                           slugs=", ".join(sorted(by_slug))))
    else:
        event = events[0]
    loaded = await load(tx, event)
    me = loaded.name_of(actor.person_id)
    if me is None:
        raise Invalid(said("you are not on the {event} ladder any more (you left it); ask a "
                           "director to add you again", event=event.name))
    return loaded, me, words


async def _slug_for_button(tx: Tx, req: Request, event_id: int) -> str:
    """The slug of the ladder a button is about, for a player on it; anyone else is
    refused as the press of a button that is not theirs."""
    actor = await require_actor(tx, req)
    if actor.person_id is None or event_id not in await ladders_repo.ladder_events_of(
            tx, actor.person_id):
        raise NotAllowed(said("only the ladder's own players act on its challenges"))
    return (await get_event(tx, event_id)).slug


@dataclass(frozen=True)
class ForPlayer:
    """A TD acting for one of a ladder's players (``tdbot ladder challenge EVENT NAME ...``,
    at the desk, for a player who asked them to): the ladder's event, and the player's
    name as typed (``core.names``)."""

    event_id: int
    name: str


async def _for_player(tx: Tx, req: Request, acting: ForPlayer) -> tuple[Loaded, str, int | None]:
    """The ladder and the player a TD acts for, and that player's person (told through
    the outbox what they would have read as the answer): only a TD of the ladder may."""
    actor = await require_actor(tx, req)
    await require_role(tx, actor, acting.event_id, "td")
    loaded = await load(tx, await get_event(tx, acting.event_id))
    me = _on_ladder(loaded, acting.name)
    return loaded, me, loaded.person(me)


def _on_ladder(loaded: Loaded, name: str) -> str:
    """The player on the ladder a typed name means (``core.names``)."""
    try:
        return loaded.ladder.names[pick(name, loaded.ladder.names)]
    except NameRefused as exc:
        raise Invalid(name_texts.refused(exc)) from None


async def _tell_player(tx: Tx, person: int | None, text: Said, now: datetime) -> None:
    """What the player a TD acted for would have read as the answer, with who did it."""
    if person is not None:
        await outbox.enqueue(tx, person_id=person, now=now, said=say.done_for_you(text))


# --- reading: the ladder and whom you may challenge ------------------------------------


def _view(loaded: Loaded, me: str | None) -> LadderView:
    rows = []
    for rung, name in enumerate(loaded.ladder.names, start=1):
        c = loaded.state.open_of(name)
        mark = ""
        if c is not None:
            mark = f"#{c.number} " + ("⚔" if c.status is lad.ChallengeStatus.ACCEPTED else "?")
        rows.append((rung, name, mark))
    return LadderView(loaded.event, rows, me, loaded.ladder.rules)


async def show_ladder(db: Database, req: Request, words: list[str]) -> LadderView:
    """Use-case: a player (or a TD of the ladder, naming it) reads the ladder."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        try:
            loaded, me, _ = await _my_ladder(tx, req, words)
        except NotAllowed:
            if not words:
                raise
            event = await find_event(tx, words[0])
            await require_role(tx, actor, event.id, "td")
            loaded, me = await load(tx, event), None
        view = _view(loaded, me)
        await answer(tx, req, Reply(say.table(view)))
        return view


async def _targets(loaded: Loaded, me: str, now: datetime) -> TargetsView:
    found = lad.who_may_challenge(loaded.ladder, loaded.state, me, _t(loaded, now))
    allowed = [(n, loaded.entries[n].id) for n in found.allowed if n in loaded.entries]
    return TargetsView(loaded.event, me, loaded.ladder.rung(me), allowed,
                       list(found.excluded), found.note)


async def targets_for(db: Database, event_id: int, name: str, now: datetime) -> TargetsView:
    """Whom a player of a stored ladder may challenge now, and why not the others within
    reach (``tdbot ladder who EVENT NAME``): read only, as ``/challenge`` alone shows it."""
    async with reading(db) as tx:
        loaded = await load(tx, await get_event(tx, event_id))
        return await _targets(loaded, _on_ladder(loaded, name), now)


async def challenge(
    db: Database, req: Request, words: list[str], *, event_id: int | None = None,
    entry_id: int | None = None, acting: ForPlayer | None = None,
) -> TargetsView | Challenged:
    """Use-case: ``/challenge`` alone shows whom the player may challenge (buttons);
    ``/challenge NAME`` or a button challenges (the core decides: reach, one open
    challenge each, the cooldown). The challenged player is sent Accept / Decline.
    ``acting``: a TD challenges for a player (``words``: whom), who is told as if they
    had sent it."""
    async with unit(db, req) as tx:
        if event_id is not None:
            words = [await _slug_for_button(tx, req, event_id)]
        if acting is not None:
            loaded, me, asker = await _for_player(tx, req, acting)
            rest = words
        else:
            loaded, me, rest = await _my_ladder(tx, req, words)
            asker = (await require_actor(tx, req)).person_id
        if entry_id is not None:
            them = next((n for n, e in loaded.entries.items() if e.id == entry_id), None)
            if them is None or them not in loaded.ladder.names:
                raise Invalid(said("that player is not on this ladder any more: /challenge "
                                   "shows whom you may challenge now"))
        elif rest:
            them = _on_ladder(loaded, " ".join(rest))
        else:
            shown = await _targets(loaded, me, req.now)
            await answer(tx, req, Reply(say.targets(shown), say.target_buttons(shown)))
            return shown
        try:
            step = lad.challenge(loaded.ladder, loaded.state, me, them, _t(loaded, req.now))
        except lad.LadderRefused as exc:
            raise _refused(exc) from None
        actor = await require_actor(tx, req)
        await _commit(tx, loaded, step, by=actor, action="ladder.challenge", now=req.now,
                      quiet=(asker,))
        made = step.state.challenges[-1]
        done = Challenged(loaded.event, made.number, me, them, made.rungs, made.accept_by)
        if acting is not None:
            await _tell_player(tx, asker, say.challenge_made(done), req.now)
        person = loaded.person(them)
        if person is not None:
            await outbox.enqueue(tx, person_id=person, now=req.now,
                                 said=say.challenged_you(done, loaded.ladder.rules),
                                 buttons=say.answer_buttons(loaded.event.id, made.number),
                                 dedupe_key=f"ladder:{loaded.event.id}:{made.number}:issued")
        await answer(tx, req, Reply(say.challenge_made(done)))
        return done


async def respond(
    db: Database, req: Request, words: list[str], action: str, *,
    event_id: int | None = None, number: int | None = None,
    acting: ForPlayer | None = None,
) -> Answered:
    """Use-case: the challenged player accepts or declines; the challenger withdraws
    (``action``: accept, decline, withdraw). From a button, ``event_id`` and ``number``
    say which challenge it was about: a button for a challenge already answered, or not
    the presser's, is refused. Accepting makes the challenge a match in the ladder's
    round, reported like any other. ``acting``: a TD answers for a player, who is told
    as if they had answered."""
    async with unit(db, req) as tx:
        if event_id is not None:
            words = [await _slug_for_button(tx, req, event_id)]
        actor = await require_actor(tx, req)
        if acting is not None:
            loaded, me, asker = await _for_player(tx, req, acting)
        else:
            loaded, me, _ = await _my_ladder(tx, req, words)
            asker = actor.person_id
        mine = loaded.state.open_of(me)
        if number is not None:
            pressed = next((c for c in loaded.state.challenges if c.number == number), None)
            if pressed is None or pressed.challenged != me:
                raise NotAllowed(said("only the player challenged answers a challenge"))
            if mine is None or mine.number != number:
                raise Invalid(say.already_settled(pressed))
        core = {"accept": lad.accept, "decline": lad.decline, "withdraw": lad.withdraw}[action]
        try:
            step = core(loaded.ladder, loaded.state, me, _t(loaded, req.now))
        except lad.LadderRefused as exc:
            raise _refused(exc) from None
        await _commit(tx, loaded, step, by=actor, action=f"ladder.{action}", now=req.now,
                      quiet=(asker,))
        code = None
        if action == "accept":
            assert mine is not None
            code = await _make_match(tx, loaded, mine, req.now)
            person = loaded.person(mine.challenger)
            if person is not None:
                await outbox.enqueue(
                    tx, person_id=person, now=req.now,
                    said=say.accepted_for_challenger(loaded.event, mine, code,
                                                     loaded.ladder.rules, step))
        assert mine is not None  # the core refused an answer with no open challenge
        answered = next(c for c in step.state.challenges if c.number == mine.number)
        done = Answered(
            loaded.event, action, answered.number,
            answered.challenged if action == "withdraw" else answered.challenger,
            (loaded.ladder.rung(me), step.ladder.rung(me) if me in step.ladder.names else None),
            len(step.ladder.names), [e.text for e in step.events], code,
            loaded.ladder.rules.best_of, answered.play_by if action == "accept" else None,
            answered.status is lad.ChallengeStatus.FORFEITED)
        if acting is not None:
            await _tell_player(tx, asker, say.answered(done), req.now)
        await answer(tx, req, Reply(say.answered(done)))
        return done


async def _make_match(tx: Tx, loaded: Loaded, c: lad.Challenge, now: datetime) -> str:
    """An accepted challenge as a match in the ladder's round: the challenger on side 0."""
    code = f"L{c.number}"
    match_id = await matches_repo.add(
        tx, event_id=loaded.event.id, round_id=loaded.round_id, code=code,
        best_of=loaded.ladder.rules.best_of, sources=("", ""), head_start_games=0)
    entries = (loaded.entries[c.challenger].id, loaded.entries[c.challenged].id)
    await matches_repo.set_sides(tx, match_id, entries, MatchStage.READY, None)
    await ladders_repo.link_match(tx, loaded.event.id, c.number, match_id)
    return code


# --- results and deadlines ----------------------------------------------------------------


async def after_results(tx: Tx, event: Event, now: datetime, news: News | None = None) -> None:
    """A match of the ladder became final, or was corrected: bring each challenge in
    line with its match, as the core counts the match's games (who wins a ladder
    challenge is ``core.ladder.match_winner``'s rule, so a tied match leaves the defender
    on the rung). A challenge being played whose match is decided is recorded once the
    result is final (``finality``: the rungs do not move on a slip that can still be
    disputed; ``record_decided``: leapfrog or swap); its players read it in the final
    result's own message (``reporting``), with their new rung, and everyone else whose
    rung changed is told it here. A played challenge whose match a director's ruling changed (a
    dispute, a rescored or voided game, a match bye) is corrected (``correct_result``)
    or, if its match is no longer decided, reopened (``reopen``): the core works every
    rung out again from the ladder's log, and both players and everyone whose rung
    changed are told. A correction the core refuses is refused whole, in its words, so
    the ruling is not applied either. No match becomes ready from another's result on a
    ladder."""
    loaded = await load(tx, event)
    linked = await ladders_repo.matches(tx, event.id)
    at = _t(loaded, now)
    for c in loaded.state.challenges:
        match_id = linked.get(c.number)
        if match_id is None or c.status not in (lad.ChallengeStatus.ACCEPTED, lad.ChallengeStatus.PLAYED):
            continue
        view = await matches_repo.get(tx, match_id)
        if view is None or view.state == MatchStage.NOT_NEEDED:
            continue
        outcome = (await core_match(tx, match_id)).state()
        told: tuple[int | None, ...] = ()
        single = await one_game_of(tx, event, view, outcome)
        game = None if single is None else single.scores or single.how
        try:
            if c.status is lad.ChallengeStatus.ACCEPTED:
                if not outcome.decided or not await finality.is_final(tx, view):
                    continue
                step = lad.record_decided(loaded.ladder, loaded.state, c.number, outcome, at,
                                          game)
                action = "ladder.result"
                told = view.people  # the final result's own message says who won
            elif outcome.decided:
                step = lad.correct_result(loaded.ladder, loaded.state, c.number, outcome, at,
                                          game)
                action = "ladder.correct"
            else:
                step = lad.reopen(loaded.ladder, loaded.state, c.number, at)
                action = "ladder.reopen"
        except lad.LadderRefused as exc:
            raise Invalid(said("{code} is ladder challenge #{number}: {why}", code=view.code,
                               number=c.number, why=from_core(exc.said))) from None
        if (step.ladder, step.state) == (loaded.ladder, loaded.state):
            continue
        loaded = await _commit(tx, loaded, step, by=Actor.system(), action=action, now=now,
                               told=told, why=said("the result of {code}", code=view.code),
                               news=news)


@handler(ACCEPT)
@handler(PLAY)
@handler(IDLE)
async def _tick(tx: Tx, d: Deadline, now: datetime) -> bool:
    """Apply what the club's rules say is due now: lapsed acceptances and plays (forfeit
    or void, ``expire``), then idle drops (``idle_drops``). A match of a lapsed challenge
    is closed unplayed and its open slips void."""
    event = await get_event(tx, int(d.payload["event_id"]))
    loaded = await load(tx, event)
    linked = await ladders_repo.matches(tx, event.id)
    played = {c.number: (await core_match(tx, linked[c.number])).state()
              for c in loaded.state.challenges
              if c.status is lad.ChallengeStatus.ACCEPTED and c.number in linked}
    lapsed = await _expire_and_drop(loaded, now, played)
    if lapsed is None:
        await _arm(tx, event.id, loaded.ladder, loaded.state, now, skip=d.id)
        return False
    step, closed = lapsed
    await _commit(tx, loaded, step, by=Actor.system(), action="ladder.deadline", now=now,
                  why=d.kind, skip=d.id)
    for number in closed:
        if number in linked:
            await _close_unplayed(tx, linked[number], now, say.closed_unplayed(number))
    return True


async def _expire_and_drop(loaded: Loaded, now: datetime,
                           played: dict[int, MatchState]) -> tuple[lad.Step, list[int]] | None:
    """What is due now (``expire`` with each challenge's match as played, so that a
    decided match's result stands instead of lapsing, then ``idle_drops``), and the
    challenges it ended unplayed (forfeited or void), whose matches are closed."""
    first = lad.expire(loaded.ladder, loaded.state, _t(loaded, now), played)
    second = lad.idle_drops(first.ladder, first.state, _t(loaded, now))
    if not first.events and second.ladder == loaded.ladder and not second.events:
        return None
    was_open = {c.number for c in loaded.state.challenges if c.is_open}
    closed = [c.number for c in second.state.challenges if c.number in was_open
              and c.status in (lad.ChallengeStatus.FORFEITED, lad.ChallengeStatus.VOID)]
    return lad.Step(second.ladder, second.state, first.events + second.events), closed


async def _close_unplayed(tx: Tx, match_id: int, now: datetime, why: Said,
                          by: Actor | None = None) -> None:
    """The match of a challenge the ladder closed unplayed (lapsed, forfeited, void: its
    games do not decide it): it is not needed, and what was open in it is settled as any
    decision that takes a match's place settles it (``disputes.supersede``): its slips
    void, their windows cancelled and both copies edited to say why, without their Agree
    and Dispute buttons; its disputes closed, the rulers' copies too. A match whose
    result is already final was played: it stays."""
    view = await matches_repo.get(tx, match_id)
    if view is None or view.state == MatchStage.NOT_NEEDED or await finality.is_final(tx, view):
        return
    await supersede(tx, view, ruling=f"void: {plain_english(why)}", by=by or Actor.system(),
                    now=now,
                    decided=Match(best_of=view.best_of), slip_note=to_both(why),
                    ruler_note=settled_note(why, False))
    await matches_repo.set_state(tx, match_id, MatchStage.NOT_NEEDED)
    for slip in await slips_repo.of_match(tx, match_id, (SlipState.AGREED,)):
        await slips_repo.move(tx, slip.id, (SlipState.AGREED,), SlipState.VOID, now)


# --- newcomers ------------------------------------------------------------------------------


async def add_newcomer(db: Database, req: Request, event_id: int, name: str, rating: int = 0,
                       *, bot_username: str | None = None) -> Joined:
    """Use-case: a TD adds a newcomer, who starts at the bottom (Director's Manual, cited in
    ``core.ladder.join``), and gets their personal invite link to pass on (``bot_username``:
    the bot the link is for)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        loaded = await load(tx, event)
        try:
            step = lad.join(loaded.ladder, loaded.state, name, _t(loaded, req.now))
        except lad.LadderRefused as exc:
            raise _refused(exc) from None
        clean = step.ladder.names[-1]
        entry_id = await _add_entry(tx, event_id, clean, rating, phone="", tg_user_id=None,
                                    by=actor, now=req.now, why=said("joined the ladder"))
        loaded.entries = {e.name: e for e in await entries_of(tx, event_id)}
        await _commit(tx, loaded, step, by=actor, action="ladder.join", now=req.now)
        person = loaded.entries[clean].person_id
        code = await create_invite(tx, event_id, "player", person_id=person, by=actor,
                                   now=req.now)
        assert entry_id == loaded.entries[clean].id
        done = Joined(event, clean, len(step.ladder.names), code)
        link = invite_link(bot_username, code) if bot_username else None
        await answer(tx, req, Reply(say.joined(done, link)))
        return done


# --- expulsion ------------------------------------------------------------------------------


async def expel_in(tx: Tx, event: Event, name: str, by: Actor, now: datetime,
                   why: Said | str = "") -> int | None:
    """A director expels ``name`` (``expulsions``): they leave the ladder and their open
    challenge is void (``core.ladder.expel``); its match, if it was accepted, is closed
    unplayed. Returns that match's id. Everyone whose rung moved is told (the expelled
    player is told by the expulsion itself)."""
    loaded = await load(tx, event)
    if name not in loaded.ladder.names:
        return None  # they left the ladder already: nothing to change on it
    was = loaded.state.open_of(name)
    try:
        step = lad.expel(loaded.ladder, loaded.state, name, _t(loaded, now))
    except lad.LadderRefused as exc:
        raise _refused(exc) from None
    await _commit(tx, loaded, step, by=by, action="ladder.expel", now=now,
                  quiet=(loaded.person(name),))
    match_id = (await ladders_repo.matches(tx, event.id)).get(was.number) if was else None
    if match_id is not None and was is not None:
        await _close_unplayed(tx, match_id, now, say.void_by_expulsion(was.number, name, why),
                              by)
    return match_id
