"""The games of a match as rows: the one place ``games`` is read and written.

Rows only: which game counts, who won and whether the match is decided are the core's
(core/knockout/match.py), computed from these rows by ``bot.service.results.matches.core_match``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.db import Row, Tx
from bot.store.times import iso, parse
from core.knockout.match import MatchGameKind


@dataclass(frozen=True)
class GameRow:
    """One row of ``games``, the one shape every reader gets: ``kind`` played, game bye
    (SSSg para 28) or forfeit; ``void`` no longer counts (paras 14, 27, 28). ``seq`` is
    the reported order the core counts in; the service turns rows into a
    ``core.knockout.match.Match`` (``bot.service.results.matches.core_match``)."""

    id: int
    match_id: int
    seq: int
    kind: MatchGameKind
    starter_side: int | None
    score_a: int | None
    score_b: int | None
    bye_side: int | None
    void: bool
    played_at: datetime | None

    @property
    def scores(self) -> tuple[int | None, int | None]:
        return self.score_a, self.score_b


def _game(r: Row) -> GameRow:
    return GameRow(r["id"], r["match_id"], r["seq"], MatchGameKind(r["kind"]), r["starter_side"],
                   r["score_a"], r["score_b"], r["bye_side"], bool(r["void"]),
                   parse(r["played_at"]) if r["played_at"] else None)


async def games_of(tx: Tx, match_id: int) -> list[GameRow]:
    """Every reported game of a match in reported order (the order the core counts); read
    once per transaction while no game is written (a result's checks each need them)."""
    kept = tx.remembered(("games", match_id), ("games",))
    if kept is None:
        kept = keep(tx, match_id, await tx.all(OF_MATCH, (match_id,)))
    return list(kept)


#: The read of a match's games (``games_of``), for a read that brings them along with it.
OF_MATCH = "SELECT * FROM games WHERE match_id = ? ORDER BY seq"


def are_kept(tx: Tx, match_id: int) -> bool:
    """Whether the next ``games_of`` of the match in this transaction reads nothing."""
    return tx.remembered(("games", match_id), ("games",)) is not None


def keep(tx: Tx, match_id: int, rows: list[Row]) -> tuple[GameRow, ...]:
    """A match's games read in this transaction (by ``games_of``, or along with the match:
    ``matches_repo.get``), kept for the next ``games_of``."""
    kept = tuple(_game(r) for r in rows)
    tx.remember(("games", match_id), ("games",), kept)
    return kept


async def games_of_event(tx: Tx, event_id: int) -> dict[int, list[GameRow]]:
    """The games of every match of an event that has any, by match id, each in order: one
    query where loading a whole event match by match took one per match."""
    rows = await tx.all(
        "SELECT g.* FROM games g JOIN matches m ON m.id = g.match_id WHERE m.event_id = ?"
        " ORDER BY g.match_id, g.seq", (event_id,),
    )
    games: dict[int, list[GameRow]] = {}
    for r in rows:
        games.setdefault(r["match_id"], []).append(_game(r))
    return games


async def add_played(
    tx: Tx, match_id: int, *, starter_side: int, scores: tuple[int, int], played_at: datetime
) -> int:
    """Append a played game after the match's last one; returns its id."""
    seq = int(await tx.scalar("SELECT COALESCE(MAX(seq), 0) FROM games WHERE match_id = ?",
                              (match_id,))) + 1
    return await tx.insert(
        "INSERT INTO games (match_id, seq, kind, starter_side, score_a, score_b, played_at)"
        " VALUES (?, ?, 'played', ?, ?, ?, ?)",
        (match_id, seq, starter_side, scores[0], scores[1], iso(played_at)),
    )


async def set_void(tx: Tx, game_id: int, void: bool) -> None:
    """A game no longer counts (SSSg paras 27-28), or counts again."""
    await tx.execute("UPDATE games SET void = ? WHERE id = ?", (1 if void else 0, game_id))


async def rewrite(tx: Tx, game_id: int, *, kind: str, starter_side: int | None,
                  scores: tuple[int | None, int | None], bye_side: int | None,
                  void: bool) -> None:
    """A TD's correction of a game: played, game bye (SSSg para 28) or forfeit (WESPA
    rules), counting or void. The core said what it becomes; this writes it."""
    await tx.execute(
        "UPDATE games SET kind = ?, starter_side = ?, score_a = ?, score_b = ?, bye_side = ?,"
        " void = ? WHERE id = ?",
        (kind, starter_side, scores[0], scores[1], bye_side, 1 if void else 0, game_id),
    )


async def add_awarded(tx: Tx, match_id: int, *, kind: str, bye_side: int,
                      starter_side: int | None, at: datetime) -> int:
    """Append a game a TD awarded (a game bye or a forfeit) after the match's last one."""
    seq = int(await tx.scalar("SELECT COALESCE(MAX(seq), 0) FROM games WHERE match_id = ?",
                              (match_id,))) + 1
    return await tx.insert(
        "INSERT INTO games (match_id, seq, kind, starter_side, bye_side, played_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (match_id, seq, kind, starter_side, bye_side, iso(at)),
    )
