"""Matches as stored: the one place ``matches`` is written, its one row type, and the
open disputes about them.

A match row holds where each side comes from (``source_a``/``source_b``: ``seat:Ann``,
``winner:Q3``, ``loser:T5``, ``bye``, ``draw:5``) and, once known, the entry in it. Sides
follow core/knockout/match.py: side 0 is slot A, side 1 slot B. Who sits where is the core's to say
(bot/service/formats/knockout/bridge.py writes it here); this module only reads and writes rows,
and says where a slot's player comes from (``source_said``), one wording for every reader.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.store import events_repo, games_repo, rounds_repo
from bot.store.db import Row, Tx
from bot.store.rounds_repo import RoundState
from bot.words import SOURCE, for_locale
from bot.words.said import Said, plain, said
from core.knockout.match import MatchStage


@dataclass(frozen=True)
class MatchView:
    id: int
    event_id: int
    round_id: int
    round_name: str
    code: str
    best_of: int
    entries: tuple[int | None, int | None]
    names: tuple[str | None, str | None]
    people: tuple[int | None, int | None]
    sources: tuple[str, str]
    head_start: tuple[int, int]
    first_starter: int | None
    state: MatchStage
    winner: int | None  # side
    linked: tuple[bool, bool] = (False, False)  # each side's person has Telegram linked
    round_state: RoundState = RoundState.PLANNED
    match_bye: int | None = None  # side a TD gave a match bye (SSSg para 27)
    ruling: tuple[int, str] | None = None  # a tied match's ruling: side, reason (para 30)

    def side_of_person(self, person_id: int) -> int | None:
        for side in (0, 1):
            if self.people[side] == person_id:
                return side
        return None

    def label(self, side: int) -> str:
        """Who is in a slot, or where they will come from ('winner of Q3'), in English: what
        the command line, the journal and a log print (``said_label`` for a message)."""
        name = self.names[side]
        return name if name is not None else describe_source(self.sources[side])

    def said_label(self, side: int) -> Said | str:
        """Who is in a slot, or where they will come from, as a message says it in its
        reader's language ("winner of Q3", "vainqueur de Q3")."""
        name = self.names[side]
        return name if name is not None else source_said(self.sources[side])

    @property
    def left_unfinished(self) -> bool:
        """Still being played when its round was closed (``tdbot round close --force``):
        it stays before the TDs until one rules on it."""
        return self.state == MatchStage.PLAYING and self.round_state == RoundState.CLOSED

    @property
    def progress(self) -> str:
        """The state as a TD reads it: a closed round's unfinished match says so."""
        return "round closed, unfinished" if self.left_unfinished else self.state


def describe_source(source: str) -> str:
    """Where a slot's player comes from, in English (``source_said``): what the command
    line and a TD's list print."""
    words = source_said(source)
    return words if isinstance(words, str) else plain(words, for_locale(SOURCE))


def source_said(source: str) -> Said | str:
    """Where a slot's player comes from ("winner of Q3"), as a record said in its reader's
    language; a seat, by its player's name."""
    kind, _, ref = source.partition(":")
    if kind == "seat":
        return ref
    if kind == "draw":
        return said("drawn after the qualifying round")
    if kind == "winner":
        return said("winner of {match}", match=ref)
    if kind == "loser":
        return said("loser of {match}", match=ref)
    if kind == "bye":
        return said("bye")
    if kind == "absent":
        return said("unavailable (a requested bye)")
    return ref or said("to be decided")


_SELECT = (
    "SELECT m.*, r.name AS round_name, r.state AS round_state,"
    " pa.name AS name_a, pb.name AS name_b, ea.person_id AS person_a, eb.person_id AS person_b,"
    " pa.tg_user_id IS NOT NULL AS linked_a, pb.tg_user_id IS NOT NULL AS linked_b"
    " FROM matches m JOIN rounds r ON r.id = m.round_id"
    " LEFT JOIN entries ea ON ea.id = m.entry_a LEFT JOIN people pa ON pa.id = ea.person_id"
    " LEFT JOIN entries eb ON eb.id = m.entry_b LEFT JOIN people pb ON pb.id = eb.person_id"
)


#: A stored state's enum member, looked up: calling the enum per row was a tenth of
#: reading a 1,000-player event's matches (``python -m bench.site``).
_STAGES = {s.value: s for s in MatchStage}
_ROUND_STATES = {s.value: s for s in RoundState}


def _view(r: Row) -> MatchView:
    hs = [0, 0]
    if r["head_start_side"] is not None:
        hs[r["head_start_side"]] = r["head_start_games"]
    return MatchView(
        r["id"], r["event_id"], r["round_id"], r["round_name"], r["code"], r["best_of"],
        (r["entry_a"], r["entry_b"]), (r["name_a"], r["name_b"]), (r["person_a"], r["person_b"]),
        (r["source_a"], r["source_b"]), (hs[0], hs[1]), r["first_starter_side"], _STAGES[r["state"]],
        r["winner_side"], (bool(r["linked_a"]), bool(r["linked_b"])), _ROUND_STATES[r["round_state"]],
        r["match_bye_side"],
        None if r["ruling_side"] is None else (r["ruling_side"], r["ruling_reason"] or ""),
    )


