"""A player's matches are found through indexes (migration 0037), by entry and by person,
not by reading every match of every event: what a result reads to find its two players'
matches and their rating lines (``python -m bench.site``). SQLite's plan says which."""

from __future__ import annotations

from pathlib import Path

from bot.store import matches_repo
from bot.store.db import Tx, open_database


async def test_a_players_matches_are_searched_by_index_not_scanned(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "db.sqlite3")
    try:
        async with db.transaction() as tx:
            ran: list[str] = []
            real_all = type(tx).all

            async def recording(self: Tx, sql: str, params=()):  # type: ignore[no-untyped-def]
                ran.append(sql)
                return await real_all(self, sql, params)  # type: ignore[arg-type]

            type(tx).all = recording  # type: ignore[method-assign]
            try:
                assert await matches_repo.of_person(tx, 1) == []
                assert await matches_repo.of_entry(tx, 1) == []
            finally:
                type(tx).all = real_all  # type: ignore[method-assign]
            for sql in ran:
                plan = " | ".join(r[3] for r in await tx.all("EXPLAIN QUERY PLAN " + sql,
                                                            (1, 1)))
                assert "matches_entry_a" in plan and "matches_entry_b" in plan, plan
                assert "SCAN m" not in plan, plan
    finally:
        await db.close()
