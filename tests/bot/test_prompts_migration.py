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
from bot.store.db import Tx, open_database
from bot.store.migrations import MIGRATIONS_DIR, PG_MIGRATIONS_DIR
from bot.store.prompts_repo import PromptKind

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
            new = await prompts_repo.open_prompt(tx, 1, PromptKind.WHY, 9, now=NOW)
            assert new > 5
            assert (await prompts_repo.open_of(tx, 1)).kind == "why"  # type: ignore[union-attr]
            assert (await prompts_repo.get(tx, 5)).state == "dropped"  # type: ignore[union-attr]
            indexes = {r[0] for r in await tx.all(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'prompts'")}
            assert "prompts_open" in indexes
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
            for kind in (PromptKind.CORRECT, PromptKind.CORRECT_APPLY):
                await prompts_repo.open_prompt(tx, 1, kind, 9, payload={"game_id": 4}, now=NOW)
            assert (await prompts_repo.open_of(tx, 1)) is None  # 'correct_apply': a button
            assert [r[0] for r in await tx.all("SELECT kind FROM prompts ORDER BY id")] == [
                "why", "correct", "correct_apply"]
            indexes = {r[0] for r in await tx.all(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'prompts'")}
            assert "prompts_open" in indexes
    finally:
        await db.close()


#: Before 0027: Tara (a TD) owes a ruling's reason; Dev has two disputes waiting for their
#: reasons, Cai one with its reason, Ann one ruled, Tara one waiting too.
PEOPLE = [(1, "Tara", AT), (2, "Dev", AT), (3, "Cai", AT), (4, "Ann", AT)]
DISPUTES = [(1, 2, "", "open", AT),  # Dev's two: the newer is answered first
            (2, 2, "", "open", AT),
            (3, 3, "I had 390", "open", AT),  # has its reason
            (4, 4, "", "ruled", AT),  # ruled
            (5, 1, "", "open", AT)]  # Tara owes a ruling's reason already
ADD_PERSON = "INSERT INTO people (id, name, created_at) VALUES (?, ?, ?)"
ADD_DISPUTE = ("INSERT INTO disputes (id, match_id, raised_by, reason, state, raised_at)"
               " VALUES (?, 1, ?, ?, ?, ?)")


async def _check_0027(tx: Tx) -> None:
    """td_prompts became prompts with its rows; each dispute waiting for its reason got its
    player's 'dispute_reason' prompt in the disputes' order, but Tara's (she has an open
    prompt already); a dispute with its reason, or ruled, got none."""
    rows = [tuple(r) for r in await tx.all(
        "SELECT person_id, kind, subject_id, state, expires_at FROM prompts ORDER BY id")]
    assert rows == [(1, "why", 3, "open", None),
                    (2, "dispute_reason", 1, "open", None),
                    (2, "dispute_reason", 2, "open", None)]
    dev = await prompts_repo.open_of(tx, 2, now=NOW)
    assert dev is not None and (dev.kind, dev.subject_id) == (PromptKind.DISPUTE_REASON, 2)


async def test_0027_moves_the_prompts_and_gives_a_waiting_dispute_its_question(
        tmp_path: Path) -> None:
    """migrations/0027_prompts.sql (``_check_0027``), the rows' ids kept."""
    before = tmp_path / "before"
    before.mkdir()
    for f in sorted(MIGRATIONS_DIR.glob("*.sql")):
        if f.name < "0027":
            shutil.copy(f, before / f.name)
    path = tmp_path / "t.sqlite3"
    db = await open_database(path, migrations_dir=before)
    await db.close()
    raw = sqlite3.connect(path)  # foreign keys off: disputes of matches not made here
    with raw:
        raw.executemany(ADD_PERSON, PEOPLE)
        raw.execute("INSERT INTO td_prompts (id, person_id, kind, subject_id, created_at)"
                    " VALUES (8, 1, 'why', 3, ?)", (AT,))
        raw.executemany(ADD_DISPUTE, DISPUTES)
    raw.close()
    db = await open_database(path)
    try:
        async with db.transaction() as tx:
            await _check_0027(tx)
            assert await tx.scalar("SELECT min(id) FROM prompts") == 8
            assert "td_prompts" not in {r[0] for r in await tx.all(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        await db.close()


async def test_0027_on_postgresql(pg_target: str, tmp_path: Path) -> None:
    """migrations/postgresql/0027_prompts.sql does what SQLite's does (``_check_0027``)."""
    before = tmp_path / "before"
    before.mkdir()
    for f in sorted(PG_MIGRATIONS_DIR.iterdir()):
        if f.name.endswith(".sql") and f.name < "0027":
            (before / f.name).write_bytes(f.read_bytes())
    db = await open_database(pg_target, migrations_dir=before)
    try:
        async with db.transaction() as tx:
            # no foreign key checks: disputes of matches not made here
            await tx.execute("SET LOCAL session_replication_role = replica")
            for person in PEOPLE:
                await tx.execute(ADD_PERSON, person)
            await tx.execute("INSERT INTO td_prompts (person_id, kind, subject_id, created_at)"
                             " VALUES (1, 'why', 3, ?)", (AT,))
            for dispute in DISPUTES:
                await tx.execute(ADD_DISPUTE, dispute)
    finally:
        await db.close()
    db = await open_database(pg_target)
    try:
        async with db.transaction() as tx:
            await _check_0027(tx)
    finally:
        await db.close()