async def get(tx: Tx, match_id: int) -> MatchView | None:
    """The match, read once per transaction while none of its tables is written (a
    confirmed slip's helpers each need it; a written game or state makes it stale)."""
    kept = tx.remembered(("match", match_id), _READS)
    if kept is not None:
        return kept  # type: ignore[no-any-return]
    # what a use-case reads next of a match, in the same round trip on PostgreSQL
    # (Tx.reads): its round, its event and its games, those not already kept, each kept
    # for its own repository's read; a report then waits for the server once where it
    # waited four times, holding the lock every use-case takes (bot/store/postgres.py)
    known = tx.remembered(("match-of", match_id), ())  # (round id, event id): never change
    of_match = "(SELECT {} FROM matches WHERE id = ?)"
    along: dict[str, tuple[str, tuple[int]]] = {}
    if known is None or not rounds_repo.is_kept(tx, known[0]):
        along["round"] = (rounds_repo.SELECT + " WHERE r.id = " + of_match.format("round_id"),
                          (match_id,))
    if known is None or not events_repo.is_kept(tx, known[1]):
        along["event"] = ("SELECT * FROM events WHERE id = " + of_match.format("event_id"),
                          (match_id,))
    if not games_repo.are_kept(tx, match_id):
        along["games"] = (games_repo.OF_MATCH, (match_id,))
    match, *rest = await tx.reads([(_SELECT + " WHERE m.id = ?", (match_id,)),
                                   *along.values()])
    if not match:
        return None
    found = _view(match[0])
    tx.remember(("match", match_id), _READS, found)
    tx.remember(("match-of", match_id), (), (found.round_id, found.event_id))
    got = dict(zip(along, rest, strict=True))
    if got.get("round"):
        rounds_repo.keep(tx, got["round"][0])
    if got.get("event"):
        events_repo.keep(tx, got["event"][0])
    if "games" in got:
        games_repo.keep(tx, match_id, got["games"])
    return found


async def of_round(tx: Tx, round_id: int) -> list[MatchView]:
    rows = await tx.all(_SELECT + " WHERE m.round_id = ? ORDER BY m.id", (round_id,))
    return [_view(r) for r in rows]


#: What a match's view is read from: a write to one of them makes a remembered list stale.
_READS = ("matches", "rounds", "entries", "people")


async def of_event(tx: Tx, event_id: int) -> list[MatchView]:
    """Every match of the event, in round order.

    Read once per transaction while none of its tables is written: a decided knockout match
    asks for the whole bracket to move it on, and again to name the players' next
    opponents, and in a 256-player bracket each read is most of a report's time
    (``python -m bench.load``)."""
    kept = tx.remembered(("matches-of-event", event_id), _READS)
    if kept is None:
        rows = await tx.all(_SELECT + " WHERE m.event_id = ? ORDER BY r.seq, m.id", (event_id,))
        kept = tuple(_view(r) for r in rows)
        tx.remember(("matches-of-event", event_id), _READS, kept)
    return list(kept)


async def states_of_round(tx: Tx, round_id: int) -> set[str]:
    """The states the round's matches are in (none: it has no match): whether a round is
    over, read from one column, where reading every match of a 1,000-player round is most
    of a result's time (``python -m bench.site``)."""
    rows = await tx.all("SELECT DISTINCT state FROM matches WHERE round_id = ?", (round_id,))
    return {r["state"] for r in rows}


async def any_from(tx: Tx, event_id: int, sources: Sequence[str]) -> bool:
    """Whether a match of the event fills a slot from one of ``sources`` (as
    ``source_a``/``source_b`` hold them, 'winner:Q3'): one lookup, where a round-based
    event's result would read every match of the event to find none."""
    if not sources:
        return False
    marks = ", ".join("?" * len(sources))
    row = await tx.one(f"SELECT 1 FROM matches WHERE event_id = ? AND (source_a IN ({marks})"
                       f" OR source_b IN ({marks})) LIMIT 1", (event_id, *sources, *sources))
    return row is not None


async def of_code(tx: Tx, event_id: int, code: str) -> MatchView | None:
    row = await tx.one(_SELECT + " WHERE m.event_id = ? AND m.code = ?", (event_id, code))
    return None if row is None else _view(row)


async def of_entry(tx: Tx, entry_id: int) -> list[MatchView]:
    """The matches an entry plays in (its event's), in round order."""
    rows = await tx.all(
        _SELECT + " WHERE m.entry_a = ? OR m.entry_b = ? ORDER BY r.seq, m.id",
        (entry_id, entry_id),
    )
    return [_view(r) for r in rows]


async def of_person(tx: Tx, person_id: int) -> list[MatchView]:
    """The person's matches; each is then ``get`` without a second read, as a player's
    result is checked against the match it was found for. Found through the indexes on
    their entries and the matches' (migration 0037), not by reading every match."""
    rows = await tx.all(
        _SELECT + " WHERE m.entry_a IN (SELECT id FROM entries WHERE person_id = ?)"
        " OR m.entry_b IN (SELECT id FROM entries WHERE person_id = ?) ORDER BY r.seq, m.id",
        (person_id, person_id),
    )
    views = [_view(r) for r in rows]
    for view in views:
        tx.remember(("match", view.id), _READS, view)
    return views


