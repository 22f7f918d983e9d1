"""migrations/0005_payments_before_draw.sql: a payment names its round by code, so a fee
paid before the draw counts once the round exists (SSSg para 26); payments recorded
before the migration keep their round."""

from __future__ import annotations

import shutil
from pathlib import Path

from bot.store.db import open_database
from bot.store.migrations import MIGRATIONS_DIR

AT = "2016-08-01T00:00:00+00:00"


async def test_payments_recorded_before_the_migration_keep_their_round(tmp_path: Path) -> None:
    before = tmp_path / "before"
    before.mkdir()
    for f in sorted(MIGRATIONS_DIR.glob("*.sql")):
        if f.name < "0005":
            shutil.copy(f, before / f.name)
    path = tmp_path / "t.sqlite3"
    db = await open_database(path, migrations_dir=before)
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO people (id, name, created_at) VALUES (1, 'Ann', ?)", (AT,))
        await tx.execute("INSERT INTO events (id, slug, name, format, time_zone, currency,"
                         " rules_json, created_at) VALUES (1, 'e', 'E', 'single', 'UTC', 'SGD',"
                         " '{}', ?)", (AT,))
        await tx.execute("INSERT INTO entries (id, event_id, person_id, created_at)"
                         " VALUES (1, 1, 1, ?)", (AT,))
        await tx.execute("INSERT INTO rounds (id, event_id, code, name, seq, best_of, fee)"
                         " VALUES (7, 1, 'qual-rd', 'Qual Rd', 1, 9, 1500)")
        await tx.execute("INSERT INTO payments (event_id, entry_id, round_id, amount, currency,"
                         " recorded_by, paid_at) VALUES (1, 1, 7, 1500, 'SGD', 'cli', ?)", (AT,))
    await db.close()
    db = await open_database(path)
    try:
        async with db.transaction() as tx:
            row = await tx.one("SELECT entry_id, round_code, amount FROM payments")
            assert tuple(row) == (1, "qual-rd", 1500)
    finally:
        await db.close()
