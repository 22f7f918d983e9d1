"""The fake Bot API over HTTP on 127.0.0.1, with python-telegram-bot's own HTTP client.

("The fake Bot API", over HTTP): start the server on 127.0.0.1:0, run PTB with
base_url pointed at it, long-poll an update, upload a photo with sendPhoto (multipart),
download a file via getFile + download from ``/file/bot<token>/<path>``.
"""

from __future__ import annotations

import asyncio
import io
import json
import sys
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from telegram import Bot, Update
from telegram.error import TimedOut
from telegram.ext import ApplicationBuilder, ContextTypes, MessageHandler, filters
from telegram.request import HTTPXRequest

from bot.fakebot import FakeTelegram, timed_out
from bot.fakebot.server import FakeBotServer

# A 16x8 PNG, so that the photo size the fake reports can be checked.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000100000000808020000004b6d29dc0000000c4944415478"
    "da63600000000200010be7d5ee0000000049454e44ae426082"
)


@pytest.fixture
async def served() -> AsyncIterator[tuple[FakeTelegram, FakeBotServer]]:
    tg = FakeTelegram()
    async with FakeBotServer(tg.world) as server:
        yield tg, server


async def test_server_binds_a_free_local_port(served: tuple[FakeTelegram, FakeBotServer]) -> None:
    _, server = served
    assert server.port > 0
    assert server.base_url == f"http://127.0.0.1:{server.port}/bot"
    assert server.base_file_url == f"http://127.0.0.1:{server.port}/file/bot"


async def test_ptb_polls_downloads_and_uploads_over_http(
    served: tuple[FakeTelegram, FakeBotServer],
) -> None:
    tg, server = served
    alice = tg.add_user("Alice")
    downloaded: list[bytes] = []

    async def on_photo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        file = await update.message.photo[-1].get_file()
        data = bytes(await file.download_as_bytearray())
        downloaded.append(data)
        await update.message.reply_photo(
            io.BytesIO(data),
            filename="board.png",
            caption=f"<b>got {len(data)} bytes</b>",
            parse_mode="HTML",
        )

    app = (
        ApplicationBuilder()
        .token(tg.token)
        .base_url(server.base_url)
        .base_file_url(server.base_file_url)
        .build()
    )
    app.add_handler(MessageHandler(filters.PHOTO, on_photo))
    async with app:
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(timeout=5)
        # The poll is already waiting when the photo arrives: real long polling.
        await tg.wait_until(lambda: bool(tg.world._waiters), what="the long poll")
        tg.user_sends_photo(alice, PNG, caption="board after game 3")
        [reply] = await tg.wait_for_sent(alice)
        await app.updater.stop()
        await app.stop()
    assert downloaded == [PNG]
    assert reply.photo is not None and reply.photo.data == PNG
    assert (reply.photo.width, reply.photo.height) == (16, 8)
    assert reply.caption == f"got {len(PNG)} bytes"
    [upload] = tg.calls("sendPhoto")
    assert upload.files == {"photo": "board.png"} and upload.params["chat_id"] == alice.id
    assert tg.transcript().splitlines() == [
        "[Alice] [photo] board after game 3",
        f"[bot → Alice] [photo] got {len(PNG)} bytes",
    ]


async def test_json_body_and_query_string_are_accepted(
    served: tuple[FakeTelegram, FakeBotServer],
) -> None:
    tg, server = served
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "/start")
    url = f"{server.base_url}{tg.token}"
    async with aiohttp.ClientSession() as session:
        async with session.post(
            f"{url}/sendMessage", json={"chat_id": alice.id, "text": "via json"}
        ) as resp:
            body = await resp.json()
            assert resp.status == 200 and body["result"]["text"] == "via json"
        async with session.get(
            f"{url}/sendMessage", params={"chat_id": str(alice.id), "text": "via query"}
        ) as resp:
            assert (await resp.json())["ok"] is True
        async with session.get(f"{url}/noSuchMethod") as resp:
            assert resp.status == 404
            assert "not implemented by the fake" in (await resp.json())["description"]
        async with session.get(f"{server.base_url}1:bad/getMe") as resp:
            assert resp.status == 401
        async with session.get(f"{server.base_file_url}{tg.token}/photos/missing.jpg") as resp:
            assert resp.status == 404
    assert [m.text for m in tg.sent(alice)] == ["via json", "via query"]


async def test_timeout_over_http_holds_the_answer(
    served: tuple[FakeTelegram, FakeBotServer],
) -> None:
    tg, server = served
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "/start")
    tg.faults.add("sendMessage", timed_out(delivered=True, delay=2.0))
    request = HTTPXRequest(read_timeout=0.2)
    async with Bot(tg.token, base_url=server.base_url, request=request) as bot:
        with pytest.raises(TimedOut):
            await bot.send_message(alice.id, "sent, but the answer is lost")
    assert [m.text for m in tg.sent(alice)] == ["sent, but the answer is lost"]


