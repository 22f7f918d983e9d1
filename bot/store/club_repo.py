"""Club nights as stored (migrations/0015_club_nights.sql): sessions, check-ins with their
fees, the rounds of each night, and the expert-point levels already announced."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.store.db import Row, Tx
from bot.store.rounds_repo import RoundState
from bot.store.times import iso, parse


class SessionState(StrEnum):
    """A club night's session: open while the night runs, then closed."""

    OPEN = "open"
    CLOSED = "closed"


@dataclass(frozen=True)
class Session:
    id: int
    event_id: int
    seq: int  # the club's night number, from 1
    state: SessionState  # open, closed
    opened_at: datetime


@dataclass(frozen=True)
class CheckIn:
    id: int
    session_id: int
    entry_id: int
    name: str
    person_id: int
    checked_in_at: datetime
    checked_in_by: str
    joins_round: int
    fee: int  # minor units
    fee_reason: str
    paid_at: datetime | None
    paid_by: str | None

    @property
    def owes(self) -> bool:
        return self.fee > 0 and self.paid_at is None


@dataclass(frozen=True)
class NightRound:
    round_id: int
    session_id: int
    number: int
    state: RoundState  # the round row's state


def _session(r: Row) -> Session:
    return Session(r["id"], r["event_id"], r["seq"], SessionState(r["state"]), parse(r["opened_at"]))


def _checkin(r: Row) -> CheckIn:
    return CheckIn(r["id"], r["session_id"], r["entry_id"], r["name"], r["person_id"],
                   parse(r["checked_in_at"]), r["checked_in_by"], r["joins_round"], r["fee"],
                   r["fee_reason"], parse(r["paid_at"]) if r["paid_at"] else None, r["paid_by"])


async def open_session(tx: Tx, event_id: int) -> Session | None:
    row = await tx.one("SELECT * FROM club_sessions WHERE event_id = ? AND state = 'open'",
                       (event_id,))
    return None if row is None else _session(row)


async def get_session(tx: Tx, session_id: int) -> Session | None:
    row = await tx.one("SELECT * FROM club_sessions WHERE id = ?", (session_id,))
    return None if row is None else _session(row)


async def sessions_of(tx: Tx, event_id: int) -> list[Session]:
    rows = await tx.all("SELECT * FROM club_sessions WHERE event_id = ? ORDER BY seq",
                        (event_id,))
    return [_session(r) for r in rows]


async def add_session(tx: Tx, event_id: int, *, by: str, now: datetime) -> int:
    seq = await tx.scalar("SELECT COALESCE(MAX(seq), 0) + 1 FROM club_sessions WHERE event_id = ?",
                          (event_id,))
    return await tx.insert(
        "INSERT INTO club_sessions (event_id, seq, state, opened_at, opened_by)"
        " VALUES (?, ?, 'open', ?, ?)", (event_id, seq, iso(now), by))


async def close_session(tx: Tx, session_id: int, *, by: str, now: datetime) -> bool:
    """Compare-and-set: False if the night was closed already."""
    return await tx.execute(
        "UPDATE club_sessions SET state = 'closed', closed_at = ?, closed_by = ?"
        " WHERE id = ? AND state = 'open'", (iso(now), by, session_id)) == 1


_CHECKINS = (
    "SELECT c.*, p.name AS name, e.person_id AS person_id FROM club_checkins c"
    " JOIN entries e ON e.id = c.entry_id JOIN people p ON p.id = e.person_id"
)


async def checkins(tx: Tx, session_id: int) -> list[CheckIn]:
    rows = await tx.all(_CHECKINS + " WHERE c.session_id = ? ORDER BY c.id", (session_id,))
    return [_checkin(r) for r in rows]


async def checkins_of_event(tx: Tx, event_id: int) -> list[tuple[int, CheckIn]]:
    """(night seq, check-in) of every night of the club, night by night, in check-in order."""
    rows = await tx.all(
        _CHECKINS.replace("SELECT c.*", "SELECT c.*, s.seq AS night")
        + " JOIN club_sessions s ON s.id = c.session_id WHERE s.event_id = ?"
        " ORDER BY s.seq, c.id", (event_id,))
    return [(r["night"], _checkin(r)) for r in rows]


