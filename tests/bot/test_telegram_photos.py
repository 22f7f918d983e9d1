"""Board photos in the chat, through the real PTB Application and the fake Bot API (SSSg
2016 Annex A para 25: the winner, on a tie the starter, sends a photo of the finished board
within 24 hours, failing which the game may go to the loser as a bye).

The club cup (M1 Ann Lee v Dev Rao, SF best of 3), two TDs (Tara, Uma), and the SA Rating
Officer's group chat, to which every photo is forwarded.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.fakebot import FakeChat
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import (
    DEFINITION,
    NO_FEE_REMINDERS,
    PEOPLE,
    buttons_of,
    club_cup_bot,
    last,
    linked_definition,
    report_game,
    tap,
    user,
)

JPEG = b"\xff\xd8board"


def definition(officer: int) -> str:
    tds = DEFINITION + '\n[[tds]]\nname = "Uma TD"\n'
    return linked_definition(f"ratings_officer_chat = {officer}\n{NO_FEE_REMINDERS}", base=tds,
                             ids=PEOPLE)


class Chat:
    officer: FakeChat


def ratings_group(bot: BotUnderTest) -> int:
    """The SA Rating Officer's group chat, to which every photo is forwarded."""
    Chat.officer = bot.telegram.add_group("SA Ratings", [user(bot, "Rita Officer")])
    return Chat.officer.id


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    async with club_cup_bot(tmp_path, lambda b: definition(ratings_group(b)),
                            ids=PEOPLE) as under_test:
        yield under_test


async def photo(bot: BotUnderTest, name: str, caption: str | None = None) -> str:
    bot.telegram.user_sends_photo(user(bot, name), JPEG, caption=caption)
    await bot.settle()
    return last(bot, name)


async def ann_wins(bot: BotUnderTest, text: str, starter: str | None = None) -> None:
    await report_game(bot, "Ann Lee", text, starter)


async def test_the_winner_sends_the_photo_and_the_rating_officer_gets_it(
    bot: BotUnderTest,
) -> None:
    assert await photo(bot, "Ann Lee") == (
        "⚠️ No game of yours is waiting for a board photo. Report the result first (e.g. "
        "412-380), then send the photo of the finished board (SSSg para 25).")
    await ann_wins(bot, "412-380", "Dev Rao started")
    assert await photo(bot, "Dev Rao") == (
        "📷 Photo of game 1 v Ann Lee kept. It does not replace Ann Lee's: the rules ask "
        "Ann Lee for the photo (the winner, or on a tie the starter, para 25), due by Tue 03 "
        "Mar 2026 17:00 (+08).")
    assert await photo(bot, "Ann Lee") == (
        "📷 Board photo of game 1 v Dev Rao received. Thank you: nothing more to send for "
        "this game.")
    forwarded = bot.telegram.sent(Chat.officer)
    assert len(forwarded) == 2 and all(m.photo is not None for m in forwarded)
    assert forwarded[-1].caption == ("📷 Club Cup <2026>, SF\nM1 game 1: Ann Lee 412, Dev Rao "
                                     "380\nSent by Ann Lee.")
    # a payment proof (captioned /paid) is not a board photo: this handler leaves it alone
    before = len(bot.telegram.sent(Chat.officer))
    await photo(bot, "Ann Lee", caption="/paid SF")
    assert "Board photo" not in last(bot, "Ann Lee")
    assert len(bot.telegram.sent(Chat.officer)) == before


async def test_with_two_games_waiting_the_player_taps_which(bot: BotUnderTest) -> None:
    await ann_wins(bot, "412-380", "Dev Rao started")
    await ann_wins(bot, "405-399")
    assert await photo(bot, "Ann Lee") == "📷 Which game is this photo of? Tap it."
    assert buttons_of(bot, "Ann Lee")[-2:] == ["Game 1 v Dev Rao (SF)", "Game 2 v Dev Rao (SF)"]
    await tap(bot, "Ann Lee", "Game 2 v Dev Rao (SF)")
    assert last(bot, "Ann Lee").startswith("📷 Board photo of game 2 v Dev Rao received.")
    assert "Game 1 v Dev Rao (SF)" not in buttons_of(bot, "Ann Lee")  # the question is answered
    assert await photo(bot, "Ann Lee") == (
        "📷 Board photo of game 1 v Dev Rao received. Thank you: nothing more to send for "
        "this game.")


async def test_no_photo_reminder_then_the_tds_rule_after_a_restart(bot: BotUnderTest) -> None:
    await ann_wins(bot, "412-380", "Dev Rao started")
    await bot.restart()  # the deadlines are rows: a restart arms them again
    assert await bot.advance(timedelta(hours=22)) == 1
    assert last(bot, "Ann Lee") == (
        "📷 Club Cup <2026>: the board photo of game 1 v Dev Rao is due by Tue 03 Mar 2026 "
        "17:00 (+08) (SSSg para 25). Send the picture here.")
    assert await bot.advance(timedelta(hours=2, minutes=1)) >= 1
    for td in ("Tara TD", "Uma TD"):
        assert "no board photo of M1 game 1: Ann Lee 412, Dev Rao 380" in last(bot, td)
        assert buttons_of(bot, td) == ["Award bye to loser", "Extend 24 h", "Waive"]
    await tap(bot, "Tara TD", "Award bye to loser")
    assert "✅ Tara TD decided: game bye to Dev Rao." in last(bot, "Tara TD")
    assert buttons_of(bot, "Uma TD") == []  # Uma's copy says it too, its buttons gone
    assert "✅ Tara TD decided: game bye to Dev Rao." in last(bot, "Uma TD")
    assert "so the game is yours as a bye (para 25). Decided by Tara TD." in last(bot, "Dev Rao")
    assert "Score: Dev Rao 1-0 Ann Lee (+100)" in last(bot, "Dev Rao")
    assert "the game goes to Dev Rao as a bye" in last(bot, "Ann Lee")


