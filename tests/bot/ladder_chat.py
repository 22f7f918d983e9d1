"""The club ladder in the chat (examples/club_ladder.toml), for the ladder's chat tests:
the bot running with the ladder created and its people on Telegram."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.fakebot import FakeUser
from bot.service import event_setup
from bot.service.actors import Actor
from bot.service.definitions import parse_definition
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import linked_definition
from tests.bot.transcripts import write_transcript

LADDER = (Path(__file__).resolve().parents[2] / "examples" / "club_ladder.toml").read_text()
IDS = {"Tara TD": 9001, "Ann Lee": 9011, "Ben Ong": 9012, "Cai Wen": 9013, "Dev Rao": 9014,
       "Eve Tan": 9015}


def ladder_definition(rules: dict[str, str] | None = None) -> str:
    """The example ladder with everyone's Telegram id and some rules changed."""
    text = LADDER
    for key, value in (rules or {}).items():
        start = text.index(f"\n{key} = ") + 1
        end = text.index("\n", start)
        text = text[:start] + f"{key} = {value}" + text[end:]
    return linked_definition(None, base=text, ids=IDS)


@asynccontextmanager
async def ladder_bot(tmp_path: Path, rules: dict[str, str] | None = None,
                     db_name: str = "ladder.sqlite3") -> AsyncIterator[BotUnderTest]:
    bot = BotUnderTest(tmp_path / db_name)
    async with bot:
        for name, tg_id in IDS.items():
            bot.telegram.chat_of(bot.telegram.add_user(name.split()[0], user_id=tg_id))
        async with bot.runtime.db.transaction() as tx:
            created = await event_setup.create_event(
                tx, parse_definition(ladder_definition(rules)), by=Actor.cli(), now=bot.clock())
        bot.event_id = created.event_id  # type: ignore[attr-defined]
        await bot.settle()
        yield bot
        write_transcript(bot.telegram.transcript())


def user(bot: BotUnderTest, name: str) -> FakeUser:
    return bot.telegram.world.users[IDS[name]]


async def say(bot: BotUnderTest, name: str, text: str) -> str:
    return await bot.say(user(bot, name), text)


async def tap(bot: BotUnderTest, name: str, label: str) -> None:
    await bot.tap(user(bot, name), label)


def last(bot: BotUnderTest, name: str) -> str:
    return bot.telegram.last_sent(user(bot, name)).text or ""


async def order(bot: BotUnderTest) -> list[str]:
    """The ladder's names, top first, as stored."""
    import json
    async with bot.runtime.db.transaction() as tx:
        record = await tx.scalar("SELECT record_json FROM ladders")
    return list(json.loads(record)["names"])


def said_to(bot: BotUnderTest, name: str) -> str:
    """Everything the bot said to ``name``, one text."""
    return "\n".join(m.text or m.caption or "" for m in bot.telegram.sent(user(bot, name)))
