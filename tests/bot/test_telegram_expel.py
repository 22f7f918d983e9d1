"""Expulsion in the chat (SSSg Annex A paras 26, 29): a player not paid-up when the TD opens
the Final is expelled once the TD confirms; the TDs choose who takes the slot from para 29's
candidates (the expelled player's previous opponent first, then the previous round's best
loser by wins then spread, footnote 11) or nobody; the players are told at each step; the
slot's match waits until it is filled; /pending lists it; /expel expels a player at any time.

The club cup (tests/bot/club_chat.py): SF Ann v Dev and Ben v Cai, then the Final.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import reporting
from bot.service.unit import Request
from bot.store import entries_repo, expulsions_repo
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import (
    buttons_of,
    club_cup_bot,
    last,
    linked_definition,
    say,
    tap,
    user,
)


async def _play_sf(bot: BotUnderTest) -> None:
    """Ann beats Dev 2-0 (+200), Ben beats Cai 2-1 (+50): paper slips, final at once."""
    db, ev, now = bot.runtime.db, bot.event_id, bot.clock()  # type: ignore[attr-defined]
    for players, scores, starter in (
        (("Ann Lee", "Dev Rao"), (450, 350), "Dev Rao"), (("Ann Lee", "Dev Rao"), (450, 350), None),
        (("Ben Ong", "Cai Wen"), (400, 300), "Cai Wen"), (("Cai Wen", "Ben Ong"), (400, 350), None),
        (("Ben Ong", "Cai Wen"), (400, 300), None),
    ):
        await reporting.enter_game(db, Request.cli(now), ev, players, scores, starter=starter)
    await bot.settle()


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    async with club_cup_bot(tmp_path) as running:
        await _play_sf(running)
        yield running


def _question(bot: BotUnderTest) -> str:
    """The TD's latest para 29 question."""
    return next(m.text or "" for m in reversed(bot.telegram.sent(user(bot, "Tara TD")))
                if "may be offered" in (m.text or ""))


async def _expelled(bot: BotUnderTest, name: str) -> bool:
    async with bot.runtime.db.transaction() as tx:
        entry = await entries_repo.named(tx, bot.event_id, name)  # type: ignore[attr-defined]
        assert entry is not None
        return entry.state == "expelled"


async def test_opening_the_final_expels_the_unpaid_player_and_the_td_fills_the_slot(
    bot: BotUnderTest,
) -> None:
    assert "Paid: Ben Ong" not in await say(bot, "Tara TD", "/paid Ben Ong Final")
    refused = await say(bot, "Tara TD", "/openround Final")
    assert "Final cannot open yet: not paid for this round" in refused
    assert "Ann Lee" in refused and "/openround Final expel" in refused  # as typed
    assert not await _expelled(bot, "Ann Lee")  # nothing changed

    opened = await say(bot, "Tara TD", "/openround Final expel")
    assert "Opened <b>Final</b>" not in opened  # the chat shows text, not HTML
    assert "Opened Final of Club Cup <2026>." in opened
    assert "🚫 Expelled, not paid-up (para 26): Ann Lee." in opened
    assert await _expelled(bot, "Ann Lee")
    assert "Ann Lee, you have been expelled from the tournament: not paid-up for Final" in last(
        bot, "Ann Lee")
    assert "your opponent in Final, Ann Lee, has been expelled" in last(bot, "Ben Ong")
    question = _question(bot)
    assert "Their slot in M3 (Final) v Ben Ong may be offered (para 29):" in question
    assert "1. Dev Rao: Ann Lee's opponent in the previous round (para 29)" in question
    assert "2. Cai Wen: eligible loser #1 of the previous round" in question
    assert buttons_of(bot, "Tara TD")[-3:] == [
        "Dev Rao (opponent)", "Cai Wen (best loser)", "Nobody: Ben Ong goes through"]

    # the match waits: Ben cannot play it yet, and /pending says what waits
    assert "no match" in (await say(bot, "Ben Ong", "400-300")).casefold()
    assert "your opponent was expelled: the TDs choose who takes the place" in await say(
        bot, "Ben Ong", "/matches")
    pending = await say(bot, "Tara TD", "/pending")
    assert "Expelled players' slots: who takes them (para 29) (1):" in pending
    assert "M3: Ann Lee's slot v Ben Ong; 2 candidate(s)" in pending

    await tap(bot, "Tara TD", "Cai Wen (best loser)")
    assert last(bot, "Tara TD").startswith("✅ Cai Wen takes Ann Lee's slot in M3 against Ben Ong")
    assert ("Club Cup <2026>: you take the place of Ann Lee, who was expelled (SSSg para 29); "
            "your opponent is Ben Ong.") in last(bot, "Cai Wen")
    assert "Your next match: Final against Ben Ong" in last(bot, "Cai Wen")
    assert "Cai Wen takes the place of Ann Lee, who was expelled (para 29)." in last(bot, "Ben Ong")
    edited = [m.text or "" for m in bot.telegram.sent(user(bot, "Tara TD"))
              if "may be offered" in (m.text or "")]
    assert edited and "✅ Tara TD decided: Cai Wen takes the slot." in edited[-1]
    assert "Nothing waits for you." in await say(bot, "Tara TD", "/pending")

    # the Final is now Ben v Cai, in an open round: Cai can play and report it
    assert "against Ben Ong, best of 5: being played" in await say(bot, "Cai Wen", "/matches")
    answer = await say(bot, "Cai Wen", "400-300")
    assert "Ben" in answer and "no match" not in answer.casefold()


