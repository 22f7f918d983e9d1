"""One game of each format from its report to its final result, as each person reads it
on their phone: every message, in order (the chat's transcript: what people send, what
the bot sends, and the edits it makes).

What the result flow promises: each person gets one message per change of state,
addressed to them ("you won 420-350 v Ben Ong"); a result counts at once but is not said
to be over while its slip can still be disputed (SSSg para 24: the window, 24 hours;
Agree closes it early). What plays on plays on at once (a knockout's bracket: the winner
is in the final with their slip); what announces the result as over waits until it is
final: the group's post, "that was your last match", a club's expert-point level, a
ladder's rungs. Each test checks the stored state before and after finality too.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.fakebot import FakeChat, FakeUser
from bot.telegram.harness import BotUnderTest
from tests.bot import club_night_chat, ladder_chat, round_event
from tests.bot.cast import Cast, event_bot
from tests.bot.club_chat import club_cup_bot, say, tap, user

#: A board photo as the fake receives it.
PHOTO = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


class Reading:
    """What each of some people (and the group) read from now on."""

    def __init__(self, bot: BotUnderTest, **who: FakeUser | FakeChat) -> None:
        self.bot, self.who = bot, who
        self.before = {name: bot.telegram.transcript(chat) for name, chat in who.items()}

    def __getitem__(self, name: str) -> str:
        """The lines added since, each ending with a newline ("" if none)."""
        added = self.bot.telegram.transcript(self.who[name])[len(self.before[name]):]
        return added.strip("\n") + "\n" if added.strip() else ""


async def _rows(bot: BotUnderTest, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    async with bot.runtime.db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, args)]


async def test_a_knockout_game_from_report_to_final(tmp_path: Path) -> None:
    """The club cup's SF (best of 3): Ann won game 1, which Dev agreed; she reports game 2,
    which decides the match if it stands, and Dev agrees."""
    async with club_cup_bot(tmp_path) as bot:
        tg = bot.telegram
        group = tg.add_group("Cup chat", list(tg.world.users.values()))
        await bot.say(user(bot, "Tara TD"), "/link club-cup", chat=group)
        await say(bot, "Ann Lee", "412-380")
        await tap(bot, "Ann Lee", "I started")
        await tap(bot, "Ann Lee", "✅ Confirm")
        await tap(bot, "Dev Rao", "Agree")
        read = Reading(bot, ann=user(bot, "Ann Lee"), dev=user(bot, "Dev Rao"),
                       ben=user(bot, "Ben Ong"), tara=user(bot, "Tara TD"), group=group)

        await say(bot, "Ann Lee", "400-350")
        await tap(bot, "Ann Lee", "✅ Confirm")
        # it counts: the bracket moves Ann on now, as the rules have it...
        assert await _rows(bot, "SELECT code, state, winner_side FROM matches WHERE code IN"
                                " ('M1', 'M3') ORDER BY code") == [("M1", "decided", 0),
                                                                   ("M3", "waiting", None)]
        assert await _rows(bot, "SELECT p.name FROM matches m JOIN entries e ON e.id ="
                                " m.entry_a JOIN people p ON p.id = e.person_id"
                                " WHERE m.code = 'M3'") == [("Ann Lee",)]
        # ...but nothing says it is over while Dev may still dispute it
        assert read["group"] == "" and "last match" not in read["dev"]

        await tap(bot, "Dev Rao", "Agree")
        assert read["ann"] == (
            "[Ann] 400-350\n"
            "[bot → Ann] Game 2 of your best-of-3 v Dev Rao: you 400, Dev Rao 350 — Dev Rao "
            "started.\n"
            "    Confirm to send it to Dev Rao.\n"
            "    [✅ Confirm] [Cancel]\n"
            "[Ann taps ✅ Confirm]\n"
            "[bot → Ann, edited #8] Game 2 of your best-of-3 v Dev Rao: you 400, Dev Rao 350 "
            "— Dev Rao started.\n"
            "    Sent to Dev Rao.\n"
            "[bot → Ann] 📝 Club Cup <2026>, SF: your result slip is in.\n"
            "    Game 2: you 400, Dev Rao 350 (Dev Rao started)\n"
            "    Score: Ann Lee 2-0 Dev Rao (+82)\n"
            "    If it stands, you win the match.\n"
            "    Dev Rao can dispute it until Tue 03 Mar 2026 17:00 (+08); after that it is "
            "final (para 24).\n"
            "[bot → Ann] ✅ Club Cup <2026>, SF: Dev Rao agreed to game 2 (you 400, Dev Rao "
            "350), so your match is final: you won it 2-0 (+82).\n"
            "    Your next match: Final against the winner of Ben Ong v Cai Wen, best of 5. "
            "I will tell you when your opponent is known.\n"), read["ann"]
        assert read["dev"] == (
            "[bot → Dev] 📝 Club Cup <2026>, SF: Ann Lee reported a result.\n"
            "    Game 2: you 350, Ann Lee 400 (you started)\n"
            "    Score: Dev Rao 0-2 Ann Lee (-82)\n"
            "    If it stands, Ann Lee wins the match.\n"
            "    Right? Tap Agree. Wrong? Tap Dispute by Tue 03 Mar 2026 17:00 (+08); after "
            "that it is final (para 24).\n"
            "    [Agree] [Dispute]\n"
            "[Dev taps Agree]\n"
            "[bot → Dev, edited #4] … ✅ You agreed: it is final.\n"
            "[bot → Dev] ✅ Club Cup <2026>, SF: you agreed to game 2, so your match is "
            "final: Ann Lee won it 2-0 (+82).\n"
            "    That was your last match in Club Cup <2026>. Thank you for playing.\n"
        ), read["dev"]
        assert read["group"] == ("[bot → Cup chat] [photo] Club Cup <2026>, SF: Ann Lee 2-0 "
                                 "Dev Rao (+82). Ann Lee wins the match.\n"), read["group"]
        assert read["ben"] == read["tara"] == ""


async def test_a_round_based_game_from_report_to_final(tmp_path: Path) -> None:
    """The weekly Swiss's round 1: Ann (who goes first) beats Eve; Eve agrees. The group
    sees the result once it is final, and the standings within the minute after it, a
    restart in between notwithstanding."""
    swiss = Cast(round_event.IDS)
    async with event_bot(tmp_path / "r.sqlite3", round_event.definition(ids=True),
                         round_event.IDS) as bot:
        tg = bot.telegram
        group = tg.add_group("Swiss chat", list(tg.world.users.values()))
        await bot.say(swiss.user(bot, "Tara TD"), "/link weekly-swiss", chat=group)
        await swiss.say(bot, "Tara TD", "/draw 5")
        await swiss.say(bot, "Tara TD", "/openround 1")
        read = Reading(bot, ann=swiss.user(bot, "Ann Lee"), eve=swiss.user(bot, "Eve Tan"),
                       group=group)

        await swiss.say(bot, "Ann Lee", "420-350")
        await swiss.tap(bot, "Ann Lee", "✅ Confirm")
        assert await _rows(bot, "SELECT state, winner_side FROM matches WHERE code = 'R1-1'"
                           ) == [("decided", 0)]  # it counts at once
        assert read["group"] == ""  # not final: not posted

        await swiss.tap(bot, "Eve Tan", "Agree")
        assert read["ann"] == (
            "[Ann] 420-350\n"
            "[bot → Ann] Your game v Eve Tan: you 420, Eve Tan 350 — you started.\n"
            "    Confirm to send it to Eve Tan.\n"
            "    [✅ Confirm] [Cancel]\n"
            "[Ann taps ✅ Confirm]\n"
            "[bot → Ann, edited #4] Your game v Eve Tan: you 420, Eve Tan 350 — you started.\n"
            "    Sent to Eve Tan.\n"
            "[bot → Ann] 📝 Weekly Swiss <Tuesdays>, Round 1: you won 420-350 v Eve Tan (you "
            "started).\n"
            "    Eve Tan can dispute it until Tue 03 Mar 2026 17:00 (+08); after that it is "
            "final.\n"
            "    Round 2 is paired when a TD opens it; I will tell you your opponent then. "
            "/standings shows where everyone stands.\n"
            "[bot → Ann] ✅ Weekly Swiss <Tuesdays>, Round 1: Eve Tan agreed, so your game is "
            "final: you won 420-350 v Eve Tan.\n"
            "    📈 Your rating estimate so far: 1900 → 1906 (+6); an estimate until NASPA "
            "rates the event.\n"), read["ann"]
        assert read["eve"] == (
            "[bot → Eve] 📝 Weekly Swiss <Tuesdays>, Round 1: Ann Lee reported your game: "
            "you lost 350-420 (Ann Lee started).\n"
            "    Right? Tap Agree. Wrong? Tap Dispute by Tue 03 Mar 2026 17:00 (+08); after "
            "that it is final.\n"
            "    Round 2 is paired when a TD opens it; I will tell you your opponent then. "
            "/standings shows where everyone stands.\n"
            "    [Agree] [Dispute]\n"
            "[Eve taps Agree]\n"
            "[bot → Eve, edited #3] … ✅ You agreed: it is final.\n"
            "[bot → Eve] ✅ Weekly Swiss <Tuesdays>, Round 1: you agreed, so your game is "
            "final: you lost 350-420 v Ann Lee.\n"
            "    📉 Your rating estimate so far: 1700 → 1693 (-7); an estimate until NASPA "
            "rates the event.\n"), read["eve"]
        assert read["group"] == ("[bot → Swiss chat] Weekly Swiss <Tuesdays>, Round 1: Ann Lee "
                                 "beat Eve Tan 420-350.\n"), read["group"]
        later = Reading(bot, group=group)
        await bot.restart()  # the standings post pending survives it
        assert await bot.advance(timedelta(minutes=1)) == 1  # at most once a minute
        assert later["group"].startswith(
            "[bot → Swiss chat] Weekly Swiss <Tuesdays>: standings during round 1 of 5 (its "
            "results so far are in)\n"), read["group"]
        assert "      1 Ann Lee     1-0    +70\n" in later["group"], later["group"]


async def test_a_club_game_from_report_to_final(tmp_path: Path) -> None:
    """A club night's round 1: Ann (49 club wins before the bot) beats Ben, who agrees: her
    50th club win is celebrated once the win is final, in the message that says it is
    (Director's Manual, Expert Points)."""
    async with club_night_chat.club_bot(tmp_path) as bot:
        tg, act = bot.telegram, club_night_chat
        group = tg.add_group("Club chat", list(tg.world.users.values()))
        await bot.say(act.user(bot, "Tara TD"), "/link tuesday-club", chat=group)
        await act.say(bot, "Tara TD", "/night")
        for name in ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao"):
            await act.say(bot, name, "/checkin")
        await act.say(bot, "Tara TD", "/pairround")  # table 1: Ann Lee v Ben Ong
        read = Reading(bot, ann=act.user(bot, "Ann Lee"), ben=act.user(bot, "Ben Ong"),
                       group=group)

        async def group_outbox() -> list[tuple[Any, ...]]:
            return await _rows(bot, "SELECT text_html FROM outbox WHERE chat_id = ?",
                               (group.id,))

        await act.say(bot, "Ann Lee", "420-350")
        await act.tap(bot, "Ann Lee", "I started")
        await act.tap(bot, "Ann Lee", "✅ Confirm")
        assert await _rows(bot, "SELECT level FROM club_milestones") == []
        assert not [t for (t,) in await group_outbox() if "club wins" in t or "420" in t]

        await act.tap(bot, "Ben Ong", "Agree")
        assert await _rows(bot, "SELECT level FROM club_milestones") == [(50,)]
        assert [t for (t,) in await group_outbox() if "50 club wins" in t] == [
            "<b>Tuesday Scrabble Club</b>, night 1 round 1: Ann Lee beat Ben Ong 420-350.\n"
            "🎉 Congratulations to <b>Ann Lee</b> on 50 club wins!"]
        assert read["ann"] == (
            "[Ann] 420-350\n"
            "[bot → Ann] Your game v Ben Ong: you 420, Ben Ong 350. Who started?\n"
            "    [I started] [Ben Ong started]\n"
            "[Ann taps I started]\n"
            "[bot → Ann, edited #5] Your game v Ben Ong: you 420, Ben Ong 350 — you started.\n"
            "    Confirm to send it to Ben Ong.\n"
            "    [✅ Confirm] [Cancel]\n"
            "[Ann taps ✅ Confirm]\n"
            "[bot → Ann, edited #5] Your game v Ben Ong: you 420, Ben Ong 350 — you started.\n"
            "    Sent to Ben Ong.\n"
            "[bot → Ann] 📝 Tuesday Scrabble Club, night 1 round 1: you won 420-350 v Ben Ong "
            "(you started).\n"
            "    Ben Ong can dispute it until Tue 03 Mar 2026 17:00 (+08); after that it is "
            "final.\n"
            "    That was your game of night 1 round 1. The TD pairs the next round when every "
            "game of this one is in; I will tell you your opponent.\n"
            "[bot → Ann] ✅ Tuesday Scrabble Club, night 1 round 1: Ben Ong agreed, so your game "
            "is final: you won 420-350 v Ben Ong.\n"
            "    🎉 That was your 50th club win: 50 expert points, a level of achievement the "
            "club celebrates!\n"), read["ann"]
        assert read["ben"] == (
            "[bot → Ben] 📝 Tuesday Scrabble Club, night 1 round 1: Ann Lee reported your "
            "game: you lost 350-420 (Ann Lee started).\n"
            "    Right? Tap Agree. Wrong? Tap Dispute by Tue 03 Mar 2026 17:00 (+08); after "
            "that it is final.\n"
            "    That was your game of night 1 round 1. The TD pairs the next round when every "
            "game of this one is in; I will tell you your opponent.\n"
            "    [Agree] [Dispute]\n"
            "[Ben taps Agree]\n"
            "[bot → Ben, edited #4] … ✅ You agreed: it is final.\n"), read["ben"]
        assert read["group"] == (
            "[bot → Club chat] Tuesday Scrabble Club, night 1 round 1: Ann Lee beat Ben Ong "
            "420-350.\n"
            "    🎉 Congratulations to Ann Lee on 50 club wins!\n"), read["group"]


async def test_a_ladder_game_from_report_to_final(tmp_path: Path) -> None:
    """Dev (rung 4) challenged Ben (rung 2), who accepted; Dev reports his win and sends the
    board photo; Ben lets the window close. Only then do the rungs move: Dev leapfrogs to
    2, Ben and Cai go down one, and Cai is told why."""
    async with ladder_chat.ladder_bot(tmp_path) as bot:
        tg, act = bot.telegram, ladder_chat
        group = tg.add_group("Ladder chat", list(tg.world.users.values()))
        await bot.say(act.user(bot, "Tara TD"), "/link club-ladder", chat=group)
        await act.say(bot, "Dev Rao", "/challenge Ben")
        await act.tap(bot, "Ben Ong", "✅ Accept")
        read = Reading(bot, dev=act.user(bot, "Dev Rao"), ben=act.user(bot, "Ben Ong"),
                       cai=act.user(bot, "Cai Wen"), tara=act.user(bot, "Tara TD"),
                       group=group)
        start = await act.order(bot)

        await act.say(bot, "Dev Rao", "420-350")
        await act.tap(bot, "Dev Rao", "I started")
        await act.tap(bot, "Dev Rao", "✅ Confirm")
        tg.user_sends_photo(act.user(bot, "Dev Rao"), PHOTO)
        await bot.settle()
        await bot.advance(timedelta(hours=23))
        assert await act.order(bot) == start  # Ben may still dispute it
        assert read["group"] == read["cai"] == ""

        await bot.advance(timedelta(hours=1, minutes=1))  # the window closes
        assert await act.order(bot) == ["Ann Lee", "Dev Rao", "Ben Ong", "Cai Wen", "Eve Tan"]
        assert read["dev"] == (
            "[Dev] 420-350\n"
            "[bot → Dev] Your game v Ben Ong: you 420, Ben Ong 350. Who started?\n"
            "    [I started] [Ben Ong started]\n"
            "[Dev taps I started]\n"
            "[bot → Dev, edited #5] Your game v Ben Ong: you 420, Ben Ong 350 — you started.\n"
            "    Confirm to send it to Ben Ong.\n"
            "    [✅ Confirm] [Cancel]\n"
            "[Dev taps ✅ Confirm]\n"
            "[bot → Dev, edited #5] Your game v Ben Ong: you 420, Ben Ong 350 — you started.\n"
            "    Sent to Ben Ong.\n"
            "[bot → Dev] 📝 Club Ladder: you won 420-350 v Ben Ong (you started).\n"
            "    Ben Ong can dispute it until Tue 03 Mar 2026 17:00 (+08); after that it is "
            "final.\n"
            "    The rungs move once the result is final.\n"
            "[Dev] [photo]\n"
            "[bot → Dev] 📷 Board photo of game 1 v Ben Ong received. Thank you: nothing more "
            "to send for this game.\n"
            "[bot → Dev] ✅ Club Ladder: nobody disputed it by Tue 03 Mar 2026 17:00 (+08), so "
            "your challenge is final: you won 420-350 v Ben Ong.\n"
            "    You are now rung 2 of 5 (was 4).\n"
            "    /ladder shows the ladder; /challenge whom you may challenge now.\n"
        ), read["dev"]
        assert read["ben"] == (
            "[bot → Ben] 📝 Club Ladder: Dev Rao reported your game: you lost 350-420 (Dev Rao "
            "started).\n"
            "    Right? Tap Agree. Wrong? Tap Dispute by Tue 03 Mar 2026 17:00 (+08); after "
            "that it is final.\n"
            "    The rungs move once the result is final.\n"
            "    [Agree] [Dispute]\n"
            "[bot → Ben, edited #3] … ✅ Final since Tue 03 Mar 2026 17:01 (+08): nobody "
            "disputed it within the window.\n"
            "[bot → Ben] ✅ Club Ladder: nobody disputed it by Tue 03 Mar 2026 17:00 (+08), so "
            "your challenge is final: you lost 350-420 v Dev Rao.\n"
            "    You are now rung 3 of 5 (was 2).\n"
            "    /ladder shows the ladder; /challenge whom you may challenge now.\n"
        ), read["ben"]
        assert read["cai"] == (
            "[bot → Cai] Club Ladder\n"
            "    Dev Rao beat Ben Ong in challenge #1 (won 420-350).\n"
            "    Dev Rao climbs from rung 4 to 2; Ben Ong is now rung 3.\n"
            "    You are now rung 4 of 5 (was 3).\n"), read["cai"]
        assert read["group"] == (
            "[bot → Ladder chat] Club Ladder\n"
            "    Dev Rao beat Ben Ong in challenge #1 (won 420-350).\n"
            "    Dev Rao climbs from rung 4 to 2; Ben Ong is now rung 3.\n"), read["group"]
        assert read["tara"] == ""
