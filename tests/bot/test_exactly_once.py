"""Exactly once where it can break: a crash between an effect and its commit.

docs/operator-guide.md, "What survives a crash". The restart tests (test_restart.py) stop
the bot cleanly; here the bot dies at the worst moment instead, inside the transaction that
records the effect, after its last statement and before COMMIT, and then Telegram re-sends
what was not confirmed:

- an update's claim (``processed_updates``) commits with its effect (``bot/service/platform/unit.py``),
  so the crash leaves neither, and the re-sent update is applied once; and Telegram still
  holds an update while its transaction is open (``bot/telegram/update_queue.py``), so that
  it can send it again;
- a deadline's effect commits with its ``fired`` state (``deadlines.fire_due``), so the crash
  leaves neither, and the deadline fires once after the restart;
- the outbox rows commit with the change (a crash leaves neither); a crash after Telegram
  answered and before ``mark_sent`` commits sends that message once more, and only that one;
- a deadline due while the bot was down fires right after start-up, once; a clock that
  jumps an hour forward or back neither loses nor doubles a deadline (and an alarm set
  before the clock went back is taken down until its row is near again); a restored backup
  arms its open deadlines again (those near; the sweep arms the rest as they come near)
  and sends its queued messages.

The crash is injected by wrapping ``Database.transaction`` (the one place every use-case
commits through): when the transaction about to commit holds the chosen mark (an update's
claim, a deadline's state, an outbox row marked sent), it raises instead of committing, and
the transaction rolls back, as SQLite's WAL does for a process killed before COMMIT.
The same tests were run against a claim (or a fired state) recorded in a transaction of its
own after the effect: they fail, the crash leaving the effect without its claim (or state),
and the re-sent update applied a second time.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service.platform import deadlines, outbox
from bot.store import deadlines_repo
from bot.store.db import Database, Tx
from bot.telegram.clock import SimClock
from bot.telegram.harness import DEFAULT_START, BotUnderTest
from tests.bot.club_chat import club_cup_bot, user


class Crash(Exception):
    """The process died here (raised instead of COMMIT in a use-case's transaction)."""


class Death(BaseException):
    """The process died here, where an ``except Exception`` must not see it (the deadline
    use-case marks a failing handler 'failed'; the sender retries a failed delivery)."""


Mark = Callable[[Tx], Awaitable[bool]]


class CrashOnce:
    """Makes the first transaction (a use-case's, or bookkeeping's: the sender records a
    message sent there) for which ``mark(tx)`` holds die before its COMMIT."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, error: type[BaseException]) -> None:
        self.mark: Mark | None = None
        self.crashed = 0
        self._error = error
        for name in ("transaction", "bookkeeping"):
            monkeypatch.setattr(Database, name, self._dying(getattr(Database, name)))

    def _dying(self, original: Callable[[Database], Any]) -> Callable[[Database], Any]:
        @asynccontextmanager
        async def transaction(db: Database) -> AsyncIterator[Tx]:
            async with original(db) as tx:
                yield tx
                if self.mark is not None and await self.mark(tx):
                    self.mark = None
                    self.crashed += 1
                    raise self._error("killed before COMMIT")
        return transaction

    def when(self, mark: Mark) -> None:
        self.mark = mark


def claim_of(update_id: int) -> Mark:
    async def holds(tx: Tx) -> bool:
        return bool(await tx.scalar("SELECT 1 FROM processed_updates WHERE update_id = ?",
                                    (update_id,)))
    return holds


def closed_state_of(deadline_id: int) -> Mark:
    async def holds(tx: Tx) -> bool:
        return await tx.scalar("SELECT state FROM deadlines WHERE id = ?",
                               (deadline_id,)) != "open"
    return holds


def sent_state_of(row_text: str) -> Mark:
    async def holds(tx: Tx) -> bool:
        return bool(await tx.scalar(
            "SELECT 1 FROM outbox WHERE state = 'sent' AND text_html LIKE ? AND sent_at IS NOT NULL"
            " AND id = (SELECT max(id) FROM outbox WHERE text_html LIKE ?)",
            (f"%{row_text}%", f"%{row_text}%")))
    return holds


async def counts(bot: BotUnderTest) -> dict[str, int]:
    """What a report changes: games, slips, agreed slips, journal entries, outbox rows."""
    async with bot.runtime.db.transaction() as tx:
        found = {
            "games": await tx.scalar("SELECT count(*) FROM games"),
            "slips": await tx.scalar("SELECT count(*) FROM slips WHERE state <> 'cancelled'"),
            "agreed": await tx.scalar("SELECT count(*) FROM slips WHERE state = 'agreed'"),
            "journal": await tx.scalar("SELECT count(*) FROM journal"),
            "outbox": await tx.scalar("SELECT count(*) FROM outbox"),
            "claims": await tx.scalar("SELECT count(*) FROM processed_updates"),
        }
    return {k: int(v) for k, v in found.items()}


def texts_to(bot: BotUnderTest, name: str) -> list[str]:
    return [m.text or "" for m in bot.telegram.sent(user(bot, name))]


def count_with(texts: list[str], part: str) -> int:
    return sum(part in t for t in texts)


# The report of game 1, step by step: who acts, and how (a message or a tap).
STEPS: list[tuple[str, str, str]] = [
    ("Ann Lee", "say", "412-380"),
    ("Ann Lee", "tap", "I started"),
    ("Ann Lee", "tap", "✅ Confirm"),
    ("Dev Rao", "tap", "Agree"),
]


async def act(bot: BotUnderTest, name: str, how: str, what: str) -> int:
    """Do one step; return the id of the update it made."""
    if how == "say":
        bot.telegram.user_sends(user(bot, name), what)
    else:
        bot.telegram.tap_label(user(bot, name), what)
    return bot.telegram.world.last_update_id


async def play(tmp_path: Path, crash: CrashOnce | None, crash_at: int | None,
               db: Path | str | None = None) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Play STEPS; at step ``crash_at`` the bot dies before the update's COMMIT, comes back,
    and Telegram re-sends the update. Returns the database's counts and what each person
    read (the crash's apology, a direct message, left out). On ``db`` if given, else on
    a SQLite file in ``tmp_path``."""
    async with club_cup_bot(tmp_path, db=db) as bot:
        apologies = 0
        for n, (name, how, what) in enumerate(STEPS):
            before = await counts(bot)
            if n == crash_at:
                assert crash is not None
                sent_before = len(bot.telegram.sent())
                update_id = bot.telegram.world.last_update_id + 1
                crash.when(claim_of(update_id))
                assert await act(bot, name, how, what) == update_id
                await bot.settle()
                assert crash.crashed == 1
                # Neither the effect, nor its claim, nor its messages: only the apology.
                assert await counts(bot) == before
                apology = [m.text for m in bot.telegram.sent()[sent_before:]]
                assert len(apology) == 1 and "nothing was changed" in (apology[0] or "")
                apologies += 1
                await bot.restart()  # the process comes back ...
                bot.telegram.redeliver(update_id)  # ... and Telegram re-sends the update
            else:
                await act(bot, name, how, what)
            await bot.settle()
            assert (await counts(bot))["claims"] == before["claims"] + 1
        # Every later re-send of any step is refused by its claim.
        for update_id in list(bot.telegram.world.history)[-len(STEPS):]:
            bot.telegram.redeliver(update_id)
        await bot.settle()
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM outbox WHERE state <> 'sent'") == 0
            rows = await tx.scalar("SELECT count(*) FROM outbox WHERE edit_of IS NULL")
        # Each outbox row reached Telegram once (and the apology went directly).
        assert len(bot.telegram.sent()) == rows + apologies
        read = {name: [t for t in texts_to(bot, name) if "nothing was changed" not in t]
                for name in ("Ann Lee", "Dev Rao", "Tara TD")}
        return await counts(bot), read


_UNCRASHED: list[tuple[dict[str, int], dict[str, list[str]]]] = []


@pytest.mark.parametrize("crash_at", range(len(STEPS)), ids=[s[2] for s in STEPS])
async def test_an_update_killed_before_its_commit_is_applied_once_when_resent(
    tmp_path: Path, db_target: Path | str, monkeypatch: pytest.MonkeyPatch, crash_at: int
) -> None:
    """The bot dies after the use-case's last statement and before COMMIT; Telegram re-sends
    the update (it was never answered). Before the re-send nothing of it is in the database
    or the outbox; after it, the database and every chat are exactly as in a season that
    never crashed: every effect once, every message once."""
    if not _UNCRASHED:
        (tmp_path / "uncrashed").mkdir()
        _UNCRASHED.append(await play(tmp_path / "uncrashed", None, None))
    counted, read = await play(tmp_path, CrashOnce(monkeypatch, Crash), crash_at, db_target)
    expected_counts, expected_read = _UNCRASHED[0]
    assert (counted["games"], counted["slips"], counted["agreed"]) == (1, 1, 1)
    assert counted == expected_counts
    assert read == expected_read
    assert count_with(read["Ann Lee"], "your result slip is in") == 1
    assert count_with(read["Dev Rao"], "Ann Lee reported a result") == 1


async def test_telegram_keeps_an_update_until_the_bot_has_applied_it(
    tmp_path: Path, db_target: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Telegram forgets an update once the bot confirms it (the next getUpdates offset).
    While the update's transaction is still open, Telegram must still hold it, so that a
    bot killed at that moment gets it again (bot/telegram/update_queue.py); it is confirmed
    once applied."""
    held = asyncio.Event()
    release = asyncio.Event()
    original = Database.transaction

    @asynccontextmanager
    async def transaction(db: Database) -> AsyncIterator[Tx]:
        async with original(db) as tx:
            yield tx
            if await tx.scalar("SELECT count(*) FROM processed_updates") and not release.is_set():
                held.set()
                await release.wait()  # the effect is written, the COMMIT not yet

    async with club_cup_bot(tmp_path, db=db_target) as bot:
        monkeypatch.setattr(Database, "transaction", transaction)
        bot.telegram.user_sends(user(bot, "Ann Lee"), "412-380")
        try:
            await asyncio.wait_for(held.wait(), 10)
            await asyncio.sleep(0.3)  # PTB's own poller confirms at its next poll, at once
            assert bot.telegram.pending_updates() == 1  # not confirmed: a kill loses nothing
        finally:
            release.set()
        await bot.settle()
        assert bot.telegram.pending_updates() == 0
        assert "Who started?" in (bot.telegram.last_sent(user(bot, "Ann Lee")).text or "")


# --- deadlines ---------------------------------------------------------------------------

COUNTED = "test.counted"


@deadlines.handler(COUNTED)
async def _counted(tx: Tx, d: deadlines.Deadline, now: datetime) -> bool:
    """A test deadline kind whose effect is not idempotent: a message with no dedupe key,
    so a second firing would send a second one."""
    await outbox.enqueue(tx, chat_id=d.payload["chat"], text_html=f"counted {d.id}", now=now)
    return True


async def open_counted(bot: BotUnderTest, chat: int, due_in: timedelta) -> int:
    async with bot.runtime.db.transaction() as tx:
        deadline_id = await deadlines_repo.add(
            tx, COUNTED, f"test:{chat}", bot.clock() + due_in, {"chat": chat}, now=bot.clock())
    await bot.runtime.scheduler.sync()
    return deadline_id


async def deadline_state(bot: BotUnderTest, deadline_id: int) -> tuple[str, int]:
    """The row's state and how many times the journal says it fired."""
    async with bot.runtime.db.transaction() as tx:
        state = await tx.scalar("SELECT state FROM deadlines WHERE id = ?", (deadline_id,))
        field = ("CAST(CAST(detail_json AS jsonb) ->> 'deadline_id' AS INTEGER)" if tx.postgres
                 else "json_extract(detail_json, '$.deadline_id')")
        fired = await tx.scalar(
            f"SELECT count(*) FROM journal WHERE action = 'deadline.fired' AND {field} = ?",
            (deadline_id,))
    return str(state), int(fired)


async def test_a_deadline_killed_before_its_commit_leaves_neither_and_fires_once_after_restart(
    tmp_path: Path, db_target: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    crash = CrashOnce(monkeypatch, Death)
    async with BotUnderTest(db_target) as bot:
        ann = bot.telegram.add_user("Ann")
        bot.telegram.chat_of(ann)
        deadline_id = await open_counted(bot, ann.id, timedelta(hours=1))
        crash.when(closed_state_of(deadline_id))
        bot.clock.advance(timedelta(hours=2))
        with pytest.raises(Death):
            await bot.runtime.scheduler.sweep()
        # Neither the effect (its message) nor the fired state.
        assert await deadline_state(bot, deadline_id) == ("open", 0)
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM outbox") == 0
        await bot.restart()
        # At start-up the open row is armed again; overdue, it fires at once.
        await bot.telegram.wait_until(lambda: len(bot.telegram.sent(ann)) == 1,
                                      what="the deadline to fire after the restart")
        await bot.advance(timedelta(days=1))
        await bot.restart()
        await bot.advance(timedelta(days=1))
        assert [m.text for m in bot.telegram.sent(ann)] == [f"counted {deadline_id}"]
        assert await deadline_state(bot, deadline_id) == ("fired", 1)


async def test_a_slip_window_killed_before_its_commit_finalises_the_slip_once(
    tmp_path: Path, db_target: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real kind: a slip's window (SSSg para 24) closes while the bot dies before the
    COMMIT: the slip is still pending and the row open; after the restart the slip is final
    once, and the opponent's copy says so once."""
    crash = CrashOnce(monkeypatch, Death)
    async with club_cup_bot(tmp_path, db=db_target) as bot:
        for name, how, what in STEPS[:3]:  # Ann reports game 1; Dev neither agrees nor disputes
            await act(bot, name, how, what)
            await bot.settle()
        async with bot.runtime.db.transaction() as tx:
            (window,) = [d.id for d in await deadlines.open_deadlines(tx)
                         if d.kind == "slip.window"]
        crash.when(closed_state_of(window))
        bot.clock.advance(timedelta(hours=25))
        with pytest.raises(Death):
            await bot.runtime.scheduler.sweep()
        assert crash.crashed == 1
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT state FROM slips") == "pending"
        assert (await deadline_state(bot, window))[0] == "open"
        await bot.restart()
        await bot.runtime.scheduler.sweep()  # whatever the start-up alarms have not fired yet
        await bot.settle()
        await bot.advance(timedelta(days=2))
        assert await deadline_state(bot, window) == ("fired", 1)
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT state FROM slips") == "final"
            assert await tx.scalar("SELECT count(*) FROM journal WHERE action = 'slip.final'") == 1
            edits = await tx.scalar("SELECT count(*) FROM outbox WHERE edit_of IS NOT NULL"
                                    " AND text_html LIKE '%Final since%'")
        assert edits == 1
        assert "✅ Final since" in (bot.telegram.last_sent(user(bot, "Dev Rao")).text or "")


# --- the outbox --------------------------------------------------------------------------


async def test_a_kill_between_telegrams_answer_and_mark_sent_sends_that_message_twice_only(
    tmp_path: Path, db_target: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Telegram delivered Dev's copy of the slip, then the bot died before ``mark_sent``
    committed: after the restart that row goes again (at-least-once: Telegram's answer is
    the only proof of delivery, and it died with the process). Exactly one message is
    doubled, that one; every other message arrives once."""
    crash = CrashOnce(monkeypatch, Death)
    async with club_cup_bot(tmp_path, db=db_target) as bot:
        for name, how, what in STEPS[:2]:
            await act(bot, name, how, what)
            await bot.settle()
        crash.when(sent_state_of("reported a result"))
        await act(bot, *STEPS[2])
        await bot.telegram.wait_until(lambda: crash.crashed == 1,
                                      what="the sender to die recording Dev's copy")
        await bot.restart()
        await bot.settle()
        texts = [m.text or "" for m in bot.telegram.sent()]
        doubled = {t: texts.count(t) for t in texts if texts.count(t) > 1}
        assert list(doubled.values()) == [2]
        (copy,) = doubled
        assert "Ann Lee reported a result" in copy
        assert sum(doubled.values()) - len(doubled) == 1  # one duplicate delivered, counted
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM outbox WHERE state <> 'sent'") == 0
            rows = await tx.scalar("SELECT count(*) FROM outbox WHERE edit_of IS NULL")
        assert len(texts) == rows + 1
        await act(bot, *STEPS[3])  # Dev agrees on the copy sent again
        await bot.settle()
        assert count_with(texts_to(bot, "Ann Lee"), "Dev Rao agreed") == 1


# --- time --------------------------------------------------------------------------------


class JumpyClock(SimClock):
    """A simulated wall clock that can also be set back, as NTP or a person may set one."""

    def __init__(self, start: datetime) -> None:
        super().__init__(start)
        self.offset = timedelta(0)

    def __call__(self) -> datetime:
        return super().__call__() + self.offset

    def jump(self, delta: timedelta) -> None:
        self.offset += delta


async def test_a_deadline_due_while_the_bot_was_down_fires_at_start_up_once(
    tmp_path: Path, db_target: Path | str,
) -> None:
    bot = BotUnderTest(db_target)
    await bot.start()
    try:
        ann = bot.telegram.add_user("Ann")
        bot.telegram.chat_of(ann)
        due = await open_counted(bot, ann.id, timedelta(hours=1))
        await bot.stop()
        bot.clock.advance(timedelta(hours=3))  # down while it falls due
        await bot.start()
        # No sweep and no clock move: start-up arming alone fires it.
        await bot.telegram.wait_until(lambda: len(bot.telegram.sent(ann)) == 1,
                                      what="the overdue deadline to fire at start-up")
        for _ in range(2):
            await bot.advance(timedelta(minutes=1))
            await bot.restart()
        await bot.runtime.scheduler.sweep()
        await bot.settle()
        assert [m.text for m in bot.telegram.sent(ann)] == [f"counted {due}"]
        assert await deadline_state(bot, due) == ("fired", 1)
    finally:
        await bot.stop()


async def test_a_clock_jumping_an_hour_forward_or_back_neither_loses_nor_doubles(
    tmp_path: Path, db_target: Path | str,
) -> None:
    clock = JumpyClock(DEFAULT_START)
    bot = BotUnderTest(db_target, clock=clock)
    await bot.start()
    try:
        ann = bot.telegram.add_user("Ann")
        bot.telegram.chat_of(ann)
        a = await open_counted(bot, ann.id, timedelta(minutes=30))
        e = await open_counted(bot, ann.id, timedelta(minutes=63))
        b = await open_counted(bot, ann.id, timedelta(minutes=90))
        c = await open_counted(bot, ann.id, timedelta(hours=3))
        horizon = bot.runtime.scheduler.horizon
        assert horizon < timedelta(minutes=30)  # none of them is near at the start

        def read() -> list[str]:
            return [m.text or "" for m in bot.telegram.sent(ann)]

        clock.jump(timedelta(hours=1))  # T+60m: a's time has passed, e is near
        await bot.advance(timedelta(0))
        assert read() == [f"counted {a}"]
        assert bot.runtime.scheduler.armed == {e}  # b and c are beyond the horizon
        clock.jump(timedelta(hours=-1))  # back to T: a was fired, and stays fired
        assert await bot.advance(timedelta(0)) == 0
        # e is an hour away again: its alarm (set for 3 minutes) is taken down, not left to
        # ring early; it is armed again when it comes near.
        assert bot.runtime.scheduler.armed == frozenset()
        await bot.advance(timedelta(minutes=60))  # T+60m
        assert bot.runtime.scheduler.armed == {e}
        await bot.advance(timedelta(minutes=40))  # T+100m: e's and b's time
        assert read() == [f"counted {a}", f"counted {e}", f"counted {b}"]
        clock.jump(timedelta(hours=-1))  # T+40m, and a restart while the clock is behind
        await bot.restart()
        assert bot.runtime.scheduler.armed == frozenset()  # c is 140 minutes away
        assert await bot.advance(timedelta(hours=2)) == 0  # T+160m: nothing due yet
        assert bot.runtime.scheduler.armed == frozenset()
        assert await bot.advance(timedelta(minutes=18)) == 0  # T+178m: c is near
        assert bot.runtime.scheduler.armed == {c}
        assert await bot.advance(timedelta(minutes=42)) == 1  # T+220m: c
        assert await bot.advance(timedelta(days=1)) == 0
        assert read() == [f"counted {a}", f"counted {e}", f"counted {b}", f"counted {c}"]
        for deadline_id in (a, e, b, c):
            assert await deadline_state(bot, deadline_id) == ("fired", 1)
    finally:
        await bot.stop()


async def test_a_restored_backup_rearms_its_deadlines_and_sends_its_queued_messages(
    tmp_path: Path,
) -> None:
    """docs/operator-guide.md, "Backup and restore": the bot started on a backup arms every
    deadline open in it (those due by then fire at once, once) and sends the messages queued
    in it."""
    bot = BotUnderTest(tmp_path / "db.sqlite3")
    await bot.start()
    try:
        ann = bot.telegram.add_user("Ann")
        bot.telegram.chat_of(ann)
        soon = await open_counted(bot, ann.id, timedelta(hours=1))
        later = await open_counted(bot, ann.id, timedelta(days=2))
        async with bot.runtime.db.transaction() as tx:
            await outbox.enqueue(tx, chat_id=ann.id, text_html="queued in the backup",
                                 now=bot.clock(), due_at=bot.clock() + timedelta(minutes=30))
        await bot.runtime.db.backup(tmp_path / "backup.sqlite3")
        await bot.stop()
        (tmp_path / "backup.sqlite3").rename(tmp_path / "restored.sqlite3")
        bot.db_path = tmp_path / "restored.sqlite3"
        bot.clock.advance(timedelta(hours=3))  # the restore took a while: `soon` is overdue
        await bot.start()
        await bot.telegram.wait_until(lambda: len(bot.telegram.sent(ann)) == 2,
                                      what="the queued message and the overdue deadline")
        # `later` is two days away: beyond the arming horizon, the sweep arms it when near.
        assert bot.runtime.scheduler.armed == frozenset()
        await bot.advance(timedelta(days=2) - timedelta(hours=3, minutes=2))
        assert bot.runtime.scheduler.armed == {later}
        await bot.advance(timedelta(minutes=2))
        assert sorted(m.text or "" for m in bot.telegram.sent(ann)) == sorted(
            [f"counted {later}", f"counted {soon}", "queued in the backup"])
        assert await deadline_state(bot, soon) == ("fired", 1)
    finally:
        await bot.stop()
