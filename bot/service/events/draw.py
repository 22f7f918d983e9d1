"""Making the draw of an event with the core's knockout engine, and storing it.

The draw takes a seed, records it with the event and in the journal, and the same seed
always gives the same draw, so anyone can re-run it (``tdbot files draw --seed N``) and check it
(SSSg 2016, seed 003_053a0fd902066061.txt, Annex A paras 1 and 3: "fixtures ... will be
determined by random draw"). The entrants go to the engine in the order they were entered,
so the players' CSV and the seed given to ``tdbot files draw --players CSV --seed N`` reproduce
the stored draw exactly (ties in rating are broken by the seeded draw, which depends on
that order). One round
row is made per round of the draw (the plate's prefixed "Plate"); the definition file's
``[[rounds]]`` give them their dates. The best-of of each round is the rules' (para 4,
footnote 4, or the event's plain schedule): a different number in the file is an error
rather than a silent override, because the match engine counts games by it.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from datetime import date, datetime
from zoneinfo import ZoneInfo

from bot.service.events.definitions import Definition
from bot.service.events.lookup import Event, get_event
from bot.service.events.rounds import open_round_deadlines
from bot.service.events.schedule import as_moment, round_code
from bot.service.fees.payments import unmatched
from bot.service.formats.knockout.bridge import draw_core_event, sync_matches
from bot.service.formats.rounds import round_events
from bot.service.people.entries import entries_of
from bot.service.people.roles import require_role
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.limits import SEED
from bot.service.platform.unit import Answer, Request, answer_with, require_actor, unit
from bot.service.results.matches import MatchView, matches_of_event
from bot.store import draw_repo, matches_repo, rounds_repo
from bot.store.db import Database, Tx
from bot.store.entries_repo import Entry, EntryState
from bot.store.events_repo import EventState
from core.knockout import sssg
from core.knockout.bracket import Bracket, BracketMatch, SlotKind, Source
from core.knockout.match import MatchStage
from core.knockout.qualifying import Entrant

DIVISIONS = {"qualifying": "Qualifying", "top": "Top division", "plate": "Plate"}


@dataclass(frozen=True)
class DrawResult:
    event_id: int
    seed: int
    rounds: list[tuple[str, str, int]]  # code, name, best_of
    matches: list[tuple[str, str, str, str]]  # code, round name, side A, side B
    unused_rounds: list[str] = field(default_factory=list)
    # rounds whose fee reminder was due before the draw: it goes out at once (para 26)
    late_fee_reminders: list[str] = field(default_factory=list)
    # (player, round) paid before the draw for a round the draw did not make
    unmatched_payments: list[tuple[str, str]] = field(default_factory=list)


def _source(source: Source, bracket: Bracket) -> str:
    """How a slot's source is stored: 'seat:Ann', 'winner:Q3', 'loser:T5', 'bye', or
    'draw:5' for a seat that is drawn later (the SSSg plate, after qualifying)."""
    if source.kind is not SlotKind.SEAT:
        return f"{source.kind.value}:{source.match}"
    if not bracket.seated:
        return f"draw:{source.seat + 1}"
    name = bracket.seating[source.seat]
    if name is None:
        return "bye"
    qualifier = sssg.placeholder_match(name)
    if qualifier is not None:
        return f"winner:{qualifier}"
    return f"seat:{name}"


def _specs(event: sssg.KnockoutEvent) -> list[tuple[str, BracketMatch, tuple[str, str]]]:
    """Every match of the draw with its division and slot sources, in play order."""
    out: list[tuple[str, BracketMatch, tuple[str, str]]] = []
    derived = sssg.derive(event)
    for code, view in derived.views.items():
        if derived.divisions[code] == "qualifying":
            a, b = view.players
            out.append(("qualifying", view.spec, (f"seat:{a}", f"seat:{b}")))
    for bracket in (event.top, event.plate):
        if bracket is None:
            continue
        for m in bracket.matches:
            out.append((bracket.name, m, (_source(m.slots[0], bracket), _source(m.slots[1], bracket))))
    return out


def _moment(value: date | datetime | None, zone: ZoneInfo, *, end: bool) -> datetime | None:
    return None if value is None else as_moment(value, zone, end=end)


async def draw_event(
    db: Database, req: Request, event_id: int, *, seed: int, why: str = "",
    render: Answer[DrawResult] | None = None,
) -> DrawResult:
    """Use-case: a TD or organiser draws the event (``make_draw``), in one transaction."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        result = await make_draw(tx, event_id, seed=seed, by=actor, now=req.now, why=why)
        return await answer_with(tx, req, render, result)


