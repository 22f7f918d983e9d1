"""The shared result-slip flow as a club night's players read it (examples/club_night.toml):
a one-game match is asked about and reported as a game, no SSSg paragraph is cited to an
event that does not play SSSg's rules, a club asks for no board photos unless its
definition does, a tied game is half a win each and no club win, the loser's open slip
does not stand in the way of their next round's result, and the group is told what a
club's group gets. A knockout's wording is tested in test_telegram_report.py."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.service.formats.traits import board_photos, cite
from bot.telegram.harness import BotUnderTest
from tests.bot.club_night_chat import (
    club_bot,
    club_definition,
    rows,
    said_to,
    say,
    scalar,
    tap,
    user,
)

REGULARS = ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao")


async def _night(bot: BotUnderTest) -> None:
    await say(bot, "Tara TD", "/night")
    for name in REGULARS:
        await say(bot, name, "/checkin")


async def _opponents(bot: BotUnderTest, round_code: str) -> dict[str, str]:
    found = await rows(bot, "SELECT pa.name, pb.name FROM matches m"
                            " JOIN rounds r ON r.id = m.round_id"
                            " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
                            " JOIN entries eb ON eb.id = m.entry_b JOIN people pb ON pb.id = eb.person_id"
                            " WHERE r.code = ?", (round_code,))
    return {**{a: b for a, b in found}, **{b: a for a, b in found}}


def test_only_a_knockout_cites_sssg_and_a_club_asks_for_no_photos_by_default() -> None:
    class Of:
        def __init__(self, fmt: str) -> None:
            self.format = fmt

    assert cite(Of("sssg"), "para 24") == " (para 24)"
    assert cite(Of("double"), "para 15", ", {}") == ", para 15"
    for fmt in ("rounds", "club", "ladder"):
        assert cite(Of(fmt), "para 24") == ""
    assert [board_photos(f, {}) for f in ("sssg", "rounds", "ladder", "club")] == [
        True, True, True, False]
    assert board_photos("club", {"board_photos": True}) is True
    assert board_photos("rounds", {"board_photos": False}) is False


async def test_a_club_game_reads_as_one_game_with_no_sssg_paragraphs(tmp_path: Path) -> None:
    async with club_bot(tmp_path) as bot:
        tg = bot.telegram
        group = tg.add_group("Club chat", list(tg.world.users.values()))
        linked = await bot.say(user(bot, "Tara TD"), "/link tuesday-club", chat=group)
        assert "each round's tables, the results and the club-win milestones" in linked
        assert "/bracket" not in linked and "the bracket" not in linked

        await _night(bot)
        await say(bot, "Tara TD", "/pairround")
        ann_v = (await _opponents(bot, "n1-r1"))["Ann Lee"]
        asked = await say(bot, "Ann Lee", "420-350")
        assert asked == f"Your game v {ann_v}: you 420, {ann_v} 350. Who started?", asked
        await tap(bot, "Ann Lee", "I started")
        await tap(bot, "Ann Lee", "✅ Confirm")
        mine, theirs = said_to(bot, "Ann Lee"), said_to(bot, ann_v)
        slip = mine[-1]
        assert slip.startswith("📝 Tuesday Scrabble Club, night 1 round 1: you won 420-350 v "
                               f"{ann_v} (you started).\n{ann_v} can dispute it until "), slip
        assert "after that it is final." in slip, slip
        copy = theirs[-1]
        assert copy.startswith("📝 Tuesday Scrabble Club, night 1 round 1: Ann Lee reported "
                               "your game: you lost 350-420 (Ann Lee started).\n"), copy
        for text in (slip, copy):
            assert "1-0" not in text and "the match" not in text and "para" not in text
        posted = [m.text or "" for m in tg.world.messages.values() if m.chat.id == group.id]
        assert not any("420-350" in t for t in posted), posted  # not final yet
        await tap(bot, ann_v, "Agree")
        posted = [m.text or "" for m in tg.world.messages.values() if m.chat.id == group.id]
        assert any(f"Ann Lee beat {ann_v} 420-350." in t for t in posted), posted

        # No photo is owed at a club by default: no window, no reminder, no TD question.
        await bot.advance(timedelta(hours=30))
        assert await scalar(bot, "SELECT COUNT(*) FROM photo_windows") == 0
        everything = [m.text or "" for m in tg.world.messages.values()]
        assert not [t for t in everything if "📷" in t or "para" in t], everything


async def test_a_club_can_ask_for_board_photos(tmp_path: Path) -> None:
    definition = club_definition() + "\n[rules]\nboard_photos = true\n"
    async with club_bot(tmp_path, definition) as bot:
        await _night(bot)
        await say(bot, "Tara TD", "/pairround")
        await say(bot, "Ann Lee", "420-350")
        await tap(bot, "Ann Lee", "I started")
        await tap(bot, "Ann Lee", "✅ Confirm")
        assert await scalar(bot, "SELECT COUNT(*) FROM photo_windows") == 1
        await bot.advance(timedelta(hours=23))
        reminder = said_to(bot, "Ann Lee")[-1]
        assert "board photo of game 1" in reminder and "para" not in reminder, reminder


async def test_a_tied_club_game_is_half_a_win_each_and_no_club_win(tmp_path: Path) -> None:
    async with club_bot(tmp_path) as bot:
        await _night(bot)
        await say(bot, "Tara TD", "/pairround")
        ann_v = (await _opponents(bot, "n1-r1"))["Ann Lee"]
        await say(bot, "Ann Lee", "400-400")
        await tap(bot, "Ann Lee", "I started")
        await tap(bot, "Ann Lee", "✅ Confirm")
        assert said_to(bot, "Ann Lee")[-1].startswith(
            "📝 Tuesday Scrabble Club, night 1 round 1: you tied 400-400 with "
            f"{ann_v} (you started): half a win each.\n")
        assert said_to(bot, ann_v)[-1].startswith(
            "📝 Tuesday Scrabble Club, night 1 round 1: Ann Lee reported your game: you tied "
            "400-400 (Ann Lee started): half a win each.\n")
        assert await rows(bot, "SELECT m.state, m.winner_side FROM matches m JOIN rounds r"
                               " ON r.id = m.round_id WHERE r.code = 'n1-r1' AND ? IN"
                               " (SELECT p.name FROM entries e JOIN people p"
                               "  ON p.id = e.person_id WHERE e.id IN (m.entry_a, m.entry_b))",
                          ("Ann Lee",)) == [("decided", None)]
        tara = said_to(bot, "Tara TD")
        assert not [t for t in tara if "para 30" in t or "wins" in t and "Tap who" in t], tara
        # Ann had 49 club wins before the bot: the tie takes her to none more.
        record = await say(bot, "Ann Lee", "/me")
        assert "Expert points (club wins): 49" in record, record


async def test_the_losers_open_slip_does_not_block_their_next_round(tmp_path: Path) -> None:
    async with club_bot(tmp_path) as bot:
        await _night(bot)
        await say(bot, "Tara TD", "/pairround")
        round1 = await _opponents(bot, "n1-r1")
        loser = round1["Ann Lee"]
        others = [n for n in REGULARS if n not in ("Ann Lee", loser)]
        for winner in ("Ann Lee", others[0]):
            await say(bot, winner, "420-350")
            await tap(bot, winner, "I started")
            await tap(bot, winner, "✅ Confirm")
        await tap(bot, others[1], "Agree")  # the loser's own slip stays open for a day
        await say(bot, "Tara TD", "/pairround")
        next_v = (await _opponents(bot, "n1-r2"))[loser]
        assert next_v != "Ann Lee"

        # Their copy of round 1's game again, mirrored: the second report of that game.
        again = await say(bot, loser, "350-420")
        assert "Ann Lee reported this game the same way" in again, again
        await tap(bot, loser, "Cancel")
        # A new score: round 2's game, not a question which match.
        new = await say(bot, loser, "420-350")
        assert new == f"Your game v {next_v}: you 420, {next_v} 350. Who started?", new
