"""Reporting games in the chat, through the real PTB Application and the fake Bot API.

SSSg 2016 Annex A: game 1's starter is the tile draw (para 15), the winner reports (para
23), a copy of the slip goes to both players and 24 hours later it is final unless
disputed (para 24), disputes go to a TD who does not play (para 19), no concessions (para
13). The club cup: SF best of 3 (M1 Ann v Dev, M2 Ben v Cai), Final best of 5.

These chat scenes run on each database (tests/conftest.py, ``db_target``).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service.platform.errors import Invalid
from bot.telegram.handlers.report import parse_report
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import buttons_of, club_cup_bot, last, report_game, say, tap, user


@pytest.fixture
async def bot(tmp_path: Path, db_target: Path | str) -> AsyncIterator[BotUnderTest]:
    """tests/bot/conftest.py's club cup, on each database."""
    async with club_cup_bot(tmp_path, db=db_target) as under_test:
        yield under_test


async def test_a_player_reports_game_1_and_the_opponent_agrees(bot: BotUnderTest) -> None:
    asked = await say(bot, "Ann Lee", "412-380")
    assert asked == ("Game 1 of your best-of-3 v Dev Rao: you 412, Dev Rao 380.\n"
                     "You drew tiles to decide who starts game 1 (para 15). Who started?")
    assert buttons_of(bot, "Ann Lee")[-2:] == ["I started", "Dev Rao started"]
    await tap(bot, "Ann Lee", "Dev Rao started")
    draft = last(bot, "Ann Lee")
    assert draft.startswith("Game 1 of your best-of-3 v Dev Rao: you 412, Dev Rao 380 — "
                            "Dev Rao started.")
    assert "I started" not in buttons_of(bot, "Ann Lee")  # the answered question's buttons go
    await tap(bot, "Ann Lee", "✅ Confirm")
    ann, dev = last(bot, "Ann Lee"), last(bot, "Dev Rao")
    assert "your result slip is in" in ann and "Game 1: you 412, Dev Rao 380" in ann
    assert "Score: Ann Lee 1-0 Dev Rao (+32)" in ann and "Next: game 2, you start." in ann
    assert "Ann Lee reported a result" in dev and "Right? Tap Agree" in dev
    assert buttons_of(bot, "Dev Rao")[-2:] == ["Agree", "Dispute"]
    assert "✅ Confirm" not in buttons_of(bot, "Ann Lee")
    await tap(bot, "Dev Rao", "Agree")
    assert last(bot, "Ann Lee").startswith("✅ Dev Rao agreed")
    copy = last(bot, "Dev Rao")  # the copy, edited: it says so, and its buttons are gone
    assert copy.endswith("✅ You agreed: it is final.")
    assert "Agree" not in buttons_of(bot, "Dev Rao")
    assert bot.telegram.unanswered_taps() == []


async def test_a_slip_left_alone_is_final_after_24_hours(bot: BotUnderTest) -> None:
    await report_game(bot, "Ann Lee", "won 412-380", starter="I started")
    assert "Dev Rao can dispute it until Tue 03 Mar 2026 17:00 (+08)" in last(bot, "Ann Lee")
    # only the board photo's reminder (para 25, 2 hours before its 24-hour window closes)
    assert await bot.advance(timedelta(hours=23)) == 1
    assert "Agree" in buttons_of(bot, "Dev Rao")
    # the slip's window and the photo's (no photo came: the TD is asked)
    assert await bot.advance(timedelta(hours=1, minutes=1)) == 2
    assert "✅ Final since Tue 03 Mar 2026 17:01 (+08)" in last(bot, "Dev Rao")
    assert not {"Agree", "Dispute"} & set(buttons_of(bot, "Dev Rao"))  # the slip's are gone
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT state FROM slips") == "final"
    assert await bot.advance(timedelta(days=1)) == 0  # nothing fires twice