async def test_a_second_td_pressing_is_told_who_decided(bot: BotUnderTest) -> None:
    await ann_wins(bot, "412-380", "Dev Rao started")
    await bot.advance(timedelta(hours=24, minutes=1))
    # both press before either press is applied: one decides, the other is told who did
    for name, label in (("Tara TD", "Waive"), ("Uma TD", "Award bye to loser")):
        who = user(bot, name)
        question = next(m for m in reversed(bot.telegram.sent(who)) if m.buttons())
        bot.telegram.user_taps(who, question, text=label)
    await bot.settle()
    assert last(bot, "Uma TD") == ("Already settled by Tara TD: photo waived (M1 game 1). "
                                   "Nothing changed.")
    assert "a TD waived the board photo of game 1 v Dev Rao" in last(bot, "Ann Lee")


async def test_back_after_the_close_the_player_gets_no_reminder_and_the_tds_are_asked(
    bot: BotUnderTest,
) -> None:
    """The bot is down across the photo's reminder time and its window's close: at start-up
    the TDs are asked about the missing photo and Ann reads no "due by ... Send the picture
    here" for a deadline already gone."""
    await ann_wins(bot, "412-380", "Dev Rao started")
    seen = len(bot.telegram.sent(user(bot, "Ann Lee")))
    await bot.stop()
    bot.clock.advance(timedelta(days=1, hours=1))
    await bot.start()
    await bot.runtime.scheduler.sweep()
    await bot.settle()
    ann_read = [m.text or "" for m in bot.telegram.sent(user(bot, "Ann Lee"))[seen:]]
    assert not [t for t in ann_read if "Send the picture here" in t], ann_read
    for td in ("Tara TD", "Uma TD"):
        assert "no board photo of M1 game 1: Ann Lee 412, Dev Rao 380" in last(bot, td)
    async with bot.runtime.db.transaction() as tx:
        states = await tx.all("SELECT kind, state FROM deadlines WHERE kind LIKE 'photo.%'"
                              " ORDER BY due_at")
    assert [tuple(r) for r in states] == [("photo.reminder", "cancelled"),
                                          ("photo.window", "fired")]


async def test_photos_missing_at_once_come_as_one_list_with_a_button_per_game(
    bot: BotUnderTest,
) -> None:
    """Back after a day down, two photos are overdue at once: each TD reads one list, not a
    message per game. Tara taps a game for its choices and gives the bye; both lists are
    redrawn; Uma waives what is left with one tap."""
    await ann_wins(bot, "412-380", "Dev Rao started")
    await report_game(bot, "Ben Ong", "400-350", starter="I started")
    seen = {td: len(bot.telegram.sent(user(bot, td))) for td in ("Tara TD", "Uma TD")}
    await bot.stop()
    bot.clock.advance(timedelta(days=1, hours=1))
    await bot.start()
    await bot.runtime.scheduler.sweep()
    await bot.settle()
    for td in ("Tara TD", "Uma TD"):
        new = [m.text or "" for m in bot.telegram.sent(user(bot, td))[seen[td]:]]
        assert new == [
            "📷 Club Cup <2026>: no board photo came in time for 2 games (para 25). Each may "
            "go to its loser as a bye (+100, para 28).\n\n"
            "• M1 game 1: Ann Lee 412, Dev Rao 380. Ann Lee was to send it.\n"
            "• M2 game 1: Ben Ong 400, Cai Wen 350. Ben Ong was to send it.\n\n"
            "Tap a game for its choices (bye, 24 hours more, waive), or extend or waive the "
            "2 still open at once."], new
        assert buttons_of(bot, td) == ["M1 game 1: Ann Lee v Dev Rao",
                                       "M2 game 1: Ben Ong v Cai Wen", "Extend all 24 h",
                                       "Waive all"]
    await tap(bot, "Tara TD", "M1 game 1: Ann Lee v Dev Rao")
    assert "no board photo of M1 game 1: Ann Lee 412, Dev Rao 380" in last(bot, "Tara TD")
    await tap(bot, "Tara TD", "Award bye to loser")
    assert "Score: Dev Rao 1-0 Ann Lee (+100)" in last(bot, "Dev Rao")
    assert buttons_of(bot, "Uma TD") == ["M2 game 1: Ben Ong v Cai Wen", "Extend all 24 h",
                                         "Waive all"]
    await tap(bot, "Uma TD", "Waive all")
    assert "a TD waived the board photo of game 1 v Cai Wen" in last(bot, "Ben Ong")
    for td in ("Tara TD", "Uma TD"):
        assert buttons_of(bot, td) == []
        listed = next(m for m in bot.telegram.sent(user(bot, td))
                      if "2 games" in (m.text or ""))
        shown = bot.telegram.world.message(listed.chat.id, listed.message_id)
        assert shown is not None and (shown.text or "").endswith(
            "• M1 game 1: ✅ Tara TD decided: game bye to Dev Rao.\n"
            "• M2 game 1: ✅ Uma TD decided: waived: the game stands.\n\nAll decided.")
    async with bot.runtime.db.transaction() as tx:
        states = await tx.all("SELECT state FROM photo_windows ORDER BY id")
    assert [r[0] for r in states] == ["bye", "waived"]
