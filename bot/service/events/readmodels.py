"""What the chat shows: a person's matches, a match's score line, and what awaits a TD.

Read-only views; they change nothing and write no journal entry. Score lines come from the
core's match value (core/knockout/match.py), never from counting in SQL.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import replace

from bot.service.between.arranging import agreed_time, unarranged
from bot.service.between.no_shows import open_claims
from bot.service.between.player_zones import Zone, zone_of
from bot.service.events import my_matches_texts, pending_texts
from bot.service.events.lookup import Event, get_event
from bot.service.events.my_match import MyMatch, MyMatchState
from bot.service.events.rounds import unfinished_of
from bot.service.events.schedule import Round, rounds_of
from bot.service.events.td_inbox import AwaitingSlip, TdInbox
from bot.service.fees.payments import unpaid
from bot.service.formats.registry import format_of
from bot.service.people.entries import Entry, entries_of
from bot.service.people.invites import pending_join_requests
from bot.service.people.persons import get_person
from bot.service.people.roles import ROLES, people_with_role, require_role
from bot.service.platform.deadlines import failed_deadlines
from bot.service.platform.unit import Reply, Request, actor_of, answer, require_actor, unit
from bot.service.results.adjudicators import eligible_adjudicators
from bot.service.results.matches import (
    MatchView,
    get_match,
    has_score,
    match_state,
    matches_of_event,
    matches_of_person,
    score_line,
)
from bot.service.results.opponents import opponent_of
from bot.service.results.reporting import one_game_of
from bot.store import expulsions_repo, held_repo, matches_repo, outbox_repo, slips_repo
from bot.store.db import Database, Tx
from bot.store.entries_repo import EntryState
from bot.store.rounds_repo import RoundState
from bot.words.said import Said
from core.knockout.match import Decision, MatchStage
from core.slip import SlipState


async def list_my_matches(db: Database, req: Request) -> list[MyMatch]:
    """Use-case: a person asks for their matches (finished ones too); a stranger has none.
    They read each with the buttons to write to the opponent or propose a time."""
    async with unit(db, req) as tx:
        actor = await actor_of(tx, req)
        found = [] if actor is None or actor.person_id is None else await my_matches(
            tx, actor.person_id, include_finished=True)
        await answer(tx, req, Reply(my_matches_texts.my_matches(found, own_zone_shown(found)),
                                    my_matches_texts.my_match_buttons(found)))
        return found


#: How /matches orders a person's matches: what they can play now first, then what comes
#: next (paired, then waiting for an opponent or a TD's choice of one), then a match a
#: closed round left to the TDs (nothing for the player to do), the finished ones last.
_SHOWN_ORDER = {MyMatchState.PLAYING: 0, MyMatchState.READY: 1, MyMatchState.WAITING: 2,
                MyMatchState.SLOT_OPEN: 2, MyMatchState.UNFINISHED: 3, MyMatchState.DECIDED: 4}


def _code_order(code: str) -> tuple[tuple[int, int | str], ...]:
    """A match code in the order people count: M2 before M10, R4-3 before R4-12."""
    return tuple((0, int(part)) if part.isdigit() else (1, part)
                 for part in re.findall(r"\d+|\D+", code))


async def my_matches(tx: Tx, person_id: int, *, include_finished: bool = False) -> list[MyMatch]:
    """A person's matches in every event, in the order they read them (``_SHOWN_ORDER``):
    those they can play now by the soonest deadline, and each kind by event, then round,
    then match code. Times are in the zone the person set (/timezone), else their
    event's (``player_zones``)."""
    out: list[tuple[tuple[int, float, int, int, tuple[tuple[int, int | str], ...]],
                    MyMatch]] = []
    decides: dict[int, dict[str, tuple[Said, Said]]] = {}
    zones: dict[int, Zone] = {}
    for m in await matches_of_person(tx, person_id):
        if m.state in (MatchStage.BYE, MatchStage.NOT_NEEDED) or (
                m.state == MatchStage.DECIDED and not include_finished):
            continue
        side = m.side_of_person(person_id)
        assert side is not None
        event = await get_event(tx, m.event_id)
        rnd = next(r for r in await rounds_of(tx, m.event_id) if r.id == m.round_id)
        if m.event_id not in zones:
            zones[m.event_id] = await zone_of(tx, person_id, event)
        zone = zones[m.event_id]
        state = await match_state(tx, m.id)
        starter = None
        if state.next_start is not None and state.next_start.side is not None:
            starter = m.label(state.next_start.side)
        shown = MyMatchState(m.state)
        if m.left_unfinished:
            shown = MyMatchState.UNFINISHED  # a TD will rule on it
        elif m.state == MatchStage.READY and m.round_state == RoundState.OPEN:
            shown = MyMatchState.PLAYING  # became ready in an open round: it can be played now
        elif m.state == MatchStage.WAITING and m.id in await expulsions_repo.held_matches(tx, m.event_id):
            shown = MyMatchState.SLOT_OPEN  # SSSg para 29: the TDs choose who takes the place
        slips = tuple(
            (s.game_no, "you" if s.reporter_side != side else m.label(1 - side),
             zone.at(s.closes_at) if s.closes_at else None)
            for s in await slips_repo.of_match(tx, m.id, (SlipState.PENDING,))
        )
        if m.state != MatchStage.DECIDED and m.event_id not in decides:
            decides[m.event_id] = await format_of(event).match_stakes(tx, event)
        line = decides.get(m.event_id, {}).get(m.code)
        stakes = line[side] if line is not None else None
        single = await one_game_of(tx, event, m, state) if m.state == MatchStage.DECIDED else None
        mine = (None if single is None or single.scores is None
                else (single.scores[side], single.scores[1 - side]))
        listed = (
            MyMatch(
                m.id, m.event_id, event.name, event.format, m.round_name, m.code,
                (await opponent_of(tx, m, side)).words, m.best_of,
                shown, score_line(m, state, side) if has_score(state) else "",
                zone.at(rnd.closes_at)
                if rnd.closes_at and rnd.state == RoundState.OPEN
                and m.state != MatchStage.DECIDED else None,
                state.next_game, starter, state.next_is_deciding, slips, stakes,
                await agreed_time(tx, person_id, m, event) if m.state != MatchStage.DECIDED else None,
                single=format_of(event).single_game(m), game=mine,
                unplayed_spread=(state.spread[side] if single is not None and mine is None
                                 else None),
                you_won=None if state.winner is None or not state.decided else state.winner == side,
                you_start=state.next_start is not None and state.next_start.side == side,
                own_zone=zone.name if zone.own else None,
            )
        )
        due = (rnd.closes_at.timestamp()
               if shown == MyMatchState.PLAYING and rnd.closes_at is not None else math.inf)
        out.append(((_SHOWN_ORDER[shown], due, m.event_id, rnd.seq, _code_order(m.code)),
                    listed))
    return [shown_match for _, shown_match in sorted(out, key=lambda kv: kv[0])]


