"""What the players of a match and their TD read about arranging, relaying and no-shows, in
each reader's language: Dev Rao reads French, Ann Lee (his SF opponent, M1) and Tara TD
English. The use-cases answer the person who asked themselves (``bot/service/between``), so
the stored outbox rows are what each reads; a player with one match to arrange may leave
its code out of /propose, as /report takes a player's only match."""

from __future__ import annotations

from bot.telegram.harness import BotUnderTest
from tests.bot.between_chat import last_outbox_id, outbox_since, rows
from tests.bot.club_chat import say


async def _french(bot: BotUnderTest, name: str) -> None:
    async with bot.runtime.db.transaction() as tx:
        await tx.execute("UPDATE people SET language = 'fr' WHERE name = ?", (name,))


async def _times(bot: BotUnderTest) -> list[tuple[str, str]]:
    return [(str(at), str(state)) for at, state in
            await rows(bot, "SELECT starts_at, state FROM match_times ORDER BY id")]


async def test_propose_without_a_code_takes_the_players_only_match(bot: BotUnderTest) -> None:
    """Dev and Ann each play one match (M1): a bad hour with no code is refused for the hour,
    with examples, in the reader's language (not taken for a match's code); a good time
    with no code is proposed in M1."""
    await _french(bot, "Dev Rao")
    before = await last_outbox_id(bot)
    refused = await say(bot, "Dev Rao", "/propose demain 25h")
    assert refused == ("⚠️ « 25h » n'est pas une heure : heures de 0 à 23, minutes de 0 à 59 ; "
                       "par exemple sam 15h, demain 19h30, 7 mars 15h ou 2026-03-07 15:00"), refused
    refused = await say(bot, "Ann Lee", "/propose tomorrow 25:00")
    assert refused == ("⚠️ '25:00' is not a time of day: hours 0-23, minutes 0-59; e.g. Sat "
                       "15:00, tomorrow 19:30, 7 Mar 15:00 or 2026-03-07 15:00"), refused
    assert await _times(bot) == []  # nothing proposed
    assert await outbox_since(bot, before) == []  # a refusal tells nobody else

    answer = await say(bot, "Ann Lee", "/propose Sat 15:00")
    assert answer.startswith("📅 Sent to Dev Rao:\n• Sat 07 Mar 2026 15:00 (+08)"), answer
    assert await _times(bot) == [("2026-03-07T07:00:00+00:00", "proposed")]
    m1 = await rows(bot, "SELECT mt.match_id = m.id FROM match_times mt, matches m"
                         " WHERE m.code = 'M1'")
    assert m1 == [(1,)]
    # /propose alone offers the next days' times of the only match as buttons
    answer = await say(bot, "Dev Rao", "/propose")
    assert answer.startswith("Choisissez un horaire à proposer à Ann Lee"), answer
    # a word written as a code is a code, never a time
    refused = await say(bot, "Dev Rao", "/propose M9 sam 15h")
    assert refused.startswith("⚠️ Vous ne jouez dans aucun match « M9 »"), refused
