"""A ladder of one-game challenges (examples/club_ladder.toml, ``best_of = 1``) in the chat.

A challenge of one game is told as that game, as the players played it ("won 412-380"),
not as a games score ("won 1-0, +32"): the format says whether a match is one game
(``seam.Format.single_game``). The ladder's legend of challenge marks shows only when a
mark does. Expelling a player voids their open challenge and settles what was open in its
match as every other decision does (tests/bot/test_superseded_slips.py): its slip void,
its window cancelled, both copies edited to say why, without their buttons.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.telegram.harness import BotUnderTest
from tests.bot.ladder_chat import ladder_bot, order, say, tap, user

LEGEND = "#N ? = challenge waiting for an answer"


async def _all(bot: BotUnderTest, sql: str) -> list[tuple[Any, ...]]:
    async with bot.runtime.db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql)]


async def _challenge(bot: BotUnderTest, number: int) -> dict[str, Any]:
    [(record,)] = await _all(bot, "SELECT record_json FROM ladders")
    return next(c for c in json.loads(record)["challenges"] if c["number"] == number)


def _said(bot: BotUnderTest, name: str) -> str:
    return "\n".join(m.text or "" for m in bot.telegram.sent(user(bot, name)))


async def _eve_reports_a_win_over_ben(bot: BotUnderTest) -> None:
    await say(bot, "Eve Tan", "/challenge Ben")
    await tap(bot, "Ben Ong", "✅ Accept")
    await say(bot, "Eve Tan", "412-380")
    await tap(bot, "Eve Tan", "I started")
    await tap(bot, "Eve Tan", "✅ Confirm")


async def test_a_one_game_challenge_is_told_as_its_game(tmp_path: Path) -> None:
    async with ladder_bot(tmp_path) as bot:
        assert LEGEND not in await say(bot, "Ann Lee", "/ladder")  # no mark to explain
        await _eve_reports_a_win_over_ben(bot)
        assert LEGEND in await say(bot, "Ann Lee", "/ladder")  # #1 ⚔ is shown now
        await tap(bot, "Ben Ong", "Agree")
        assert (await order(bot)).index("Eve Tan") < (await order(bot)).index("Ben Ong")
        done = await _challenge(bot, 1)
        assert (done["status"], done["winner"], done["why"]) == ("played", "Eve Tan",
                                                                  "won 412-380")
        moved = _said(bot, "Cai Wen")  # moved down a rung: told what moved them
        assert "Eve Tan beat Ben Ong in challenge #1 (won 412-380)." in moved, moved
        assert "1-0" not in moved
        assert "Report the result here once played" in _said(bot, "Ben Ong")


async def test_expelling_a_player_settles_the_slip_of_their_void_challenge(
        tmp_path: Path) -> None:
    """Eve reported a win over Ben that Ben may still dispute; Ben is expelled: #1 is void,
    and the slip with it: void, its window cancelled, both copies saying so and Ben's
    without its Agree / Dispute buttons."""
    async with ladder_bot(tmp_path) as bot:
        await _eve_reports_a_win_over_ben(bot)
        [(slip, state)] = await _all(bot, "SELECT id, state FROM slips WHERE state != 'draft'")
        assert state == "pending"
        assert "Dispute" in bot.telegram.buttons_of(user(bot, "Ben Ong"))
        await say(bot, "Tara TD", "/expel Ben Ong: left the club")
        assert (await _challenge(bot, 1))["status"] == "void"
        assert await _all(bot, f"SELECT state FROM slips WHERE id = {slip}") == [("void",)]
        assert await _all(bot, "SELECT state FROM matches WHERE code = 'L1'") == [
            ("not_needed",)]
        assert await _all(bot, "SELECT state FROM deadlines WHERE kind = 'slip.window'") == [
            ("cancelled",)]
        assert not {"Agree", "Dispute"} & set(bot.telegram.buttons_of(user(bot, "Ben Ong")))
        for name in ("Eve Tan", "Ben Ong"):
            copies = [m.text or "" for m in bot.telegram.sent(user(bot, name))
                      if "412" in (m.text or "") and "📝" in (m.text or "")]
            assert copies and ("⚖️ Challenge #1 is void: Ben Ong was expelled (left the "
                               "club); this result no longer counts.") in copies[-1], copies
