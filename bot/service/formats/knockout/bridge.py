"""The bridge between stored knockout events and the core's engine (core/knockout/sssg.py).

The core keeps a knockout event as its draw (pairings, bracket shapes, seats) plus the
results, and derives everything else: which matches are ready, which byes go through, when
the SSSg plate is seated. The database keeps the draw (``events.draw_json``, the core's
``to_record``) and the games of every match; ``load_core`` reads the draw back
(``sssg.from_record``) and records the games on it (``sssg.record_all``), and ``sync_matches`` writes the core's
view back onto the match rows. So the bracket rules live in one place, the core.

The stored draw is the truth (SSSg paras 1 and 3: the draw is made once): it is never drawn
again from its seed, so a months-long event is not reseated because the drawing code
changed. A division the core seats later (the plate, when qualifying ends) is pinned, and
``sync_matches`` keeps the pin in the stored record the moment it appears.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from bot.service.events.definitions import Definition
from bot.service.people.entries import entries_of
from bot.service.platform.errors import Invalid
from bot.service.results import finality
from bot.service.results.matches import core_matches
from bot.store import draw_repo, expulsions_repo, matches_repo
from bot.store.db import Tx
from bot.store.matches_repo import MatchView
from bot.words.said import said
from core.knockout import sssg
from core.knockout.bracket import Status
from core.knockout.double_elim import double_elimination
from core.knockout.match import MatchStage
from core.knockout.qualifying import Entrant
from core.knockout.single_elim import single_elimination
from core.schedule import BestOfSchedule
from core.schedule import plain_schedule as core_plain_schedule


@dataclass(frozen=True)
class RoundsSchedule(BestOfSchedule):
    """A plain schedule with some levels set by the definition file's ``[[rounds]]``."""

    overrides: tuple[tuple[int, int], ...] = ()

    def best_of(self, level: int, levels: int) -> int:
        for at, games in self.overrides:
            if at == level:
                return games
        return super().best_of(level, levels)


def plain_schedule(defn: Definition, players: int) -> BestOfSchedule:
    """A plain knockout's best-of per round: ``core.schedule.plain_schedule`` (the one copy
    of the default rule, with the head-start grand final's one game more, SSSg para 2 and
    its table), with the definition file's ``[[rounds]]`` overrides on top.

    A round named in ``[[rounds]]`` with a ``best_of`` takes that number instead; minor and
    major lower rounds count as the upper round of the same level (SSSg Annex A para 4), so
    they must agree. A grand-final override brings its own ``head_start``.
    """
    ev = defn.event
    levels = max(1, (players - 1).bit_length())
    grand_final = ev.grand_final if ev.format == "double" else "single"
    base = core_plain_schedule(ev.best_of, ev.best_of_step, players, grand_final=grand_final)
    shape = (
        single_elimination(players, base)
        if ev.format == "single"
        else double_elimination(players, base, grand_final=ev.grand_final)
    )
    level_of = {m.round_name.casefold(): m.level for m in shape.matches}
    gf_best_of, gf_head_start = base.grand_final_best_of, base.grand_final_head_start
    overrides: dict[int, tuple[int, str]] = {}
    for i, rdef in enumerate(defn.rounds):
        level = level_of.get(rdef.name.casefold())
        if rdef.best_of is None or level is None:
            continue
        if level > levels:  # the grand final (and its reset)
            gf_best_of, gf_head_start = rdef.best_of, rdef.head_start
            continue
        if level in overrides and overrides[level][0] != rdef.best_of:
            raise Invalid(said("rounds[{i}].best_of: {round} counts as the same round as "
                               "{same} (SSSg para 4), so it is best of {best_of} too", i=i,
                               round=rdef.name, same=overrides[level][1],
                               best_of=overrides[level][0]))
        overrides[level] = (rdef.best_of, rdef.name)
    return RoundsSchedule(
        base=base.base, step=base.step, grand_final_best_of=gf_best_of,
        grand_final_head_start=gf_head_start,
        overrides=tuple(sorted((lv, n) for lv, (n, _) in overrides.items())),
    )


def draw_core_event(defn: Definition, entrants: list[Entrant], seed: int) -> sssg.KnockoutEvent:
    fmt = defn.event.format
    if fmt == "sssg":
        return sssg.draw_sssg(entrants, seed)
    return sssg.draw_plain(
        entrants, seed, fmt, plain_schedule(defn, len(entrants)),
        grand_final=defn.event.grand_final,
    )


def play_order(code: str) -> tuple[int, str, int]:
    """Where a match comes in a replay of the results: the qualifying round (``Q..``) first,
    as it seats the other divisions; then each division's matches by the core's number.

    core/knockout/sssg.py numbers ``Q1..``, ``T1..``, ``P1..`` and ``M1..`` "in an order in which they
    can be played", so a match is replayed after every match its players came from; the
    order of round rows or database ids does not have to agree with it.
    """
    prefix = code.rstrip("0123456789")
    number = code[len(prefix):]
    return (0 if prefix == "Q" else 1, prefix, int(number) if number else 0)