async def get_checkin(tx: Tx, checkin_id: int) -> CheckIn | None:
    row = await tx.one(_CHECKINS + " WHERE c.id = ?", (checkin_id,))
    return None if row is None else _checkin(row)


async def add_checkin(tx: Tx, session_id: int, entry_id: int, *, by: str, now: datetime,
                      joins_round: int, fee: int, fee_reason: str) -> int:
    return await tx.insert(
        "INSERT INTO club_checkins (session_id, entry_id, checked_in_at, checked_in_by,"
        " joins_round, fee, fee_reason) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (session_id, entry_id, iso(now), by, joins_round, fee, fee_reason))


async def mark_paid(tx: Tx, checkin_id: int, *, by: str, now: datetime) -> bool:
    """Compare-and-set: False if it was marked paid already (two taps, two TDs)."""
    return await tx.execute(
        "UPDATE club_checkins SET paid_at = ?, paid_by = ? WHERE id = ? AND paid_at IS NULL",
        (iso(now), by, checkin_id)) == 1


async def sessions_attended(tx: Tx, event_id: int, before_seq: int) -> dict[int, int]:
    """Entry id -> nights checked in before night ``before_seq``."""
    rows = await tx.all(
        "SELECT c.entry_id, count(*) AS n FROM club_checkins c"
        " JOIN club_sessions s ON s.id = c.session_id"
        " WHERE s.event_id = ? AND s.seq < ? GROUP BY c.entry_id", (event_id, before_seq))
    return {r["entry_id"]: r["n"] for r in rows}


async def night_rounds(tx: Tx, session_id: int) -> list[NightRound]:
    rows = await tx.all(
        "SELECT cr.*, r.state FROM club_rounds cr JOIN rounds r ON r.id = cr.round_id"
        " WHERE cr.session_id = ? ORDER BY cr.number", (session_id,))
    return [NightRound(r["round_id"], r["session_id"], r["number"], RoundState(r["state"])) for r in rows]


async def rounds_of_event(tx: Tx, event_id: int) -> dict[int, tuple[int, int]]:
    """Round id -> (night's seq, round number in the night), for every club round."""
    rows = await tx.all(
        "SELECT cr.round_id, cr.number, s.seq FROM club_rounds cr"
        " JOIN club_sessions s ON s.id = cr.session_id WHERE s.event_id = ?", (event_id,))
    return {r["round_id"]: (r["seq"], r["number"]) for r in rows}


async def add_night_round(tx: Tx, round_id: int, session_id: int, number: int) -> None:
    await tx.execute("INSERT INTO club_rounds (round_id, session_id, number) VALUES (?, ?, ?)",
                     (round_id, session_id, number))


async def add_open_round(tx: Tx, *, event_id: int, division_id: int, code: str, name: str,
                         seq: int, now: datetime) -> int:
    """A round of a club night: open at once (its games are played tonight), best of 1,
    no closing date (the night ends it)."""
    return await tx.insert(
        "INSERT INTO rounds (event_id, division_id, code, name, seq, best_of, opens_at,"
        " closes_at, fee, state) VALUES (?, ?, ?, ?, ?, 1, ?, NULL, 0, 'open')",
        (event_id, division_id, code, name, seq, iso(now)))


async def division_of(tx: Tx, event_id: int) -> int:
    """The club's one division (created with its first round)."""
    found = await tx.scalar("SELECT id FROM divisions WHERE event_id = ? AND name = 'Club'",
                            (event_id,))
    if found is not None:
        return int(found)
    return await tx.insert("INSERT INTO divisions (event_id, name) VALUES (?, 'Club')",
                           (event_id,))


async def announced(tx: Tx, event_id: int) -> set[tuple[int, int]]:
    rows = await tx.all("SELECT entry_id, level FROM club_milestones WHERE event_id = ?",
                        (event_id,))
    return {(r["entry_id"], r["level"]) for r in rows}


async def add_milestone(tx: Tx, event_id: int, entry_id: int, level: int, now: datetime) -> bool:
    """Once per player and level: False if it was announced already."""
    return await tx.execute(
        "INSERT INTO club_milestones (event_id, entry_id, level, announced_at)"
        " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING", (event_id, entry_id, level, iso(now))) == 1
