"""TD commands in the chat, role checks, and a round's deadline reminder on a simulated clock.

Rules checked: roles are enforced ("a player cannot use TD commands"); a TD makes
the draw (recorded seed) and opens a round, each player is told their opponent, best-of and
deadline (bot/service/events/rounds.py opening_text); the deadline reminder fires on the simulated
clock by the sweep (no real sleeping); /matches shows a player's matches.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import club_cup_bot, linked_definition, say, user


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    """The club cup in registration: no draw yet, every person on Telegram."""
    async with club_cup_bot(tmp_path, linked_definition(), draw=False, open_sf=False) as under_test:
        yield under_test


async def test_a_player_cannot_use_td_commands(bot: BotUnderTest) -> None:
    for command in ("/draw 7", "/openround Final", "/pending", "/invites"):
        answer = await say(bot, "Ann Lee", command)
        assert "for the TDs and organisers" in answer, command
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT state FROM events") == "registration"


async def test_a_stranger_cannot_use_td_commands_either(bot: BotUnderTest) -> None:
    eve = bot.telegram.add_user("Eve")
    bot.telegram.user_sends(eve, "/draw")
    await bot.settle()
    assert "for the TDs and organisers" in (bot.telegram.last_sent(eve).text or "")


async def test_draw_open_round_tell_players_and_remind_before_the_deadline(
    bot: BotUnderTest,
) -> None:
    drawn = await say(bot, "Tara TD", "/draw 2026")
    assert "The draw for Club Cup &lt;2026&gt;" not in drawn  # shown as text, not markup
    assert "The draw for Club Cup <2026> (seed 2026)" in drawn
    assert "Ann Lee" in drawn and "Dev Rao" in drawn
    again = await say(bot, "Tara TD", "/draw 1")
    assert "already been drawn" in again

    ann = user(bot, "Ann Lee")
    assert "The draw for Club Cup <2026> is made" in (bot.telegram.last_sent(ann).text or "")

    unpaid = await say(bot, "Tara TD", "/openround SF")
    assert "not paid for this round" in unpaid and "Dev Rao" in unpaid
    opened = await say(bot, "Tara TD", "/openround SF anyway: fees collected at the venue")
    assert "Opened SF" in opened, opened
    assert "All 4 players have been told their opponent" in opened  # all on Telegram
    told = bot.telegram.last_sent(ann).text or ""
    assert "Your opponent:" in told and "Best of 3" in told and "Deadline:" in told

    mine = await say(bot, "Ann Lee", "/matches")
    assert "SF" in mine and "best of 3" in mine and "Deadline" in mine

    # The clock starts 2 Mar 09:00 UTC. SF closes 9 Mar 23:59 Singapore time (15:59 UTC);
    # the first reminder is due 72 h before: 6 Mar 15:59 UTC.
    before = len(bot.telegram.sent(ann))
    fired = await bot.advance(timedelta(days=4, hours=6))  # 6 Mar 15:00 UTC
    assert fired == 0 and len(bot.telegram.sent(ann)) == before
    fired = await bot.advance(timedelta(hours=1))  # 6 Mar 16:00 UTC
    assert fired == 1
    reminder = bot.telegram.last_sent(ann).text or ""
    assert reminder.startswith("Reminder: your SF match against")


async def test_a_td_sets_the_closing_time_from_the_chat(bot: BotUnderTest) -> None:
    """A TD on a phone can give a round its closing time (``until``), as ``--closes`` does
    at the command line: otherwise a round whose planned date passed could not be opened
    from the chat at all."""
    await say(bot, "Tara TD", "/draw 2026")
    bad = await say(bot, "Tara TD", "/openround SF until 20/03 anyway: at the venue")
    assert "write it as YYYY-MM-DD" in bad
    bot.clock.advance(timedelta(days=10))  # 12 Mar: SF's planned close (9 Mar) has passed
    late = await say(bot, "Tara TD", "/openround SF anyway: at the venue")
    assert "is already past" in late and "/openround SF until" in late  # as typed
    opened = await say(bot, "Tara TD", "/openround SF until 2026-03-20 anyway: at the venue")
    assert "Opened SF" in opened and "Fri 20 Mar 2026 23:59 (+08)" in opened, opened
    told = bot.telegram.last_sent(user(bot, "Ann Lee")).text or ""
    assert "Deadline: Fri 20 Mar 2026 23:59 (+08)" in told


async def test_an_edited_command_is_not_run_again(bot: BotUnderTest) -> None:
    """Telegram sends an edit of a message as a new update. Running an edited command again
    would repeat its effect (a second draw, a result reported twice); the bot answers
    that it reads only new messages, and changes nothing."""
    tara = user(bot, "Tara TD")
    command = bot.telegram.user_sends(tara, "/draw 2026")
    await bot.settle()
    bot.telegram.user_edits(tara, command, "/draw 7")
    await bot.settle()
    answer = bot.telegram.last_sent(tara).text or ""
    assert "edited" in answer and "send it again" in answer
    assert "already been drawn" not in answer


@pytest.mark.parametrize(
    ("command", "answer"),
    [
        ("/openround SF until", "Give the closing date after until"),
        ("/openround until 2026-03-20", "Say which round"),
        ("/openround SF anyway", "Say why you open it with fees unpaid"),
    ],
)
async def test_openround_mistakes_say_how_to_write_it(
    bot: BotUnderTest, command: str, answer: str
) -> None:
    await say(bot, "Tara TD", "/draw 2026")
    assert answer in await say(bot, "Tara TD", command)


async def test_openround_takes_a_time_of_day_too(bot: BotUnderTest) -> None:
    await say(bot, "Tara TD", "/draw 2026")
    opened = await say(bot, "Tara TD", "/openround SF until 2026-03-20 18:00 anyway: at the venue")
    assert "Deadline: Fri 20 Mar 2026 18:00 (+08)" in opened, opened