async def load_core_event(tx: Tx, event_id: int) -> sssg.KnockoutEvent:
    """The core event: the stored draw with every decided match recorded."""
    event, _ = await load_core(tx, event_id)
    return event


async def load_core(
    tx: Tx, event_id: int, *, states: tuple[MatchStage, ...] = (MatchStage.DECIDED,)
) -> tuple[sssg.KnockoutEvent, sssg.Derived]:
    """The core event with the games of every match in one of ``states`` recorded, and the
    event derived (``sssg.derive``), for a caller that reads the views too."""
    loaded = await _load(tx, event_id, states)
    return loaded.event, loaded.derived


@dataclass(frozen=True)
class _Loaded:
    draw: Mapping[str, Any]  # the stored record (``draw_repo.draw_text``), read-only
    rows: list[MatchView]  # every match row of the event
    event: sssg.KnockoutEvent
    derived: sssg.Derived


async def _load(tx: Tx, event_id: int, states: tuple[MatchStage, ...]) -> _Loaded:
    """What ``load_core`` reads and makes, with the stored draw and rows kept for
    ``sync_matches`` (which would otherwise read both again).

    The results are recorded all at once (``sssg.record_all``, in play order): recording
    them one by one derived the whole event once per match, so a deciding game at 512
    players waited on hundreds of derivations. A stored side that is not who the core
    seats there is refused, not silently taken. The results with a slip still open are
    the core's ``provisional`` ones: a division drawn after qualifying waits for them
    (SSSg paras 3 and 24)."""
    text = await draw_repo.draw_text(tx, event_id)
    if text is None:
        raise Invalid(said("the event has not been drawn yet"))
    draw, drawn = _drawn(text)
    rows = await matches_repo.of_event(tx, event_id)
    unsettled = await finality.unsettled_matches(tx, event_id)
    drawn = replace(drawn, provisional=frozenset(m.code for m in rows if m.id in unsettled))
    recorded = sorted((m for m in rows if m.state in states), key=lambda m: play_order(m.code))
    results = [
        sssg.Result(m.code, (m.label(0), m.label(1)), match)
        for m, match in zip(recorded, await core_matches(tx, recorded), strict=True)
    ]
    event, derived = sssg.record_all(drawn, results)
    return _Loaded(draw, rows, event, derived)


@lru_cache(maxsize=4)
def _drawn(text: str) -> tuple[Mapping[str, Any], sssg.KnockoutEvent]:
    """The stored record and the core event it describes, made once per stored text.

    Every settled match reloads its event (``sync_matches``); reading a 1,024-player draw
    back (``sssg.from_record``) took ~90 ms of each. The text is the key, so a record
    changed since (a pin) is read afresh; the core event is frozen (core/knockout/sssg.py: pure
    functions of frozen values) and ``record_all`` returns a new one, so sharing it is safe.
    A few live knockouts at a time: a few entries."""
    record = json.loads(text)
    return MappingProxyType(record), sssg.from_record(record)


_STATE = {
    Status.WAITING: MatchStage.WAITING,
    Status.READY: MatchStage.READY,
    Status.PLAYED: MatchStage.DECIDED,
    Status.WALKOVER: MatchStage.BYE,
    Status.EMPTY: MatchStage.BYE,
    Status.NOT_NEEDED: MatchStage.NOT_NEEDED,
}


async def sync_matches(tx: Tx, event_id: int) -> list[int]:
    """Write the core's view of every match onto its row; returns the ids of matches that
    just became ready (both players known), whose players should be told. A match whose
    slot an expelled player left open (SSSg para 29: the organisers choose who takes it)
    waits until it is filled."""
    loaded = await _load(tx, event_id, (MatchStage.DECIDED,))
    derived = loaded.derived
    pins = sssg.pins_record(loaded.event)
    if loaded.draw.get("pinned", []) != pins:
        await draw_repo.update_record(tx, event_id, {**loaded.draw, "pinned": pins})
    entry_of = {e.name: e.id for e in await entries_of(tx, event_id)}
    rows = {m.code: m for m in loaded.rows}
    held = await expulsions_repo.held_matches(tx, event_id)
    became_ready: list[int] = []
    for code, view in derived.views.items():
        row = rows[code]
        names = view.players
        placeholder = any(n in derived.placeholders for n in names if n)
        a, b = (entry_of.get(n) if n and n not in derived.placeholders else None for n in names)
        state = _STATE[view.status]
        if state == MatchStage.READY and (placeholder or row.id in held):
            state = MatchStage.WAITING
        if state == MatchStage.READY and row.state == MatchStage.PLAYING:
            state = MatchStage.PLAYING
        winner = row.winner
        if view.status is Status.WALKOVER:
            winner = 1 if view.occupants[0].bye else 0
        elif view.status in (Status.EMPTY, Status.NOT_NEEDED):
            winner = None
        if (row.entries, row.state, row.winner) == ((a, b), state, winner):
            continue
        if state == MatchStage.READY and row.state != MatchStage.READY:
            became_ready.append(row.id)
        await matches_repo.set_sides(tx, row.id, (a, b), state, winner)
    return became_ready