async def add(
    tx: Tx, *, event_id: int, round_id: int, code: str, best_of: int, sources: tuple[str, str],
    head_start_games: int,
) -> int:
    """A match of the draw, waiting for its players; a head start goes to side 0 (the
    upper-bracket winner's slot, SSSg para 2)."""
    return await tx.insert(
        "INSERT INTO matches (event_id, round_id, code, best_of, source_a, source_b,"
        " head_start_side, head_start_games, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'waiting')",
        (event_id, round_id, code, best_of, sources[0], sources[1],
         0 if head_start_games else None, head_start_games),
    )


async def set_sides(
    tx: Tx, match_id: int, entries: tuple[int | None, int | None], state: MatchStage, winner: int | None
) -> None:
    """Who plays, the state and the winner, as the core sees them now."""
    await tx.execute(
        "UPDATE matches SET entry_a = ?, entry_b = ?, state = ?, winner_side = ? WHERE id = ?",
        (entries[0], entries[1], state, winner, match_id),
    )


async def set_state(tx: Tx, match_id: int, state: MatchStage) -> None:
    await tx.execute("UPDATE matches SET state = ? WHERE id = ?", (state, match_id))


async def set_match_bye(tx: Tx, match_id: int, side: int | None) -> None:
    """A TD's match bye (SSSg para 27), or none."""
    await tx.execute("UPDATE matches SET match_bye_side = ? WHERE id = ?", (side, match_id))


async def set_ruling(tx: Tx, match_id: int, ruling: tuple[int, str] | None) -> None:
    """The organisers' ruling of a tied match (SSSg para 30), or none."""
    side, reason = ruling if ruling is not None else (None, None)
    await tx.execute("UPDATE matches SET ruling_side = ?, ruling_reason = ? WHERE id = ?",
                     (side, reason, match_id))


async def set_outcome(tx: Tx, match_id: int, state: MatchStage, winner: int | None) -> None:
    """A ruling's result on the match row: decided for ``winner``, or played again
    (``playing``, or ``ready`` when no game counts any more); the bracket is then synced."""
    await tx.execute("UPDATE matches SET state = ?, winner_side = ? WHERE id = ?",
                     (state, winner, match_id))


async def mark_playing(tx: Tx, match_id: int) -> None:
    """A ready match whose first game is in: it is being played."""
    await tx.execute("UPDATE matches SET state = 'playing' WHERE id = ? AND state = 'ready'",
                     (match_id,))


async def mark_decided(tx: Tx, match_id: int, winner_side: int | None) -> bool:
    """The match is decided (its row then feeds the bracket: ``knockout.load_core_event``);
    False if it was not being played (decided already)."""
    changed = await tx.execute(
        "UPDATE matches SET state = 'decided', winner_side = ?"
        " WHERE id = ? AND state IN ('ready', 'playing')", (winner_side, match_id),
    )
    return changed == 1


async def open_disputes(tx: Tx, event_id: int) -> list[dict[str, Any]]:
    """Open disputes of an event's matches: id, match_id, code, reason, raised_at."""
    rows = await tx.all(
        "SELECT d.id, d.match_id, m.code, d.reason, d.raised_at FROM disputes d"
        " JOIN matches m ON m.id = d.match_id WHERE m.event_id = ? AND d.state = 'open'"
        " ORDER BY d.id", (event_id,),
    )
    return [dict(r) for r in rows]


async def add_paired(
    tx: Tx, *, event_id: int, round_id: int, code: str, best_of: int,
    entries: tuple[int, int | None], names: tuple[str, str], first_starter_side: int | None,
    empty_side: str = "bye",
) -> int:
    """A match the pairing of a round-based event made: both players known (``ready``),
    or, with no second entry, a bye already decided for side 0 (``empty_side``: "bye", or
    "absent" for a requested bye)."""
    bye = entries[1] is None
    return await tx.insert(
        "INSERT INTO matches (event_id, round_id, code, best_of, source_a, source_b,"
        " entry_a, entry_b, first_starter_side, state, winner_side)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (event_id, round_id, code, best_of, f"seat:{names[0]}",
         empty_side if bye else f"seat:{names[1]}", entries[0], entries[1],
         None if bye else first_starter_side, "bye" if bye else "ready", 0 if bye else None),
    )


async def add_club_pair(tx: Tx, *, event_id: int, round_id: int, code: str,
                        entries: tuple[int, int | None]) -> int:
    """One pair of a club night's round: a ready best-of-1 match, or (no second entry) a
    bye."""
    a, b = entries
    return await tx.insert(
        "INSERT INTO matches (event_id, round_id, code, best_of, source_a, source_b, entry_a,"
        " entry_b, state, winner_side) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?)",
        (event_id, round_id, code, f"entry:{a}", "bye" if b is None else f"entry:{b}", a, b,
         MatchStage.BYE if b is None else MatchStage.READY, 0 if b is None else None))
