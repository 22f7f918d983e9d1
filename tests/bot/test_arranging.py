"""Arranging the game (bot/service/between/arranging.py): proposals read and shown in each player's
zone, agreed with a tap, refused past the round's close; the agreed time in /matches, as a
calendar file with one UID per match, and durable reminders and follow-ups; the matches
with no agreed time a week before the close go to the TDs."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.telegram.harness import BotUnderTest
from tests.bot.between_chat import documents, last_outbox_id, match_id, outbox_since, rows
from tests.bot.club_chat import (
    DEFINITION,
    TD_PHONE,
    buttons_of,
    club_cup_bot,
    last,
    linked_definition,
    say,
    tap,
    user,
)


async def test_a_proposed_time_is_agreed_with_one_tap(bot: BotUnderTest) -> None:
    answer = await say(bot, "Ann Lee", "/propose M1 Sat 15:00, Sun 10:00")
    assert answer.startswith("📅 Sent to Dev Rao:\n• Sat 07 Mar 2026 15:00 (+08)\n"
                             "• Sun 08 Mar 2026 10:00 (+08)"), answer
    got = last(bot, "Dev Rao")
    assert got.startswith("📅 Ann Lee proposes these times for your SF match (Club Cup <2026>)"), got
    assert "Asia/Singapore, the event's time zone" in got
    assert {"✅ Sat 07 Mar 15:00", "✅ Sun 08 Mar 10:00"} <= set(buttons_of(bot, "Dev Rao"))
    m1 = await match_id(bot, "M1")
    assert await rows(bot, "SELECT starts_at, state FROM match_times ORDER BY id") == [
        ("2026-03-07T07:00:00+00:00", "proposed"), ("2026-03-08T02:00:00+00:00", "proposed")]
    await tap(bot, "Dev Rao", "✅ Sun 08 Mar 10:00")
    assert await rows(bot, "SELECT starts_at, state FROM match_times ORDER BY id") == [
        ("2026-03-07T07:00:00+00:00", "superseded"), ("2026-03-08T02:00:00+00:00", "agreed")]
    # both told, each with a calendar file whose UID is the match's
    for name in ("Ann Lee", "Dev Rao"):
        texts = [m.text or "" for m in bot.telegram.sent(user(bot, name))]
        assert any("is agreed for Sun 08 Mar 2026 10:00 (+08)" in t for t in texts), texts
        (filename, data), = documents(bot, user(bot, name))
        assert filename == "m1.ics"
        ics = data.decode()
        assert f"UID:match-{m1}-club-cup@tdbot" in ics and "DTSTART:20260308T020000Z" in ics
        other = "Dev Rao" if name == "Ann Lee" else "Ann Lee"
        assert f"SUMMARY:Club Cup <2026>: SF match v {other}" in ics, ics
        assert "SEQUENCE:0" in ics
    # the reminder and the follow-up are durable rows
    due = await rows(bot, "SELECT kind, due_at FROM deadlines WHERE subject LIKE 'match_time:%'"
                          " AND state = 'open' ORDER BY due_at")
    assert due == [("game.reminder", "2026-03-08T01:00:00+00:00"),
                   ("game.followup", "2026-03-08T08:00:00+00:00")]
    assert "Agreed time: Sun 08 Mar 2026 10:00 (+08)" in await say(bot, "Ann Lee", "/matches")


async def test_times_are_read_and_shown_in_each_players_zone(bot: BotUnderTest) -> None:
    answer = await say(bot, "Dev Rao", "/timezone Europe/London")
    assert answer.startswith("🌍 Your times are now read and shown in Europe/London"), answer
    assert await rows(bot, "SELECT time_zone FROM player_prefs") == [("Europe/London",)]
    await say(bot, "Ann Lee", "/propose M1 Sat 15:00")
    got = last(bot, "Dev Rao")
    assert "• Sat 07 Mar 2026 07:00 (GMT)" in got and "your time zone, Europe/London" in got
    # Dev's own proposal is read in London: 10:00 GMT is 18:00 in Singapore
    await say(bot, "Dev Rao", "/propose M1 Sun 10:00")
    assert "• Sun 08 Mar 2026 18:00 (+08)" in last(bot, "Ann Lee")
    assert await rows(bot, "SELECT starts_at FROM match_times WHERE state = 'proposed'") == [
        ("2026-03-08T10:00:00+00:00",)]
    assert (await say(bot, "Dev Rao", "/timezone Mars/Olympus")).startswith(
        "⚠️ 'Mars/Olympus' is not a time zone I know")


async def test_a_time_past_the_rounds_close_is_refused_with_the_reason(bot: BotUnderTest) -> None:
    answer = await say(bot, "Ann Lee", "/propose M1 10 Mar 10:00")
    assert answer == ("⚠️ Tue 10 Mar 2026 10:00 (+08) is after SF closes (Mon 09 Mar 2026 23:59 "
                      "(+08)): the match must be played by then, or the TDs may rule it a "
                      "forfeit"), answer
    assert (await say(bot, "Ann Lee", "/propose M1 blah")).startswith("⚠️ Say the day and the time")
    assert await rows(bot, "SELECT count(*) FROM match_times") == [(0,)]


async def test_slot_buttons_propose_a_time(bot: BotUnderTest) -> None:
    await say(bot, "Ann Lee", "/propose M1")
    assert "Tue 03 Mar 10:00" in buttons_of(bot, "Ann Lee")
    await tap(bot, "Ann Lee", "Wed 04 Mar 20:00")
    assert await rows(bot, "SELECT starts_at, state FROM match_times") == [
        ("2026-03-04T12:00:00+00:00", "proposed")]
    assert "✅ Wed 04 Mar 20:00" in buttons_of(bot, "Dev Rao")


async def test_the_proposer_cannot_agree_their_own_time(bot: BotUnderTest) -> None:
    await say(bot, "Ann Lee", "/propose M1 Sat 15:00")
    assert (await say(bot, "Ann Lee", "/agree M1")).startswith("⚠️ Dev Rao has no time proposed")
    await say(bot, "Dev Rao", "/agree M1")
    assert any((m.text or "").startswith("✅ Your SF match (Club Cup <2026>) against Ann Lee is "
                                         "agreed for") and "I told Ann Lee." in (m.text or "")
               for m in bot.telegram.sent(user(bot, "Dev Rao")))
    assert await rows(bot, "SELECT state FROM match_times") == [("agreed",)]


async def test_the_reminder_and_the_follow_up_fire(bot: BotUnderTest) -> None:
    await say(bot, "Ann Lee", "/propose M1 Tue 03 Mar 15:00")
    await say(bot, "Dev Rao", "/agree M1")
    await bot.advance(timedelta(hours=21, minutes=1))  # Tue 14:01 in Singapore
    assert last(bot, "Ann Lee").startswith("⏰ Your SF match (Club Cup <2026>) against Dev Rao "
                                           "starts at Tue 03 Mar 2026 15:00 (+08)")
    assert last(bot, "Dev Rao").startswith("⏰ Your SF match")
    await bot.advance(timedelta(hours=7))  # 21:01: no result since 15:00
    assert last(bot, "Ann Lee").startswith("Did your SF match (Club Cup <2026>) against "
                                           "Dev Rao at Tue 03 Mar 2026 15:00 (+08) happen?")
    assert "🚫 Dev Rao did not come" in buttons_of(bot, "Ann Lee")
    assert "🚫 Ann Lee did not come" in buttons_of(bot, "Dev Rao")


async def test_no_follow_up_once_a_result_arrived(bot: BotUnderTest) -> None:
    await say(bot, "Ann Lee", "/propose M1 Tue 03 Mar 15:00")
    await say(bot, "Dev Rao", "/agree M1")
    await bot.advance(timedelta(hours=23))  # Tue 16:00: played
    await say(bot, "Ann Lee", "412-380")
    await tap(bot, "Ann Lee", "I started")
    await tap(bot, "Ann Lee", "✅ Confirm")
    await bot.advance(timedelta(hours=5))
    assert not any(m.text and m.text.startswith("Did your game")
                   for m in bot.telegram.sent(user(bot, "Ann Lee")))
    assert await rows(bot, "SELECT state FROM deadlines WHERE kind = 'game.followup'") == [
        ("cancelled",)]


async def test_the_tds_hear_of_matches_with_no_agreed_time_a_week_before_close(
        tmp_path: Path) -> None:
    """A round of three weeks (SF until 23 Mar): a week before it closes, its TDs are told
    which matches have no agreed time, and /pending lists them."""
    text = linked_definition(phones=TD_PHONE, base=DEFINITION.replace(
        "closes = 2026-03-09", "closes = 2026-03-23").replace(
        "opens = 2026-03-10\ncloses = 2026-03-17", "opens = 2026-03-24\ncloses = 2026-03-31"))
    async with club_cup_bot(tmp_path, text) as bot:
        async with bot.runtime.db.transaction() as tx:
            due = await tx.all("SELECT due_at FROM deadlines WHERE kind = 'round.unarranged'")
        assert [r["due_at"] for r in due] == ["2026-03-16T15:59:00+00:00"]
        await say(bot, "Ann Lee", "/propose M1 Sat 15:00")
        await say(bot, "Dev Rao", "/agree M1")
        assert "No time agreed" not in await say(bot, "Tara TD", "/pending")
        await bot.advance(timedelta(days=14, hours=7))  # Mon 16 Mar 23:59 +08
        told = last(bot, "Tara TD")
        assert told.startswith("Club Cup <2026>: SF closes Mon 23 Mar 2026 23:59 (+08)."), told
        assert "These matches have no agreed time yet:\n• M2: Ben Ong v Cai Wen" in told
        assert "M1" not in told.split("yet:")[1]
        pending = await say(bot, "Tara TD", "/pending")
        assert "No time agreed, the round closing within a week (1):\n• M2" in pending


async def test_a_round_of_a_week_has_no_such_notice(bot: BotUnderTest) -> None:
    """The club cup's SF lasts a week: its reminders are enough."""
    assert await rows(bot, "SELECT count(*) FROM deadlines WHERE kind = 'round.unarranged'") \
        == [(0,)]


