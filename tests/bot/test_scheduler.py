"""The scheduler over the deadline rows (bot/telegram/scheduler.py, bot/service/platform/deadlines.py):
deadlines that cannot fire, arming only what changed, and the sweep's housekeeping.

Rules checked ("Outbox and deadlines"; docs/architecture.md, "Durable time"): a deadline row
is the truth; one that cannot fire (a kind this code does not know, a handler that fails)
is marked 'failed' with a journal entry and shown to the event's TDs, instead of being
retried and logged by every sweep for ever. Only rows due within the horizon (the next
sweep plus a margin) have an alarm: after each update the scheduler arms the near rows
opened since it last looked; at start-up and in every sweep it arms the open rows that
have come near (an index range read), so a far row is armed before it falls due and fires
once.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service.events import readmodels
from bot.service.events.definitions import parse_definition
from bot.service.events.event_setup import create_event
from bot.service.platform import deadlines, journal, outbox
from bot.service.platform.actors import Actor
from bot.store import deadlines_repo
from bot.store.db import Tx
from bot.telegram.harness import BotUnderTest
from bot.telegram.scheduler import HORIZON_MARGIN, SWEEP_INTERVAL

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
            gone = await deadlines_repo.add(
                tx, "round.retired_kind", f"round:{round_id}", bot.clock() + timedelta(hours=1),
                {}, now=bot.clock())
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
            bad = await deadlines_repo.add(tx, BROKEN, f"event:{event_id}",
                                           bot.clock() + timedelta(hours=1), {}, now=bot.clock())
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
        soon = bot.clock() + timedelta(minutes=3)
        async with bot.runtime.db.transaction() as tx:
            first = [await deadlines_repo.add(tx, BROKEN, f"t:{n}", soon, {}, now=bot.clock())
                     for n in range(3)]
            far = await deadlines_repo.add(tx, BROKEN, "t:far", bot.clock() + timedelta(days=9), {},
                                           now=bot.clock())
        assert await scheduler.sync() == 3  # the near ones at once; the far one waits

        async def no_full_scan(tx: Tx, until: datetime) -> list[tuple[int, datetime]]:
            raise AssertionError("sync read the open deadlines by due time")

        monkeypatch.setattr(deadlines_repo, "open_due_by", no_full_scan)
        async with bot.runtime.db.transaction() as tx:
            later = await deadlines_repo.add(tx, BROKEN, "t:9", soon, {}, now=bot.clock())
        assert await scheduler.sync() == 1
        assert await scheduler.sync() == 0
        assert scheduler.armed == frozenset([*first, later])
        monkeypatch.undo()
        # a restart re-arms the open rows within the horizon (reconcile at start-up), and a
        # cancelled row is disarmed by the next reconcile
        await bot.restart()
        assert bot.runtime.scheduler.armed == frozenset([*first, later])
        assert far not in bot.runtime.scheduler.armed
        async with bot.runtime.db.transaction() as tx:
            await deadlines.cancel_deadlines(tx, "t:9", bot.clock())
        await bot.runtime.scheduler.reconcile()
        assert bot.runtime.scheduler.armed == frozenset(first)


PING = "test.horizon_ping"


@deadlines.handler(PING)
async def _ping(tx: Tx, d: deadlines.Deadline, now: datetime) -> bool:
    """Tells the chat in its payload that it fired (once per row: the outbox dedupes)."""
    await outbox.enqueue(tx, chat_id=d.payload["chat"], text_html=f"ping {d.id}", now=now,
                         dedupe_key=f"ping:{d.id}")
    return True


async def _open_ping(bot: BotUnderTest, chat: int, due_in: timedelta) -> int:
    async with bot.runtime.db.transaction() as tx:
        return await deadlines_repo.add(tx, PING, f"ping:{chat}", bot.clock() + due_in,
                                        {"chat": chat}, now=bot.clock())


async def test_a_far_deadline_is_armed_by_the_sweep_when_near_and_its_alarm_fires_it_once(
    tmp_path: Path,
) -> None:
    """Only rows due within the horizon (the next sweep plus a margin) have an alarm: a row
    due in two days is not armed at start-up; the sweep before it falls due arms it, and
    that alarm (not a later sweep) fires it, once."""
    bot = BotUnderTest(tmp_path / "db.sqlite3")
    await bot.start()
    try:
        ann = bot.telegram.add_user("Ann")
        bot.telegram.chat_of(ann)
        far = await _open_ping(bot, ann.id, timedelta(days=2))
        await bot.restart()
        scheduler = bot.runtime.scheduler
        assert scheduler.horizon == SWEEP_INTERVAL + HORIZON_MARGIN
        assert scheduler.armed == frozenset()
        await bot.advance(timedelta(days=2) - scheduler.horizon - timedelta(seconds=1))
        assert scheduler.armed == frozenset()  # just beyond the horizon
        await bot.advance(scheduler.horizon - timedelta(seconds=29))  # 30 s before it is due
        assert scheduler.armed == {far}
        assert bot.telegram.sent(ann) == []
        # Its alarm is set for when it falls due (30 s of the real clock's time from the
        # arming); the clock passes that time with no sweep and the alarm rings: it fires.
        (alarm,) = [j for j in bot.app.job_queue.jobs() if j.name == f"deadline:{far}"]
        assert alarm.next_t is not None
        assert 20 < (alarm.next_t - datetime.now(UTC)).total_seconds() <= 30
        bot.clock.advance(timedelta(seconds=31))
        await alarm.run(bot.app)
        await bot.settle()
        assert len(bot.telegram.sent(ann)) == 1
        assert far not in scheduler.armed
        await bot.advance(timedelta(days=1))
        await bot.restart()
        await bot.advance(timedelta(days=1))
        assert [m.text for m in bot.telegram.sent(ann)] == [f"ping {far}"]
        async with bot.runtime.db.transaction() as tx:
            row = await deadlines.get_deadline(tx, far)
        assert row is not None and row.state == "fired"
    finally:
        await bot.stop()


async def test_a_near_deadline_opened_while_running_is_armed_at_once(tmp_path: Path) -> None:
    """A row opened by an update and due within the horizon is armed by the sync after
    that update's commit, not left for the next sweep."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        ann = bot.telegram.add_user("Ann")
        bot.telegram.chat_of(ann)
        near = await _open_ping(bot, ann.id, timedelta(seconds=1))
        far = await _open_ping(bot, ann.id, timedelta(hours=1))
        await bot.runtime.scheduler.sync()
        assert bot.runtime.scheduler.armed == {near}
        bot.clock.advance(timedelta(seconds=2))  # no sweep: the alarm, set for 1 s, alone
        await bot.telegram.wait_until(lambda: len(bot.telegram.sent(ann)) == 1,
                                      what="the alarm armed at once to fire the row")
        assert [m.text for m in bot.telegram.sent(ann)] == [f"ping {near}"]
        async with bot.runtime.db.transaction() as tx:
            row = await deadlines.get_deadline(tx, far)
        assert row is not None and row.state == "open"
