"""What a TD reads on their phone when a game is disputed (SSSg 2016 Annex A para 19: the
players phone the TD, who adjudicates; para 24: the discrepancy), through the real PTB
Application and the fake Bot API: the match, what each player reported or says, the
disputer's reason once they give it (the notice is edited to hold it, its buttons kept),
the board photo if one was sent, and the phones on record, with no placeholder and no
command-line hint.

The club cup (SF: M1 Ann Lee v Dev Rao), Tara TD ruling; Ann has a phone on record, Dev
has none.
"""

from __future__ import annotations

from pathlib import Path

from bot.fakebot import StoredMessage
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import (
    IDS,
    buttons_of,
    club_cup_bot,
    linked_definition,
    report_game,
    say,
    tap,
    user,
)

JPEG = b"\xff\xd8board"
HEAD = "⚖️ Club Cup <2026>, SF (M1): Dev Rao disputes game 1."
ANN_SLIP = "Ann Lee reported: Ann Lee 412, Dev Rao 380 (Ann Lee started)."
HOW = ("Tap a ruling below; for Amend I then ask for the scores. Until you rule, game 1 "
       "counts as Ann Lee reported it.")


def _notice(bot: BotUnderTest) -> StoredMessage:
    """Tara's copy of the dispute (the one message about it that has the buttons)."""
    return next(m for m in bot.telegram.sent(user(bot, "Tara TD"))
                if (m.text or "").startswith("⚖️ Club Cup <2026>, SF (M1)"))


async def test_the_notice_holds_the_claims_the_photo_and_the_phones_and_takes_the_reason(
        tmp_path: Path) -> None:
    phones = {"Tara TD": "8333 6301", "Ann Lee": "9123 4567"}
    async with club_cup_bot(tmp_path, linked_definition(phones=phones)) as bot:
        await report_game(bot, "Ann Lee", "412-380", starter="I started")
        bot.telegram.user_sends_photo(user(bot, "Ann Lee"), JPEG)
        await bot.settle()
        seen = len(bot.telegram.sent(user(bot, "Tara TD")))
        await tap(bot, "Dev Rao", "Dispute")
        new = bot.telegram.sent(user(bot, "Tara TD"))[seen:]
        assert [m.text for m in new] == [
            "\n".join([HEAD, ANN_SLIP, "Phone: Ann Lee 9123 4567.", HOW]), None]
        photo = new[1]
        assert photo.photo is not None
        assert photo.caption == "⚖️ M1 game 1, disputed: the board photo Ann Lee sent."
        assert "Uphold" in buttons_of(bot, "Tara TD")
        # Dev's reason: the notice is edited to hold it, its buttons kept; nothing new is sent
        await say(bot, "Dev Rao", "I had 390 <not 380>")
        assert len(bot.telegram.sent(user(bot, "Tara TD"))) == seen + 2
        notice = _notice(bot)
        assert notice.text == "\n".join([HEAD, ANN_SLIP, "Dev Rao says: I had 390 <not 380>",
                                         "Phone: Ann Lee 9123 4567.", HOW])
        assert notice.edit_date is not None
        assert [b["text"] for b in notice.buttons()[0]] == ["Uphold", "Amend", "Void game"]
        # the ruling's edit keeps the reason, and no longer asks for a ruling
        await tap(bot, "Tara TD", "Uphold")
        await say(bot, "Tara TD", "the board photo shows 412-380")
        assert _notice(bot).text == "\n".join([
            HEAD, ANN_SLIP, "Dev Rao says: I had 390 <not 380>", "Phone: Ann Lee 9123 4567.",
            "", "✅ Ruled by Tara TD: the result stands as reported. (the board photo "
            "shows 412-380)"])
        assert _notice(bot).buttons() == []


async def test_with_no_phone_on_record_it_says_so_once(tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path, linked_definition(ids=IDS)) as bot:
        await report_game(bot, "Ann Lee", "412-380", starter="I started")
        await tap(bot, "Dev Rao", "Dispute")
        await say(bot, "Dev Rao", "I had 390")
        assert _notice(bot).text == "\n".join([
            HEAD, ANN_SLIP, "Dev Rao says: I had 390",
            "No phone on record for either player.", HOW])
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT reason FROM disputes") == "I had 390"


async def test_two_reports_that_differ_show_both(tmp_path: Path) -> None:
    """Para 24's discrepancy: Ann reported first (hers counts), Dev reported another
    result for the same game; the TD reads both."""
    phones = {"Ann Lee": "9123 4567", "Dev Rao": "8111 2222"}
    async with club_cup_bot(tmp_path, linked_definition(phones=phones)) as bot:
        await report_game(bot, "Ann Lee", "412-380", starter="I started")
        await say(bot, "Dev Rao", "lost 380-402 game 1")
        await tap(bot, "Dev Rao", "✅ Confirm")
        assert _notice(bot).text == "\n".join([
            "⚖️ Club Cup <2026>, SF (M1): Ann Lee and Dev Rao reported game 1 differently.",
            ANN_SLIP, "Dev Rao reported: Ann Lee 402, Dev Rao 380 (Ann Lee started).",
            "Phones: Ann Lee 9123 4567, Dev Rao 8111 2222.", HOW])
        assert "Uphold" in buttons_of(bot, "Tara TD")


async def test_a_photo_sent_after_the_dispute_reaches_the_ruler(tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path, linked_definition(ids=IDS)) as bot:
        await report_game(bot, "Ann Lee", "412-380", starter="I started")
        await tap(bot, "Dev Rao", "Dispute")
        seen = len(bot.telegram.sent(user(bot, "Tara TD")))
        bot.telegram.user_sends_photo(user(bot, "Ann Lee"), JPEG)
        await bot.settle()
        [photo] = bot.telegram.sent(user(bot, "Tara TD"))[seen:]
        assert photo.photo is not None
        assert photo.caption == "⚖️ M1 game 1, disputed: the board photo Ann Lee sent."
