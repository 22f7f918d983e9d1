"""A TD rules in the chat, through the real PTB Application and the fake Bot API (SSSg
2016 Annex A paras 19, 27, 28, 30): the dispute's buttons, Amend by message, two TDs at
once.

The club cup with two TDs (Tara, Uma) and Ann Lee as a TD too: she plays M1, so she may
not rule on it (para 19). SF best of 3: M1 Ann v Dev, M2 Ben v Cai; the Final best of 5.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import (
    DEFINITION,
    buttons_of,
    club_cup_bot,
    last,
    linked_definition,
    say,
    tap,
    user,
)
from tests.bot.club_chat import IDS as PLAYERS

IDS = {**PLAYERS, "Uma TD": 9002}


def definition() -> str:
    """Two TDs, and Ann as a third."""
    tds = DEFINITION.replace('[[tds]]\nname = "Tara TD"',
                             '[[tds]]\nname = "Tara TD"\n\n[[tds]]\nname = "Uma TD"\n\n'
                             '[[tds]]\nname = "Ann Lee"')
    return linked_definition(None, base=tds, ids=IDS)


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    async with club_cup_bot(tmp_path, definition(), ids=IDS) as under_test:
        yield under_test


def _texts(bot: BotUnderTest, name: str) -> list[str]:
    return [m.text or "" for m in bot.telegram.sent(user(bot, name))]


async def _disputed_game_1(bot: BotUnderTest) -> None:
    """Ann reports 412-380 for game 1 (she started); Dev disputes it with a reason."""
    bot.telegram.user_sends(user(bot, "Ann Lee"), "412-380")
    await bot.settle()
    await tap(bot, "Ann Lee", "I started")
    await tap(bot, "Ann Lee", "✅ Confirm")
    await tap(bot, "Dev Rao", "Dispute")
    await say(bot, "Dev Rao", "I had 390")


async def test_the_ruler_gets_the_buttons_and_upholds(bot: BotUnderTest) -> None:
    await _disputed_game_1(bot)
    tara = [t for t in _texts(bot, "Tara TD") if "disputes game 1" in t][0]
    assert "Tap a ruling below" in tara
    for label in ("Uphold", "Amend", "Void game", "Game bye to Ann Lee", "Game bye to Dev Rao",
                  "Match bye to Ann Lee", "Match bye to Dev Rao"):
        assert label in buttons_of(bot, "Tara TD")
    assert "Uphold" not in buttons_of(bot, "Ann Lee")  # para 19: she plays in M1, not asked
    await tap(bot, "Tara TD", "Uphold")
    assert last(bot, "Tara TD").startswith("✅ M1 game 1: upheld: the result stands. "
                                            "Score: Ann Lee 1-0 Dev Rao (+32). Both players are told.")
    assert "a TD ruled on game 1: the result stands as reported." in last(bot, "Dev Rao")
    # every ruler's copy now says who ruled, and its buttons are gone
    for td in ("Tara TD", "Uma TD"):
        copy = [t for t in _texts(bot, td) if "disputes game 1" in t][0]
        assert "✅ Ruled by Tara TD: the result stands as reported." in copy
        assert "Uphold" not in buttons_of(bot, td)


async def test_two_tds_at_once_one_ruling_wins(bot: BotUnderTest) -> None:
    await _disputed_game_1(bot)
    # both press before either press is handled: Tara's comes first
    copies = {}
    for td in ("Tara TD", "Uma TD"):
        copies[td] = next(m for m in reversed(bot.telegram.sent(user(bot, td)))
                          if "disputes game 1" in (m.text or ""))
    bot.telegram.user_taps(user(bot, "Tara TD"), copies["Tara TD"], text="Void game")
    bot.telegram.user_taps(user(bot, "Uma TD"), copies["Uma TD"], text="Uphold")
    await bot.settle()
    assert last(bot, "Uma TD").startswith("Tara TD already ruled on this: void:")
    assert "the game is void" in last(bot, "Ann Lee")


async def test_amend_by_message(bot: BotUnderTest) -> None:
    await _disputed_game_1(bot)
    await tap(bot, "Uma TD", "Amend")
    assert "Send the right scores of M1 game 1, Ann Lee's first" in last(bot, "Uma TD")
    assert "send the two scores" in await say(bot, "Uma TD", "four hundred")
    done = await say(bot, "Uma TD", "412 390")
    assert done.startswith("✅ M1 game 1: scores amended. Score: Ann Lee 1-0 Dev Rao (+22).")
    assert "the scores are you 390, Ann Lee 412." in last(bot, "Dev Rao")
    # the next message is an ordinary one again
    assert "Ruled by" not in await say(bot, "Uma TD", "hello")
