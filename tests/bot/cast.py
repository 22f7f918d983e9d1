"""An event's people in a chat test: the real bot with the event created from a definition
and each person on the fake Telegram by their id, and ``say``/``tap``/``last`` acting as
them by name. The club night and ladder chat tests share it; each names its own people."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path

from bot.fakebot import FakeUser
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.platform.actors import Actor
from bot.telegram.harness import BotUnderTest
from tests.bot.transcripts import write_transcript


@asynccontextmanager
async def event_bot(path: Path | str, definition: str,
                    ids: Mapping[str, int]) -> AsyncIterator[BotUnderTest]:
    """The bot on the database ``path`` (a SQLite file or a PostgreSQL URL) with the event of ``definition`` created
    (``bot.event_id``) and everyone of ``ids`` on Telegram; the transcript is written at
    the end (``TDBOT_TRANSCRIPTS``)."""
    bot = BotUnderTest(path)
    async with bot:
        for name, tg_id in ids.items():
            bot.telegram.chat_of(bot.telegram.add_user(name.split()[0], user_id=tg_id))
        async with bot.runtime.db.transaction() as tx:
            created = await event_setup.create_event(tx, parse_definition(definition),
                                                     by=Actor.cli(), now=bot.clock())
        bot.event_id = created.event_id  # type: ignore[attr-defined]
        await bot.settle()
        try:
            yield bot
        finally:
            write_transcript(bot.telegram.transcript())


class Cast:
    """Acting as the people of ``ids`` by name."""

    def __init__(self, ids: Mapping[str, int]) -> None:
        self.ids = ids

    def user(self, bot: BotUnderTest, name: str) -> FakeUser:
        return bot.telegram.world.users[self.ids[name]]

    async def say(self, bot: BotUnderTest, name: str, text: str) -> str:
        return await bot.say(self.user(bot, name), text)

    async def tap(self, bot: BotUnderTest, name: str, label: str) -> None:
        await bot.tap(self.user(bot, name), label)

    def last(self, bot: BotUnderTest, name: str) -> str:
        return bot.telegram.last_sent(self.user(bot, name)).text or ""