async def test_the_player_who_taps_a_time_reads_one_message_and_the_other_one(
        bot: BotUnderTest) -> None:
    """Agreeing by a tap: the tapper reads that the time is agreed once (and that the
    opponent is told), the opponent once; each with the calendar file."""
    await say(bot, "Ann Lee", "/propose M1 Sat 15:00")
    before = await last_outbox_id(bot)
    await tap(bot, "Dev Rao", "✅ Sat 07 Mar 15:00")
    written = await outbox_since(bot, before)
    texts = {name: [t for to, t, media in written if to == name and not media]
             for name in ("Ann Lee", "Dev Rao")}
    files = {name: [t for to, t, media in written if to == name and media]
             for name in ("Ann Lee", "Dev Rao")}
    assert len(texts["Dev Rao"]) == 1 and len(texts["Ann Lee"]) == 1, written
    assert "is agreed for <b>Sat 07 Mar 2026 15:00 (+08)</b>" in texts["Dev Rao"][0]
    assert "I told Ann Lee" in texts["Dev Rao"][0]
    assert "is agreed for <b>Sat 07 Mar 2026 15:00 (+08)</b>" in texts["Ann Lee"][0]
    assert "I told" not in texts["Ann Lee"][0]
    assert len(files["Dev Rao"]) == 1 and len(files["Ann Lee"]) == 1
    assert {to for to, _, _ in written} == {"Ann Lee", "Dev Rao"}
    assert await rows(bot, "SELECT state FROM match_times") == [("agreed",)]


