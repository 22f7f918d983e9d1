"""migrations/0011_ruling_reasons.sql: the TD prompts table learns the kind 'why' (the
reason of a ruling given by a button, SSSg paras 19 and 24); the prompts open before the
migration stay open with their ids (a pending Amend or Apply still works after the
upgrade, as after any restart)."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest

from bot.store import prompts_repo
from bot.store.db import open_database
from bot.store.migrations import MIGRATIONS_DIR

AT = "2016-08-01T00:00:00+00:00"
NOW = datetime.fromisoformat(AT)


async def test_prompts_open_before_the_migration_survive_it(tmp_path: Path) -> None:
    before = tmp_path / "before"
    before.mkdir()
    for f in sorted(MIGRATIONS_DIR.glob("*.sql")):
        if f.name < "0011":
            shutil.copy(f, before / f.name)
    path = tmp_path / "t.sqlite3"
    db = await open_database(path, migrations_dir=before)
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO people (id, name, created_at) VALUES (1, 'Tara', ?)", (AT,))
        await tx.execute("INSERT INTO td_prompts (id, person_id, kind, subject_id, side,"
                         " payload, created_at) VALUES (5, 1, 'confirm', 9, 1,"
                         " '{\"action\": \"game_bye\", \"why\": \"left\"}', ?)", (AT,))
        with pytest.raises(sqlite3.IntegrityError):  # the old table knows no 'why'
            await tx.execute("INSERT INTO td_prompts (person_id, kind, subject_id,"
                             " created_at) VALUES (1, 'why', 9, ?)", (AT,))
    await db.close()
    db = await open_database(path)
    try:
        async with db.transaction() as tx:
            kept = await prompts_repo.get(tx, 5)
            assert kept is not None and (kept.kind, kept.side, kept.state) == ("confirm", 1, "open")
            assert kept.payload == {"action": "game_bye", "why": "left"}
            new = await prompts_repo.open_prompt(tx, 1, "why", 9, now=NOW)
            assert new > 5
            assert (await prompts_repo.open_of(tx, 1)).kind == "why"  # type: ignore[union-attr]
            assert (await prompts_repo.get(tx, 5)).state == "dropped"  # type: ignore[union-attr]
            indexes = {r[0] for r in await tx.all(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'td_prompts'")}
            assert "td_prompts_open" in indexes
    finally:
        await db.close()



async def test_0020_adds_the_corrections_prompts_and_keeps_the_open_ones(tmp_path: Path) -> None:
    """migrations/0020_corrections.sql: a TD's correction of a game waits for its reason
    ('correct') and, when it voids later games, for Apply ('correct_apply')."""
    before = tmp_path / "before"
    before.mkdir()
    for f in sorted(MIGRATIONS_DIR.glob("*.sql")):
        if f.name < "0020":
            shutil.copy(f, before / f.name)
    path = tmp_path / "t.sqlite3"
    db = await open_database(path, migrations_dir=before)
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO people (id, name, created_at) VALUES (1, 'Tara', ?)", (AT,))
        await tx.execute("INSERT INTO td_prompts (id, person_id, kind, subject_id, payload,"
                         " created_at) VALUES (7, 1, 'why', 3, '{\"action\": \"void\"}', ?)",
                         (AT,))
        with pytest.raises(sqlite3.IntegrityError):  # the old table knows no 'correct'
            await tx.execute("INSERT INTO td_prompts (person_id, kind, subject_id,"
                             " created_at) VALUES (1, 'correct', 9, ?)", (AT,))
    await db.close()
    db = await open_database(path)
    try:
        async with db.transaction() as tx:
            kept = await prompts_repo.get(tx, 7)
            assert kept is not None and (kept.kind, kept.state) == ("why", "open")
            assert kept.payload == {"action": "void"}
            for kind in ("correct", "correct_apply"):
                await prompts_repo.open_prompt(tx, 1, kind, 9, payload={"game_id": 4}, now=NOW)
            assert (await prompts_repo.open_of(tx, 1)) is None  # 'correct_apply': a button
            assert [r[0] for r in await tx.all("SELECT kind FROM td_prompts ORDER BY id")] == [
                "why", "correct", "correct_apply"]
            indexes = {r[0] for r in await tx.all(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'td_prompts'")}
            assert "td_prompts_open" in indexes
    finally:
        await db.close()
