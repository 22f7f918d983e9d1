"""The games of a match as rows, and the match-row changes a reported game makes.

Rows only: which game counts, who won and whether the match is decided are the core's
(core/knockout/match.py), computed from these rows by ``bot.service.results.matches.core_match``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.db import Tx
from bot.store.times import iso


@dataclass(frozen=True)
class GameRow:
    id: int
    seq: int
    kind: str
    starter_side: int | None
    scores: tuple[int | None, int | None]
    void: bool


async def games_of(tx: Tx, match_id: int) -> list[GameRow]:
    """Every reported game of a match in reported order (the order the core counts)."""
    rows = await tx.all(
        "SELECT id, seq, kind, starter_side, score_a, score_b, void FROM games"
        " WHERE match_id = ? ORDER BY seq", (match_id,),
    )
    return [GameRow(r["id"], r["seq"], r["kind"], r["starter_side"], (r["score_a"], r["score_b"]),
                    bool(r["void"])) for r in rows]


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


async def set_scores(tx: Tx, game_id: int, scores: tuple[int, int]) -> None:
    """A TD's ruling corrects a played game's scores (the starter stays)."""
    await tx.execute("UPDATE games SET score_a = ?, score_b = ? WHERE id = ?",
                     (scores[0], scores[1], game_id))


async def set_void(tx: Tx, game_id: int, void: bool) -> None:
    """A game no longer counts (SSSg paras 27-28), or counts again."""
    await tx.execute("UPDATE games SET void = ? WHERE id = ?", (1 if void else 0, game_id))


async def reopen(tx: Tx, match_id: int) -> bool:
    """A decided match that a ruling left undecided (or decided the other way) is being
    played again until its games decide it; the bracket is then synced from the rows."""
    changed = await tx.execute(
        "UPDATE matches SET state = 'playing', winner_side = NULL"
        " WHERE id = ? AND state = 'decided'", (match_id,),
    )
    return changed == 1


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
