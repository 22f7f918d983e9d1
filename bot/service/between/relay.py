"""Reaching the opponent: a player writes to the other player of a match through the bot.

In a months-long remote event the players rarely know each other's number; most of their
effort goes into reaching one another, and most disputes a TD hears are "they never
answered". So the bot relays a player's message to the opponent, marked with the match,
without showing a phone or an account the other has not chosen to share (``/share``
shows the sharer's @username to their opponents). Every relayed message is kept
(``relay_messages``) and shown to the TDs who may rule on the match (``match_log``),
never to a TD who plays in it (SSSg para 19), so that such a dispute is ruled on what
was said.

Relaying is rate-limited (``RELAY_LIMIT`` messages a match in ``RELAY_PERIOD``) and a
player may mute a match (``/mute M3``): the messages are then kept for the TDs but not
delivered, and the sender is told so.

The chat and the command line share ``seat_of``: a player names their own match by its
code; the command line, acting for a player, names the event, the match and the player.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.service.between import relay_texts as say
from bot.service.between.player_zones import zone_of
from bot.service.events.lookup import Event, get_event
from bot.service.people.roles import require_role
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results.adjudicators import refuse_own_match, rulers_of
from bot.service.results.matches import MatchView, get_match, matches_of_person
from bot.service.results.opponents import opponent_of
from bot.service.results.rulings import find_match, side_named
from bot.store import match_times_repo, no_shows_repo, prefs_repo, relay_repo
from bot.store.db import Database, Tx
from bot.store.match_times_repo import TimeState
from bot.store.no_shows_repo import ClaimState
from bot.store.relay_repo import RelayState
from bot.store.rounds_repo import RoundState
from bot.words.said import Said, said
from core.knockout.match import MatchStage

#: How many messages one player may relay in one match within ``RELAY_PERIOD``: enough to
#: arrange a game, too few to flood an opponent.
RELAY_LIMIT = 10
RELAY_PERIOD = timedelta(hours=24)
#: The longest message relayed (Telegram's own limit is 4096; the header needs room).
MAX_TEXT = 1500
#: The states of a match whose players may still need to reach each other.
LIVE = (MatchStage.READY, MatchStage.PLAYING)


@dataclass(frozen=True)
class Seat:
    """A player's place in a match: who acts (the player, or the command line for them)."""

    actor: Actor
    event: Event
    view: MatchView
    side: int

    @property
    def person(self) -> int:
        person = self.view.people[self.side]
        assert person is not None
        return person

    @property
    def opponent(self) -> int:
        person = self.view.people[1 - self.side]
        assert person is not None
        return person

    @property
    def name(self) -> str:
        return self.view.label(self.side)

    @property
    def opponent_name(self) -> str:
        return self.view.label(1 - self.side)


async def _live(tx: Tx, view: MatchView) -> None:
    """Refused unless the match is still to be played by two known players; the refusal
    names the match by its round and players (its code is the handle the asker typed)."""
    if view.people[0] is None or view.people[1] is None:
        known = 0 if view.people[0] is not None else 1
        waits = (await opponent_of(tx, view, known)).words
        raise Invalid(say.no_opponent_yet(view.round_name, waits))
    if view.state not in LIVE or view.round_state == RoundState.CLOSED:
        raise Invalid(say.nothing_to_arrange(view))


