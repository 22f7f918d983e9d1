"""A TD who plays in a match taps a button that would rule on it (SSSg 2016 Annex A para
19: "Where Ricky is a player in the match, Jeremy will be designated as the adjudicator"):
they are told the real reason and who rules instead, not that the button is "out of date
or not yours". Through the real PTB Application and the fake Bot API.

The club cup (a knockout, so para 19 is cited) with Tara TD and Ann Lee as TDs; Ann plays
M1 against Dev Rao. A player who is no TD still gets the neutral answer
(tests/bot/test_forged_buttons.py).
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from bot.service.platform import callbacks
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import (
    DEFINITION,
    IDS,
    club_cup_bot,
    last,
    linked_definition,
    report_game,
    say,
    tap,
    user,
)

ANN_TOO = DEFINITION.replace('[[tds]]\nname = "Tara TD"',
                             '[[tds]]\nname = "Tara TD"\n\n[[tds]]\nname = "Ann Lee"')
REASON = "⚠️ You play in M1, so Tara TD rules on it (SSSg para 19)"


async def _m1(bot: BotUnderTest) -> tuple[int, str, int | None]:
    async with bot.runtime.db.transaction() as tx:
        row = await tx.one("SELECT id, state, winner_side FROM matches WHERE code = 'M1'")
    return int(row[0]), str(row[1]), row[2]


async def _refusals(bot: BotUnderTest) -> list[str]:
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all("SELECT detail_json FROM journal WHERE action = 'button.refused'"
                            " ORDER BY id")
    return [json.loads(r[0])["reason"] for r in rows]


async def test_the_round_close_button_of_her_own_match_says_who_rules(tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path, linked_definition(base=ANN_TOO, ids=IDS)) as bot:
        # SF closes 9 Mar 23:59 Singapore time: every TD gets its unfinished matches
        await bot.advance(timedelta(days=7, hours=8))
        assert "M1: Ann Lee v Dev Rao (no game yet)" in last(bot, "Ann Lee")
        await tap(bot, "Ann Lee", "M1: match bye to Dev Rao")
        assert last(bot, "Ann Lee") == REASON
        answers = [c.params.get("text") for c in bot.telegram.calls("answerCallbackQuery")]
        assert answers[-1] == REASON.removeprefix("⚠️ ")
        assert (await _m1(bot))[1:] == ("playing", None)  # nothing was changed
        assert await _refusals(bot) == ["y" + REASON.removeprefix("⚠️ Y")]  # and it is journalled
        # Tara, who does not play in M1, may
        await tap(bot, "Tara TD", "M1: match bye to Dev Rao")
        assert (await _m1(bot))[1:] == ("decided", 1)


async def test_tie_photo_and_dispute_buttons_of_her_own_match_say_who_rules(
        tmp_path: Path) -> None:
    """The buttons a TD who plays is never sent, pressed all the same (an old or forwarded
    message): each ruling path gives the real reason."""
    async with club_cup_bot(tmp_path, linked_definition(base=ANN_TOO, ids=IDS)) as bot:
        await report_game(bot, "Ann Lee", "412-380", starter="I started")
        await tap(bot, "Dev Rao", "Dispute")
        await say(bot, "Dev Rao", "I had 390")
        match_id = (await _m1(bot))[0]
        async with bot.runtime.db.transaction() as tx:
            dispute = int(await tx.scalar("SELECT id FROM disputes"))
            window = int(await tx.scalar("SELECT id FROM photo_windows"))
        for data in (callbacks.rule("uphold", dispute), callbacks.rule("amend", dispute),
                     callbacks.tie(match_id, 0), callbacks.tie(match_id, 0, lots=True),
                     callbacks.photo_rule(window, "bye"), callbacks.desk_void(match_id)):
            bot.telegram.user_forges_tap(user(bot, "Ann Lee"), data)
            await bot.settle()
            assert last(bot, "Ann Lee") == REASON, data
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT state FROM disputes") == "open"
            assert await tx.scalar("SELECT state FROM photo_windows") == "open"
            assert await tx.scalar("SELECT count(*) FROM prompts p JOIN people ON people.id ="
                                   " p.person_id WHERE people.name = 'Ann Lee'") == 0
        # /amend with nothing asked is refused as before
        assert "not waiting for scores" in await say(bot, "Ann Lee", "/amend 412 390")


async def test_in_a_round_based_event_no_sssg_paragraph_is_cited(tmp_path: Path) -> None:
    from tests.bot.round_event import IDS as SWISS_IDS
    from tests.bot.round_event import definition

    swiss = definition(ids=True).replace(
        "[[tds]]", f'[[tds]]\nname = "Ann Lee"\ntelegram_id = {SWISS_IDS["Ann Lee"]}\n\n[[tds]]')
    async with club_cup_bot(tmp_path, swiss, ids=SWISS_IDS, draw=False, open_sf=False) as bot:
        tara = bot.telegram.world.users[SWISS_IDS["Tara TD"]]
        ann = bot.telegram.world.users[SWISS_IDS["Ann Lee"]]
        await bot.say(tara, "/draw 5")
        await bot.say(tara, "/openround 1 until 2026-03-08")
        async with bot.runtime.db.transaction() as tx:
            row = await tx.one("SELECT m.id, m.code FROM matches m JOIN entries e"
                               " ON e.id IN (m.entry_a, m.entry_b) JOIN people p"
                               " ON p.id = e.person_id WHERE p.name = 'Ann Lee'")
        bot.telegram.user_forges_tap(ann, callbacks.desk_bye(int(row[0]), 0))
        await bot.settle()
        told = bot.telegram.last_sent(ann).text
        assert told == f"⚠️ You play in {row[1]}, so Tara TD rules on it", told
