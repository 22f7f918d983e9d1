"""A TD rules in the chat, through the real PTB Application and the fake Bot API (SSSg
2016 Annex A paras 19, 24, 27, 28, 30): the dispute's buttons, Amend by message, the
TD's reason (a message, or Skip) reaching both players and the journal, two TDs at once.

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


async def _journal_why(bot: BotUnderTest) -> object:
    async with bot.runtime.db.transaction() as tx:
        return await tx.scalar("SELECT why FROM journal WHERE action = 'dispute.ruled'")


async def test_the_ruler_gets_the_buttons_upholds_and_says_why(bot: BotUnderTest) -> None:
    """Para 19: the TD adjudicates; para 24: the players are owed the ruling, so a ruling
    by button asks the TD's reason before it is applied, and both players and the journal
    get the TD's own words."""
    await _disputed_game_1(bot)
    tara = [t for t in _texts(bot, "Tara TD") if "disputes game 1" in t][0]
    assert "Tap a ruling below" in tara
    for label in ("Uphold", "Amend", "Void game", "Game bye to Ann Lee", "Game bye to Dev Rao",
                  "Match bye to Ann Lee", "Match bye to Dev Rao"):
        assert label in buttons_of(bot, "Tara TD")
    assert "Uphold" not in buttons_of(bot, "Ann Lee")  # para 19: she plays in M1, not asked
    await tap(bot, "Tara TD", "Uphold")
    assert last(bot, "Tara TD") == ("⚖️ M1 game 1: uphold the result.\nWhy? Send one line for "
                                     "both players and the journal, or tap Skip.")
    assert "Skip (no reason)" in buttons_of(bot, "Tara TD")
    # nothing is applied before the reason: the dispute is open, the players not told
    assert "a TD ruled" not in last(bot, "Dev Rao")
    done = await say(bot, "Tara TD", "Ann's scoresheet,  signed by Dev,\nsays 412 & 380")
    assert done.startswith("✅ M1 game 1: upheld: the result stands. "
                           "Score: Ann Lee 1-0 Dev Rao (+32). Both players are told.")
    words = "Ann's scoresheet, signed by Dev, says 412 & 380"  # one line
    for player in ("Dev Rao", "Ann Lee"):
        told = last(bot, player)
        assert "a TD ruled on game 1: the result stands as reported." in told
        assert f"Why: {words}" in told
    assert await _journal_why(bot) == words
    # every ruler's copy now says who ruled and why, and its buttons are gone
    for td in ("Tara TD", "Uma TD"):
        copy = [t for t in _texts(bot, td) if "disputes game 1" in t][0]
        assert f"✅ Ruled by Tara TD: the result stands as reported. ({words})" in copy
        assert "Uphold" not in buttons_of(bot, td)
    # the next message is an ordinary one again
    assert "Ruled by" not in await say(bot, "Tara TD", "hello")


async def test_skip_rules_with_no_reason_given(bot: BotUnderTest) -> None:
    await _disputed_game_1(bot)
    await tap(bot, "Uma TD", "Game bye to Dev Rao")
    assert last(bot, "Uma TD").startswith("⚖️ M1 game 1: game bye to Dev Rao.\nWhy?")
    await tap(bot, "Uma TD", "Skip (no reason)")
    assert last(bot, "Uma TD").startswith("✅ M1 game 1: game bye to Dev Rao.")
    for player in ("Dev Rao", "Ann Lee"):
        assert "Why: the TD gave no reason" in last(bot, player)
    assert await _journal_why(bot) == "the TD gave no reason"
    assert "Skip (no reason)" not in buttons_of(bot, "Uma TD")


