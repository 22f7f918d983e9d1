"""A fake Telegram Bot API that the project owns, so bot tests never touch the internet.

In-process, with the real python-telegram-bot Application::

    from bot.fakebot import FakeTelegram, retry_after

    tg = FakeTelegram()                      # optional: clock=lambda: my_now
    alice = tg.add_user("Alice", username="alice")
    r = tg.request()
    app = ApplicationBuilder().token(tg.token).request(r).get_updates_request(r).build()
    ...start polling...
    tg.user_sends(alice, "/start abc")
    [reply] = await tg.wait_for_sent(alice)  # bot messages now existing in Alice's chat
    tg.user_taps(alice, reply, "agree")      # or text="Agree"
    tg.faults.add("sendMessage", retry_after(1), times=5)
    tg.user_blocks_bot(alice)                # next sends to Alice: 403 Forbidden
    print(tg.transcript())                   # "[Alice] /start abc" / "[bot → Alice] ..."
    tg.calls("sendMessage")                  # every call, failed ones too

Over HTTP on 127.0.0.1: ``FakeBotServer(tg.world)`` (``async with``; then
``server.base_url`` / ``server.base_file_url`` for PTB; webhooks set by the bot get
their updates POSTed), or ``python -m bot.fakebot --port 8081`` for a person at a
console. ``FakeTelegram(flood=FloodControl())`` answers 429 beyond Telegram's send
limits; ``WebhookPusher(tg.world)`` delivers to a webhook in-process.
"""

from bot.fakebot.client import FakeTelegram
from bot.fakebot.errors import ApiError
from bot.fakebot.faults import (
    Fault,
    bad_request,
    chat_migrated,
    forbidden,
    garbled,
    retry_after,
    server_error,
    slow,
    timed_out,
)
from bot.fakebot.flood import FloodControl
from bot.fakebot.request import FakeRequest
from bot.fakebot.server import FakeBotServer
from bot.fakebot.state import (
    DEFAULT_TOKEN,
    Call,
    CallbackQuery,
    FakeChat,
    FakeUser,
    StoredFile,
    StoredMessage,
    World,
)
from bot.fakebot.webhook import WebhookPusher

__all__ = [
    "DEFAULT_TOKEN",
    "ApiError",
    "Call",
    "CallbackQuery",
    "FakeBotServer",
    "FakeChat",
    "FakeRequest",
    "FakeTelegram",
    "FakeUser",
    "Fault",
    "FloodControl",
    "StoredFile",
    "StoredMessage",
    "WebhookPusher",
    "World",
    "bad_request",
    "chat_migrated",
    "forbidden",
    "garbled",
    "retry_after",
    "server_error",
    "slow",
    "timed_out",
]
