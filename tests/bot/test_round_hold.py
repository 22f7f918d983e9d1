"""SSSg para 21: a TD holds a round open past its close, in the chat and at the command
line; players with unfinished matches (and the group) are told the new date."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import IDS, say
from tests.bot.test_cli_report import CLUB_CUP
from tests.bot.test_telegram_group import bot, group_of, in_group, open_sf, posts, user

__all__ = ["bot"]


async def tara_says(bot: BotUnderTest, text: str) -> str:
    return await say(bot, "Tara TD", text)


async def test_a_td_holds_the_round_open_and_the_players_are_told(bot: BotUnderTest) -> None:
    chat = group_of(bot)
    await in_group(bot, chat, IDS["Tara TD"], "/link club-cup")
    await open_sf(bot)
    answer = await tara_says(bot, "/holdround SF until 2026-03-20: the Causeway Open ends then")
    assert answer.startswith("SF now closes Fri 20 Mar 2026 23:59 (+08) (was Mon 09 Mar 2026")
    assert "I told 4 players with unfinished matches." in answer
    ann = bot.telegram.last_sent(user(bot, IDS["Ann Lee"])).text or ""
    assert "SF</b> is held open until Fri 20 Mar 2026 23:59" in ann or \
        "SF is held open until Fri 20 Mar 2026 23:59 (+08): the Causeway Open ends then." in ann
    assert "Finish your match against Dev Rao by then." in ann
    assert "held open until" in posts(bot, chat)[-1]
    # the close deadline moved: nothing fires on the old date, the TD hears on the new one
    before = len(bot.telegram.sent(user(bot, IDS["Tara TD"])))
    await bot.advance(timedelta(days=8))
    tara_now = bot.telegram.sent(user(bot, IDS["Tara TD"]))
    assert not any("reached its deadline" in (m.text or "") for m in tara_now[before:])
    await bot.advance(timedelta(days=12))
    assert "reached its deadline" in (bot.telegram.last_sent(user(bot, IDS["Tara TD"])).text or "")


async def test_holdround_says_what_is_wrong(bot: BotUnderTest) -> None:
    await open_sf(bot)
    assert "Say the round, the new date and why" in await tara_says(bot, "/holdround SF until 2026-03-20")
    assert "give a later date" in await tara_says(bot, "/holdround SF until 2026-03-05: rain")
    assert "Final is not open: only an open round" in await tara_says(
        bot, "/holdround Final until 2026-04-20: rain")
    bot.telegram.user_sends(user(bot, IDS["Ann Lee"]), "/holdround SF until 2026-03-20: me")
    await bot.settle()
    assert "for the TDs and organisers" in (bot.telegram.last_sent(user(bot, IDS["Ann Lee"])).text
                                            or "")


def test_tdbot_round_hold(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    runner = CliRunner()
    closes = (datetime.now(UTC) + timedelta(days=10)).date()
    for args in (("event", "create", str(CLUB_CUP)), ("event", "draw", "club-cup", "--seed", "2026"),
                 ("round", "open", "club-cup", "SF", "--closes", closes.isoformat(),
                  "--unpaid-ok", "--why", "fees at the venue")):
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == 0, result.stderr
    later = (closes + timedelta(days=7)).isoformat()
    result = runner.invoke(app, ["round", "hold", "club-cup", "SF", "--until", later,
                                 "--why", "another rated event", "--db", db])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("SF now closes ") and "told 4 player(s)" in result.stdout
    result = runner.invoke(app, ["round", "hold", "club-cup", "SF", "--until", later,
                                 "--why", " ", "--db", db])
    assert result.exit_code == 2 and "say why the round is held open" in result.stderr
