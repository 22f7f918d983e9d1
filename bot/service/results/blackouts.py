"""Blackouts: a game played during another rated event is held for a TD (SSSg para 20).

Para 20: "Players who are playing in another SA-rated tourney are also not allowed to play
SSSg games in the period between the start and end of the other SA-rated tourney". The
event's definition lists such periods (``[[blackouts]]``: name, start, end, in the event's
time zone); the core says whether a moment falls in one (``core.blackout``). The rule
binds only the players of the other event, which the bot cannot know, so a game reported
as played inside a blackout is not refused but held: it does not count until a TD
releases it (it is then written as any game) or voids it (``held_games``). While a game of
a match is held, no later game of it can be reported (its number would be wrong).

A chat slip is played "now" (its confirmation); a paper slip (``tdbot game report --at``) when
the TD says.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from bot.service.events.lookup import Event, get_event
from bot.service.events.schedule import as_moment
from bot.service.formats.registry import HasFormat
from bot.service.formats.traits import cite
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.results import blackout_texts
from bot.service.results.matches import MatchView
from bot.store import held_repo
from bot.store.db import Tx
from bot.store.held_repo import HeldState
from bot.words.said import said
from core.blackout import Blackout, blackout_at


def _moment(value: Any, event: Event, *, end: bool) -> datetime:
    """A blackout's bound as written (an ISO date or date-time): a bare end date takes in
    the whole of that day, up to midnight (the core's end is excluded)."""
    text = str(value)
    if len(text) == 10:
        day = date.fromisoformat(text)
        if end:
            return as_moment(day + timedelta(days=1), event.zone, end=False)
        return as_moment(day, event.zone, end=False)
    return as_moment(datetime.fromisoformat(text), event.zone, end=end)


def blackouts_of(event: Event) -> list[Blackout]:
    """The blackouts of the event's definition (none if it lists none)."""
    return [Blackout(_moment(b["start"], event, end=False), _moment(b["end"], event, end=True),
                     str(b["name"]))
            for b in event.rules.get("blackouts", [])]


async def refuse_if_held(tx: Tx, view: MatchView) -> None:
    """No game of a match can be reported while an earlier one is held for a TD."""
    held = await held_repo.held_in_match(tx, view.id)
    if held is not None:
        event = await get_event(tx, view.event_id)
        raise Invalid(said("a game of {code} ({one} v {other}) played during {blackout} is "
                           "held for a TD{para}; the next game can be reported once a TD "
                           "releases or voids it", code=view.code, one=view.label(0),
                           other=view.label(1), blackout=held.blackout,
                           para=cite(event, "para 20")))


async def refuse_if_slip_held(tx: Tx, slip_id: int, of: HasFormat) -> None:
    """A held chat slip is the TD's now: its player cannot cancel it."""
    held = await held_repo.of_slip(tx, slip_id)
    if held is not None and held.state == HeldState.HELD:
        raise Invalid(said("this result was played during {blackout} and a TD holds it"
                           "{para}; ask a TD to void it if it is wrong",
                           blackout=held.blackout, para=cite(of, "para 20")))


async def hold_if_blacked_out(
    tx: Tx, event: Event, view: MatchView, *, game: int, starter: int,
    scores: tuple[int, int], played_at: datetime, slip_id: int | None, by: Actor,
    now: datetime,
) -> str | None:
    """If ``played_at`` falls in a blackout, hold the game for a TD, tell both players and
    return the blackout's name; None: the game may be written as usual."""
    blackout = blackout_at(blackouts_of(event), played_at)
    if blackout is None:
        return None
    await refuse_if_held(tx, view)
    held_id = await held_repo.add(tx, match_id=view.id, slip_id=slip_id, starter_side=starter,
                                  scores=scores, played_at=played_at, blackout=blackout.event,
                                  now=now)
    await journal.record(tx, who=by, action="game.held", subject=f"match:{view.id}", now=now,
                         detail={"held_id": held_id, "game": game, "scores": list(scores),
                                 "starter_side": starter, "blackout": blackout.event,
                                 "slip_id": slip_id})
    for side in (0, 1):
        person = view.people[side]
        if person is None:
            continue
        await outbox.enqueue(
            tx, person_id=person, now=now, dedupe_key=f"held:{held_id}:{side}",
            said=blackout_texts.held(event, view, side, game, scores, blackout.event),
        )
    return blackout.event
