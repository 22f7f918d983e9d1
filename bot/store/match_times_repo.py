"""Times proposed and agreed for a match (table ``match_times``,
migrations/0025_arranging.sql). At most one time of a match is 'agreed'."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.store.db import Row, Tx
from bot.store.times import iso, parse


class TimeState(StrEnum):
    """A proposed time: open until agreed or answered by another proposal (superseded);
    an agreed time is moved when the players agree another."""

    PROPOSED = "proposed"
    AGREED = "agreed"
    SUPERSEDED = "superseded"
    MOVED = "moved"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class MatchTime:
    id: int
    match_id: int
    proposed_by: int | None
    starts_at: datetime
    state: TimeState
    created_at: datetime
    decided_at: datetime | None


def _time(r: Row) -> MatchTime:
    return MatchTime(r["id"], r["match_id"], r["proposed_by"], parse(r["starts_at"]),
                     TimeState(r["state"]), parse(r["created_at"]),
                     parse(r["decided_at"]) if r["decided_at"] else None)


async def add(tx: Tx, match_id: int, proposed_by: int | None, starts_at: datetime,
              now: datetime, state: TimeState = TimeState.PROPOSED) -> int:
    return await tx.insert(
        "INSERT INTO match_times (match_id, proposed_by, starts_at, state, created_at,"
        " decided_at) VALUES (?, ?, ?, ?, ?, ?)",
        (match_id, proposed_by, iso(starts_at), state, iso(now),
         iso(now) if state != TimeState.PROPOSED else None))


async def get(tx: Tx, time_id: int) -> MatchTime | None:
    row = await tx.one("SELECT * FROM match_times WHERE id = ?", (time_id,))
    return None if row is None else _time(row)


async def of_match(tx: Tx, match_id: int, states: tuple[TimeState, ...] | None = None
                   ) -> list[MatchTime]:
    if states is None:
        rows = await tx.all("SELECT * FROM match_times WHERE match_id = ? ORDER BY id",
                            (match_id,))
    else:
        marks = ", ".join("?" for _ in states)
        rows = await tx.all(f"SELECT * FROM match_times WHERE match_id = ? AND state IN ({marks})"
                            " ORDER BY starts_at, id", (match_id, *states))
    return [_time(r) for r in rows]


async def agreed_of(tx: Tx, match_id: int) -> MatchTime | None:
    row = await tx.one("SELECT * FROM match_times WHERE match_id = ? AND state = 'agreed'",
                       (match_id,))
    return None if row is None else _time(row)


async def agreed_in(tx: Tx, match_ids: list[int]) -> set[int]:
    """Which of these matches have an agreed time."""
    if not match_ids:
        return set()
    marks = ", ".join("?" for _ in match_ids)
    rows = await tx.all(f"SELECT match_id FROM match_times WHERE state = 'agreed'"
                        f" AND match_id IN ({marks})", tuple(match_ids))
    return {int(r["match_id"]) for r in rows}


async def change(tx: Tx, time_id: int, before: TimeState, after: TimeState,
                 now: datetime) -> bool:
    """Compare-and-set on the state: True if this call changed it."""
    return await tx.execute(
        "UPDATE match_times SET state = ?, decided_at = ? WHERE id = ? AND state = ?",
        (after, iso(now), time_id, before)) == 1


async def close_open(tx: Tx, match_id: int, after: TimeState, now: datetime) -> int:
    """Every open proposal of the match to ``after`` (a new one or an agreement replaced
    them); how many."""
    return await tx.execute(
        "UPDATE match_times SET state = ?, decided_at = ? WHERE match_id = ?"
        " AND state = 'proposed'", (after, iso(now), match_id))


async def agreements(tx: Tx, match_id: int) -> int:
    """How many times were agreed for the match (the one now and those moved): the
    calendar entry's SEQUENCE."""
    return int(await tx.scalar(
        "SELECT count(*) FROM match_times WHERE match_id = ? AND state IN ('agreed', 'moved')",
        (match_id,)))


async def results_since(tx: Tx, match_id: int, since: datetime) -> bool:
    """Whether a result of the match arrived at or after ``since``: a player's slip, or a
    game a TD entered."""
    slip = await tx.one("SELECT 1 FROM slips WHERE match_id = ? AND submitted_at >= ? LIMIT 1",
                        (match_id, iso(since)))
    if slip is not None:
        return True
    game = await tx.one("SELECT 1 FROM games WHERE match_id = ? AND played_at >= ? LIMIT 1",
                        (match_id, iso(since)))
    return game is not None
