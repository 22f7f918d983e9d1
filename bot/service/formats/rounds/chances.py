"""What a player of a round-based event can still reach (``core.chances``): ``/chances``, the
message each player gets once when the second-to-last round is paired, ``tdbot event
chances`` and the decided prize places of a TD's ``/pending``.

The rest of the event is simulated with the event's own pairing (``round_pairing.pair_on``,
the function that pairs its real rounds, the Gibson rule included) from a seed made of the
event and its results so far, so asking twice gives the same figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime

from bot.service.events.definitions import chess_pairing
from bot.service.events.lookup import Event
from bot.service.events.schedule import Round
from bot.service.formats.rounds import outlook_texts as say
from bot.service.formats.rounds.round_division import RoundsEvent, load_rounds_event, results_only
from bot.service.formats.rounds.round_pairing import pair_on
from bot.service.platform import outbox
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.unit import Reply, Request, answer, reading, require_actor, unit
from bot.store.db import Database, Tx
from bot.store.entries_repo import EntryState
from bot.words.said import Said, stacked
from core.chances import (
    Likelihood,
    PairFn,
    PlaceRange,
    Remaining,
    decided_places,
    likely_places,
    likely_text,
    places_of,
    reaches,
    remaining_of,
    simulate,
)
from core.ordinals import ordinal
from core.pairing.gibson import gibsonized_players
from core.pairing.options import GIBSON_SPREADS
from core.standings import scrabble_standings
from core.tournament import Division, Pairings

#: Simulated finishes behind the likelihoods: enough for whole percentages to settle
#: within a few points, few enough to answer at once.
RUNS = 200
#: Player-rounds to pair across all runs: a large field gets fewer runs (at least
#: ``FEWEST_RUNS``), so that its answer comes as quickly as a small one's.
PAIRING_BUDGET = 20_000
FEWEST_RUNS = 20


def runs_for(left: Remaining, asked: int = RUNS) -> int:
    """How many finishes to simulate: ``asked``, fewer for a large field with rounds
    left to pair, none once nothing is left."""
    if left.over:
        return 0
    per_run = len(left.points) * max(1, left.rounds)
    return min(asked, max(FEWEST_RUNS, PAIRING_BUDGET // per_run))


@dataclass(frozen=True)
class Outlook:
    """Every active player's outlook in one event, worked out once."""

    event: Event
    left: Remaining
    found: dict[int, PlaceRange]
    likely: Likelihood
    now: dict[int, int]  # each active player's place in the standings now
    names: dict[int, str]
    prize_places: int | None
    gibsonized: tuple[int, ...]
    spread_limits: bool  # the Gibson rule counts a big enough spread lead as uncatchable
    chess: bool

    def text_for(self, number: int) -> Said:
        """The player's own message (second person, short enough for a phone)."""
        return outlook_text(self, number)


def _pair(state: RoundsEvent) -> PairFn:
    def pair(division: Division, number: int) -> Pairings:
        return pair_on(state.pairing, division, number, number - 1)[0]
    return pair


def outlook_of(state: RoundsEvent, *, runs: int = RUNS) -> Outlook:
    """The outlook of ``state`` (core.chances: exact or the Gibson bound, and the
    simulation), pure: no I/O, the seed from the event and its results."""
    chess = chess_pairing(state.pairing)
    division = state.division
    left = remaining_of(division, state.pairing.rounds, bye_points=state.pairing.bye_points)
    scored = results_only(division)
    now = places_of(scored, chess=chess)
    found = reaches(left, final_places=now)
    seed = f"chances:{state.event.id}:" + ",".join(
        f"{g.round}.{g.a}.{g.b}.{g.points_a}.{g.kind}" for g in division.games)
    pair = _pair(state)
    likely = simulate(division, state.pairing.rounds, pair, random.Random(seed),
                      runs=runs_for(left, runs) if runs else 0, chess=chess,
                      bye_points=state.pairing.bye_points, bye_spread=state.pairing.bye_spread)
    gibson: tuple[int, ...] = ()
    if state.pairing.gibson and not left.over and not chess:
        most = max(left.games_left(n) for n in left.points)
        gibson = gibsonized_players(scrabble_standings(scored), rounds_left=most,
                                    top_places=state.pairing.top_places,
                                    spread_limits=GIBSON_SPREADS[state.pairing.gibson_spread])
    names = {n: e.name for n, e in state.entries.items()}
    return Outlook(state.event, left, found, likely, now, names, state.pairing.prize_places,
                   gibson, state.pairing.gibson_spread != "none", chess)


def _wins(points: int, chess: bool) -> str:
    value = points / 2
    shown = f"{value:g}"
    if chess:
        return f"{shown} point{'s' * (value != 1)}"
    return f"{shown} win{'s' * (value != 1)}"


