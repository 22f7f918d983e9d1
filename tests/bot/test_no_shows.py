"""Claiming a no-show (bot/service/between/no_shows.py): one tap after the agreed time, a window for
the opponent to contest, then the TDs who may rule on the match (never one who plays in
it) award the next game by forfeit, the match, or extend the round, through the rulings'
own paths. And the two end-to-end seasons of a match: arranged, moved once, played and
reported; and a no-show claimed, contested and ruled."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.telegram.harness import BotUnderTest
from tests.bot.between_chat import documents, match_id, rows
from tests.bot.club_chat import buttons_of, club_cup_bot, last, say, tap, user


@pytest.fixture
async def bot(tmp_path: Path, db_target: Path | str) -> AsyncIterator[BotUnderTest]:
    """The club cup on SQLite, and on PostgreSQL too when the tests have one: the relay's,
    the times' and the claims' SQL runs on both."""
    async with club_cup_bot(tmp_path, db=db_target) as under_test:
        yield under_test


async def _agreed_tuesday(bot: BotUnderTest) -> None:
    """M1 agreed for Tue 03 Mar 15:00 (+08), and the clock past its follow-up (21:01)."""
    await say(bot, "Ann Lee", "/propose M1 Tue 03 Mar 15:00")
    await say(bot, "Dev Rao", "/agree M1")
    await bot.advance(timedelta(hours=28, minutes=1))


async def test_a_claim_before_the_agreed_time_is_refused(bot: BotUnderTest) -> None:
    assert (await say(bot, "Ann Lee", "/noshow M1")).startswith("⚠️ M1 has no agreed time")
    await say(bot, "Ann Lee", "/propose M1 Tue 03 Mar 15:00")
    await say(bot, "Dev Rao", "/agree M1")
    answer = await say(bot, "Ann Lee", "/noshow M1")
    assert answer == "⚠️ The agreed time, Tue 03 Mar 2026 15:00 (+08), has not come yet"
    assert await rows(bot, "SELECT count(*) FROM no_show_claims") == [(0,)]


async def test_an_uncontested_claim_goes_to_the_tds_when_the_window_closes(
        bot: BotUnderTest) -> None:
    await _agreed_tuesday(bot)
    await tap(bot, "Ann Lee", "🚫 Dev Rao did not come")
    assert last(bot, "Ann Lee").startswith("🚫 Noted: Dev Rao did not come to your game.")
    assert last(bot, "Dev Rao").startswith("🚫 Ann Lee says you did not come to your SF game (Club Cup <2026>)")
    assert await rows(bot, "SELECT state FROM no_show_claims") == [("open",)]
    await bot.advance(timedelta(hours=24))
    assert await rows(bot, "SELECT state, contest FROM no_show_claims") == [("with_tds", None)]
    told = last(bot, "Tara TD")
    assert told.startswith("🚫 No-show claim in M1 (Club Cup <2026>, SF)")
    assert "Dev Rao did not answer in time." in told
    assert "Ann Lee proposed Tue 03 Mar 2026 15:00 (+08)" in told
    assert {"Next game to Ann Lee", "Match to Ann Lee", "Extend 7 days"} <= set(
        buttons_of(bot, "Tara TD"))
    assert "No-show claims" in await say(bot, "Tara TD", "/pending")


async def test_the_match_to_the_claimant_is_a_match_bye(bot: BotUnderTest) -> None:
    await _agreed_tuesday(bot)
    await say(bot, "Ann Lee", "/noshow M1")
    await say(bot, "Dev Rao", "/contest M1 I was online at 15:00")
    await tap(bot, "Tara TD", "Match to Ann Lee")
    m1 = await match_id(bot, "M1")
    assert await rows(bot, "SELECT state, winner_side, match_bye_side FROM matches WHERE id = ?",
                      m1) == [("decided", 0, 0)]
    assert await rows(bot, "SELECT state, ruling FROM no_show_claims") == [
        ("ruled", "match")]  # no reason given: the players read the default one


async def test_extend_moves_the_rounds_close(bot: BotUnderTest) -> None:
    await _agreed_tuesday(bot)
    await say(bot, "Ann Lee", "/noshow M1")
    await say(bot, "Dev Rao", "/contest M1 my power was out")
    await tap(bot, "Tara TD", "Extend 7 days")
    assert await rows(bot, "SELECT closes_at FROM rounds WHERE name = 'SF'") == [
        ("2026-03-16T15:59:00+00:00",)]
    assert "no award; the round is extended to Mon 16 Mar 2026 23:59 (+08)" in last(
        bot, "Ann Lee")


async def test_the_extended_close_is_in_each_players_zone(bot: BotUnderTest) -> None:
    """A player who set their zone (/timezone) reads the round's new close in it, named;
    the other reads the event's."""
    await say(bot, "Dev Rao", "/timezone Europe/London")
    await _agreed_tuesday(bot)
    await say(bot, "Ann Lee", "/noshow M1")
    await say(bot, "Dev Rao", "/contest M1 my power was out")
    await tap(bot, "Tara TD", "Extend 7 days")
    assert "the round is extended to Mon 16 Mar 2026 23:59 (+08)" in last(bot, "Ann Lee")
    assert ("the round is extended to Mon 16 Mar 2026 15:59 (GMT, Europe/London)"
            in last(bot, "Dev Rao")), last(bot, "Dev Rao")


