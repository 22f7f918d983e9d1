"""The bridge between stored knockout events and the core's engine (core/sssg.py).

The core keeps a knockout event as its draw (format, seed, entrants) plus the results, and
derives everything else: who sits where, which matches are ready, which byes go through,
when the SSSg plate is seated. The database keeps the draw (``events.draw_json``) and the
games of every match; ``load_core_event`` rebuilds the core value from them and
``sync_matches`` writes the core's view back onto the match rows. So the bracket rules
live in one place, the core, and a correction there changes what the bot shows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.service.definitions import Definition
from bot.service.errors import Invalid
from bot.service.matches import core_match
from bot.store.db import Tx
from core import sssg
from core.bracket import Status
from core.double_elim import double_elimination
from core.qualifying import Entrant
from core.schedule import BestOfSchedule
from core.single_elim import single_elimination


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
    """A plain knockout's best-of per round.

    By default ``event.best_of`` games in the first round and ``event.best_of_step`` more
    each round (the SSSg plate's 9 and +2, footnote 4); a head-start grand final gets one
    game more than the last round, so that with the head start the total stays odd (as
    SSSg's best-of-18 after best-of-17). A round named in ``[[rounds]]`` with a ``best_of``
    takes that number instead; minor and major lower rounds count as the upper round of
    the same level (SSSg para 4), so they must agree.
    """
    ev = defn.event
    levels = max(1, (players - 1).bit_length())
    last = BestOfSchedule(base=ev.best_of, step=ev.best_of_step).best_of(levels, levels)
    head_start = ev.format == "double" and ev.grand_final == "head_start"
    gf_best_of, gf_head_start = (last + 1, 1) if head_start else (last, 0)
    base = BestOfSchedule(base=ev.best_of, step=ev.best_of_step,
                          grand_final_best_of=gf_best_of, grand_final_head_start=gf_head_start)
    shape = (
        single_elimination(players, base)
        if ev.format == "single"
        else double_elimination(players, base, grand_final=ev.grand_final)
    )
    level_of = {m.round_name.casefold(): m.level for m in shape.matches}
    overrides: dict[int, tuple[int, str]] = {}
    for i, rdef in enumerate(defn.rounds):
        level = level_of.get(rdef.name.casefold())
        if rdef.best_of is None or level is None:
            continue
        if level > levels:  # the grand final (and its reset)
            gf_best_of, gf_head_start = rdef.best_of, rdef.head_start
            continue
        if level in overrides and overrides[level][0] != rdef.best_of:
            raise Invalid(
                f"rounds[{i}].best_of: {rdef.name} counts as the same round as "
                f"{overrides[level][1]} (SSSg para 4), so it is best of {overrides[level][0]} too"
            )
        overrides[level] = (rdef.best_of, rdef.name)
    return RoundsSchedule(
        base=ev.best_of, step=ev.best_of_step, grand_final_best_of=gf_best_of,
        grand_final_head_start=gf_head_start,
        overrides=tuple(sorted((lv, n) for lv, (n, _) in overrides.items())),
    )


def draw_core_event(defn: Definition, entrants: list[Entrant], seed: int) -> sssg.Event:
    fmt = defn.event.format
    if fmt == "sssg":
        return sssg.draw_sssg(entrants, seed)
    return sssg.draw_plain(
        entrants, seed, fmt, plain_schedule(defn, len(entrants)),
        grand_final=defn.event.grand_final,
    )


async def load_core_event(tx: Tx, event_id: int) -> sssg.Event:
    """The core event: the stored draw with every decided match recorded, in play order."""
    row = await tx.one("SELECT rules_json, draw_json FROM events WHERE id = ?", (event_id,))
    assert row is not None and row["draw_json"], "the event has not been drawn"
    draw: dict[str, Any] = json.loads(row["draw_json"])
    defn = Definition.model_validate(json.loads(row["rules_json"]))
    entrants = [Entrant(e["name"], e["rating"]) for e in draw["entrants"]]
    event = draw_core_event(defn, entrants, draw["seed"])
    decided = await tx.all(
        "SELECT m.id, m.code FROM matches m JOIN rounds r ON r.id = m.round_id"
        " WHERE m.event_id = ? AND m.state = 'decided' ORDER BY r.seq, m.id",
        (event_id,),
    )
    for d in decided:
        event = sssg.record(event, d["code"], await core_match(tx, d["id"]))
    return event


_STATE = {
    Status.WAITING: "waiting",
    Status.READY: "ready",
    Status.PLAYED: "decided",
    Status.WALKOVER: "bye",
    Status.EMPTY: "bye",
    Status.NOT_NEEDED: "not_needed",
}


async def sync_matches(tx: Tx, event_id: int) -> list[int]:
    """Write the core's view of every match onto its row; returns the ids of matches that
    just became ready (both players known), whose players should be told."""
    event = await load_core_event(tx, event_id)
    derived = sssg.derive(event)
    entry_of = {
        r["name"]: r["id"]
        for r in await tx.all(
            "SELECT e.id, p.name FROM entries e JOIN people p ON p.id = e.person_id"
            " WHERE e.event_id = ?", (event_id,),
        )
    }
    rows = {r["code"]: r for r in await tx.all("SELECT * FROM matches WHERE event_id = ?", (event_id,))}
    became_ready: list[int] = []
    for code, view in derived.views.items():
        row = rows[code]
        names = view.players
        placeholder = any(n in derived.placeholders for n in names if n)
        a, b = (entry_of.get(n) if n and n not in derived.placeholders else None for n in names)
        state = _STATE[view.status]
        if state == "ready" and placeholder:
            state = "waiting"
        if state == "ready" and row["state"] == "playing":
            state = "playing"
        winner = row["winner_side"]
        if view.status is Status.WALKOVER:
            winner = 1 if view.occupants[0].bye else 0
        elif view.status in (Status.EMPTY, Status.NOT_NEEDED):
            winner = None
        new = (a, b, state, winner)
        if (row["entry_a"], row["entry_b"], row["state"], row["winner_side"]) == new:
            continue
        if state == "ready" and row["state"] != "ready":
            became_ready.append(row["id"])
        await tx.execute(
            "UPDATE matches SET entry_a = ?, entry_b = ?, state = ?, winner_side = ? WHERE id = ?",
            (*new, row["id"]),
        )
    return became_ready
