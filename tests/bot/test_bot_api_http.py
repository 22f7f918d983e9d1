"""The bot's HTTP client for the Bot API (bot/telegram/bot_api_http.py), over real HTTP on
127.0.0.1 against the fake Bot API: what PTB's default client did, it does (a message, a
file in multipart, Telegram's refusals as PTB's errors), and a time-out or a closed port
reach the sender as ``TimedOut`` / ``NetworkError``, the outcomes it retries."""

from __future__ import annotations

import socket

import pytest
from telegram import Bot
from telegram.error import BadRequest, NetworkError, TimedOut

from bot.fakebot import FakeTelegram, faults
from bot.fakebot.server import FakeBotServer
from bot.telegram.app import BotOptions, build_application
from bot.telegram.bot_api_http import AiohttpRequest


def bot_at(base_url: str, token: str) -> Bot:
    return Bot(token, base_url=base_url.rstrip("/"), request=AiohttpRequest())


async def test_a_message_and_a_file_go_through_and_telegram_s_refusal_is_ptb_s_error() -> None:
    tg = FakeTelegram(bot_username="HttpClientBot")
    ann = tg.add_user("Ann")
    tg.chat_of(ann)
    async with FakeBotServer(tg.world) as server:
        async with bot_at(server.base_url, tg.token) as bot:
            sent = await bot.send_message(ann.id, "<b>You won</b> &amp; more", parse_mode="HTML")
            await bot.send_document(ann.id, document=b"round,board\n1,2\n",
                                    filename="draw.csv", caption="The draw")
            with pytest.raises(BadRequest):
                await bot.send_message(999_999_999, "nobody there")
    texts = [m.text or m.caption for m in tg.sent(ann)]
    assert texts == ["You won & more", "The draw"]
    assert sent.message_id == tg.sent(ann)[0].message_id


async def test_an_answer_slower_than_the_read_time_out_is_timed_out() -> None:
    tg = FakeTelegram(bot_username="HttpClientBot")
    ann = tg.add_user("Ann")
    tg.chat_of(ann)
    async with FakeBotServer(tg.world) as server:
        tg.faults.add("sendMessage", faults.slow(2.0))
        async with bot_at(server.base_url, tg.token) as bot:
            with pytest.raises(TimedOut):
                await bot.send_message(ann.id, "hello", read_timeout=0.2)


async def test_a_closed_port_is_a_network_error() -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    request = AiohttpRequest()
    await request.initialize()
    try:
        with pytest.raises(NetworkError) as raised:
            await request.post(f"http://127.0.0.1:{port}/bot123:abc/getMe")
        assert not isinstance(raised.value, TimedOut)
    finally:
        await request.shutdown()


def test_the_bot_calls_the_bot_api_through_aiohttp_unless_given_a_client() -> None:
    app = build_application(BotOptions(token="123:abc", db_path=":memory:", webhook=True))
    assert isinstance(app.bot.request, AiohttpRequest)
