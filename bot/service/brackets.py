"""Brackets as stored, and keeping the match rows in step with the core's view of them.

A bracket is kept as the core's own plain record (``core.bracket.to_record``): its matches,
each slot's source (a seat, the winner or loser of a match) and the seating. Who sits in a
match now is never worked out in SQL: ``sync_brackets`` rebuilds the core ``Bracket``,
hands it the winners recorded so far and writes back what ``core.bracket.resolve`` says
(design.md, "Brackets as explicit graphs"). One copy of the rule, in the core.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.store.db import Tx
from core.bracket import Bracket, BracketMatch, Part, SlotKind, Source, Status, resolve, to_record


def bracket_from_record(record: Mapping[str, Any]) -> Bracket:
    """The inverse of ``core.bracket.to_record``."""
    matches = []
    for m in record["matches"]:
        slots = tuple(
            Source.of_seat(s["seat"]) if s["kind"] == SlotKind.SEAT.value
            else Source(SlotKind(s["kind"]), match=s["match"])
            for s in m["slots"]
        )
        matches.append(
            BracketMatch(
                id=m["id"], part=Part(m["part"]), round=m["round"], round_name=m["round_name"],
                level=m["level"], slots=(slots[0], slots[1]), best_of=m["best_of"],
                head_start=m["head_start"], reset_of=m["reset_of"] or "",
            )
        )
    return Bracket(
        name=record["name"], kind=record["kind"], size=record["size"], matches=tuple(matches),
        seating=tuple(record["seating"]), seeds=tuple(record["seeds"]),
    )


def source_text(source: Source, prefix: str, seating: tuple[str | None, ...]) -> str:
    """How a slot's source is stored on the match row: 'seat:Ann', 'winner:T-M3', 'bye'."""
    if source.kind is SlotKind.SEAT:
        if not seating:
            return f"seat:{source.seat + 1}"
        name = seating[source.seat]
        return "bye" if name is None else f"seat:{name}"
    return f"{source.kind.value}:{prefix}{source.match}"


async def store_bracket(
    tx: Tx,
    event_id: int,
    division_id: int,
    bracket: Bracket,
    *,
    prefix: str,
    round_names: Mapping[str, str],
    round_ids: Mapping[str, int],
    now: datetime,
) -> int:
    """Store a bracket and one match row per bracket match.

    ``round_names`` maps a bracket match id to the event round it belongs to (by name) and
    ``round_ids`` that name to the round row; match codes are ``prefix`` + the core's id.
    """
    bracket_id = await tx.insert(
        "INSERT INTO brackets (event_id, division_id, name, code_prefix, record_json)"
        " VALUES (?, ?, ?, ?, ?)",
        (event_id, division_id, bracket.name, prefix, json.dumps(to_record(bracket))),
    )
    for m in bracket.matches:
        head_side = 0 if m.head_start else None
        await tx.insert(
            "INSERT INTO matches (event_id, round_id, bracket_id, bracket_match, code, best_of,"
            " source_a, source_b, head_start_side, head_start_games, state)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting')",
            (
                event_id, round_ids[round_names[m.id]], bracket_id, m.id, f"{prefix}{m.id}",
                m.best_of, source_text(m.slots[0], prefix, bracket.seating),
                source_text(m.slots[1], prefix, bracket.seating), head_side, m.head_start,
            ),
        )
    return bracket_id


async def seat_bracket(tx: Tx, bracket_id: int, bracket: Bracket) -> None:
    """Record the seating of a bracket drawn later (SSSg divisions after qualifying)."""
    row = await tx.one("SELECT code_prefix FROM brackets WHERE id = ?", (bracket_id,))
    assert row is not None
    await tx.execute(
        "UPDATE brackets SET record_json = ? WHERE id = ?", (json.dumps(to_record(bracket)), bracket_id)
    )
    for m in bracket.matches:
        await tx.execute(
            "UPDATE matches SET source_a = ?, source_b = ? WHERE bracket_id = ? AND bracket_match = ?",
            (source_text(m.slots[0], row["code_prefix"], bracket.seating),
             source_text(m.slots[1], row["code_prefix"], bracket.seating), bracket_id, m.id),
        )


_STATE = {
    Status.WAITING: "waiting",
    Status.READY: "ready",
    Status.WALKOVER: "bye",
    Status.EMPTY: "bye",
    Status.NOT_NEEDED: "not_needed",
}


async def sync_brackets(tx: Tx, event_id: int, now: datetime) -> list[int]:
    """Bring every seated bracket's match rows up to date; returns the ids of matches that
    just became ready (both players known), e.g. to tell their players."""
    entry_of: dict[str, int] = {
        r["name"]: r["id"]
        for r in await tx.all(
            "SELECT e.id, p.name FROM entries e JOIN people p ON p.id = e.person_id"
            " WHERE e.event_id = ?",
            (event_id,),
        )
    }
    became_ready: list[int] = []
    for b in await tx.all("SELECT * FROM brackets WHERE event_id = ? ORDER BY id", (event_id,)):
        bracket = bracket_from_record(json.loads(b["record_json"]))
        if not bracket.seated:
            continue
        rows = {
            r["bracket_match"]: r
            for r in await tx.all(
                "SELECT m.*, pa.name AS name_a, pb.name AS name_b FROM matches m"
                " LEFT JOIN entries ea ON ea.id = m.entry_a LEFT JOIN people pa ON pa.id = ea.person_id"
                " LEFT JOIN entries eb ON eb.id = m.entry_b LEFT JOIN people pb ON pb.id = eb.person_id"
                " WHERE m.bracket_id = ?",
                (b["id"],),
            )
        }
        winners = {
            mid: (r["name_a"] if r["winner_side"] == 0 else r["name_b"])
            for mid, r in rows.items()
            if r["state"] == "decided" and r["winner_side"] is not None
        }
        for mid, view in resolve(bracket, winners).items():
            row = rows[mid]
            a, b_ = (entry_of.get(o.player) if o.player else None for o in view.occupants)
            if view.status is Status.PLAYED:
                continue  # decided by play: its row already holds the truth
            state = _STATE[view.status]
            if row["state"] in ("playing", "decided") and state == "ready":
                state = row["state"]
            winner = None
            if view.status is Status.WALKOVER:
                winner = 1 if view.occupants[0].bye else 0
            if (row["entry_a"], row["entry_b"], row["state"], row["winner_side"]) == (a, b_, state, winner):
                continue
            if state == "ready" and row["state"] != "ready":
                became_ready.append(row["id"])
            await tx.execute(
                "UPDATE matches SET entry_a = ?, entry_b = ?, state = ?, winner_side = ? WHERE id = ?",
                (a, b_, state, winner, row["id"]),
            )
    return became_ready
