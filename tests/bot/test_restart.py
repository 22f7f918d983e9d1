"""A restart in the middle: deadlines re-armed, pending updates applied, re-sent ones once.

Rules checked (docs/architecture.md, "Durable time", "Nothing lost, nothing doubled"): at start-up
the open deadline rows due within the arming horizon are armed again and overdue ones fire
at once, the sweep arming the others as they come near; a periodic sweep fires what an
alarm missed; a deadline acts only if still open (compare-and-set);
updates sent while the bot was down are applied (never drop_pending_updates); an update
Telegram re-sends is applied at most once (claim_update in the same transaction).
"""

from __future__ import annotations

import copy
from datetime import datetime, timedelta
from pathlib import Path

from bot.service.platform import deadlines, outbox
from bot.store import deadlines_repo
from bot.store.db import Tx, open_database
from bot.telegram.harness import BotUnderTest

PING = "test.ping"


@deadlines.handler(PING)
async def _ping(tx: Tx, d: deadlines.Deadline, now: datetime) -> bool:
    """A test deadline kind: tells the chat in its payload that it fired."""
    await outbox.enqueue(tx, chat_id=d.payload["chat"], text_html=f"ping {d.payload['n']}",
                         now=now, dedupe_key=f"ping:{d.id}")
    return True


async def open_ping(bot: BotUnderTest, chat: int, n: int, due_in: timedelta) -> int:
    async with bot.runtime.db.transaction() as tx:
        return await deadlines_repo.add(tx, PING, f"test:{n}", bot.clock() + due_in,
                                        {"chat": chat, "n": n}, now=bot.clock())


def pings(bot: BotUnderTest, user) -> list[str]:  # type: ignore[no-untyped-def]
    return [m.text or "" for m in bot.telegram.sent(user) if (m.text or "").startswith("ping")]


async def test_deadlines_fire_by_sweep_on_the_simulated_clock(tmp_path: Path) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        ann = bot.telegram.add_user("Ann")
        bot.telegram.chat_of(ann)
        first = await open_ping(bot, ann.id, 1, timedelta(days=3))
        await open_ping(bot, ann.id, 2, timedelta(days=6))
        await bot.runtime.scheduler.sync()
        assert bot.runtime.scheduler.armed == frozenset()  # days away: beyond the horizon
        assert await bot.advance(timedelta(days=3) - timedelta(seconds=1)) == 0
        assert pings(bot, ann) == []
        assert bot.runtime.scheduler.armed == {first}  # near now: the sweep armed it
        assert await bot.advance(timedelta(seconds=1)) == 1
        assert pings(bot, ann) == ["ping 1"]
        assert first not in bot.runtime.scheduler.armed
        assert await bot.advance(timedelta(days=3)) == 1
        assert await bot.advance(timedelta(days=30)) == 0  # nothing fires twice
        assert pings(bot, ann) == ["ping 1", "ping 2"]


async def test_restart_rearms_open_deadlines_and_fires_overdue_ones_at_once(
    tmp_path: Path,
) -> None:
    bot = BotUnderTest(tmp_path / "db.sqlite3")
    await bot.start()
    try:
        ann = bot.telegram.add_user("Ann")
        bot.telegram.chat_of(ann)
        await open_ping(bot, ann.id, 1, timedelta(hours=1))
        later = await open_ping(bot, ann.id, 2, timedelta(hours=5))
        await bot.stop()
        bot.clock.advance(timedelta(hours=2))  # the bot is down while the first falls due
        await bot.start()
        # No sweep, no clock move: the start-up arming alone fires the overdue row.
        await bot.telegram.wait_until(lambda: pings(bot, ann) == ["ping 1"],
                                      what="the overdue deadline to fire at start-up")
        # `later` is three hours away: left for the sweep that comes before it falls due.
        assert bot.runtime.scheduler.armed == frozenset()
        async with bot.runtime.db.transaction() as tx:
            assert [d.id for d in await deadlines.open_deadlines(tx)] == [later]
        await bot.advance(timedelta(hours=3) - timedelta(minutes=1))
        assert bot.runtime.scheduler.armed == {later}
        await bot.advance(timedelta(minutes=1))
        await bot.restart()
        await bot.advance(timedelta(days=1))
        assert pings(bot, ann) == ["ping 1", "ping 2"]
    finally:
        await bot.stop()