async def seat_of(tx: Tx, req: Request, code: str, *, event_id: int | None = None,
                  player: str | None = None, live: bool = True) -> Seat:
    """The asker's place in their match ``code``; at the command line, ``player``'s place in
    the event's match ``code``. With ``live``, only a match still to be played."""
    actor = await require_actor(tx, req)
    if actor.person_id is None:
        if event_id is None or player is None:
            raise Invalid(said("name the event, the match and the player you act for"))
        event = await get_event(tx, event_id)
        view = await find_match(tx, event, code)
        side = side_named(view, player)
    else:
        wanted = code.strip().casefold()
        mine = [m for m in await matches_of_person(tx, actor.person_id)
                if m.code.casefold() == wanted and (event_id is None or m.event_id == event_id)]
        if not mine:
            raise NotFound(said("you play in no match '{code}': /matches shows yours with "
                                "their codes", code=code.strip()))
        if len(mine) > 1:
            mine = [m for m in mine if m.state in LIVE] or mine
        view = mine[-1]
        event = await get_event(tx, view.event_id)
        found = view.side_of_person(actor.person_id)
        assert found is not None
        side = found
    if live:
        await _live(tx, view)
    return Seat(actor, event, view, side)


#: A word written as a match's code ("M3", "R2-1", "QF1"): never taken for a time.
_CODE = re.compile(r"[^\W\d_]+\d[\w-]*")


def _arrangeable(view: MatchView) -> bool:
    """A match still to be arranged by its two players (what ``_live`` lets through)."""
    return (None not in view.people and view.state in LIVE
            and view.round_state != RoundState.CLOSED)


async def seat_in_words(tx: Tx, req: Request, words: str, usage: str) -> tuple[Seat, str]:
    """The asker's match named by the first of ``words`` (its code) and the words after it;
    a player with one match to arrange may leave the code out, as ``/report`` takes a
    player's only match: all the words are then the rest. A word written as a code is
    never taken for the rest (a code not theirs is refused as such)."""
    words = words.strip()
    first = words.split(maxsplit=1)[0] if words else ""
    actor = await require_actor(tx, req)
    if actor.person_id is not None:
        mine = await matches_of_person(tx, actor.person_id)
        named = any(m.code.casefold() == first.casefold() for m in mine)
        open_ = [m for m in mine if _arrangeable(m)]
        if not named and not _CODE.fullmatch(first) and len(open_) == 1:
            view = open_[0]
            side = view.side_of_person(actor.person_id)
            assert side is not None
            return Seat(actor, await get_event(tx, view.event_id), view, side), words
    if not first:
        raise Invalid(say.say_which(usage))
    return await seat_of(tx, req, first), words[len(first):].strip()


async def seat_by_id(tx: Tx, req: Request, match_id: int) -> Seat:
    """The presser's place in a match a button names; only a player of it."""
    actor = await require_actor(tx, req)
    view = await get_match(tx, match_id)
    side = None if actor.person_id is None else view.side_of_person(actor.person_id)
    if side is None:
        raise NotAllowed(said("that button is for the players of the match"))
    await _live(tx, view)
    return Seat(actor, await get_event(tx, view.event_id), view, side)


# --- relaying -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Told:
    code: str
    to: str
    delivered: bool  # False: the opponent muted the match; kept for the TDs only
    left: int  # how many more may be sent in this period


async def _relay(tx: Tx, seat: Seat, text: str, now: datetime) -> Told:
    text = text.strip()
    if not text:
        raise Invalid(said("say what to tell {name}: /tell {code} YOUR MESSAGE",
                           name=seat.opponent_name, code=seat.view.code))
    if len(text) > MAX_TEXT:
        raise Invalid(said("your message is {length} characters; I relay at most {most}: "
                           "send it in parts", length=len(text), most=MAX_TEXT))
    sent = await relay_repo.sent_since(tx, seat.view.id, seat.person, now - RELAY_PERIOD)
    if len(sent) >= RELAY_LIMIT:
        again = sent[len(sent) - RELAY_LIMIT] + RELAY_PERIOD
        raise Invalid(say.too_many(RELAY_LIMIT, seat.opponent_name,
                                   (await zone_of(tx, seat.person, seat.event)).told(again)))
    muted = await relay_repo.is_muted(tx, seat.view.id, seat.opponent)
    relayed = await relay_repo.add(tx, seat.view.id, seat.person, seat.opponent, text,
                                   RelayState.MUTED if muted else RelayState.RELAYED, now)
    if not muted:
        shared = (await prefs_repo.get(tx, seat.person)).username
        await outbox.enqueue(tx, person_id=seat.opponent, now=now,
                             said=say.relayed(seat.event, seat.view, seat.side, text, shared),
                             buttons=say.reply_buttons(seat.view.id),
                             dedupe_key=f"relay:{relayed}")
    await journal.record(tx, who=seat.actor, action="relay.message",
                         subject=f"match:{seat.view.id}", now=now,
                         detail={"code": seat.view.code, "from_side": seat.side,
                                 "message_id": relayed, "delivered": not muted})
    return Told(seat.view.code, seat.opponent_name, not muted, RELAY_LIMIT - len(sent) - 1)


