"""What a player of the club cup (a single-elimination knockout) reads when they look around:
/standings points them to where a knockout's table is, /matches shows no deadline under a
decided match and says a paired match of a round not open yet is paired (not "drawn",
which reads as a tied game), and what each match decides, and /help offers them their own form of /paid, not the TD's.

The club cup (tests/bot/club_chat.py): SF best of 3, M1 Ann Lee v Dev Rao, M2 Ben Ong v Cai
Wen; the Final best of 5. Read the chat: TDBOT_TRANSCRIPTS=/tmp/t pytest this file.
"""

from __future__ import annotations

from bot.telegram.harness import BotUnderTest
from tests.bot.between_chat import last_outbox_id, outbox_since
from tests.bot.club_chat import report_game, say, tap


async def test_standings_in_a_knockout_points_to_bracket_and_matches(bot: BotUnderTest) -> None:
    assert await say(bot, "Ann Lee", "/standings") == (
        "⚠️ /standings is for the players and TDs of a round-based event. Club Cup <2026> is "
        "a knockout: /bracket shows its bracket, /matches your matches")
    assert await say(bot, "Tara TD", "/why Ann") == (
        "⚠️ /why is for the players and TDs of a round-based event. Club Cup <2026> is a "
        "knockout")


async def test_matches_shows_no_deadline_under_a_decided_match(bot: BotUnderTest) -> None:
    await report_game(bot, "Ann Lee", "412-380", starter="Dev Rao started")
    await tap(bot, "Dev Rao", "Agree")
    await report_game(bot, "Ann Lee", "405-399")
    await tap(bot, "Dev Rao", "Agree")
    await report_game(bot, "Ben Ong", "400-350", starter="I started")
    await tap(bot, "Cai Wen", "Agree")
    await report_game(bot, "Ben Ong", "401-352")
    await tap(bot, "Cai Wen", "Agree")
    async with bot.runtime.db.transaction() as tx:
        states = await tx.all("SELECT code, state FROM matches ORDER BY id")
    assert [tuple(r) for r in states] == [("M1", "decided"), ("M2", "decided"),
                                          ("M3", "ready")]
    shown = await say(bot, "Ann Lee", "/matches")
    assert shown == (
        "Your matches\n\n"
        "Club Cup <2026> — Final (match M3)\n"
        "against Ben Ong, best of 5: paired, round not open yet\n"
        "Win and you are the champion; lose and you finish 2nd.\n\n"
        "Club Cup <2026> — SF (match M1)\n"
        "against Dev Rao, best of 3: decided\n"
        "Score: Ann Lee 2-0 Dev Rao (+38)"), shown


async def test_matches_and_the_opening_say_what_the_match_decides(bot: BotUnderTest) -> None:
    """A knockout's /matches and the message that opened the round tell each player what
    the match decides, read from the bracket (core.knockout.stakes.stakes)."""
    opened = [m.text or "" for m in bot.telegram.sent(
        bot.telegram.world.users[next(u for u, x in bot.telegram.world.users.items()
                                      if x.first_name == "Ann")])]
    sf = next(t for t in opened if "SF" in t and "is open" in t)
    assert "Win and you reach the final; lose and you are out." in sf, sf
    shown = await say(bot, "Dev Rao", "/matches")
    assert "Win and you reach the final; lose and you are out." in shown, shown


async def test_a_players_help_offers_their_own_form_of_paid(bot: BotUnderTest) -> None:
    player = await say(bot, "Ann Lee", "/help")
    assert ("/paid — Paid a fee? Send a photo of the payment captioned /paid (or /paid "
            "ROUND)") in player, player
    assert "NAME" not in player
    td = await say(bot, "Tara TD", "/help")
    assert "/paid — Record a fee: /paid NAME ROUND (players: photo captioned /paid)" in td


async def test_matches_says_you_to_the_player_who_starts_the_next_game(bot: BotUnderTest) -> None:
    """Para 15: the players alternate after game 1. /matches speaks to its reader: "you
    start" to the one who does, the opponent's name to the other; the match's code is
    shown once, as the handle the commands take."""
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    before = await last_outbox_id(bot)
    dev = await say(bot, "Dev Rao", "/matches")
    ann = await say(bot, "Ann Lee", "/matches")
    written = await outbox_since(bot, before)
    assert [to for to, _, _ in written] == ["Dev Rao", "Ann Lee"]
    assert "Next: game 2, you start" in dev and "Dev Rao starts" not in dev, dev
    assert "Next: game 2, Dev Rao starts" in ann, ann
    assert dev.startswith("Your matches\n\nClub Cup <2026> — SF (match M1)\n"), dev


async def test_matches_shows_times_in_the_zone_the_player_set(bot: BotUnderTest) -> None:
    """A player who set their zone with /timezone reads every time of /matches in it (the
    deadline, a slip's window), with the zone named; their opponent still reads the
    event's."""
    await say(bot, "Ann Lee", "/timezone Europe/London")
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    ann = await say(bot, "Ann Lee", "/matches")
    dev = await say(bot, "Dev Rao", "/matches")
    assert ann == (
        "Your matches\n\n"
        "Club Cup <2026> — SF (match M1)\n"
        "against Dev Rao, best of 3: being played\n"
        "Score: Ann Lee 1-0 Dev Rao (+32)\n"
        "Win and you reach the final; lose and you are out.\n"
        "Next: game 2, Dev Rao starts\n"
        "Game 1 awaits Dev Rao's agreement until Tue 03 Mar 2026 09:00 (GMT)\n"
        "Deadline: Mon 09 Mar 2026 15:59 (GMT)\n\n"
        "Times are in your time zone, Europe/London."), ann
    assert "Game 1 awaits your agreement until Tue 03 Mar 2026 17:00 (+08)\n" in dev
    assert dev.endswith("Deadline: Mon 09 Mar 2026 23:59 (+08)"), dev
