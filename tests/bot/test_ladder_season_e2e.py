"""A ladder season through the fake Bot API: challenges answered with buttons and
commands, a game reported through the slips that leapfrogs, an acceptance that lapses
(the challenger wins by forfeit) across a restart of the bot, and an idle player's drop.
Every deadline is a row: the restart re-arms them and they fire on the simulated clock."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.bot.ladder_chat import ladder_bot, order, said_to, say, tap

RULES = {"accept_hours": "48", "play_days": "7", "idle_days": "6", "cooldown_days": "1"}


async def _deadlines(bot, kind: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all("SELECT subject, state FROM deadlines WHERE kind = ? ORDER BY id",
                            (kind,))
    return [(r["subject"], r["state"]) for r in rows]


async def test_a_ladder_season(tmp_path: Path, db_target: Path | str) -> None:
    async with ladder_bot(tmp_path, RULES, db=db_target) as bot:
        # Day 0: Eve (5) challenges Ben (2), who accepts; Eve wins: a leapfrog.
        await say(bot, "Eve Tan", "/challenge Ben")
        await tap(bot, "Ben Ong", "✅ Accept")
        await say(bot, "Ben Ong", "lost 380-412")
        await tap(bot, "Ben Ong", "Eve Tan started")
        await tap(bot, "Ben Ong", "✅ Confirm")
        await tap(bot, "Eve Tan", "Agree")
        assert await order(bot) == ["Ann Lee", "Eve Tan", "Ben Ong", "Cai Wen", "Dev Rao"]

        # Day 0: Dev (5) challenges Cai (4), who never answers; the bot restarts meanwhile.
        await say(bot, "Dev Rao", "/challenge Cai")
        assert "Accept" in said_to(bot, "Cai Wen")
        assert ("ladder:1:2", "open") in await _deadlines(bot, "ladder.accept")
        await bot.advance(timedelta(hours=20))
        await bot.restart()
        await bot.advance(timedelta(hours=27))  # 47 h: not yet (the slip's windows close)
        assert ("ladder:1:2", "open") in await _deadlines(bot, "ladder.accept")
        assert await order(bot) == ["Ann Lee", "Eve Tan", "Ben Ong", "Cai Wen", "Dev Rao"]
        await bot.advance(timedelta(hours=2))  # 49 h: forfeited to Dev
        assert await order(bot) == ["Ann Lee", "Eve Tan", "Ben Ong", "Dev Rao", "Cai Wen"]
        assert "not accepted within 48 h: forfeit" in said_to(bot, "Cai Wen")
        assert "Dev Rao climbs from rung 5 to 4" in said_to(bot, "Dev Rao")
        assert ("ladder:1:2", "fired") in await _deadlines(bot, "ladder.accept")
        assert "no open challenge" in await say(bot, "Cai Wen", "/accept")

        # Day 3: everyone but Ann plays on: Cai challenges Dev back, Ben challenges Eve.
        await bot.advance(timedelta(hours=23))
        assert "challenge #3" in await say(bot, "Cai Wen", "/challenge Dev")
        assert "Your match is L3" in await say(bot, "Dev Rao", "/accept")
        await say(bot, "Ben Ong", "/challenge Eve")
        await tap(bot, "Eve Tan", "✅ Accept")
        assert "#3 ⚔" in await say(bot, "Ann Lee", "/ladder")

        # Day 6: Ann has played nothing for 6 days: she drops a rung, Eve goes up.
        await bot.advance(timedelta(days=3))
        assert await order(bot) == ["Eve Tan", "Ann Lee", "Ben Ong", "Dev Rao", "Cai Wen"]
        assert "Ann Lee drops from rung 1 to 2" in said_to(bot, "Ann Lee")
        assert "You are now rung 1 of 5 (was 2)" in said_to(bot, "Eve Tan")
        assert any(state == "fired" for _, state in await _deadlines(bot, "ladder.idle"))
        # the next idle drop is a row again, six days on
        assert ("ladder:1", "open") in await _deadlines(bot, "ladder.idle")