async def test_a_decided_match_tells_the_players_their_next_opponent(bot: BotUnderTest) -> None:
    await report_game(bot, "Ben Ong", "400-300", starter="I started")
    await tap(bot, "Cai Wen", "Agree")  # game 1 is final
    await report_game(bot, "Cai Wen", "lost 330-410")  # the loser reports: accepted, marked
    ben = last(bot, "Ben Ong")  # his copy of Cai's slip, and where he goes: one message
    assert "(Sent by Cai Wen; para 23 asks the winner to report, but it counts all the same.)" in ben
    assert "<b>" not in ben  # the HTML is rendered, not shown
    assert ("Score: Ben Ong 2-0 Cai Wen (+180)\nIf it stands, you win the match.\nRight? Tap "
            "Agree.") in ben, ben
    assert "next match" not in ben  # not while Ben can still dispute it
    assert "last match" not in last(bot, "Cai Wen")  # nor that Cai is out
    await tap(bot, "Ben Ong", "Agree")
    assert last(bot, "Cai Wen") == (
        "✅ Club Cup <2026>, SF: Ben Ong agreed to game 2 (you 330, Ben Ong 410), so your "
        "match is final: Ben Ong won it 2-0 (+180).\n"
        "That was your last match in Club Cup <2026>. Thank you for playing.")
    ben = last(bot, "Ben Ong")
    assert ben.startswith("✅ Club Cup <2026>, SF: you agreed to game 2"), ben
    assert ("Your next match: Final against the winner of Ann Lee v Dev Rao, best of 5. I will "
            "tell you when your opponent is known.") in ben, ben
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await report_game(bot, "Ann Lee", "400 350")
    assert "next match" not in last(bot, "Ann Lee")  # Dev may still dispute it
    await tap(bot, "Dev Rao", "Agree")
    await tap(bot, "Dev Rao", "Agree")
    assert "Your next match: Final against Ben Ong, best of 5." in last(bot, "Ann Lee")
    told_ben = last(bot, "Ben Ong")
    assert told_ben.startswith("Club Cup <2026>: Your next match: Final against Ann Lee")
    assert "once its round opens" in told_ben
    late = await say(bot, "Ann Lee", "400-300")  # para 14: the match is over
    assert "You have no match being played right now" in late


async def test_a_dispute_goes_to_the_td_with_its_reason(bot: BotUnderTest) -> None:
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await tap(bot, "Dev Rao", "Dispute")
    asked = last(bot, "Dev Rao")
    assert asked.startswith("⚖️ Club Cup <2026>, SF: You disputed game 1 of your match against "
                            "Ann Lee. It counts as reported until a TD rules.")
    assert asked.endswith("What is wrong with it? Tell me in your next message, e.g. I had 390, "
                          "not 380, and I will pass it on.")
    tara = last(bot, "Tara TD")
    assert "Dev Rao disputes game 1." in tara and "says:" not in tara
    ann = last(bot, "Ann Lee")
    assert "Dev Rao disputed game 1 of your match. It counts as reported" in ann
    assert "Tara TD will rule on it, and I will tell you both the ruling." in ann
    assert "What is wrong" not in ann and "8333" not in ann and "para" not in ann
    thanks = await say(bot, "Dev Rao", "I had 390 <not 380>")
    assert thanks == "Thank you: I passed your reason on to Tara TD."
    assert "\nDev Rao says: I had 390 <not 380>\n" in last(bot, "Tara TD")  # the notice, edited
    # the next message is an ordinary one again
    assert "find any scores" in await say(bot, "Dev Rao", "/report soon")
    # disputed: the window does not finalise (what fires is the board photo's close, para
    # 25: the photo is still owed; its reminder, two days late, is not sent)
    assert await bot.advance(timedelta(days=2)) == 1
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT state FROM slips WHERE state <> 'cancelled'") == "disputed"


async def test_a_concession_is_refused_and_a_resent_confirm_counts_once(bot: BotUnderTest) -> None:
    refused = await say(bot, "Dev Rao", "I concede game 1")
    assert refused.startswith("⚠️ Players may not concede games (SSSg para 13)")
    await say(bot, "Ann Lee", "/report 412-380")
    await tap(bot, "Ann Lee", "I started")
    await tap(bot, "Ann Lee", "✅ Confirm")
    confirm = max(bot.telegram.world.history)  # Telegram re-sends the tap after a crash
    bot.telegram.redeliver(confirm)
    await bot.settle()
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM games") == 1
        assert await tx.scalar("SELECT count(*) FROM slips WHERE state = 'pending'") == 1


async def test_a_draft_survives_a_restart(bot: BotUnderTest) -> None:
    """The draft is a row (state 'draft'), and its buttons carry the slip id: a restart
    between the report and the taps loses nothing."""
    await say(bot, "Ann Lee", "412-380 Dev")
    await bot.restart()
    await tap(bot, "Ann Lee", "I started")
    await tap(bot, "Ann Lee", "✅ Confirm")
    assert "your result slip is in" in last(bot, "Ann Lee")
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM games") == 1


@pytest.mark.parametrize("text,mine,theirs,opponent,game", [
    ("412-380", 412, 380, "", None),
    ("412 380", 412, 380, "", None),
    ("412:380", 412, 380, "", None),
    ("won 412-380", 412, 380, "", None),
    ("lost 412-380", 380, 412, "", None),
    ("tied 400-400", 400, 400, "", None),
    ("412-380 v Ben Ong", 412, 380, "Ben Ong", None),
    ("I beat Ricky 412 - 380", 412, 380, "Ricky", None),
    ("game 3: 412-380", 412, 380, "", 3),
    ("412-380 g2 against cai", 412, 380, "cai", 2),
])
def test_parse_report_reads_what_players_type(text: str, mine: int, theirs: int,
                                              opponent: str, game: int | None) -> None:
    said = parse_report(text)
    assert (said.mine, said.theirs, said.opponent, said.game) == (mine, theirs, opponent, game)
    assert said.text == text


