"""The entries table: a player's place in an event, read with the person's name."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

from bot.store.db import Row, Tx
from bot.store.times import iso


class EntryState(StrEnum):
    """An entry's state: playing on, expelled by the TDs (SSSg para 27), or withdrawn."""

    ACTIVE = "active"
    EXPELLED = "expelled"
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True)
class Entry:
    id: int
    event_id: int
    person_id: int
    name: str
    rating: int
    state: EntryState
    linked: bool  # the person has linked a Telegram account
    team: str = ""  # club, school or team (a round-based event's avoid_teams)


_SELECT = (
    "SELECT e.id, e.event_id, e.person_id, p.name, e.rating, e.state, p.tg_user_id, e.team"
    " FROM entries e JOIN people p ON p.id = e.person_id"
)


#: A stored state's member, looked up rather than the enum called per row (``_view`` of
#: ``matches_repo``).
_STATES = {s.value: s for s in EntryState}


def _entry(r: Row) -> Entry:
    return Entry(
        r["id"], r["event_id"], r["person_id"], r["name"], r["rating"], _STATES[r["state"]],
        r["tg_user_id"] is not None, r["team"],
    )


#: What an entry is read from: a write to one of them makes a remembered list stale.
_READS = ("entries", "people")


async def of_event(tx: Tx, event_id: int) -> list[Entry]:
    """An event's entries, highest rating first.

    Read once per transaction while neither table is written: a TD's result entered by
    the players' names finds them among the entries, and the round-based event's load
    for the rating lines reads them again (``python -m bench.site``)."""
    kept = tx.remembered(("entries-of-event", event_id), _READS)
    if kept is None:
        rows = await tx.all(_SELECT + " WHERE e.event_id = ? ORDER BY e.rating DESC, p.name",
                            (event_id,))
        kept = tuple(_entry(r) for r in rows)
        tx.remember(("entries-of-event", event_id), _READS, kept)
    return list(kept)


async def unlinked(tx: Tx, event_id: int) -> list[Entry]:
    """An event's entries whose person has no Telegram account yet, by name."""
    rows = await tx.all(
        _SELECT + " WHERE e.event_id = ? AND p.tg_user_id IS NULL ORDER BY p.name", (event_id,)
    )
    return [_entry(r) for r in rows]


async def get(tx: Tx, entry_id: int) -> Entry | None:
    row = await tx.one(_SELECT + " WHERE e.id = ?", (entry_id,))
    return None if row is None else _entry(row)


async def of_person(tx: Tx, event_id: int, person_id: int) -> Entry | None:
    row = await tx.one(_SELECT + " WHERE e.event_id = ? AND e.person_id = ?", (event_id, person_id))
    return None if row is None else _entry(row)


async def of_person_all(tx: Tx, person_id: int) -> list[Entry]:
    """Every entry of a person, in any event, oldest first."""
    return [_entry(r) for r in await tx.all(_SELECT + " WHERE e.person_id = ? ORDER BY e.id",
                                            (person_id,))]


async def named(tx: Tx, event_id: int, name: str) -> Entry | None:
    """The entry of the event with this name, in any case."""
    row = await tx.one(_SELECT + " WHERE e.event_id = ? AND lower(p.name) = lower(?)", (event_id, name))
    return None if row is None else _entry(row)


async def named_alike(tx: Tx, event_id: int, words: Sequence[str]) -> list[Entry]:
    """The event's entries whose name holds ``words`` in this order (case aside where the
    database folds it): every entry a name typed with these words can name exactly, and
    maybe others, found without reading the event's every entry (a TD's result entered by
    the players' names in a 1,000-player event, ``python -m bench.site``)."""
    pattern = "%" + "%".join(_like_literal(w) for w in words) + "%"
    rows = await tx.all(_SELECT + " WHERE e.event_id = ? AND p.name LIKE ? ESCAPE '!'",
                        (event_id, pattern))
    return [_entry(r) for r in rows]


def _like_literal(text: str) -> str:
    """``text`` matched as itself by LIKE ... ESCAPE '!'."""
    return text.replace("!", "!!").replace("%", "!%").replace("_", "!_")


async def plays_anywhere(tx: Tx, person_id: int) -> bool:
    return bool(await tx.scalar("SELECT count(*) FROM entries WHERE person_id = ?", (person_id,)))


async def play_in_one_event(tx: Tx, person_a: int, person_b: int) -> bool:
    """Whether the two people have entries in the same event."""
    return bool(await tx.scalar(
        "SELECT count(*) FROM entries a JOIN entries b ON a.event_id = b.event_id"
        " WHERE a.person_id = ? AND b.person_id = ?", (person_a, person_b),
    ))


async def add(tx: Tx, event_id: int, person_id: int, rating: int, now: datetime,
              team: str = "") -> int:
    return await tx.insert(
        "INSERT INTO entries (event_id, person_id, rating, state, created_at, team)"
        " VALUES (?, ?, ?, 'active', ?, ?)",
        (event_id, person_id, rating, iso(now), team),
    )


async def set_membership(tx: Tx, entry_id: int, until: date | None) -> None:
    """The date the entry's membership ends (SSSg para 11), or None when not known."""
    await tx.execute("UPDATE entries SET membership_until = ? WHERE id = ?",
                     (None if until is None else until.isoformat(), entry_id))


async def membership_ending(tx: Tx, round_id: int, before: date) -> list[tuple[str, date]]:
    """(name, end date) of the players of a round's matches whose membership ends before
    ``before``."""
    rows = await tx.all(
        "SELECT DISTINCT p.name, e.membership_until FROM matches m"
        " JOIN entries e ON e.id IN (m.entry_a, m.entry_b) JOIN people p ON p.id = e.person_id"
        " WHERE m.round_id = ? AND e.membership_until IS NOT NULL AND e.membership_until < ?"
        " ORDER BY p.name", (round_id, before.isoformat()))
    return [(r["name"], date.fromisoformat(r["membership_until"])) for r in rows]


async def set_state(tx: Tx, entry_id: int, state: EntryState) -> None:
    """'active', or 'expelled' (SSSg paras 26, 29): an expelled player is no longer owed a
    fee reminder, a round opening or a place."""
    await tx.execute("UPDATE entries SET state = ? WHERE id = ?", (state, entry_id))