async def test_two_tds_at_once_one_ruling_wins(bot: BotUnderTest) -> None:
    await _disputed_game_1(bot)
    # both press before either press is handled: both are asked why
    copies = {}
    for td in ("Tara TD", "Uma TD"):
        copies[td] = next(m for m in reversed(bot.telegram.sent(user(bot, td)))
                          if "disputes game 1" in (m.text or ""))
    bot.telegram.user_taps(user(bot, "Tara TD"), copies["Tara TD"], text="Void game")
    bot.telegram.user_taps(user(bot, "Uma TD"), copies["Uma TD"], text="Uphold")
    await bot.settle()
    for td in ("Tara TD", "Uma TD"):
        assert "Why?" in last(bot, td)
    # Tara answers first: her ruling stands
    await say(bot, "Tara TD", "the board photo shows another game")
    assert "the game is void" in last(bot, "Ann Lee")
    assert "decided earlier" not in last(bot, "Ann Lee")  # the game voided is no later one
    # Uma's question is now stale: she is told who ruled, what and why, and nothing of
    # hers is applied
    stale = await say(bot, "Uma TD", "the slip is right")
    assert stale == ("Tara TD already ruled on M1: game voided (the board photo shows another "
                     "game). Yours was not applied; nothing more to do.")
    assert "Why: the board photo shows another game" in last(bot, "Ann Lee")
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM journal WHERE action = 'dispute.ruled'") == 1
    # her next message is an ordinary one again
    assert "already ruled" not in await say(bot, "Uma TD", "hello")


async def test_a_stale_skip_after_another_td_ruled(bot: BotUnderTest) -> None:
    await _disputed_game_1(bot)
    await tap(bot, "Uma TD", "Match bye to Ann Lee")
    await tap(bot, "Tara TD", "Uphold")
    await say(bot, "Tara TD", "signed scoresheet")
    await tap(bot, "Uma TD", "Skip (no reason)")
    assert last(bot, "Uma TD").startswith("Tara TD already ruled on M1: upheld: the result "
                                           "stands (signed scoresheet). Yours was not applied")
    assert "match bye" not in last(bot, "Ann Lee")


async def test_amend_by_message_then_why(bot: BotUnderTest) -> None:
    await _disputed_game_1(bot)
    await tap(bot, "Uma TD", "Amend")
    assert "Send the right scores of M1 game 1, Ann Lee's first" in last(bot, "Uma TD")
    assert "Send the two scores" in await say(bot, "Uma TD", "four hundred")
    asked = await say(bot, "Uma TD", "412 390")
    assert asked.startswith("⚖️ M1 game 1: scores Ann Lee 412, Dev Rao 390.\nWhy?")
    # /amend answers scores only: it is not taken as the reason
    assert "not waiting for scores" in await say(bot, "Uma TD", "/amend 400 390")
    done = await say(bot, "Uma TD", "Dev's scoresheet: the last move was 10 more")
    assert done.startswith("✅ M1 game 1: scores amended. Score: Ann Lee 1-0 Dev Rao (+22).")
    told = last(bot, "Dev Rao")
    assert "the scores are you 390, Ann Lee 412." in told
    assert "Why: Dev's scoresheet: the last move was 10 more" in told
    # the next message is an ordinary one again
    assert "Ruled by" not in await say(bot, "Uma TD", "hello")


async def test_a_reason_too_long_is_refused_and_still_awaited(bot: BotUnderTest) -> None:
    await _disputed_game_1(bot)
    await tap(bot, "Tara TD", "Void game")
    refused = await say(bot, "Tara TD", "x" * 301)
    assert "That reason is 301 characters long: send one line of at most 300" in refused
    await say(bot, "Tara TD", "wrong board")
    assert "Why: wrong board" in last(bot, "Dev Rao")


async def test_the_question_survives_a_restart(bot: BotUnderTest) -> None:
    """The chosen ruling waits in the database, not in memory."""
    await _disputed_game_1(bot)
    await tap(bot, "Tara TD", "Game bye to Ann Lee")
    await bot.restart()
    done = await say(bot, "Tara TD", "Dev left the table")
    assert done.startswith("✅ M1 game 1: game bye to Ann Lee.")
    assert "Why: Dev left the table" in last(bot, "Dev Rao")