async def test_updates_sent_while_down_are_applied_and_a_resent_one_only_once(
    tmp_path: Path,
) -> None:
    bot = BotUnderTest(tmp_path / "db.sqlite3")
    await bot.start()
    try:
        tg = bot.telegram
        sam = tg.add_user("Sam")
        tg.user_sends(sam, "hello")
        await bot.settle()
        assert len(tg.sent(sam)) == 1
        applied = [c for c in tg.calls("getUpdates") if c.ok and c.result]
        first_update = copy.deepcopy(applied[0].result[0])
        await bot.stop()

        tg.user_sends(sam, "/help")  # sent while the bot is down
        # Telegram re-sends an update whose confirmation it never got (a crash between
        # applying it and the next getUpdates): same update_id, same content.
        tg.world.updates.insert(0, first_update)
        await bot.start()
        await bot.settle()
        texts = [m.text or "" for m in tg.sent(sam)]
        assert len(texts) == 2, texts  # the hello answer once, the /help answer once
        assert "What you can do here" in texts[1]
    finally:
        await bot.stop()


async def test_outbox_rows_left_at_shutdown_are_sent_after_restart(tmp_path: Path) -> None:
    bot = BotUnderTest(tmp_path / "db.sqlite3")
    await bot.start()
    try:
        ann = bot.telegram.add_user("Ann")
        bot.telegram.chat_of(ann)
        await bot.stop()

        db = await open_database(bot.db_path)  # e.g. `tdbot round open` while the bot is down
        async with db.transaction() as tx:
            await outbox.enqueue(tx, chat_id=ann.id, text_html="written while down",
                                 now=bot.clock())
        await db.close()
        await bot.start()
        await bot.settle()
        assert [m.text for m in bot.telegram.sent(ann)] == ["written while down"]
    finally:
        await bot.stop()


async def test_a_round_reminder_due_while_the_bot_was_down_fires_at_start_up(
    tmp_path: Path,
) -> None:
    """The scenario version: a real round's deadlines (bot/service/events/rounds.py) survive a
    restart; the one that fell due while the bot was down fires at once, the rest wait."""
    from bot.demo import DEFINITION
    from bot.service.events import event_setup
    from bot.service.events.definitions import parse_definition
    from bot.service.platform.actors import Actor

    ids = {"Tara Tan": 61, "Ann Lee": 62, "Ben Ong": 63, "Cai Wen": 64, "Dev Rao": 65}
    text = DEFINITION
    for name, tg_id in ids.items():
        text = text.replace(f'name = "{name}"', f'name = "{name}"\ntelegram_id = {tg_id}')
    bot = BotUnderTest(tmp_path / "db.sqlite3")
    await bot.start()
    try:
        tg = bot.telegram
        people = {name: tg.add_user(name.split()[0], user_id=i) for name, i in ids.items()}
        for user in people.values():
            tg.chat_of(user)
        async with bot.runtime.db.transaction() as tx:
            await event_setup.create_event(tx, parse_definition(text), by=Actor.cli(),
                                           now=bot.clock())
        tara, ann = people["Tara Tan"], people["Ann Lee"]
        for command in ("/draw 5", "/openround SF"):
            tg.user_sends(tara, command)
            await bot.settle()
        assert "Opened SF" in (tg.last_sent(tara).text or "")
        async with bot.runtime.db.transaction() as tx:
            kinds = sorted(d.kind for d in await deadlines.open_deadlines(tx))
        assert kinds == ["round.close", "round.reminder", "round.reminder"]

        await bot.stop()
        bot.clock.advance(timedelta(days=4, hours=7))  # past the 72 h reminder, not the 24 h
        await bot.start()
        await tg.wait_until(
            lambda: (tg.last_sent(ann).text or "").startswith("Reminder: your SF match"),
            what="the overdue reminder to fire at start-up")
        async with bot.runtime.db.transaction() as tx:
            still_open = await deadlines.open_deadlines(tx)
        assert sorted(d.kind for d in still_open) == ["round.close", "round.reminder"]
        # Both are days away: not armed yet; the sweep before each falls due arms it.
        assert bot.runtime.scheduler.armed == frozenset()
        soonest = min(still_open, key=lambda d: d.due_at)
        await bot.advance(soonest.due_at - bot.clock() - timedelta(minutes=1))
        assert bot.runtime.scheduler.armed == {soonest.id}
        reminders = [m for m in tg.sent(ann) if (m.text or "").startswith("Reminder")]
        assert len(reminders) == 1
    finally:
        await bot.stop()