async def test_a_season_arranged_moved_played_and_reported(bot: BotUnderTest) -> None:
    """End to end: Ann and Dev agree a time, move it once (the calendar entry keeps its UID
    and its SEQUENCE grows), play at the new time, report, and the follow-up never asks."""
    await say(bot, "Ann Lee", "/tell M1 Hi Dev, when suits you?")
    await tap(bot, "Dev Rao", "↩️ Reply")
    await say(bot, "Dev Rao", "Thursday evening, say 8pm")
    await say(bot, "Ann Lee", "/propose M1 Thu 20:00")
    await tap(bot, "Dev Rao", "✅ Thu 05 Mar 20:00")
    await say(bot, "Dev Rao", "/propose M1 Fri 20:00")  # moved once
    assert "(You had agreed Thu 05 Mar 2026 20:00 (+08); it stands" in last(bot, "Ann Lee")
    await tap(bot, "Ann Lee", "✅ Fri 06 Mar 20:00")
    assert await rows(bot, "SELECT starts_at, state FROM match_times ORDER BY id") == [
        ("2026-03-05T12:00:00+00:00", "moved"), ("2026-03-06T12:00:00+00:00", "agreed")]
    for name in ("Ann Lee", "Dev Rao"):
        first, second = (data.decode() for _, data in documents(bot, user(bot, name)))
        uid = [line for line in first.splitlines() if line.startswith("UID:")]
        assert uid == [line for line in second.splitlines() if line.startswith("UID:")]
        assert "SEQUENCE:0" in first and "SEQUENCE:1" in second
        assert "DTSTART:20260306T120000Z" in second
        assert any("moved from Thu 05 Mar 2026 20:00 (+08) to Fri 06 Mar 2026 20:00 (+08)"
                   in (m.text or "") for m in bot.telegram.sent(user(bot, name)))
    # the first time's deadlines went with it
    assert await rows(bot, "SELECT DISTINCT state FROM deadlines WHERE subject = "
                           "'match_time:1'") == [("cancelled",)]
    await bot.advance(timedelta(days=4, hours=2, minutes=30))  # Fri 19:30: reminded
    assert any(m.text and m.text.startswith("⏰ Your SF match") and "Fri 06 Mar" in m.text
               for m in bot.telegram.sent(user(bot, "Dev Rao")))
    await bot.advance(timedelta(hours=1))  # they play
    for score in ("420-350", "400-390"):
        await say(bot, "Ann Lee", score)
        if "I started" in buttons_of(bot, "Ann Lee")[-3:]:
            await tap(bot, "Ann Lee", "I started")
        await tap(bot, "Ann Lee", "✅ Confirm")
        await tap(bot, "Dev Rao", "Agree")
    m1 = await match_id(bot, "M1")
    assert await rows(bot, "SELECT state, winner_side FROM matches WHERE id = ?", m1) == [
        ("decided", 0)]
    await bot.advance(timedelta(hours=7))
    assert not any((m.text or "").startswith("Did your game")
                   for m in bot.telegram.sent(user(bot, "Ann Lee")))
    log = await say(bot, "Tara TD", "/matchlog M1")
    assert "Dev Rao wrote: Thursday evening, say 8pm" in log
    assert "Ann Lee agreed Fri 06 Mar 2026 20:00 (+08)" in log