def own_zone_shown(found: list[MyMatch]) -> str | None:
    """The zone the person set (/timezone) when /matches shows one of their times in it,
    so that the list can name it."""
    return next((m.own_zone for m in found
                 if m.own_zone and (m.closes_at or m.agreed_at or m.open_slips)), None)


async def match_score_line(tx: Tx, match_id: int, side: int = 0) -> str:
    """'Ann 5-3 Bob (+212)': game-points (head start and half points included) and spread,
    as core/knockout/match.py counts them."""
    m = await get_match(tx, match_id)
    return score_line(m, await match_state(tx, match_id), side)


async def pending(db: Database, req: Request, event_id: int) -> TdInbox:
    """Use-case: a TD asks what awaits them in an event (``td_inbox``); they read it with
    the buttons that act on it (``pending_texts``)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        claims = [(view, view.label(view.side_of_person(c.claimant) or 0), c.state)
                  for view, c in await open_claims(tx, event_id)]
        inbox = replace(await td_inbox(tx, event_id), viewer=actor.person_id,
                        unarranged=await unarranged(tx, event_id, req.now), no_shows=claims)
        event = await get_event(tx, event_id)
        await answer(tx, req, Reply(pending_texts.pending(event.name, inbox),
                                    pending_texts.pending_buttons(inbox)))
        return inbox


async def td_inbox(tx: Tx, event_id: int) -> TdInbox:
    """Everything that waits for a TD, one small function per kind below."""
    event = await get_event(tx, event_id)
    rounds = await rounds_of(tx, event_id)  # none before the draw
    entries = await entries_of(tx, event_id)
    matches = await matches_of_event(tx, event_id)
    playing = [m for m in matches if m.state == MatchStage.PLAYING]
    tied = await _tied(tx, playing)
    # the open rounds' unfinished matches by the rule closing a round goes by
    unfinished = [m for m in unfinished_of([m for m in matches if m.round_state == RoundState.OPEN]).all
                  if m.id not in tied]
    left_unfinished = [m for m in playing if m.left_unfinished and m.id not in tied]
    return TdInbox(
        event_id,
        event.format,
        join_requests=await pending_join_requests(tx, event_id),
        open_disputes=await _disputes(tx, event_id),
        unpaid=await _unpaid(tx, rounds),
        refused_messages=await _refused(tx, event_id, entries),
        failed_deadlines=await failed_deadlines(tx, event_id),
        unfinished=unfinished,
        left_unfinished=left_unfinished,
        voidable=frozenset([m.id for m in left_unfinished
                            if (await match_state(tx, m.id)).counted]),
        not_on_telegram=_not_on_telegram(entries, drawn=bool(rounds)),
        slips_awaiting=await _slips_awaiting(tx, event),
        tied=[m for m in playing if m.id in tied],
        held_games=await held_repo.held_in_event(tx, event_id),
        open_slots=await format_of(event).open_slots(tx, event),
        prizes=await format_of(event).decided_prizes(tx, event),
        slug=event.slug,
    )


async def _disputes(tx: Tx, event_id: int) -> list[dict[str, object]]:
    """Open disputes, with the match's players and who may rule (SSSg para 19: the TDs
    who do not play in it, else a neutral adjudicator)."""
    out: list[dict[str, object]] = []
    for d in await matches_repo.open_disputes(tx, event_id):
        m = await get_match(tx, int(d["match_id"]))
        rulers = [(await get_person(tx, p)).name for p in await eligible_adjudicators(tx, m.id)]
        out.append({**d, "players": f"{m.label(0)} v {m.label(1)}",
                    "names": (m.label(0), m.label(1)), "rulers": ", ".join(rulers)})
    return out


async def _unpaid(tx: Tx, rounds: list[Round]) -> list[tuple[str, list[str]]]:
    """Fees missing for the rounds still to open (SSSg para 26)."""
    owing: list[tuple[str, list[str]]] = []
    for rnd in rounds:
        if rnd.state == RoundState.PLANNED:
            names = [e.name for e in await unpaid(tx, rnd)]
            if names:
                owing.append((rnd.name, names))
    return owing


async def _refused(tx: Tx, event_id: int, entries: list[Entry]) -> list[dict[str, object]]:
    """Messages Telegram refused for good to the event's people (blocked by the person, or
    undeliverable): "marked so and shown to a TD", one line per person and kind."""
    people = {e.person_id for e in entries}
    for role in ROLES:
        people.update(await people_with_role(tx, event_id, role))
    rows = [b for b in await outbox_repo.refused(tx) if b["person_id"] in people]
    counts = Counter((b["person_id"], b["state"]) for b in rows)
    latest = {(b["person_id"], b["state"]): b for b in rows}  # oldest first: the last wins
    return [{**b, "messages": counts[key]} for key, b in latest.items()]


async def _tied(tx: Tx, playing: list[MatchView]) -> set[int]:
    """Matches level on games, spread and starts after the deciding game: para 17 does not
    settle them, the organisers do (para 30)."""
    return {m.id for m in playing if (await match_state(tx, m.id)).decision is Decision.TIED}


def _not_on_telegram(entries: list[Entry], *, drawn: bool) -> list[str]:
    """Every player is written to at the draw (their first match), so from then on a player
    with no Telegram account linked has messages waiting for them."""
    return sorted((e.name for e in entries if drawn and e.state == EntryState.ACTIVE and not e.linked),
                  key=str.casefold)


async def _slips_awaiting(tx: Tx, event: Event) -> list[AwaitingSlip]:
    """Reported games the opponent has not agreed to yet, and when each becomes final
    (SSSg para 24: 24 hours to dispute)."""
    out: list[AwaitingSlip] = []
    for slip in await slips_repo.pending_of_event(tx, event.id):
        m = await get_match(tx, slip.match_id)
        side = slip.reporter_side
        out.append(AwaitingSlip(m.code, slip.game_no, m.label(side), m.label(1 - side),
                                event.at(slip.closes_at) if slip.closes_at else None))
    return out
