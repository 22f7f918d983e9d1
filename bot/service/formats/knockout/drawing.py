"""A knockout's draw: the bracket the core's knockout engine draws, stored round by round.

The entrants go to the engine in the order they were entered, so the players' CSV and the
seed given to ``tdbot files draw --players CSV --seed N`` reproduce the stored draw exactly
(ties in rating are broken by the seeded draw, which depends on that order). One round row
is made per round of the draw (the plate's prefixed "Plate"); the definition file's
``[[rounds]]`` give them their dates. The best-of of each round is the rules' (SSSg para 4,
footnote 4, or the event's plain schedule): a different number in the file is an error
rather than a silent override, because the match engine counts games by it.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from bot.service.events.definitions import definition_of
from bot.service.events.draw import DrawResult
from bot.service.events.lookup import Event
from bot.service.events.rounds import open_round_deadlines
from bot.service.events.schedule import as_moment, round_code
from bot.service.fees.payments import unmatched
from bot.service.formats.knockout import draw_texts
from bot.service.formats.knockout.bridge import draw_core_event, sync_matches
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.results import opponents
from bot.service.results.matches import MatchView, matches_of_event
from bot.store import draw_repo, matches_repo, rounds_repo
from bot.store.db import Tx
from bot.store.entries_repo import Entry
from bot.words.said import Said, said
from core.knockout import sssg
from core.knockout.bracket import Bracket, BracketMatch, SlotKind, Source
from core.knockout.match import MatchStage
from core.knockout.qualifying import Entrant
from core.knockout.round_names import in_plate

#: The stored names of a knockout's divisions (SSSg para 3: a qualifying round, then the
#: top division and the plate), as the core names them.
DIVISIONS = {"qualifying": "Qualifying", "top": "Top division", "plate": "Plate"}


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


async def draw_bracket(tx: Tx, event: Event, entries: list[Entry], seed: int, by: Actor,
                       now: datetime, why: str) -> DrawResult:
    """Draw the bracket, store its rounds and matches, settle byes, and tell every player
    their first match."""
    defn = definition_of(event)
    try:
        core_event = draw_core_event(defn, [Entrant(e.name, e.rating) for e in entries], seed)
    except ValueError as exc:
        raise Invalid(said("the draw cannot be made: {why}", why=str(exc))) from None
    planned = {r.name.casefold(): (i, r) for i, r in enumerate(defn.rounds)}
    used: set[str] = set()
    divisions: dict[str, int] = {}
    rounds: dict[str, int] = {}
    round_rows: list[tuple[str, str, int]] = []
    for division, spec, (src_a, src_b) in _specs(core_event):
        if division not in divisions:
            divisions[division] = await rounds_repo.add_division(
                tx, event.id, DIVISIONS.get(division, "Main"))
        name = in_plate(spec.round_name) if division == "plate" else spec.round_name
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
                    raise Invalid(said("rounds[{i}].best_of: {round} is best of "
                                       "{best_of}{head} under {rule}; correct or remove it",
                                       i=index, round=name, best_of=spec.best_of, head=head,
                                       rule=rule))
                opens = _moment(rdef.opens, event.zone, end=False)
                closes = _moment(rdef.closes, event.zone, end=True)
            rounds[name] = await rounds_repo.add(
                tx, event_id=event.id, division_id=divisions[division], code=round_code(name),
                name=name, seq=len(rounds) + 1, best_of=spec.best_of, opens_at=opens,
                closes_at=closes, fee=event.fee_per_round,
            )
            round_rows.append((round_code(name), name, spec.best_of))
        await matches_repo.add(
            tx, event_id=event.id, round_id=rounds[name], code=spec.id, best_of=spec.best_of,
            sources=(src_a, src_b), head_start_games=spec.head_start,
        )
    await draw_repo.record_draw(tx, event.id, seed, sssg.to_record(core_event))
    await sync_matches(tx, event.id)
    matches = await matches_of_event(tx, event.id)
    await journal.record(
        tx, who=by, action="event.draw", subject=f"event:{event.id}", now=now,
        detail={"seed": seed, "matches": len(matches), "players": len(entries)}, why=why,
    )
    await _announce(tx, event, matches, seed, now)
    late = await open_round_deadlines(tx, event.id, now)
    unused = [r.name for r in defn.rounds if r.name.casefold() not in used]
    return DrawResult(
        event.id, seed, round_rows,
        [(m.code, m.round_name, m.said_label(0), m.said_label(1)) for m in matches], unused, late,
        await unmatched(tx, event.id),
    )


async def _announce(tx: Tx, event: Event, matches: list[MatchView], seed: int, now: datetime) -> None:
    """Tell each player where the draw put them: their first match, or their bye. An
    opponent still to come from an earlier match is named by the two who play it
    (``opponents``: "the winner of Ann Lee v Dev Rao")."""
    by_code = {m.code: m for m in matches}

    def opponent(m: MatchView, side: int) -> Said | str:
        return opponents.slot_words(m, 1 - side, by_code, ()).words

    told: set[int] = set()
    for m in matches:
        for side in (0, 1):
            person = m.people[side]
            if person is None or person in told:
                continue
            told.add(person)
            await outbox.enqueue(
                tx, person_id=person, now=now, dedupe_key=f"draw:{event.id}:{person}",
                said=draw_texts.drawn(event.name, m.round_name,
                                      None if m.state == MatchStage.BYE else opponent(m, side),
                                      m.best_of),
            )
