"""End to end over HTTP on 127.0.0.1: `tdbot run --base-url` against B2's fake server.

Rules checked: `tdbot run` takes the token from TDBOT_TOKEN and `--base-url` as
PTB's base_url (file downloads from the same host's /file/bot: the organiser's definition
document is fetched with getFile and downloaded); it long-polls for real; a restart in the
middle applies what was sent while it was down (never drop_pending_updates) and applies a
re-sent update once.
"""

from __future__ import annotations

import asyncio
import copy
import os
import signal
import socket
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.demo import DEFINITION, invite_codes
from bot.fakebot import FakeTelegram
from bot.fakebot.server import FakeBotServer
from bot.telegram.harness import BotUnderTest

TDBOT = Path(sys.executable).with_name("tdbot")
ORGANISER = 4242


async def start_bot(
    server: FakeBotServer, workdir: Path, *options: str, db: Path | str | None = None
) -> asyncio.subprocess.Process:
    """``tdbot run`` on ``db`` (TDBOT_DB: a SQLite file or a PostgreSQL URL), by default
    ``bot.sqlite3`` in ``workdir``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TDBOT_")}
    env.update({"TDBOT_TOKEN": server.world.token, "TDBOT_ORGANISERS": str(ORGANISER),
                "TDBOT_DB": str(db or workdir / "bot.sqlite3")})
    return await asyncio.create_subprocess_exec(
        str(TDBOT), "run", "--base-url", server.base_url, *options, cwd=workdir, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )


async def stop_bot(process: asyncio.subprocess.Process) -> str:
    process.send_signal(signal.SIGINT)  # run_polling stops gracefully on SIGINT
    _, err = await asyncio.wait_for(process.communicate(), timeout=20)
    assert process.returncode == 0, err.decode()
    return err.decode()


@pytest.mark.skipif(not TDBOT.exists(), reason="the tdbot console script is not installed")
async def test_tdbot_run_over_http_with_a_restart_in_the_middle(tmp_path: Path,
                                                                db_target: Path | str) -> None:
    tg = FakeTelegram(bot_username="TDBotHttpBot")
    async with FakeBotServer(tg.world) as server:
        olga = tg.add_user("Olga", user_id=ORGANISER)
        ann, ben = tg.add_user("Ann"), tg.add_user("Ben")
        bot = await start_bot(server, tmp_path, db=db_target)
        try:
            tg.user_sends_document(olga, DEFINITION.encode(), "demo-cup.toml")
            (created,) = await tg.wait_for_sent(olga, 1, timeout=30)
            assert tg.calls("getFile"), "the definition was not fetched with getFile"
            codes = invite_codes(created.text or "")
            tg.user_sends(ann, f"/start {codes['player Ann Lee']}")
            await tg.wait_for_sent(ann, 1, timeout=15)
            ann_start = next(c.result[0] for c in tg.calls("getUpdates")
                             if c.ok and c.result and "message" in c.result[0]
                             and c.result[0]["message"]["from"]["id"] == ann.id)
        finally:
            log = await stop_bot(bot)
        assert "Traceback" not in log, log

        tg.user_sends(ben, f"/start {codes['player Ben Ong']}")  # while the bot is down
        tg.world.updates.insert(0, copy.deepcopy(ann_start))  # Telegram re-sends one
        bot = await start_bot(server, tmp_path, db=db_target)
        try:
            await tg.wait_for_sent(ben, 1, timeout=30)
            # Updates are applied in order, so once this is answered the re-sent one
            # (queued before it) has been through the bot too.
            tg.user_sends(ann, "/help")
            await tg.wait_until(lambda: "What you can do" in (tg.last_sent(ann).text or ""),
                                timeout=15, what="the answer to Ann's /help")
        finally:
            log = await stop_bot(bot)
        assert "Traceback" not in log, log
        assert ", a player of " in (tg.last_sent(ben).text or "")
        assert_no_secrets(log, tg.token)
        assert len(tg.sent(ann)) == 2  # welcome, help: the re-sent /start was not re-applied


def assert_no_secrets(log: str, *secrets: str) -> None:
    """The bot's log (stderr of ``tdbot run``) names neither the token, nor its secret
    half, nor the webhook secret (bot/logsafe.py)."""
    for secret in secrets:
        for part in {secret, secret.partition(":")[2]} - {""}:
            assert part not in log, f"{part!r} is in the log"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.skipif(not TDBOT.exists(), reason="the tdbot console script is not installed")
async def test_tdbot_run_in_webhook_mode_with_a_secret(tmp_path: Path) -> None:
    tg = FakeTelegram(bot_username="TDBotHookBot")
    async with FakeBotServer(tg.world) as server:
        sam = tg.add_user("Sam")
        port = free_port()
        hook = f"http://127.0.0.1:{port}/tg-hook"
        bot = await start_bot(server, tmp_path, "--webhook-url", hook, "--listen", "127.0.0.1",
                              "--port", str(port), "--webhook-secret", "s3cret_TOKEN-1")
        try:
            await tg.wait_until(lambda: tg.world.webhook.get("url") == hook, timeout=30,
                                what="the bot to set its webhook")
            assert tg.world.webhook["secret_token"] == "s3cret_TOKEN-1"
            tg.user_sends(sam, "hello")
            (answer,) = await tg.wait_for_sent(sam, 1, timeout=15)
            assert "TDBot" in (answer.text or "")
            assert not tg.calls("getUpdates")
        finally:
            log = await stop_bot(bot)
        assert "Traceback" not in log, log
        assert_no_secrets(log, tg.token, "s3cret_TOKEN-1")


@pytest.mark.skipif(not TDBOT.exists(), reason="the tdbot console script is not installed")
async def test_a_second_bot_on_the_same_database_sends_nothing_before_it_exits(
    tmp_path: Path, db_target: Path | str
) -> None:
    """A second `tdbot run` on the database of a running bot started its outbox sender
    before its first poll met the other poller's 409, and so sent the messages waiting in
    the outbox (the running bot's to send) before it stopped. Now it sends nothing until it
    knows it is the one poller, and leaves the waiting message to the running bot."""
    from telegram import Bot
    from telegram.error import Conflict

    from bot.service.platform import outbox
    from bot.store.db import open_database

    tg = FakeTelegram(bot_username="TDBotHttpBot")
    ann = tg.add_user("Ann")
    db = await open_database(db_target)
    try:
        async with db.transaction() as tx:
            waiting = await outbox.enqueue(tx, chat_id=ann.id, text_html="Your game is on.",
                                           now=datetime.now(UTC))
    finally:
        await db.close()
    async with FakeBotServer(tg.world) as server:
        running = Bot(tg.token, base_url=server.base_url)  # the bot already polling

        async def poll_on() -> None:
            while True:
                try:
                    await running.get_updates(timeout=1)
                except Conflict:
                    pass

        poller = asyncio.create_task(poll_on())
        try:
            await tg.wait_until(lambda: bool(tg.calls("getUpdates")), timeout=15,
                                what="the running bot's first poll")
            second = await start_bot(server, tmp_path, db=db_target)
            try:
                _, err = await asyncio.wait_for(second.communicate(), timeout=30)
            finally:
                if second.returncode is None:
                    second.kill()
                    await second.wait()
        finally:
            poller.cancel()
            await asyncio.gather(poller, return_exceptions=True)
    assert second.returncode == 2, err.decode()
    assert "another program is already polling" in err.decode()
    assert not tg.calls("sendMessage") and tg.sent(ann) == []
    db = await open_database(db_target)
    try:
        async with db.transaction() as tx:
            row = await tx.one("SELECT state, leased_by FROM outbox WHERE id = ?", (waiting,))
    finally:
        await db.close()
    assert row is not None and row["state"] == "pending" and row["leased_by"] is None


@pytest.mark.skipif(not TDBOT.exists(), reason="the tdbot console script is not installed")
async def test_a_second_bot_with_the_same_token_says_why_in_one_line_and_exits(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Telegram keeps one getUpdates waiting per token: another makes it answer 409
    Conflict. A second `tdbot run` with the token of a running bot kept running beside it,
    both logging the 409 with a traceback every few seconds. Now the second meets the
    conflict as it starts, says why in one line and exits 2; the first, polling for longer
    than the window, logs each conflict in one line and goes on answering."""
    tg = FakeTelegram(bot_username="TDBotHttpBot")
    ann = tg.add_user("Ann")
    async with FakeBotServer(tg.world) as server, BotUnderTest(
            tmp_path / "first.sqlite3", telegram=tg, conflict_window=0) as first:
        await first.say(ann, "/help")
        (tmp_path / "second").mkdir()
        second = await start_bot(server, tmp_path / "second")
        try:
            _, err = await asyncio.wait_for(second.communicate(), timeout=30)
        finally:
            if second.returncode is None:  # still running beside the first: the old way
                second.kill()
                await second.wait()
        log = err.decode()
        assert second.returncode == 2, log
        assert "Traceback" not in log, log
        assert log.splitlines()[-1] == (
            "tdbot: error: another program is already polling Telegram with this bot's "
            "token (Telegram says: Conflict: terminated by other getUpdates request; make "
            "sure that only one bot instance is running); only one may: stop it first, or "
            "give this one its own bot token")
        answered = len(tg.sent(ann))
        assert "What you can do" in await first.say(ann, "/help")  # the first goes on
        assert len(tg.sent(ann)) == answered + 1
    conflicts = [r for r in caplog.records if "polling with this bot's token" in r.getMessage()]
    assert conflicts and all(r.exc_info is None for r in conflicts)
    assert not [r for r in caplog.records if r.exc_info and "Conflict" in str(r.exc_info[1])]
