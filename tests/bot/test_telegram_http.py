"""End to end over HTTP on 127.0.0.1: `tdbot run --base-url` against B2's fake server.

Rules checked (issue 3): `tdbot run` takes the token from TDBOT_TOKEN and `--base-url` as
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
from pathlib import Path

import pytest

from bot.demo import DEFINITION, invite_codes
from bot.fakebot import FakeTelegram
from bot.fakebot.server import FakeBotServer

TDBOT = Path(sys.executable).with_name("tdbot")
ORGANISER = 4242


async def start_bot(
    server: FakeBotServer, workdir: Path, *options: str
) -> asyncio.subprocess.Process:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TDBOT_")}
    env.update({"TDBOT_TOKEN": server.world.token, "TDBOT_ORGANISERS": str(ORGANISER),
                "TDBOT_DB": str(workdir / "bot.sqlite3")})
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
async def test_tdbot_run_over_http_with_a_restart_in_the_middle(tmp_path: Path) -> None:
    tg = FakeTelegram(bot_username="TDBotHttpBot")
    async with FakeBotServer(tg.world) as server:
        olga = tg.add_user("Olga", user_id=ORGANISER)
        ann, ben = tg.add_user("Ann"), tg.add_user("Ben")
        bot = await start_bot(server, tmp_path)
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
        bot = await start_bot(server, tmp_path)
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
        assert "You are a player" in (tg.last_sent(ben).text or "")
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