def outlook_text(view: Outlook, number: int) -> Said:
    """``/chances`` for player ``number`` (second person, short enough for a phone)."""
    left, found = view.left, view.found[number]
    name = view.event.name
    if left.over:
        return say.over(name, found.best)
    gibsonized = number in view.gibsonized
    if gibsonized and len(view.gibsonized) == 1:
        finish = None  # the clinch below says where they finish
    elif found.best == found.worst:
        finish = say.fixed_finish(found.best)
    else:
        finish = say.best_worst(found.best, found.worst)
    if gibsonized:
        outcome: Said | None = say.clinched(len(view.gibsonized) == 1, view.spread_limits)
    elif view.prize_places:
        outcome = say.prize(found.prize(view.prize_places), view.prize_places)
    else:
        outcome = None
    return stacked(
        say.reach_head(name, left.games_left(number)),
        say.now(view.now[number], left.points[number] / 2, view.chess),
        finish, outcome,
        say.likely(view.likely.runs, likely_places(view.likely, number))
        if view.likely.runs else None,
        None if found.exact else say.bound(),
        say.level(view.chess))


def table_text(view: Outlook) -> str:
    """``tdbot event chances``: one line per player, best placed first."""
    out = [f"{view.event.name}: what each player can still reach"
           + ("" if view.left.over else f" ({view.likely.runs} simulated finishes)")]
    if view.prize_places:
        out.append(f"Prizes: the top {view.prize_places}")
    for number in sorted(view.now, key=view.now.__getitem__):
        r = view.found[number]
        prize = f"  prize {r.prize(view.prize_places)}" if view.prize_places else ""
        how = "" if r.exact else "  (bound)"
        gib = "  Gibsonized" if number in view.gibsonized else ""
        likely = likely_text(view.likely, number) if view.likely.runs else ""
        out.append(f"{view.now[number]:>3}. {view.names[number]:<24} "
                   f"{_wins(view.left.points[number], view.chess):<10} "
                   f"best {str(ordinal(r.best)):<5} worst {str(ordinal(r.worst)):<5}{prize}{how}{gib}"
                   + (f"  [{likely}]" if likely else ""))
    return "\n".join(out)


def decided_text(view: Outlook) -> list[Said]:
    """The prize places already decided, and who has clinched a prize: for ``/pending``."""
    if not view.prize_places:
        return []
    places = decided_places(view.found, view.prize_places)
    lines = [say.decided(place, view.names[n]) for place, n in sorted(places.items())]
    if len(view.gibsonized) == 1 and 1 not in places:
        # the event's Gibson rule counts the leader's spread lead as beyond reach
        lines.insert(0, say.decided_by_gibson(view.names[view.gibsonized[0]]))
    taken = set(places.values()) | set(view.gibsonized[:1] if len(view.gibsonized) == 1
                                       else ())
    sure = [n for n, r in view.found.items() if n not in taken and (
        r.prize(view.prize_places) == "clinched" or n in view.gibsonized)]
    if sure:
        lines.append(say.prize_sure([view.names[n]
                                     for n in sorted(sure, key=view.now.__getitem__)]))
    return lines


async def prize_lines(tx: Tx, event: Event) -> list[Said]:
    """``/pending``'s decided prizes of a round-based event with ``prize_places`` (no
    simulation: only what is sure)."""
    state = await load_rounds_event(tx, event.id)
    if not state.pairing.prize_places or not state.division.games:
        return []
    return decided_text(outlook_of(state, runs=0))


async def _number_of(tx: Tx, req: Request, state: RoundsEvent) -> int:
    actor = await require_actor(tx, req)
    for number, entry in state.entries.items():
        if actor.person_id is not None and entry.person_id == actor.person_id:
            if entry.state != EntryState.ACTIVE:
                raise Invalid(say.no_longer_playing(state.event.name))
            return number
    raise NotAllowed(say.players_only(state.event.name))


async def chances(db: Database, req: Request, event_id: int) -> Said:
    """Use-case: ``/chances`` (a player of the event): what they can still reach, answered
    in their language."""
    async with unit(db, req) as tx:
        state = await load_rounds_event(tx, event_id)
        number = await _number_of(tx, req, state)
        if not state.division.games:
            raise Invalid(say.nothing_paired(state.event.name))
        text = outlook_of(state).text_for(number)
        await answer(tx, req, Reply(text))
        return text


async def read_table(db: Database, event_id: int, *, runs: int = RUNS) -> str:
    """``tdbot event chances``: every player's line."""
    async with reading(db) as tx:
        state = await load_rounds_event(tx, event_id)
    if not state.division.games:
        raise Invalid(say.nothing_paired(state.event.name))
    return table_text(outlook_of(state, runs=runs))


async def tell_when_last_rounds(tx: Tx, event: Event, rnd: Round, now: datetime) -> None:
    """Once, when the second-to-last round is paired: every player gets their outlook
    (the last two rounds are where a place is won or lost). Called as the round opens."""
    state = await load_rounds_event(tx, event.id)
    if state.pairing.rounds < 2 or rnd.seq != state.pairing.rounds - 1:
        return
    view = outlook_of(state)
    for number, entry in state.entries.items():
        if entry.state != EntryState.ACTIVE or number not in view.found:
            continue
        await outbox.enqueue(tx, person_id=entry.person_id, now=now,
                             dedupe_key=f"chances:{rnd.id}:{entry.id}",
                             said=stacked(view.text_for(number), say.ask_again()))
