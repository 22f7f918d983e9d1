"""The club cup in the chat: what the chat tests share (tests/bot/data/club_cup.toml).

The people are named as in the definition and found by their Telegram id; ``say``,
``tap``, ``last`` and ``buttons_of`` act as them through ``BotUnderTest`` and the fake's
client. ``club_cup_bot`` starts the real bot with the event created, drawn and SF open,
which is the usual fixture (tests/bot/conftest.py); a file that needs another definition
writes its own ``bot`` fixture with it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.fakebot import FakeUser
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.rounds import open_round_in
from bot.service.platform.actors import Actor
from bot.service.platform.unit import Request
from bot.service.results import reporting
from bot.telegram.harness import BotUnderTest
from tests.bot.transcripts import write_transcript

DEFINITION = (Path(__file__).parent / "data" / "club_cup.toml").read_text()
#: The club cup's TD and players (SF: M1 Ann v Dev, M2 Ben v Cai).
IDS = {"Tara TD": 9001, "Ann Lee": 9011, "Ben Ong": 9012, "Cai Wen": 9013, "Dev Rao": 9014}
#: Everyone a chat test may play: a second TD and the SA Rating Officer too.
PEOPLE = {**IDS, "Uma TD": 9002, "Rita Officer": 9020}
#: Tara's phone, for the messages that say whom to call.
TD_PHONE = {"Tara TD": "8333 6301"}
#: No fee reminders (they are tested in tests/bot/test_telegram_fees.py).
NO_FEE_REMINDERS = "fee_reminder_days = []"


def linked_definition(
    rules: str | None = NO_FEE_REMINDERS,
    *,
    base: str = DEFINITION,
    ids: Mapping[str, int] = IDS,
    phones: Mapping[str, str] | None = None,
) -> str:
    """The club cup with each person's Telegram id (and phone), as an organiser may write it.

    ``rules`` becomes the definition's ``[rules]`` table (None: no table).
    """
    text = base
    for name, tg_id in ids.items():
        phone = f'\nphone = "{phones[name]}"' if phones and name in phones else ""
        text = text.replace(f'name = "{name}"', f'name = "{name}"\ntelegram_id = {tg_id}{phone}')
    return text if rules is None else text + f"\n[rules]\n{rules}\n"


@asynccontextmanager
async def club_cup_bot(
    tmp_path: Path,
    definition: str | Callable[[BotUnderTest], str] | None = None,
    *,
    ids: Mapping[str, int] = IDS,
    draw: bool = True,
    open_sf: bool = True,
    db: Path | str | None = None,
    site_port: int | None = None,
    public_url: str | None = None,
) -> AsyncIterator[BotUnderTest]:
    """The bot running with the club cup created (drawn, SF open) and its people on Telegram.

    ``definition`` may be a function of the running bot (say, to name a group chat the
    fake made). With ``TDBOT_TRANSCRIPTS=/tmp/t`` each test's transcript is written there:
    read what people read. The database is ``db`` if given (tests/conftest.py's
    ``db_target``: SQLite, or PostgreSQL too), else a SQLite file in ``tmp_path``.
    """
    under_test = BotUnderTest(db or tmp_path / "bot.sqlite3", site_port=site_port,
                              public_url=public_url)
    async with under_test:
        for name, tg_id in ids.items():
            under_test.telegram.chat_of(under_test.telegram.add_user(name.split()[0],
                                                                     user_id=tg_id))
        if definition is None:
            text = linked_definition(phones=TD_PHONE)
        else:
            text = definition if isinstance(definition, str) else definition(under_test)
        now = under_test.clock()
        async with under_test.runtime.db.transaction() as tx:
            created = await event_setup.create_event(tx, parse_definition(text), by=Actor.cli(),
                                                     now=now)
            if draw:
                await make_draw(tx, created.event_id, seed=2026, by=Actor.cli(), now=now)
            if open_sf:
                await open_round_in(tx, created.event_id, "SF", by=Actor.cli(), now=now,
                                    unpaid_ok=True, why="fees at the venue")
        under_test.event_id = created.event_id  # type: ignore[attr-defined]
        await under_test.settle()
        yield under_test
        write_transcript(under_test.telegram.transcript())


def user(bot: BotUnderTest, name: str) -> FakeUser:
    """The person called ``name`` in the definition (see PEOPLE)."""
    return bot.telegram.world.users[PEOPLE[name]]


def last(bot: BotUnderTest, name: str) -> str:
    """The text of the bot's latest message to ``name``."""
    return bot.telegram.last_sent(user(bot, name)).text or ""


async def say(bot: BotUnderTest, name: str, text: str) -> str:
    """``name`` sends ``text`` privately; the bot's answer once it has settled."""
    return await bot.say(user(bot, name), text)


async def tap(bot: BotUnderTest, name: str, label: str) -> None:
    """``name`` taps ``label`` on their latest message that has it."""
    await bot.tap(user(bot, name), label)


def buttons_of(bot: BotUnderTest, name: str) -> list[str]:
    """The labels of the buttons on every message ``name`` can still tap."""
    return bot.telegram.buttons_of(user(bot, name))


async def report_game(bot: BotUnderTest, name: str, text: str, starter: str | None = None) -> None:
    """``name`` reports a game they won, says who started if asked, and confirms the slip."""
    await say(bot, name, text)
    if starter is not None:
        await tap(bot, name, starter)
    await tap(bot, name, "✅ Confirm")


async def rows(bot: BotUnderTest, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The rows a query reads from the bot's database: the stored state a test checks."""
    async with bot.runtime.db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, args)]


async def match_row(bot: BotUnderTest, code: str) -> tuple[Any, ...]:
    """(state, winner side, entry a, entry b) of a match."""
    [row] = await rows(bot, "SELECT state, winner_side, entry_a, entry_b FROM matches"
                            " WHERE code = ?", (code,))
    return row


async def paper_slip(bot: BotUnderTest, players: tuple[str, str], scores: tuple[int, int],
                     starter: str | None) -> None:
    """Tara enters a game from a paper slip (``tdbot game report``), final at once."""
    await reporting.enter_game(bot.runtime.db, Request.cli(bot.clock()),
                               bot.event_id,  # type: ignore[attr-defined]
                               players, scores, starter=starter)
    await bot.settle()