async def _told(tx: Tx, req: Request, done: Told) -> Told:
    """The writer reads whether it reached their opponent, and how many more they may send."""
    await answer(tx, req, Reply(say.told(done.code, done.to, done.delivered, done.left)))
    return done


async def tell(db: Database, req: Request, code: str, text: str, *, event_id: int | None = None,
               player: str | None = None) -> Told:
    """Use-case: ``/tell M3 TEXT`` (``tdbot game tell``): relay a message to the opponent."""
    async with unit(db, req) as tx:
        seat = await seat_of(tx, req, code, event_id=event_id, player=player)
        await relay_repo.close_draft(tx, seat.person)
        return await _told(tx, req, await _relay(tx, seat, text, req.now))


@dataclass(frozen=True)
class Drafting:
    code: str
    to: str


async def start_draft(db: Database, req: Request, match_id: int) -> Drafting:
    """Use-case: the "Write to" button: the presser's next message goes to the opponent."""
    async with unit(db, req) as tx:
        seat = await seat_by_id(tx, req, match_id)
        await relay_repo.open_draft(tx, seat.person, match_id, req.now)
        done = Drafting(seat.view.code, seat.opponent_name)
        await answer(tx, req, Reply(say.drafting(done.code, done.to)))
        return done


async def send_draft(db: Database, req: Request, text: str) -> Told | None:
    """Use-case: the message after "Write to": relayed, and the draft closed (None if it
    was already used: a second copy of the update, or another message first)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        if actor.person_id is None:
            return None
        match_id = (None if req.tg_user_id is None
                    else await relay_repo.live_draft_of_tg(tx, req.tg_user_id))
        if match_id is None or not await relay_repo.close_draft(tx, actor.person_id):
            return None
        seat = await seat_by_id(tx, req, match_id)
        return await _told(tx, req, await _relay(tx, seat, text, req.now))


async def cancel_draft(db: Database, req: Request) -> bool:
    """Use-case: /cancel after "Write to": nothing is sent."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        closed = actor.person_id is not None and await relay_repo.close_draft(tx, actor.person_id)
        await answer(tx, req, Reply(say.cancelled(closed)))
        return closed


@dataclass(frozen=True)
class Muted:
    code: str
    opponent: str
    muted: bool  # the state now
    changed: bool


async def mute(db: Database, req: Request, code: str, on: bool) -> Muted:
    """Use-case: ``/mute M3`` (``/unmute M3``): the opponent's messages in this match are
    kept for the TDs but not delivered (or delivered again)."""
    async with unit(db, req) as tx:
        seat = await seat_of(tx, req, code, live=False)
        changed = (await relay_repo.mute(tx, seat.view.id, seat.person, req.now) if on
                   else await relay_repo.unmute(tx, seat.view.id, seat.person))
        if changed:
            await journal.record(tx, who=seat.actor, action="relay.mute" if on else "relay.unmute",
                                 subject=f"match:{seat.view.id}", now=req.now,
                                 detail={"code": seat.view.code, "side": seat.side})
        await answer(tx, req, Reply(say.muted(seat.view.code, seat.opponent_name, on, changed)))
        return Muted(seat.view.code, seat.opponent_name, on, changed)


