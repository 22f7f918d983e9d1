"""Board photos and photo windows as rows (migrations/0007_photos.sql; SSSg para 25).

Every change of a window's state is a compare-and-set (``move``: only from the states
named), so a deadline fired twice, a photo arriving while a TD rules, or two TDs pressing
at once change a window once; the caller learns whether it was this call that did.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.store.db import Row, Tx
from bot.store.times import iso, parse


class WindowState(StrEnum):
    """A photo window's state: open, then received, overdue, or settled by a TD (a game
    bye, or waived)."""

    OPEN = "open"
    RECEIVED = "received"
    OVERDUE = "overdue"
    BYE = "bye"
    WAIVED = "waived"


#: States in which a window still waits for the responsible player's photo.
AWAITING = (WindowState.OPEN, WindowState.OVERDUE)


@dataclass(frozen=True)
class WindowRow:
    id: int
    game_id: int
    match_id: int
    responsible_side: int
    opened_at: datetime
    closes_at: datetime
    state: WindowState
    decided_by_name: str | None
    why: str


def _window(r: Row) -> WindowRow:
    return WindowRow(r["id"], r["game_id"], r["match_id"], r["responsible_side"],
                     parse(r["opened_at"]), parse(r["closes_at"]), WindowState(r["state"]),
                     r["decided_by_name"], r["why"])


@dataclass(frozen=True)
class PhotoRow:
    id: int
    game_id: int | None
    sent_by: int
    file_id: str
    received_at: datetime


def _photo(r: Row) -> PhotoRow:
    return PhotoRow(r["id"], r["game_id"], r["sent_by"], r["file_id"], parse(r["received_at"]))


async def open_window(tx: Tx, *, game_id: int, match_id: int, responsible_side: int,
                      now: datetime, closes_at: datetime) -> int:
    return await tx.insert(
        "INSERT INTO photo_windows (game_id, match_id, responsible_side, opened_at, closes_at)"
        " VALUES (?, ?, ?, ?, ?)",
        (game_id, match_id, responsible_side, iso(now), iso(closes_at)),
    )


async def window(tx: Tx, window_id: int) -> WindowRow | None:
    row = await tx.one("SELECT * FROM photo_windows WHERE id = ?", (window_id,))
    return None if row is None else _window(row)


async def window_of_game(tx: Tx, game_id: int) -> WindowRow | None:
    row = await tx.one("SELECT * FROM photo_windows WHERE game_id = ?", (game_id,))
    return None if row is None else _window(row)


async def awaiting_of_person(tx: Tx, person_id: int) -> list[WindowRow]:
    """Windows still waiting for a photo in the matches a person plays, of games that
    still count, oldest first (whoever is responsible: the caller sorts that out)."""
    rows = await tx.all(
        "SELECT w.* FROM photo_windows w JOIN matches m ON m.id = w.match_id"
        " JOIN games g ON g.id = w.game_id"
        " JOIN entries a ON a.id = m.entry_a JOIN entries b ON b.id = m.entry_b"
        " WHERE w.state IN ('open', 'overdue') AND g.void = 0 AND g.kind = 'played'"
        " AND ? IN (a.person_id, b.person_id) ORDER BY w.id",
        (person_id,),
    )
    return [_window(r) for r in rows]


async def set_responsible(tx: Tx, window_id: int, side: int) -> None:
    """A ruling changed who won the game: the photo is now the other player's to send."""
    await tx.execute("UPDATE photo_windows SET responsible_side = ? WHERE id = ?",
                     (side, window_id))


async def move(tx: Tx, window_id: int, from_states: Iterable[WindowState], to: WindowState, now: datetime,
               *, by: int | None = None, by_name: str | None = None, why: str = "",
               closes_at: datetime | None = None) -> bool:
    """Compare-and-set: ``to`` only from one of ``from_states``; True if this call moved
    it. A ruling records who decided and why; an extension gives the new ``closes_at``."""
    wanted = tuple(from_states)
    marks = ", ".join("?" for _ in wanted)
    changed = await tx.execute(
        f"UPDATE photo_windows SET state = ?, decided_by = COALESCE(?, decided_by),"
        f" decided_by_name = COALESCE(?, decided_by_name), decided_at = ?,"
        f" why = CASE WHEN ? = '' THEN why ELSE ? END,"
        f" closes_at = COALESCE(?, closes_at) WHERE id = ? AND state IN ({marks})",
        (to, by, by_name, iso(now), why, why, iso(closes_at) if closes_at else None,
         window_id, *wanted),
    )
    return changed == 1


async def add_photo(tx: Tx, *, sent_by: int, file_id: str, now: datetime,
                    game_id: int | None = None) -> int:
    return await tx.insert(
        "INSERT INTO photos (game_id, sent_by, file_id, received_at) VALUES (?, ?, ?, ?)",
        (game_id, sent_by, file_id, iso(now)),
    )


async def photo(tx: Tx, photo_id: int) -> PhotoRow | None:
    row = await tx.one("SELECT * FROM photos WHERE id = ?", (photo_id,))
    return None if row is None else _photo(row)


async def attach(tx: Tx, photo_id: int, game_id: int) -> bool:
    """An unplaced photo is of this game (the sender picked it); False if it was placed."""
    changed = await tx.execute(
        "UPDATE photos SET game_id = ? WHERE id = ? AND game_id IS NULL", (game_id, photo_id)
    )
    return changed == 1


async def photos_of_game(tx: Tx, game_id: int) -> list[PhotoRow]:
    rows = await tx.all("SELECT * FROM photos WHERE game_id = ? ORDER BY id", (game_id,))
    return [_photo(r) for r in rows]


# --- one question about several missing photos (migrations/0021_photo_asks.sql) ------------


@dataclass(frozen=True)
class AskRow:
    """A list of overdue windows sent to one ruler, in the order shown."""

    id: int
    event_id: int
    ruler_id: int
    asked_at: datetime
    window_ids: tuple[int, ...]


async def add_ask(tx: Tx, *, event_id: int, ruler_id: int, window_ids: Iterable[int],
                  now: datetime) -> int:
    ask_id = await tx.insert(
        "INSERT INTO photo_asks (event_id, ruler_id, asked_at) VALUES (?, ?, ?)",
        (event_id, ruler_id, iso(now)),
    )
    for seq, window_id in enumerate(window_ids):
        await tx.execute(
            "INSERT INTO photo_ask_windows (ask_id, window_id, seq) VALUES (?, ?, ?)",
            (ask_id, window_id, seq),
        )
    return ask_id


async def ask(tx: Tx, ask_id: int) -> AskRow | None:
    row = await tx.one("SELECT * FROM photo_asks WHERE id = ?", (ask_id,))
    if row is None:
        return None
    windows = await tx.all(
        "SELECT window_id FROM photo_ask_windows WHERE ask_id = ? ORDER BY seq", (ask_id,))
    return AskRow(row["id"], row["event_id"], row["ruler_id"], parse(row["asked_at"]),
                  tuple(int(w["window_id"]) for w in windows))


async def asks_naming(tx: Tx, window_ids: Iterable[int]) -> list[int]:
    """The lists that name any of these windows (to redraw once one is decided)."""
    wanted = sorted(set(window_ids))
    if not wanted:
        return []
    marks = ", ".join("?" for _ in wanted)
    rows = await tx.all(
        f"SELECT DISTINCT ask_id FROM photo_ask_windows WHERE window_id IN ({marks})"
        " ORDER BY ask_id", tuple(wanted),
    )
    return [int(r["ask_id"]) for r in rows]