async def test_a_slot_offered_to_nobody_puts_the_opponent_through(bot: BotUnderTest) -> None:
    await say(bot, "Tara TD", "/paid Ben Ong Final")
    await say(bot, "Tara TD", "/openround Final expel")
    await tap(bot, "Tara TD", "Nobody: Ben Ong goes through")
    assert "Nobody takes Ann Lee's slot in M3: Ben Ong goes through" in last(bot, "Tara TD")
    assert ("you go through Final unplayed: Ann Lee was expelled and nobody takes the place "
            "(para 29). You have no match left to play.") in last(bot, "Ben Ong")
    # a second press (another TD's, or the same one) changes nothing
    async with bot.runtime.db.transaction() as tx:
        open_slots = await expulsions_repo.open_of_event(tx, bot.event_id)  # type: ignore[attr-defined]
    assert open_slots == []


async def test_expel_command_mid_round_and_who_may_fill(tmp_path: Path) -> None:
    """/expel during the SF (para 29: any breach): Dev's slot is open; a player pressing a
    forged button or /expel is refused; with nobody from a previous round, the only answer
    is Nobody; the expelled player cannot report."""
    async with club_cup_bot(tmp_path) as bot:
        refused = await say(bot, "Ben Ong", "/expel Dev Rao: no show")
        assert "for the TDs and organisers" in refused
        usage = await say(bot, "Tara TD", "/expel Dev Rao")
        assert "/expel NAME: REASON" in usage
        done = await say(bot, "Tara TD", "/expel Dev Rao: did not turn up for three dates")
        assert done.startswith("🚫 Expelled Dev Rao (did not turn up for three dates); they are told.")
        question = _question(bot)
        assert "nobody from the previous round can take it." in question
        assert buttons_of(bot, "Tara TD")[-1:] == ["Nobody: Ann Lee goes through"]
        assert "no match" in (await say(bot, "Dev Rao", "400-300")).casefold()
        again = await say(bot, "Tara TD", "/expel Dev Rao: twice")
        assert "already expelled" in again


async def test_an_event_that_holds_unpaid_players_does_not_expel_on_opening(
    tmp_path: Path,
) -> None:
    definition = linked_definition('fee_reminder_days = []\nunpaid = "hold"')
    async with club_cup_bot(tmp_path, definition) as bot:
        await _play_sf(bot)
        refused = await say(bot, "Tara TD", "/openround Final")
        assert "Final cannot open: not paid for this round" in refused
        assert "expel" not in refused.split("SSSg rules para 26")[1].split("Record")[0]
        refused = await say(bot, "Tara TD", "/openround Final expel")
        assert 'holds players not paid-up for a TD (rules.unpaid = "hold")' in refused
        assert not await _expelled(bot, "Ann Lee")


async def test_both_players_of_a_match_expelled_neither_goes_through(tmp_path: Path) -> None:
    """Ann alone has paid for the SF: Ben and Cai (M2) and Dev (M1) are expelled as it
    opens. Neither M2 player is told the other's news as if they were to play, the Nobody
    button says M2 is not played, and pressing it closes both slots: a bye goes on, no
    expelled player goes through. Dev's slot given to nobody puts Ann through the SF, and
    the Final, where nobody is left to meet her."""
    async with club_cup_bot(tmp_path, open_sf=False) as bot:
        await say(bot, "Tara TD", "/paid Ann Lee SF")
        await say(bot, "Tara TD", "/openround SF expel")
        assert "your opponent" not in last(bot, "Ben Ong") and "your opponent" not in last(
            bot, "Cai Wen")
        assert buttons_of(bot, "Tara TD").count("Nobody: M2 is not played") == 2
        await tap(bot, "Tara TD", "Nobody: M2 is not played")
        assert ("nor that of Ben Ong, expelled too: M2 is not played and a bye goes on"
                in last(bot, "Tara TD"))
        assert "Nobody: M2 is not played" not in buttons_of(bot, "Tara TD")  # both answered
        async with bot.runtime.db.transaction() as tx:
            states = [x.state for x in await expulsions_repo.open_of_event(
                tx, bot.event_id)]  # type: ignore[attr-defined]
            m2 = await tx.one("SELECT state, winner_side FROM matches WHERE code = 'M2'")
        assert len(states) == 1  # only Dev's slot in M1 is still open
        assert m2 is not None and (m2["state"], m2["winner_side"]) == ("bye", None)
        await tap(bot, "Tara TD", "Nobody: Ann Lee goes through")
        told = [m.text or "" for m in bot.telegram.sent(user(bot, "Ann Lee"))][-2:]
        assert "you go through SF unplayed: Dev Rao was expelled" in told[0]
        assert ("you go through Final unplayed: nobody is left to meet you there (players "
                "were expelled, para 29). You have no match left to play.") in told[1]
