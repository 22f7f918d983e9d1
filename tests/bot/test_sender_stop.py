"""Stopping the outbox sender with a backlog: Ctrl-C must not hang.

A bot restarted with hundreds of messages due used to hang on SIGINT for 20-90 s: ``stop()``
waited for the whole pass under way (50 rows, each behind the rate limiter, a slow answer or a
flood-control pause). Stopping now finishes in a second or two whatever the backlog; rows not
yet sent stay pending and go out at the next start, none lost and none doubled.

A hang fails these tests through ``asyncio.wait_for`` / a subprocess time-out; nothing here
asserts how fast anything is (speed belongs in bench/).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest

from bot.fakebot import FakeTelegram, FakeUser, retry_after, slow
from bot.fakebot.server import FakeBotServer
from bot.service.platform import outbox
from bot.store.db import Database, open_database
from bot.telegram.harness import DEFAULT_START, BotUnderTest

TDBOT = Path(sys.executable).with_name("tdbot")
#: Generous: a stop that works takes a fraction of this; one that hangs takes far more.
STOP_LIMIT = 5.0


async def backlog(db: Database, people: list[FakeUser], now: datetime) -> None:
    """Queue a message for each person, as if the bot had been down a while."""
    async with db.transaction() as tx:
        for user in people:
            await outbox.enqueue(tx, chat_id=user.id, text_html=f"Round open, {user.id}",
                                 now=now)


def users(tg: FakeTelegram, n: int) -> list[FakeUser]:
    made = [tg.add_user(f"User{i}") for i in range(n)]
    for user in made:
        tg.chat_of(user)  # they have written to the bot before
    return made


async def outbox_states(db_path: Path) -> Counter[str]:
    db = await open_database(db_path)
    try:
        async with db.transaction() as tx:
            rows = await tx.all("SELECT state FROM outbox")
    finally:
        await db.close()
    return Counter(r["state"] for r in rows)


def delivered_per_chat(tg: FakeTelegram) -> Counter[int]:
    return Counter(int(c.params["chat_id"]) for c in tg.calls("sendMessage") if c.ok)


async def test_stop_with_a_backlog_and_slow_answers_returns_and_keeps_the_rest_pending(
    tmp_path: Path,
) -> None:
    bot = BotUnderTest(tmp_path / "db.sqlite3")
    await bot.start()
    people = users(bot.telegram, 80)
    bot.telegram.faults.add("sendMessage", slow(0.3), times=10_000)
    await backlog(bot.runtime.db, people, bot.clock())
    bot.runtime.sender.kick()
    await bot.telegram.wait_for_call("sendMessage", 2, timeout=10)

    await asyncio.wait_for(bot.stop(), STOP_LIMIT)

    states = await outbox_states(bot.db_path)
    assert states["pending"] > 40 and states["sent"] >= 2  # a pass reads 50 rows
    assert sum(states.values()) == 80
    # the next start sends the rest, and nobody gets a message twice
    bot.telegram.faults.clear()
    async with bot:
        await bot.settle()
    assert await outbox_states(bot.db_path) == Counter({"sent": 80})
    assert delivered_per_chat(bot.telegram) == Counter({u.id: 1 for u in people})


async def test_stop_during_a_flood_control_pause_returns(tmp_path: Path) -> None:
    """Rows held by a 429's retry_after (here 30 s) and a slow Bot API: stopping waits for
    neither, the held rows stay pending, and nobody gets a message twice."""
    bot = BotUnderTest(tmp_path / "db.sqlite3", max_retries=5)
    await bot.start()
    people = users(bot.telegram, 20)
    bot.telegram.faults.add("sendMessage", retry_after(30), times=3)
    bot.telegram.faults.add("sendMessage", slow(30))  # the 4th call: after the three 429s
    await backlog(bot.runtime.db, people, bot.clock())
    bot.runtime.sender.kick()
    await bot.telegram.wait_until(lambda: bot.telegram.faults.pending() == 0, timeout=10,
                                  what="the fourth message to be on its way (slowly)")

    await asyncio.wait_for(bot.stop(), STOP_LIMIT)

    assert await outbox_states(bot.db_path) == Counter({"pending": 20})
    assert delivered_per_chat(bot.telegram) == Counter()


async def test_stop_between_pieces_of_a_long_message_keeps_only_the_rest(
    tmp_path: Path,
) -> None:
    """A long message goes out in pieces; a stop after the first piece keeps only the pieces
    not yet delivered, so the next start repeats none."""
    bot = BotUnderTest(tmp_path / "db.sqlite3")
    await bot.start()
    (ann,) = users(bot.telegram, 1)
    text = "\n".join(f"<b>M{i}</b>: Player {i} v Player {i + 1}" for i in range(300))
    bot.telegram.faults.add("sendMessage", slow(30), after=1)
    async with bot.runtime.db.transaction() as tx:
        await outbox.enqueue(tx, chat_id=ann.id, text_html=text, now=bot.clock())
    bot.runtime.sender.kick()
    await bot.telegram.wait_until(lambda: bot.telegram.faults.pending() == 0, timeout=10,
                                  what="the second piece to be on its way (slowly)")
    assert len(bot.telegram.sent(ann)) == 1

    await asyncio.wait_for(bot.stop(), STOP_LIMIT)

    bot.telegram.faults.clear()
    async with bot:
        await bot.settle()
    got = "\n".join(m.text or "" for m in bot.telegram.sent(ann))
    assert len(bot.telegram.sent(ann)) == 3
    assert got.count("Player 0 v Player 1\n") == 1 and got.count("Player 299 v") == 1


async def test_a_stopped_sender_sends_nothing_more(tmp_path: Path) -> None:
    """After stop() a late kick or a direct pass sends nothing: the rows wait for the next
    start (the database may be closing)."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann,) = users(bot.telegram, 1)
        sender = bot.runtime.sender
        await asyncio.wait_for(sender.stop(), STOP_LIMIT)
        await backlog(bot.runtime.db, [ann], bot.clock())
        sender.kick()
        assert await sender.deliver_due() == 0
        assert bot.telegram.sent(ann) == []


@pytest.mark.skipif(not TDBOT.exists(), reason="the tdbot console script is not installed")
async def test_sigint_with_a_backlog_over_http_exits_promptly(tmp_path: Path) -> None:
    """`tdbot run --base-url` against the HTTP fake, restarted with a backlog and a slow Bot
    API: Ctrl-C (SIGINT) ends the process, and the rows not sent are still pending."""
    tg = FakeTelegram(bot_username="TDBotStopBot")
    people = users(tg, 120)
    db_path = tmp_path / "bot.sqlite3"
    db = await open_database(db_path)
    try:
        await backlog(db, people, DEFAULT_START)
    finally:
        await db.close()
    tg.faults.add("sendMessage", slow(0.5), times=10_000)
    async with FakeBotServer(tg.world) as server:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TDBOT_")}
        env.update({"TDBOT_TOKEN": server.world.token, "TDBOT_DB": str(db_path)})
        process = await asyncio.create_subprocess_exec(
            str(TDBOT), "run", "--base-url", server.base_url, cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )
        try:
            await tg.wait_for_call("sendMessage", 3, timeout=30)
            process.send_signal(signal.SIGINT)
            _, err = await asyncio.wait_for(process.communicate(), timeout=10)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
        assert process.returncode == 0, err.decode()
    states = await outbox_states(db_path)
    assert states["pending"] > 0 and sum(states.values()) == 120
    assert all(n == 1 for n in delivered_per_chat(tg).values())