@dataclass(frozen=True)
class Shared:
    username: str | None  # None: nothing shared now
    had_none: bool  # the player has no Telegram @username to share


async def share(db: Database, req: Request, username: str | None, on: bool) -> Shared:
    """Use-case: ``/share`` shows the player's Telegram @username (``username``, as Telegram
    says it, never typed) to their opponents in relayed messages; ``/share off`` stops."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        if actor.person_id is None:
            raise Invalid(said("only a player shares their own username, in the chat"))
        value = username if on and username else None
        await prefs_repo.set_username(tx, actor.person_id, value, req.now)
        await journal.record(tx, who=actor, action="player.share", now=req.now,
                             subject=f"person:{actor.person_id}", detail={"shared": bool(value)})
        done = Shared(value, on and not username)
        await answer(tx, req, Reply(say.shared(done.username, done.had_none)))
        return done


# --- what the TDs read ------------------------------------------------------------------


@dataclass(frozen=True)
class MatchLogLine:
    """One thing said or arranged: when, and who did what (a record: the TDs read it in
    their language, the command line in English)."""

    at: datetime
    what: Said


@dataclass(frozen=True)
class MatchLog:
    """What was said and arranged between the players of a match, oldest first: for the TDs
    ruling on a claim that one did not turn up or did not answer."""

    event: Event
    code: str
    names: tuple[str, str]
    lines: tuple[MatchLogLine, ...]


async def log_of(tx: Tx, event: Event, view: MatchView) -> MatchLog:
    names = (view.label(0), view.label(1))
    by_person = {p: names[s] for s, p in enumerate(view.people) if p is not None}

    def who(person: int | None) -> str | None:  # None: a TD, or nobody known
        return None if person is None else by_person.get(person)

    lines: list[MatchLogLine] = []
    for m in await relay_repo.of_match(tx, view.id):
        lines.append(MatchLogLine(m.sent_at, say.log_wrote(
            who(m.from_person), m.text, muted=m.state == RelayState.MUTED)))
    for t in await match_times_repo.of_match(tx, view.id):
        at = event.at(t.starts_at)
        lines.append(MatchLogLine(t.created_at, say.log_proposed(who(t.proposed_by), at)))
        if t.decided_at is not None and t.state in (TimeState.AGREED, TimeState.MOVED):
            # the one who did not propose it agreed it (a TD's own time: both)
            agreed_by = next((n for p, n in by_person.items() if p != t.proposed_by), None)
            lines.append(MatchLogLine(t.decided_at, say.log_agreed(
                agreed_by, at, moved=t.state == TimeState.MOVED)))
    for c in await no_shows_repo.of_match(tx, view.id, tuple(ClaimState)):
        lines.append(MatchLogLine(c.claimed_at, say.log_claimed(
            who(c.claimant), c.contest, c.ruling)))
    lines.sort(key=lambda line: line.at)
    return MatchLog(event, view.code, names, tuple(lines))


async def match_log(db: Database, req: Request, event_id: int, code: str) -> MatchLog:
    """Use-case: ``/matchlog M3`` (``tdbot game log``): a TD who may rule on the match reads
    what its players said and arranged; never a TD who plays in it (SSSg para 19)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        view, event = await _td_match(tx, actor, event_id, code)
        found = await log_of(tx, event, view)
        await answer(tx, req, Reply(say.log(event, found.code, found.names,
                                            [(x.at, x.what) for x in found.lines])))
        return found


async def _td_match(tx: Tx, actor: Actor, event_id: int,
                    code: str) -> tuple[MatchView, Event]:
    await require_role(tx, actor, event_id, "td")
    event = await get_event(tx, event_id)
    view = await find_match(tx, event, code)
    await refuse_own_match(tx, actor, view)
    if actor.person_id is not None and actor.person_id not in await rulers_of(tx, view):
        raise NotAllowed(said("only a TD who may rule on {code} reads what its players said",
                              code=view.code))
    return view, event