@pytest.mark.parametrize("text,message", [
    ("hello", "I couldn't find any scores in that"),
    ("tied 400-390", "You said tied, but 400 and 390 differ"),
    ("won 400-400", "400-400 is a tie"),
    ("won 380-412", "You said you won, but 380 is lower than 412"),
    ("won lost 400-300", "You said both lost and won"),
])
def test_parse_report_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(Invalid, match=re.escape(message)):
        parse_report(text)


async def test_both_players_report_the_same_game(bot: BotUnderTest) -> None:
    """Para 24: the opponent reporting the same result makes it final at once; a second
    report that differs is not counted and goes to the TD."""
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    draft = await say(bot, "Dev Rao", "lost 380-412")
    assert "Ann Lee reported this game the same way: confirm and it is final at once." in draft
    await tap(bot, "Dev Rao", "✅ Confirm")
    assert last(bot, "Ann Lee").startswith("✅ You both reported the same result, so it is final")
    assert "Agree" not in buttons_of(bot, "Dev Rao")
    # game 2 both at once, differently: Dev's report comes second and is not counted
    await say(bot, "Dev Rao", "won 400-350")
    await say(bot, "Ann Lee", "won 390-380 game 2")
    await tap(bot, "Dev Rao", "✅ Confirm")
    await tap(bot, "Ann Lee", "✅ Confirm")
    assert last(bot, "Ann Lee").startswith(
        "⚖️ Club Cup <2026>, SF: Your result for game 2 differs from Dev Rao's slip, so yours "
        "is not counted: Dev Rao's counts until a TD rules.")
    assert last(bot, "Dev Rao").startswith(
        "⚖️ Club Cup <2026>, SF: Ann Lee reported game 2 differently from your slip. Yours "
        "counts until a TD rules.")
    assert "Ann Lee reported: Ann Lee 390, Dev Rao 380 (Dev Rao started)." in last(bot, "Tara TD")
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM games") == 2
        assert [r[0] for r in await tx.all("SELECT state FROM slips ORDER BY id")] == [
            "agreed", "agreed", "disputed", "void"]


def _message(bot: BotUnderTest, name: str, message_id: int) -> str:
    """The text of one of the bot's messages to ``name`` as it reads now (after edits)."""
    (found,) = [m for m in bot.telegram.sent(user(bot, name)) if m.message_id == message_id]
    return found.text or ""


async def test_a_pressed_slip_message_says_what_was_done_not_what_it_asked(
        bot: BotUnderTest) -> None:
    """Once a button has done its work, the message it was on says what happened: the
    question of who started becomes the draft (one message, not a second one repeating
    it), then "Sent to Dev Rao.", and a second report the same way made final (para 24)
    in one sentence, with no instruction left that can no longer be followed."""
    asked = await say(bot, "Ann Lee", "412-380")
    assert asked.endswith("Who started?")
    ask_id = bot.telegram.sent(user(bot, "Ann Lee"))[-1].message_id
    await tap(bot, "Ann Lee", "I started")
    assert bot.telegram.sent(user(bot, "Ann Lee"))[-1].message_id == ask_id  # none new
    assert _message(bot, "Ann Lee", ask_id) == (
        "Game 1 of your best-of-3 v Dev Rao: you 412, Dev Rao 380 — you started.\n"
        "Confirm to send it to Dev Rao.")
    draft_id = ask_id
    await tap(bot, "Ann Lee", "✅ Confirm")
    edited = _message(bot, "Ann Lee", draft_id)
    assert edited.endswith("Sent to Dev Rao.") and "Confirm" not in edited, edited

    draft = await say(bot, "Dev Rao", "lost 380-412")
    assert draft.endswith("Ann Lee reported this game the same way: confirm and it is final "
                          "at once."), draft
    assert draft.count("onfirm") == 1, draft
    dev_draft = bot.telegram.sent(user(bot, "Dev Rao"))[-1].message_id
    await tap(bot, "Dev Rao", "✅ Confirm")
    edited = _message(bot, "Dev Rao", dev_draft)
    assert edited.endswith("Ann Lee reported it the same way, so it is final."), edited
    async with bot.runtime.db.transaction() as tx:
        assert [r[0] for r in await tx.all("SELECT state FROM slips ORDER BY id")] == [
            "agreed", "agreed"]


async def test_the_draw_names_the_round_to_open_and_that_command_opens_it(
        tmp_path: Path) -> None:
    """The TD's /draw summary ends with the very command that opens the first round."""
    async with club_cup_bot(tmp_path, draw=False, open_sf=False) as fresh:
        drawn = await say(fresh, "Tara TD", "/draw 7")
        command = drawn.splitlines()[-1]
        assert re.fullmatch(r"Open the first round with /openround \w+\.", command), drawn
        opened = await say(fresh, "Tara TD", command.removeprefix(
            "Open the first round with ").removesuffix(".") + " until 2026-12-30 anyway: fees paid at the table")
        assert "opened" in opened.lower(), (command, opened)
        async with fresh.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT state FROM rounds ORDER BY seq LIMIT 1") == "open"
