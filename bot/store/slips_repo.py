"""Result slips as rows (migrations/0006_slips.sql): drafts, the discrepancy window, states.

Every change of state is a compare-and-set (``move``: only from the states named), so a
button pressed twice, a deadline fired twice or two players acting at once change a slip
once; the caller learns whether it was this call that did.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from bot.store.db import Row, Tx
from bot.store.times import iso, parse
from core.slip import SlipState

#: States in which a slip's game counts (written to the games table).
SUBMITTED = (SlipState.PENDING, SlipState.AGREED, SlipState.FINAL, SlipState.DISPUTED)


@dataclass(frozen=True)
class SlipRow:
    id: int
    match_id: int
    game_no: int
    game_id: int | None
    reported_by: int
    reporter_side: int
    starter_side: int | None
    scores: tuple[int, int]
    text: str
    state: SlipState
    created_at: datetime
    submitted_at: datetime | None
    closes_at: datetime | None


def _slip(r: Row) -> SlipRow:
    return SlipRow(
        r["id"], r["match_id"], r["game_no"], r["game_id"], r["reported_by"], r["reporter_side"],
        r["starter_side"], (r["score_a"], r["score_b"]), r["text"], SlipState(r["state"]),
        parse(r["created_at"]),
        parse(r["submitted_at"]) if r["submitted_at"] else None,
        parse(r["closes_at"]) if r["closes_at"] else None,
    )


async def add_draft(
    tx: Tx, *, match_id: int, game_no: int, reported_by: int, reporter_side: int,
    starter_side: int | None, scores: tuple[int, int], text: str, now: datetime,
) -> int:
    return await tx.insert(
        "INSERT INTO slips (match_id, game_no, reported_by, reporter_side, starter_side,"
        " score_a, score_b, text, state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'draft', ?)",
        (match_id, game_no, reported_by, reporter_side, starter_side, scores[0], scores[1],
         text, iso(now)),
    )


async def get(tx: Tx, slip_id: int) -> SlipRow | None:
    """The slip, read once per transaction while ``slips`` is not written, and not read
    again after this module's own write of it (``_written``): a use-case reads its slip,
    moves it and reads it again to answer, and on PostgreSQL each read is a round trip
    while every other use-case waits."""
    kept = tx.remembered(("slip", slip_id), ("slips",))
    if kept is None:
        row = await tx.one("SELECT * FROM slips WHERE id = ?", (slip_id,))
        kept = (None if row is None else _slip(row),)
        tx.remember(("slip", slip_id), ("slips",), kept)
    found: SlipRow | None = kept[0]
    return found


def _written(tx: Tx, row: Row | None) -> bool:
    """A compare-and-set's outcome: True if it changed the slip, whose row as written
    (``RETURNING *``) ``get`` then finds without reading it."""
    if row is None:
        return False
    tx.remember(("slip", row["id"]), ("slips",), (_slip(row),))
    return True


async def of_match(tx: Tx, match_id: int, states: Iterable[SlipState]) -> list[SlipRow]:
    """A match's slips in the given states, oldest first."""
    wanted = tuple(states)
    marks = ", ".join("?" for _ in wanted)
    rows = await tx.all(
        f"SELECT * FROM slips WHERE match_id = ? AND state IN ({marks}) ORDER BY id",
        (match_id, *wanted),
    )
    return [_slip(r) for r in rows]


async def of_game(tx: Tx, game_id: int) -> SlipRow | None:
    """The slip whose confirmation wrote a game (None: a TD entered it)."""
    row = await tx.one(
        "SELECT * FROM slips WHERE game_id = ? AND state IN ('pending', 'agreed', 'final',"
        " 'disputed') ORDER BY id LIMIT 1", (game_id,),
    )
    return None if row is None else _slip(row)


async def cancel_drafts(tx: Tx, match_id: int, person_id: int, now: datetime) -> int:
    """A new report replaces the reporter's earlier drafts for the match."""
    return await tx.execute(
        "UPDATE slips SET state = 'cancelled', closed_at = ?"
        " WHERE match_id = ? AND reported_by = ? AND state = 'draft'",
        (iso(now), match_id, person_id),
    )


async def set_starter(tx: Tx, slip_id: int, side: int) -> bool:
    return _written(tx, await tx.one(
        "UPDATE slips SET starter_side = ? WHERE id = ? AND state = 'draft' RETURNING *",
        (side, slip_id)))


async def submit(
    tx: Tx, slip_id: int, *, game_id: int, now: datetime, closes_at: datetime
) -> bool:
    """draft -> pending: the game is written and the discrepancy window opens."""
    return _written(tx, await tx.one(
        "UPDATE slips SET state = 'pending', game_id = ?, submitted_at = ?, closes_at = ?"
        " WHERE id = ? AND state = 'draft' RETURNING *",
        (game_id, iso(now), iso(closes_at), slip_id)))


async def move(
    tx: Tx, slip_id: int, from_states: Iterable[SlipState], to: SlipState, now: datetime,
    *, game_id: int | None = None,
) -> bool:
    """Compare-and-set: ``to`` only from one of ``from_states``; True if this call moved it.
    A slip that is no longer open gets ``closed_at``; ``game_id`` links a second report to
    the game it is about."""
    wanted = tuple(from_states)
    marks = ", ".join("?" for _ in wanted)
    closed = None if to in ("draft", "pending", "disputed") else iso(now)
    return _written(tx, await tx.one(
        f"UPDATE slips SET state = ?, closed_at = COALESCE(?, closed_at),"
        f" game_id = COALESCE(?, game_id) WHERE id = ? AND state IN ({marks}) RETURNING *",
        (to, closed, game_id, slip_id, *wanted)))


async def pending_of_event(tx: Tx, event_id: int) -> list[SlipRow]:
    """An event's slips awaiting the opponent's agreement (the discrepancy window, SSSg
    para 24), soonest final first."""
    rows = await tx.all(
        "SELECT s.* FROM slips s JOIN matches m ON m.id = s.match_id"
        " WHERE m.event_id = ? AND s.state = 'pending' ORDER BY s.closes_at, s.id", (event_id,),
    )
    return [_slip(r) for r in rows]


async def open_counted(tx: Tx, *, match_id: int | None = None,
                       event_id: int | None = None) -> list[SlipRow]:
    """The slips still open to a discrepancy (pending: within the window; disputed:
    waiting for a TD) whose game counts (not void), of one match or of one event's
    matches, oldest first: while one is open, its match's result is not final (SSSg
    para 24)."""
    if (match_id is None) == (event_id is None):
        raise ValueError("open_counted needs exactly one of match_id or event_id")
    where = "s.match_id = ?" if match_id is not None else "m.event_id = ?"
    rows = await tx.all(
        "SELECT s.* FROM slips s JOIN games g ON g.id = s.game_id"
        " JOIN matches m ON m.id = s.match_id"
        f" WHERE {where} AND s.state IN ('pending', 'disputed') AND g.void = 0"
        " ORDER BY s.id", (match_id if match_id is not None else event_id,),
    )
    return [_slip(r) for r in rows]
