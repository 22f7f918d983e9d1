"""The fake's faults for what a bot meets in the field beyond errors: a slow answer, an
answer it cannot read, a group that became a supergroup -- in-process and over HTTP, seen
through python-telegram-bot's own exceptions (the sender's rules rest on these)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from telegram import Bot
from telegram.error import BadRequest, ChatMigrated, TelegramError

from bot.fakebot import FakeTelegram, chat_migrated, garbled, slow
from bot.fakebot.server import FakeBotServer
from bot.telegram.sender import answered_unreadably


@pytest.fixture
async def tg_bot() -> AsyncIterator[tuple[FakeTelegram, Bot]]:
    tg = FakeTelegram()
    async with Bot(tg.token, request=tg.request(), get_updates_request=tg.request()) as bot:
        yield tg, bot


async def test_a_garbled_answer_comes_after_the_message_was_delivered(
    tg_bot: tuple[FakeTelegram, Bot],
) -> None:
    tg, bot = tg_bot
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "/start")
    tg.faults.add("sendMessage", garbled())  # date as ISO text, not a Unix time
    with pytest.raises(Exception) as caught:
        await bot.send_message(alice.id, "one")
    assert not isinstance(caught.value, TelegramError) and answered_unreadably(caught.value)
    tg.faults.add("sendMessage", garbled(not_json=True))
    with pytest.raises(TelegramError, match="Invalid server response") as bare:
        await bot.send_message(alice.id, "two")
    assert answered_unreadably(bare.value)
    assert [m.text for m in tg.sent(alice)] == ["one", "two"]
    assert [c.ok for c in tg.calls("sendMessage")] == [True, True]


async def test_refusals_and_network_errors_are_not_unreadable_answers(
    tg_bot: tuple[FakeTelegram, Bot],
) -> None:
    tg, bot = tg_bot
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "/start")
    tg.faults.add("sendMessage", chat_migrated(-1001234))
    with pytest.raises(ChatMigrated) as migrated:
        await bot.send_message(alice.id, "to the old group")
    assert migrated.value.new_chat_id == -1001234 and not isinstance(migrated.value, BadRequest)
    assert not answered_unreadably(migrated.value)
    assert tg.sent(alice) == []
    with pytest.raises(BadRequest) as refused:
        await bot.send_message(123456789, "nobody")
    assert not answered_unreadably(refused.value)


async def test_a_slow_answer_is_not_carried_out_if_the_bot_gives_up(
    tg_bot: tuple[FakeTelegram, Bot],
) -> None:
    tg, bot = tg_bot
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "/start")
    tg.faults.add("sendMessage", slow(30))
    call = asyncio.ensure_future(bot.send_message(alice.id, "given up"))
    await asyncio.sleep(0.05)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    tg.faults.add("sendMessage", slow(0.05))
    await bot.send_message(alice.id, "late but there")
    assert [m.text for m in tg.sent(alice)] == ["late but there"]
    with pytest.raises(ValueError, match="above 0"):
        slow(0)


async def test_garbled_and_slow_answers_over_http() -> None:
    tg = FakeTelegram()
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "/start")
    async with FakeBotServer(tg.world) as server:
        async with Bot(tg.token, base_url=server.base_url) as bot:
            tg.faults.add("sendMessage", garbled(not_json=True))
            with pytest.raises(TelegramError, match="Invalid server response"):
                await bot.send_message(alice.id, "one")
            tg.faults.add("sendMessage", garbled("chat", "private"))
            with pytest.raises(TypeError):
                await bot.send_message(alice.id, "two")
            tg.faults.add("sendMessage", slow(0.1))
            await bot.send_message(alice.id, "three")
    assert [m.text for m in tg.sent(alice)] == ["one", "two", "three"]
