"""A ladder with a French-speaking player and English-speaking ones: the challenge, its
answer, the rungs a result moves and an expulsion are written in each reader's language,
as the outbox rows stored for them show (and the ladder as stored moves as they are told)."""

from __future__ import annotations

from pathlib import Path

from bot.telegram.harness import BotUnderTest
from tests.bot.between_chat import last_outbox_id, outbox_since
from tests.bot.ladder_chat import ladder_bot, order, say, tap


async def _rows_to(bot: BotUnderTest, after: int, name: str) -> str:
    """What was stored for ``name`` after outbox row ``after``, one text."""
    return "\n".join(text for to, text, _ in await outbox_since(bot, after) if to == name)


async def test_a_french_player_reads_the_ladder_in_french_an_english_one_in_english(
    tmp_path: Path,
) -> None:
    async with ladder_bot(tmp_path) as bot:
        await say(bot, "Cai Wen", "/language fr")

        mark = await last_outbox_id(bot)
        await say(bot, "Dev Rao", "/challenge Cai")
        to_cai = await _rows_to(bot, mark, "Cai Wen")
        assert "⚔️ <b>Dev Rao</b> (échelon 4) vous défie (échelon 3) en une partie." in to_cai
        assert "un refus vaut forfait au profit de Dev Rao" in to_cai
        assert "you challenged <b>Cai Wen</b> (rung 3), challenge #1" in await _rows_to(
            bot, mark, "Dev Rao")
        assert bot.telegram.buttons_of(bot.telegram.world.users[9013])[-2:] == [
            "✅ Accepter", "✖️ Refuser"]

        targets = await say(bot, "Cai Wen", "/challenge")  # the core's reasons, in French
        assert "Club Ladder : vous êtes à l'échelon 3." in targets
        assert ("• Ben Ong : vous avez un défi en cours (n° 1 avec Dev Rao) : un seul à la "
                "fois") in targets

        mark = await last_outbox_id(bot)
        await tap(bot, "Cai Wen", "✅ Accepter")
        assert "Vous avez accepté le défi n° 1 de Dev Rao : jouez-le avant le" in await _rows_to(
            bot, mark, "Cai Wen")
        assert "<b>Cai Wen</b> accepted your challenge #1 (L1)" in await _rows_to(
            bot, mark, "Dev Rao")

        mark = await last_outbox_id(bot)
        await say(bot, "Dev Rao", "412-380")
        await tap(bot, "Dev Rao", "I started")
        await tap(bot, "Dev Rao", "✅ Confirm")
        await tap(bot, "Cai Wen", "Accepter")  # his copy of the slip is French
        assert await order(bot) == ["Ann Lee", "Ben Ong", "Dev Rao", "Cai Wen", "Eve Tan"]
        assert "Vous êtes maintenant à l'échelon 4 sur 5 (vous étiez 3e)." in await _rows_to(
            bot, mark, "Cai Wen")
        assert "You are now rung 3 of 5 (was 4)." in await _rows_to(bot, mark, "Dev Rao")

        mark = await last_outbox_id(bot)
        await say(bot, "Tara TD", "/expel Dev Rao: abusive to opponents")
        assert await order(bot) == ["Ann Lee", "Ben Ong", "Cai Wen", "Eve Tan"]
        to_dev = await _rows_to(bot, mark, "Dev Rao")
        assert "Dev Rao, you have been expelled from the tournament." in to_dev
        assert "“abusive to opponents”" in to_dev
        to_cai = await _rows_to(bot, mark, "Cai Wen")
        assert "Dev Rao quitte l'échelle : exclusion décidée par un arbitre." in to_cai
        assert "Vous êtes maintenant à l'échelon 3 sur 4 (vous étiez 4e)." in to_cai
        to_eve = await _rows_to(bot, mark, "Eve Tan")
        assert "Dev Rao leaves the ladder: expelled by a director." in to_eve
        assert "You are now rung 4 of 4 (was 5)." in to_eve