async def make_draw(
    tx: Tx, event_id: int, *, seed: int, by: Actor, now: datetime, why: str = ""
) -> DrawResult:
    """Draw the event (TD or organiser, once, after registration): store its rounds and
    matches, settle byes, and tell every player their first match."""
    SEED.check(seed)
    await require_role(tx, by, event_id, "td")
    event = await get_event(tx, event_id)
    if event.format == "club":
        raise Invalid(f"{event.name} is a club: there is no draw; a TD starts a night with "
                      "/night and pairs each round with /pairround")
    if event.format == "ladder":
        raise Invalid(f"{event.name} is a challenge ladder: it has no draw; players challenge "
                      "each other (/challenge), and newcomers join at the bottom (/join)")
    if event.state != EventState.REGISTRATION:
        raise Invalid(f"{event.name} has already been drawn (seed {event.draw_seed})")
    entries = sorted(
        (e for e in await entries_of(tx, event_id) if e.state == EntryState.ACTIVE), key=lambda e: e.id
    )
    if len(entries) < 2:
        raise Invalid(f"{event.name} needs at least 2 players to draw; it has {len(entries)}")
    defn = Definition.model_validate(event.rules)
    if defn.event.format == "rounds":  # rounds only: each is paired when it opens
        made = await round_events.make_rounds(tx, event, seed=seed, players=len(entries),
                                              by=by, now=now, why=why)
        await _announce_rounds(tx, event, entries, made, now)
        return DrawResult(event_id, seed, made, [], [], await open_round_deadlines(
            tx, event_id, now), await unmatched(tx, event_id))
    try:
        core_event = draw_core_event(defn, [Entrant(e.name, e.rating) for e in entries], seed)
    except ValueError as exc:
        raise Invalid(f"the draw cannot be made: {exc}") from None
    planned = {r.name.casefold(): (i, r) for i, r in enumerate(defn.rounds)}
    used: set[str] = set()
    divisions: dict[str, int] = {}
    rounds: dict[str, int] = {}
    round_rows: list[tuple[str, str, int]] = []
    for division, spec, (src_a, src_b) in _specs(core_event):
        if division not in divisions:
            divisions[division] = await rounds_repo.add_division(
                tx, event_id, DIVISIONS.get(division, "Main"))
        name = f"Plate {spec.round_name}" if division == "plate" else spec.round_name
        if name not in rounds:
            opens = closes = None
            if name.casefold() in planned:
                index, rdef = planned[name.casefold()]
                used.add(name.casefold())
                if rdef.best_of is not None and (rdef.best_of, rdef.head_start) != (
                    spec.best_of, spec.head_start
                ):
                    rule = "the SSSg rules (para 4, footnote 4)" if defn.event.format == "sssg" else (
                        "this event's schedule (event.best_of and event.best_of_step)")
                    head = f" with a head start of {spec.head_start}" if spec.head_start else ""
                    raise Invalid(
                        f"rounds[{index}].best_of: {name} is best of {spec.best_of}{head} under "
                        f"{rule}; correct or remove it"
                    )
                opens = _moment(rdef.opens, event.zone, end=False)
                closes = _moment(rdef.closes, event.zone, end=True)
            rounds[name] = await rounds_repo.add(
                tx, event_id=event_id, division_id=divisions[division], code=round_code(name),
                name=name, seq=len(rounds) + 1, best_of=spec.best_of, opens_at=opens,
                closes_at=closes, fee=event.fee_per_round,
            )
            round_rows.append((round_code(name), name, spec.best_of))
        await matches_repo.add(
            tx, event_id=event_id, round_id=rounds[name], code=spec.id, best_of=spec.best_of,
            sources=(src_a, src_b), head_start_games=spec.head_start,
        )
    await draw_repo.record_draw(tx, event_id, seed, sssg.to_record(core_event))
    await sync_matches(tx, event_id)
    matches = await matches_of_event(tx, event_id)
    await journal.record(
        tx, who=by, action="event.draw", subject=f"event:{event_id}", now=now,
        detail={"seed": seed, "matches": len(matches), "players": len(entries)}, why=why,
    )
    await _announce(tx, event, matches, seed, now)
    late = await open_round_deadlines(tx, event_id, now)
    unused = [r.name for r in defn.rounds if r.name.casefold() not in used]
    return DrawResult(
        event_id, seed, round_rows,
        [(m.code, m.round_name, m.label(0), m.label(1)) for m in matches], unused, late,
        await unmatched(tx, event_id),
    )


async def _announce_rounds(tx: Tx, event: Event, entries: list[Entry],
                           made: list[tuple[str, str, int]], now: datetime) -> None:
    """Tell each player of a round-based event that its rounds are set: each is paired
    from the results when a TD opens it."""
    system = event.rules.get("pairing", {}).get("system", "")
    for e in entries:
        await outbox.enqueue(
            tx, person_id=e.person_id, now=now, dedupe_key=f"draw:{event.id}:{e.person_id}",
            text_html=(f"<b>{html.escape(event.name)}</b> is set: {len(made)} rounds, paired "
                       f"{html.escape(system)} round by round. I will tell you your opponent "
                       "when each round opens."))


async def _announce(tx: Tx, event: Event, matches: list[MatchView], seed: int, now: datetime) -> None:
    """Tell each player where the draw put them: their first match, or their bye. An
    opponent still to come from an earlier match is named with the two who play it."""
    by_code = {m.code: m for m in matches}

    def opponent(m: MatchView, side: int) -> str:
        label = m.label(1 - side)
        kind, _, ref = m.sources[1 - side].partition(":")
        feeder = by_code.get(ref) if m.names[1 - side] is None else None
        if kind in ("winner", "loser") and feeder is not None and None not in feeder.names:
            label += f" ({feeder.label(0)} or {feeder.label(1)})"
        return label

    told: set[int] = set()
    for m in matches:
        for side in (0, 1):
            person = m.people[side]
            if person is None or person in told:
                continue
            told.add(person)
            if m.state == MatchStage.BYE:
                what = f"you have a bye in the {html.escape(m.round_name)} and go through."
            else:
                what = (f"your first match is in the {html.escape(m.round_name)} against "
                        f"<b>{html.escape(opponent(m, side))}</b>, best of {m.best_of}.")
            await outbox.enqueue(
                tx, person_id=person, now=now, dedupe_key=f"draw:{event.id}:{person}",
                text_html=(f"The draw for <b>{html.escape(event.name)}</b> is made "
                           f"(seed {seed}): {what}"),
            )
