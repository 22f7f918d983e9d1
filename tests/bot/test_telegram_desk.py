"""The TD's desk in the chat: at SF's deadline the TD gets its unfinished matches with
buttons (bot/service/results/desk.py); a tap gives a match bye (SSSg para 27), extends the round
(para 21) or voids a match; /pending shows the rest; /closeround closes the round.

The club cup's SF: M1 Ann Lee v Dev Rao, M2 Ben Ong v Cai Wen, best of 3."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import (
    DEFINITION,
    IDS,
    buttons_of,
    club_cup_bot,
    last,
    linked_definition,
    say,
    tap,
)


async def test_at_the_deadline_a_td_gives_a_match_bye_extends_and_closes(
    bot: BotUnderTest,
) -> None:
    early = await say(bot, "Tara TD", "/closeround SF")
    assert "2 unfinished matches" in early and "/closeround SF anyway: REASON" in early
    # SF closes 9 Mar 23:59 Singapore time; the clock starts 2 Mar 09:00 UTC.
    await bot.advance(timedelta(days=7, hours=8))
    told = last(bot, "Tara TD")
    assert "has reached its deadline with 2 unfinished matches" in told
    assert "M1: Ann Lee v Dev Rao (no game yet)" in told
    await tap(bot, "Tara TD", "M1: match bye to Ann Lee")
    assert "Match bye to Ann Lee in M1" in last(bot, "Tara TD")
    assert "Ann Lee wins the match by a match bye (para 27)." in last(bot, "Dev Rao")
    await tap(bot, "Tara TD", "M1: match bye to Dev Rao")  # the other button, too late
    assert "M1 is decided: only a match being played" in last(bot, "Tara TD")
    await tap(bot, "Tara TD", "Extend 7 days")
    # pressed after the deadline: 7 days from now (10 Mar 01:00 Singapore time)
    assert "Extended SF 7 days: it now closes Tue 17 Mar 2026 01:00 (+08)" in last(bot, "Tara TD")
    assert "must now be finished by Tue 17 Mar 2026 01:00 (+08)" in last(bot, "Ben Ong")
    await tap(bot, "Tara TD", "Extend 7 days")  # the same button again: once is enough
    assert "was extended already" in last(bot, "Tara TD")
    inbox = await say(bot, "Tara TD", "/pending")
    assert "<b>Unfinished matches of open rounds</b> (1):" not in inbox  # text, not markup
    assert "Unfinished matches of open rounds (1):" in inbox and "M2: Ben Ong v Cai Wen" in inbox
    closed = await say(bot, "Tara TD", "/closeround SF anyway: Ben and Cai play next week")
    assert "Closed SF with 1 match(es) unfinished: M2" in closed
    inbox = await say(bot, "Tara TD", "/pending")
    assert "Closed rounds' unfinished matches (rule on them) (1):" in inbox
    assert "M2: void match" not in buttons_of(bot, "Tara TD")  # no game: nothing to void
    await tap(bot, "Tara TD", "M2: match bye to Cai Wen")
    assert "Match bye to Cai Wen in M2" in last(bot, "Tara TD")


async def test_a_player_cannot_close_a_round(bot: BotUnderTest) -> None:
    assert "for the TDs and organisers" in await say(bot, "Ann Lee", "/closeround SF")
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT state FROM rounds WHERE code = 'sf'") == "open"


async def test_pending_offers_no_desk_buttons_on_a_match_the_td_plays_in(tmp_path: Path) -> None:
    """Para 19: Ann Lee is a TD too; after SF closes unfinished, her /pending lists both
    matches but gives buttons only for M2 (she plays M1); Tara gets both."""
    tds = DEFINITION.replace('[[tds]]\nname = "Tara TD"',
                             '[[tds]]\nname = "Tara TD"\n\n[[tds]]\nname = "Ann Lee"')
    async with club_cup_bot(tmp_path, linked_definition(base=tds, ids=IDS)) as bot:
        await say(bot, "Tara TD", "/closeround SF anyway: rain")
        inbox = await say(bot, "Ann Lee", "/pending")
        assert "M1: Ann Lee v Dev Rao" in inbox and "M2: Ben Ong v Cai Wen" in inbox
        mine = [b for b in buttons_of(bot, "Ann Lee") if b.startswith(("M1:", "M2:"))]
        assert mine and all(b.startswith("M2:") for b in mine), mine
        await say(bot, "Tara TD", "/pending")
        assert any(b.startswith("M1:") for b in buttons_of(bot, "Tara TD"))