async def test_a_no_show_claimed_contested_and_ruled(bot: BotUnderTest) -> None:
    """End to end: an agreed time passes with no game; Ann claims with the follow-up's
    button, Dev contests, Tara reads both sides with the players' messages and gives Ann
    the next game by forfeit (WESPA rules, Forfeits), the same path as tdbot game forfeit."""
    await say(bot, "Ann Lee", "/tell M1 Tuesday 3pm?")
    await _agreed_tuesday(bot)
    assert last(bot, "Ann Lee").startswith("Did your SF match")
    await tap(bot, "Ann Lee", "🚫 Dev Rao did not come")
    await tap(bot, "Dev Rao", "✋ I was there")
    assert last(bot, "Ann Lee").startswith("✋ Dev Rao contests your no-show claim")
    await say(bot, "Dev Rao", "/contest M1 I waited online from 15:00 to 15:30")
    assert await rows(bot, "SELECT state, contest FROM no_show_claims") == [
        ("with_tds", "I waited online from 15:00 to 15:30")]
    notices = [m.text or "" for m in bot.telegram.sent(user(bot, "Tara TD"))]
    assert any(t.startswith("🚫 No-show claim in M1") and "Dev Rao contests it." in t
               and "Ann Lee wrote: Tuesday 3pm?" in t for t in notices), notices
    assert "I waited online from 15:00 to 15:30" in notices[-1]
    await tap(bot, "Tara TD", "Next game to Ann Lee")
    m1 = await match_id(bot, "M1")
    assert await rows(bot, "SELECT seq, kind, bye_side FROM games WHERE match_id = ?", m1) == [
        (1, "forfeit", 0)]
    assert await rows(bot, "SELECT state FROM no_show_claims") == [("ruled",)]
    assert await rows(bot, "SELECT action FROM journal WHERE action LIKE 'noshow.%' OR "
                           "action = 'game.forfeit' ORDER BY id") == [
        ("noshow.claim",), ("noshow.contest",), ("noshow.tds",), ("noshow.contest",),
        ("game.forfeit",), ("noshow.rule",)]
    # a second press is told it was ruled already, and nothing more happens
    await tap(bot, "Tara TD", "Match to Ann Lee")
    assert last(bot, "Tara TD") == "The no-show claim in M1 was ruled already."
    assert await rows(bot, "SELECT count(*) FROM games WHERE match_id = ?", m1) == [(1,)]


async def test_the_claim_reads_in_the_opponents_zone(bot: BotUnderTest) -> None:
    await say(bot, "Dev Rao", "/timezone Europe/London")
    await _agreed_tuesday(bot)
    await say(bot, "Ann Lee", "/noshow M1")
    got = last(bot, "Dev Rao")
    assert "at Tue 03 Mar 2026 07:00 (GMT)" in got and "by Wed 04 Mar 2026 13:01 (GMT)" in got
    assert "until Wed 04 Mar 2026 21:01 (+08)" in last(bot, "Ann Lee")


def test_the_ruling_answer_names_what_was_awarded() -> None:
    """Each ruling reads as itself: the next game of a longer match, the one game of a
    one-game match, the match, or the round extended."""
    from bot.service.between.no_show_texts import ruled
    from bot.words.said import english

    assert english(ruled("M1", "game", "Ann", "2-1 (+40)", True)) == (
        "Ruled: the next game of M1 goes to Ann by forfeit (2-1 (+40)).")
    assert english(ruled("M1", "game", "Ann", "(+75)", True, single=True)) == (
        "Ruled: Ann wins M1 by forfeit (+75).")
    assert english(ruled("M1", "match", "Ann", "2-0", True)) == "Ruled: M1 goes to Ann (2-0)."
    assert english(ruled("M1", "extend", "Ann", "Sat 1 Mar", True)) == (
        "Ruled: the round is extended to Sat 1 Mar.")