async def test_agreeing_again_says_the_time_that_stands(bot: BotUnderTest) -> None:
    """/agree after the time is agreed: nothing is proposed, and the refusal says the time
    that stands instead of leaving the player to wonder; nothing changes."""
    await say(bot, "Ann Lee", "/propose M1 Sat 15:00")
    await say(bot, "Dev Rao", "/agree M1")
    before = await last_outbox_id(bot)
    answer = await say(bot, "Dev Rao", "/agree M1")
    assert answer == ("⚠️ Ann Lee has no time proposed for you to agree; your match is agreed "
                      "for Sat 07 Mar 2026 15:00 (+08): propose one with /propose M1 Sat "
                      "15:00"), answer
    assert await outbox_since(bot, before) == []  # a refusal tells nobody else
    assert await rows(bot, "SELECT state FROM match_times") == [("agreed",)]


async def test_a_french_player_proposes_in_french_and_reads_french_times(
        bot: BotUnderTest) -> None:
    """Dev reads French: he types his times as he says them, his opponent (English) reads
    them in English, Dev reads his in French, and a time he mistypes is refused with
    examples he can follow."""
    async with bot.runtime.db.transaction() as tx:
        await tx.execute("UPDATE people SET language = 'fr' WHERE name = 'Dev Rao'")
    answer = await say(bot, "Dev Rao", "/propose M1 samedi 15h, dim 10h30")
    assert "• sam. 7 mars 2026 15:00 (+08)\n• dim. 8 mars 2026 10:30 (+08)" in answer, answer
    assert await rows(bot, "SELECT starts_at, state FROM match_times ORDER BY id") == [
        ("2026-03-07T07:00:00+00:00", "proposed"), ("2026-03-08T02:30:00+00:00", "proposed")]
    got = last(bot, "Ann Lee")
    assert "• Sat 07 Mar 2026 15:00 (+08)\n• Sun 08 Mar 2026 10:30 (+08)" in got, got
    await say(bot, "Ann Lee", "/propose M1 Sun 11:00")
    assert "✅ dim. 8 mars 11:00" in buttons_of(bot, "Dev Rao")
    refused = await say(bot, "Dev Rao", "/propose M1 samdi 15h")
    assert refused.endswith("sam 15h, demain 19h30, 7 mars 15h ou 2026-03-07 15:00"), refused
    assert (await rows(bot, "SELECT starts_at, state FROM match_times ORDER BY id"))[-1:] == [
        ("2026-03-08T03:00:00+00:00", "proposed")]  # nothing proposed by the mistyped one
