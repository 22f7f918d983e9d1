"""The scheduler over the deadline rows (bot/telegram/scheduler.py, bot/service/deadlines.py):
deadlines that cannot fire, arming only what changed, and the sweep's housekeeping.

Rules checked (issue 3, "Outbox and deadlines"; design.md, "Durable time"): a deadline row
is the truth; one that cannot fire (a kind this code does not know, a handler that fails)
is marked 'failed' with a journal entry and shown to the event's TDs, instead of being
retried and logged by every sweep for ever. After each update the scheduler arms only the
rows opened since it last looked; at start-up and in every sweep it reconciles them all,
so a restart still re-arms every open row.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot.service import deadlines, journal, readmodels
from bot.service.actors import Actor
from bot.service.definitions import parse_definition
from bot.service.event_setup import create_event
from bot.store import deadlines_repo
from bot.store.db import Tx
from bot.telegram.harness import BotUnderTest

BROKEN = "test.broken"
DEFINITION = """
[event]
slug = "dl"
name = "Deadline <Cup>"
format = "single"

[[tds]]
name = "Tara TD"
telegram_id = 7001
"""


@deadlines.handler(BROKEN)
async def _broken(tx: Tx, d: deadlines.Deadline, now: datetime) -> bool:
    raise ZeroDivisionError("a handler bug")


async def _event_with_round(tx: Tx, now: datetime) -> tuple[int, int]:
    created = await create_event(tx, parse_definition(DEFINITION), by=Actor.cli(), now=now)
    round_id = await tx.insert(
        "INSERT INTO rounds (event_id, code, name, seq, best_of) VALUES (?, 'r1', 'Round 1', 1, 5)",
        (created.event_id,),
    )
    return created.event_id, round_id


async def test_an_unknown_kind_is_marked_failed_journalled_and_shown_to_tds(
    tmp_path: Path,
) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        tg = bot.telegram
        tara = tg.add_user("Tara", user_id=7001)
        async with bot.runtime.db.transaction() as tx:
            _event_id, round_id = await _event_with_round(tx, bot.clock())
            gone = await deadlines.open_deadline(
                tx, "round.retired_kind", f"round:{round_id}", bot.clock() + timedelta(hours=1),
                now=bot.clock())
        assert await bot.advance(timedelta(hours=2)) == 0
        async with bot.runtime.db.transaction() as tx:
            row = await deadlines.get_deadline(tx, gone)
            assert row is not None and row.state == "failed"
            entries = await journal.entries_for(tx, f"round:{round_id}")
            failed = [e for e in entries if e["action"] == "deadline.failed"]
            assert len(failed) == 1 and "no deadline kind 'round.retired_kind'" in failed[0]["why"]
        # later sweeps leave it alone: no second journal entry
        await bot.advance(timedelta(minutes=5))
        async with bot.runtime.db.transaction() as tx:
            entries = await journal.entries_for(tx, f"round:{round_id}")
            assert [e["action"] for e in entries].count("deadline.failed") == 1
        tg.user_sends(tara, "/pending")
        await bot.settle()
        report = tg.last_sent(tara).text or ""
        assert "Deadlines that could not fire" in report
        assert f"round.retired_kind for round:{round_id}" in report


async def test_a_handler_that_raises_is_marked_failed_once(tmp_path: Path) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        async with bot.runtime.db.transaction() as tx:
            event_id, _round_id = await _event_with_round(tx, bot.clock())
            bad = await deadlines.open_deadline(tx, BROKEN, f"event:{event_id}",
                                                bot.clock() + timedelta(hours=1), now=bot.clock())
        await bot.advance(timedelta(hours=2))
        await bot.advance(timedelta(hours=2))
        async with bot.runtime.db.transaction() as tx:
            row = await deadlines.get_deadline(tx, bad)
            assert row is not None and row.state == "failed"
            inbox = await readmodels.td_inbox(tx, event_id)
            assert [(f.id, f.error) for f in inbox.failed_deadlines] == [
                (bad, "ZeroDivisionError: a handler bug")]
            # other events' TDs do not see it
            assert await deadlines.failed_deadlines(tx, event_id + 1) == []  # another event's


async def test_sync_arms_only_what_was_opened_since_it_last_looked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        scheduler = bot.runtime.scheduler
        async with bot.runtime.db.transaction() as tx:
            first = [await deadlines.open_deadline(tx, BROKEN, f"t:{n}", bot.clock() + timedelta(days=9),
                                                   now=bot.clock()) for n in range(3)]
        assert await scheduler.sync() == 3

        async def no_full_scan(tx: Tx) -> list[deadlines.Deadline]:
            raise AssertionError("sync read every open deadline")

        monkeypatch.setattr(deadlines_repo, "open_all", no_full_scan)
        async with bot.runtime.db.transaction() as tx:
            later = await deadlines.open_deadline(tx, BROKEN, "t:9", bot.clock() + timedelta(days=9),
                                                  now=bot.clock())
        assert await scheduler.sync() == 1
        assert await scheduler.sync() == 0
        assert scheduler.armed == frozenset([*first, later])
        monkeypatch.undo()
        # a restart re-arms every open row (reconcile at start-up), and a cancelled row is
        # disarmed by the next reconcile
        await bot.restart()
        assert bot.runtime.scheduler.armed == frozenset([*first, later])
        async with bot.runtime.db.transaction() as tx:
            await deadlines.cancel_deadlines(tx, "t:9", bot.clock())
        await bot.runtime.scheduler.reconcile()
        assert bot.runtime.scheduler.armed == frozenset(first)


async def test_the_sweep_forgets_update_ids_older_than_a_week(tmp_path: Path) -> None:
    """Telegram re-sends an update for at most 24 hours; a week-old claim is dead weight."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        ann = bot.telegram.add_user("Ann")
        bot.telegram.user_sends(ann, "hello")
        await bot.settle()
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM processed_updates") == 1
        await bot.advance(timedelta(days=6))
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM processed_updates") == 1
        await bot.advance(timedelta(days=2))
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM processed_updates") == 0