async def _opened_demo_round(bot: BotUnderTest) -> dict[str, object]:
    """The demo cup with every person linked, drawn and its SF opened by the TD."""
    from bot.demo import DEFINITION
    from bot.service.events import event_setup
    from bot.service.events.definitions import parse_definition
    from bot.service.platform.actors import Actor

    ids = {"Tara Tan": 61, "Ann Lee": 62, "Ben Ong": 63, "Cai Wen": 64, "Dev Rao": 65}
    text = DEFINITION
    for name, tg_id in ids.items():
        text = text.replace(f'name = "{name}"', f'name = "{name}"\ntelegram_id = {tg_id}')
    tg = bot.telegram
    people = {name: tg.add_user(name.split()[0], user_id=i) for name, i in ids.items()}
    for user in people.values():
        tg.chat_of(user)
    async with bot.runtime.db.transaction() as tx:
        await event_setup.create_event(tx, parse_definition(text), by=Actor.cli(),
                                       now=bot.clock())
    for command in ("/draw 5", "/openround SF"):
        tg.user_sends(people["Tara Tan"], command)
        await bot.settle()
    return people


async def test_reminders_overdue_together_send_only_the_latest_and_none_after_the_close(
    tmp_path: Path,
) -> None:
    """Durable time (docs/architecture.md): overdue rows fire at start-up. A reminder overtaken by a
    later one while the bot was down gives way to it (a player gets one reminder, not two
    at once), and no reminder goes out once the deadline itself has passed."""
    bot = BotUnderTest(tmp_path / "db.sqlite3")
    await bot.start()
    try:
        people = await _opened_demo_round(bot)
        ann, tara = people["Ann Lee"], people["Tara Tan"]
        await bot.stop()
        bot.clock.advance(timedelta(days=7))  # past both reminders (72 h, 24 h), not the close
        await bot.start()
        await bot.runtime.scheduler.sweep()  # whatever the start-up alarms have not fired yet
        await bot.settle()
        reminders = [m for m in bot.telegram.sent(ann) if (m.text or "").startswith("Reminder")]
        assert len(reminders) == 1
        async with bot.runtime.db.transaction() as tx:
            kinds = sorted(d.kind for d in await deadlines.open_deadlines(tx))
        assert kinds == ["round.close"]
    finally:
        await bot.stop()

    late = BotUnderTest(tmp_path / "late.sqlite3")
    await late.start()
    try:
        people = await _opened_demo_round(late)
        await late.stop()
        late.clock.advance(timedelta(days=9))  # the bot was down past the deadline
        await late.start()
        await late.runtime.scheduler.sweep()
        await late.settle()
        ann, tara = people["Ann Lee"], people["Tara Tan"]
        assert not [m for m in late.telegram.sent(ann) if (m.text or "").startswith("Reminder")]
        assert "has reached its deadline" in (late.telegram.last_sent(tara).text or "")
    finally:
        await late.stop()
