"""A TD rules in the chat, through the real PTB Application and the fake Bot API (SSSg
2016 Annex A paras 19, 27, 28, 30): the dispute's buttons, Amend by message, two TDs at
once.

The club cup with two TDs (Tara, Uma) and Ann Lee as a TD too: she plays M1, so she may
not rule on it (para 19). SF best of 3: M1 Ann v Dev, M2 Ben v Cai; the Final best of 5.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.service import event_setup
from bot.service.actors import Actor
from bot.service.definitions import parse_definition
from bot.service.draw import make_draw
from bot.service.rounds import open_round_in
from bot.telegram.harness import BotUnderTest
from tests.bot.test_telegram_report import (
    DEFINITION,
)
from tests.bot.test_telegram_report import IDS as PLAYERS

IDS = {**PLAYERS, "Uma TD": 9002}


def definition() -> str:
    """Two TDs, and Ann as a third."""
    text = DEFINITION.replace('[[tds]]\nname = "Tara TD"',
                              '[[tds]]\nname = "Tara TD"\n\n[[tds]]\nname = "Uma TD"\n\n'
                              '[[tds]]\nname = "Ann Lee"')
    for name, tg_id in IDS.items():
        text = text.replace(f'name = "{name}"', f'name = "{name}"\ntelegram_id = {tg_id}')
    return text


@pytest.fixture
async def bot(tmp_path: Path):
    under_test = BotUnderTest(tmp_path / "bot.sqlite3")
    async with under_test:
        now = under_test.clock()
        async with under_test.runtime.db.transaction() as tx:
            created = await event_setup.create_event(tx, parse_definition(definition()),
                                                     by=Actor.cli(), now=now)
            await make_draw(tx, created.event_id, seed=2026, by=Actor.cli(), now=now)
            await open_round_in(tx, created.event_id, "SF", by=Actor.cli(), now=now,
                                unpaid_ok=True, why="fees at the venue")
        for name, tg_id in IDS.items():
            under_test.telegram.chat_of(under_test.telegram.add_user(name.split()[0],
                                                                     user_id=tg_id))
        await under_test.settle()
        yield under_test
        out = os.environ.get("TDBOT_TRANSCRIPTS")
        if out:
            Path(out).mkdir(parents=True, exist_ok=True)
            name = os.environ.get("PYTEST_CURRENT_TEST", "test").split("::")[-1].split(" ")[0]
            Path(out, f"{name}.txt").write_text(under_test.telegram.transcript())


def _user(bot: BotUnderTest, name: str):  # type: ignore[no-untyped-def]
    return bot.telegram.world.users[IDS[name]]


def _last(bot: BotUnderTest, name: str) -> str:
    return bot.telegram.last_sent(_user(bot, name)).text or ""


async def _say(bot: BotUnderTest, name: str, text: str) -> str:
    bot.telegram.user_sends(_user(bot, name), text)
    await bot.settle()
    return _last(bot, name)


async def _tap(bot: BotUnderTest, name: str, label: str) -> None:
    who = _user(bot, name)
    for message in reversed(bot.telegram.sent(who)):
        current = bot.telegram.world.message(message.chat.id, message.message_id)
        if current is not None and any(b["text"] == label for row in current.buttons()
                                       for b in row):
            bot.telegram.user_taps(who, current, text=label)
            await bot.settle()
            return
    raise AssertionError(f"{name} has no message with a {label!r} button")


def _buttons(bot: BotUnderTest, name: str) -> list[str]:
    out = []
    for message in bot.telegram.sent(_user(bot, name)):
        current = bot.telegram.world.message(message.chat.id, message.message_id)
        if current is not None:
            out += [b["text"] for row in current.buttons() for b in row]
    return out


def _texts(bot: BotUnderTest, name: str) -> list[str]:
    out = []
    for message in bot.telegram.sent(_user(bot, name)):
        current = bot.telegram.world.message(message.chat.id, message.message_id)
        out.append((current or message).text or "")
    return out


async def _disputed_game_1(bot: BotUnderTest) -> None:
    """Ann reports 412-380 for game 1 (she started); Dev disputes it with a reason."""
    bot.telegram.user_sends(_user(bot, "Ann Lee"), "412-380")
    await bot.settle()
    await _tap(bot, "Ann Lee", "I started")
    await _tap(bot, "Ann Lee", "✅ Confirm")
    await _tap(bot, "Dev Rao", "Dispute")
    await _say(bot, "Dev Rao", "I had 390")


async def test_the_ruler_gets_the_buttons_and_upholds(bot: BotUnderTest) -> None:
    await _disputed_game_1(bot)
    tara = [t for t in _texts(bot, "Tara TD") if "disputes game 1" in t][0]
    assert "Tap a ruling below" in tara
    for label in ("Uphold", "Amend", "Void game", "Game bye to Ann Lee", "Game bye to Dev Rao",
                  "Match bye to Ann Lee", "Match bye to Dev Rao"):
        assert label in _buttons(bot, "Tara TD")
    assert "Uphold" not in _buttons(bot, "Ann Lee")  # para 19: she plays in M1, not asked
    await _tap(bot, "Tara TD", "Uphold")
    assert _last(bot, "Tara TD").startswith("✅ M1 game 1: upheld: the result stands. "
                                            "Score: 1-0 (+32). Both players are told.")
    assert "a TD ruled on game 1: the result stands as reported." in _last(bot, "Dev Rao")
    # every ruler's copy now says who ruled, and its buttons are gone
    for td in ("Tara TD", "Uma TD"):
        copy = [t for t in _texts(bot, td) if "disputes game 1" in t][0]
        assert "✅ Ruled by Tara TD: the result stands as reported." in copy
        assert "Uphold" not in _buttons(bot, td)


async def test_two_tds_at_once_one_ruling_wins(bot: BotUnderTest) -> None:
    await _disputed_game_1(bot)
    # both press before either press is handled: Tara's comes first
    copies = {}
    for td in ("Tara TD", "Uma TD"):
        copies[td] = next(m for m in reversed(bot.telegram.sent(_user(bot, td)))
                          if "disputes game 1" in (m.text or ""))
    bot.telegram.user_taps(_user(bot, "Tara TD"), copies["Tara TD"], text="Void game")
    bot.telegram.user_taps(_user(bot, "Uma TD"), copies["Uma TD"], text="Uphold")
    await bot.settle()
    assert _last(bot, "Uma TD").startswith("Tara TD already ruled on this: void:")
    assert "the game is void" in _last(bot, "Ann Lee")


async def test_amend_by_message(bot: BotUnderTest) -> None:
    await _disputed_game_1(bot)
    await _tap(bot, "Uma TD", "Amend")
    assert "Send the right scores of M1 game 1, Ann Lee's first" in _last(bot, "Uma TD")
    assert "send the two scores" in await _say(bot, "Uma TD", "four hundred")
    done = await _say(bot, "Uma TD", "412 390")
    assert done.startswith("✅ M1 game 1: scores amended. Score: 1-0 (+22).")
    assert "the scores are you 390, Ann Lee 412." in _last(bot, "Dev Rao")
    # the next message is an ordinary one again
    assert "Ruled by" not in await _say(bot, "Uma TD", "hello")