async def test_console_entry_point_serves_and_reports_its_port() -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.fakebot",
        "--port",
        "0",
        "--no-console",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 20)).decode()
        info: dict[str, Any] = json.loads(line)
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{info['base_url']}{info['token']}/getMe") as resp:
                me = (await resp.json())["result"]
        assert me["is_bot"] is True and me["username"] == info["bot_username"]
    finally:
        proc.terminate()
        await proc.wait()


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_ptb_webhook_mode_receives_updates_with_the_secret() -> None:
    from bot.fakebot.webhook import WebhookPusher

    tg = FakeTelegram()
    alice = tg.add_user("Alice")
    seen: list[str] = []

    async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None and update.message.text is not None
        seen.append(update.message.text)
        await update.message.reply_text(f"got {update.message.text}")

    request = tg.request()
    app = ApplicationBuilder().token(tg.token).request(request).get_updates_request(request).build()
    app.add_handler(MessageHandler(filters.TEXT, on_text))
    port = _free_port()
    tg.user_sends(alice, "sent while the bot was down")
    async with app, WebhookPusher(tg.world, retry_delay=0.05):
        await app.start()
        assert app.updater is not None
        await app.updater.start_webhook(
            listen="127.0.0.1",
            port=port,
            url_path="hook",
            webhook_url=f"http://127.0.0.1:{port}/hook",
            secret_token="s3cret",
        )
        await tg.wait_for_sent(alice, 1)
        tg.user_sends(alice, "live")
        await tg.wait_for_sent(alice, 2)
        # A webhook that refuses (wrong secret: PTB answers 403) is retried, not dropped.
        tg.world.webhook["secret_token"] = "wrong"
        tg.user_sends(alice, "refused at first")
        await tg.wait_until(
            lambda: "last_error_message" in tg.world.webhook, what="a failed delivery"
        )
        info = await app.bot.get_webhook_info()
        assert info.last_error_message is not None
        assert info.last_error_message.startswith("Wrong response from the webhook: 403")
        assert info.pending_update_count == 1
        tg.world.webhook["secret_token"] = "s3cret"
        await tg.wait_for_sent(alice, 3)
        await app.updater.stop()
        await app.stop()
    assert seen == ["sent while the bot was down", "live", "refused at first"]
    assert tg.pending_updates() == 0


async def test_webhook_on_a_public_host_is_never_contacted() -> None:
    from bot.fakebot.webhook import WebhookPusher

    tg = FakeTelegram()
    alice = tg.add_user("Alice")
    async with Bot(tg.token, request=tg.request()) as bot, WebhookPusher(tg.world):
        await bot.set_webhook("https://bot.example.org/hook")
        tg.user_sends(alice, "result 400-380")
        await tg.wait_until(lambda: "last_error_message" in tg.world.webhook, what="an error")
        info = await bot.get_webhook_info()
    assert info.last_error_message is not None and "only to 127.0.0.1" in info.last_error_message
    assert info.pending_update_count == 1


async def test_webhook_with_several_connections_posts_updates_at_once() -> None:
    """With ``connections`` 3 the fake has three updates in flight, as Telegram does with a
    webhook's max_connections: the webhook holds the first POST until the third arrives;
    each update is dropped once accepted, and one refused (500) is posted again."""
    from aiohttp import web

    from bot.fakebot.webhook import WebhookPusher

    tg = FakeTelegram()
    alice = tg.add_user("Alice")
    got: list[int] = []
    third = asyncio.Event()
    refused: set[int] = set()

    async def hook(request: web.Request) -> web.Response:
        update_id = (await request.json())["update_id"]
        got.append(update_id)
        if len(got) == 3:
            third.set()
        if len(got) == 1:
            await asyncio.wait_for(third.wait(), timeout=5)  # the others come meanwhile
        if update_id == got[0] + 1 and update_id not in refused:
            refused.add(update_id)
            return web.Response(status=500)
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_post("/hook", hook)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        async with Bot(tg.token, request=tg.request()) as bot, \
                WebhookPusher(tg.world, connections=3, retry_delay=0.05):
            for n in range(4):
                tg.user_sends(alice, f"message {n}")
            await bot.set_webhook(f"http://127.0.0.1:{port}/hook")
            await tg.wait_until(lambda: tg.pending_updates() == 0, what="every update taken")
    finally:
        await runner.cleanup()
    first = got[0]
    assert sorted(got[:3]) == [first, first + 1, first + 2]  # three in flight at once
    assert sorted(got) == [first, first + 1, first + 1, first + 2, first + 3]


class _Lookups:
    """A finder that sees every module the import system is asked to find, and finds none."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        self.names.append(name)


async def test_a_bot_api_call_looks_for_no_module(
    served: tuple[FakeTelegram, FakeBotServer],
) -> None:
    """Every Bot API call's locks ask which async library runs (httpcore's
    ``current_async_library``, by importing sniffio): without sniffio installed each ask is a
    failed import that searches the whole path, four to a call, a tenth of a worker's CPU
    in a burst (``python -m bench.fleet``). With it installed a call imports nothing."""
    tg, server = served
    lookups = _Lookups()
    async with Bot(tg.token, base_url=server.base_url) as bot:
        user = tg.add_user("Ann")
        tg.chat_of(user)  # Ann has started the bot
        await bot.send_message(chat_id=user.id, text="warm")  # the client's first imports
        sys.meta_path.insert(0, lookups)
        try:
            for n in range(3):
                await bot.send_message(chat_id=user.id, text=f"hello {n}")
        finally:
            sys.meta_path.remove(lookups)
    assert [m.text for m in tg.sent(user)][-3:] == ["hello 0", "hello 1", "hello 2"]
    assert lookups.names == []
