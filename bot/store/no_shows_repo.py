"""Claims that the opponent did not turn up at an agreed time (table ``no_show_claims``,
migrations/0025_arranging.sql)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.store.db import Row, Tx
from bot.store.times import iso, parse


class ClaimState(StrEnum):
    """A no-show claim: open in the opponent's window, contested, with the TDs, ruled."""

    OPEN = "open"
    CONTESTED = "contested"
    WITH_TDS = "with_tds"
    RULED = "ruled"


@dataclass(frozen=True)
class NoShowClaim:
    id: int
    match_id: int
    time_id: int
    claimant: int
    state: ClaimState
    contest: str | None
    claimed_at: datetime
    ruling: str | None


def _claim(r: Row) -> NoShowClaim:
    return NoShowClaim(r["id"], r["match_id"], r["time_id"], r["claimant"],
                       ClaimState(r["state"]), r["contest"], parse(r["claimed_at"]), r["ruling"])


async def add(tx: Tx, match_id: int, time_id: int, claimant: int, now: datetime) -> int:
    return await tx.insert(
        "INSERT INTO no_show_claims (match_id, time_id, claimant, claimed_at) VALUES (?, ?, ?, ?)",
        (match_id, time_id, claimant, iso(now)))


async def get(tx: Tx, claim_id: int) -> NoShowClaim | None:
    row = await tx.one("SELECT * FROM no_show_claims WHERE id = ?", (claim_id,))
    return None if row is None else _claim(row)


async def of_time(tx: Tx, time_id: int) -> list[NoShowClaim]:
    rows = await tx.all("SELECT * FROM no_show_claims WHERE time_id = ? ORDER BY id", (time_id,))
    return [_claim(r) for r in rows]


async def of_match(tx: Tx, match_id: int, states: tuple[ClaimState, ...]) -> list[NoShowClaim]:
    marks = ", ".join("?" for _ in states)
    rows = await tx.all(f"SELECT * FROM no_show_claims WHERE match_id = ? AND state IN ({marks})"
                        " ORDER BY id", (match_id, *states))
    return [_claim(r) for r in rows]


async def contest(tx: Tx, claim_id: int, text: str, now: datetime) -> bool:
    return await tx.execute(
        "UPDATE no_show_claims SET state = 'contested', contest = ?, contested_at = ?"
        " WHERE id = ? AND state = 'open'", (text, iso(now), claim_id)) == 1


async def to_tds(tx: Tx, claim_id: int) -> bool:
    return await tx.execute(
        "UPDATE no_show_claims SET state = 'with_tds' WHERE id = ?"
        " AND state IN ('open', 'contested')", (claim_id,)) == 1


async def rule(tx: Tx, claim_id: int, ruling: str, by: str, now: datetime) -> bool:
    return await tx.execute(
        "UPDATE no_show_claims SET state = 'ruled', ruling = ?, ruled_by = ?, ruled_at = ?"
        " WHERE id = ? AND state <> 'ruled'", (ruling, by, iso(now), claim_id)) == 1


async def add_reason(tx: Tx, claim_id: int, text: str) -> None:
    """The contesting player's words, added after a tap on the button."""
    await tx.execute(
        "UPDATE no_show_claims SET contest = CASE WHEN contest IS NULL OR contest = ''"
        " THEN ? ELSE contest || ' / ' || ? END WHERE id = ?", (text, text, claim_id))


async def of_event(tx: Tx, event_id: int, states: tuple[ClaimState, ...]
                   ) -> list[NoShowClaim]:
    marks = ", ".join("?" for _ in states)
    rows = await tx.all(
        "SELECT c.* FROM no_show_claims c JOIN matches m ON m.id = c.match_id"
        f" WHERE m.event_id = ? AND c.state IN ({marks}) ORDER BY c.id", (event_id, *states))
    return [_claim(r) for r in rows]
