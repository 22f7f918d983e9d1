"""A club's nights in the chat: what the club-night chat tests share
(examples/club_night.toml: Tara TD directs; Ann 49 club wins before the bot, Ben a senior,
Cai a student, Eve and Fay newcomers, Gus a regular who comes late).

``club_bot`` starts the real bot with the club created and everyone on Telegram; the
helpers act as people by their names. With ``TDBOT_TRANSCRIPTS=/tmp/t`` each test's
transcript is written there.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

from bot.telegram.harness import BotUnderTest
from tests.bot.cast import Cast, event_bot

EXAMPLE = (Path(__file__).parents[2] / "examples" / "club_night.toml").read_text()
IDS = {"Tara TD": 9101, "Ann Lee": 9111, "Ben Ong": 9112, "Cai Wen": 9113, "Dev Rao": 9114,
       "Eve Tan": 9115, "Fay Lim": 9116, "Gus Koh": 9117}


def club_definition(text: str = EXAMPLE) -> str:
    """The example club with each person's Telegram id, as an organiser may write it."""
    for name, tg_id in IDS.items():
        text = text.replace(f'[[players]]\nname = "{name}"',
                            f'[[players]]\nname = "{name}"\ntelegram_id = {tg_id}')
        text = text.replace(f'[[tds]]\nname = "{name}"',
                            f'[[tds]]\nname = "{name}"\ntelegram_id = {tg_id}')
    return text


def club_bot(tmp_path: Path, definition: str | None = None, *, db: Path | str | None = None
             ) -> AbstractAsyncContextManager[BotUnderTest]:
    """The club's bot; on ``db`` if given (tests/conftest.py's ``db_target``), else on a
    SQLite file in ``tmp_path``."""
    return event_bot(db or tmp_path / "bot.sqlite3", definition or club_definition(), IDS)


_cast = Cast(IDS)
user, say, tap, last = _cast.user, _cast.say, _cast.tap, _cast.last


def said_to(bot: BotUnderTest, name: str) -> list[str]:
    return [m.text or m.caption or "" for m in bot.telegram.sent(user(bot, name))]


async def report_win(bot: BotUnderTest, winner: str, mine: int, theirs: int,
                     loser: str | None = None) -> None:
    """``winner`` reports a game they won (they started it: the slip asks for game 1) and
    confirms; ``loser``, if given, taps Agree on their copy at the table."""
    await say(bot, winner, f"{mine}-{theirs}")
    await tap(bot, winner, "I started")
    await tap(bot, winner, "✅ Confirm")
    if loser is not None:
        await tap(bot, loser, "Agree")


async def scalar(bot: BotUnderTest, sql: str, args: tuple[Any, ...] = ()) -> Any:
    async with bot.runtime.db.transaction() as tx:
        return await tx.scalar(sql, args)


async def rows(bot: BotUnderTest, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    async with bot.runtime.db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, args)]
