"""What a TD's ruling or correction tells the event's group, and what a one-game dispute
offers the TD.

A correction of a semi-final that changes who went through takes apart the Final the group
was shown (its players in the round's opening, or its result): the group reads one post
saying what no longer stands and who plays it now, named only as far as that is final.
A knockout's match bye is posted as a walkover, not as a score of 0-0. A dispute of a
one-game match offers the game bye alone: there the game is the match.

The club cup (tests/bot/data/club_cup.toml): SF best of 3, M1 Ann Lee v Dev Rao, M2 Ben
Ong v Cai Wen; the Final (M3) best of 5.
"""

from __future__ import annotations

from pathlib import Path

from bot.fakebot import FakeChat
from bot.service.platform.unit import Request
from bot.service.results import rulings
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
from tests.bot.club_chat import (
    match_row as _match,
)
from tests.bot.club_chat import (
    paper_slip as _paper,
)
from tests.bot.club_chat import (
    rows as _rows,
)


async def _last_outbox(bot: BotUnderTest) -> int:
    [(top,)] = await _rows(bot, "SELECT COALESCE(MAX(id), 0) FROM outbox")
    return int(top)


async def _group_rows(bot: BotUnderTest, chat: FakeChat, since: int) -> list[str]:
    return [str(t) for (t,) in await _rows(
        bot, "SELECT text_html FROM outbox WHERE chat_id = ? AND id > ? ORDER BY id",
        (chat.id, since))]


async def _linked(bot: BotUnderTest) -> FakeChat:
    chat = bot.telegram.add_group("Club", [user(bot, n) for n in IDS])
    bot.telegram.user_sends(user(bot, "Tara TD"), "/link club-cup", chat=chat)
    await bot.settle()
    return chat


async def _semis_and_final_open(bot: BotUnderTest) -> None:
    """M1 to Ann 2-0; M2 to Ben 2-1 (game 3 Ben's 401-399), all from paper slips (final);
    the Final's round opened, so the group was shown "Ann Lee v Ben Ong"."""
    await _paper(bot, ("Ann Lee", "Dev Rao"), (412, 380), "Ann Lee")
    await _paper(bot, ("Ann Lee", "Dev Rao"), (420, 350), None)
    await _paper(bot, ("Ben Ong", "Cai Wen"), (400, 300), "Ben Ong")
    await _paper(bot, ("Cai Wen", "Ben Ong"), (400, 350), "Cai Wen")
    await _paper(bot, ("Ben Ong", "Cai Wen"), (401, 399), None)
    opened = await say(bot, "Tara TD", "/openround Final anyway: fees at the venue")
    assert "Opened Final" in opened, opened


async def test_a_final_shown_decided_then_taken_apart_is_posted_once(tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path) as bot:
        chat = await _linked(bot)
        await _semis_and_final_open(bot)
        for scores, starter in (((400, 300), "Ann Lee"), ((410, 300), None),
                                ((420, 300), None)):
            await _paper(bot, ("Ann Lee", "Ben Ong"), scores, starter)
        assert (await _match(bot, "M3"))[:2] == ("decided", 0)
        last_post = bot.telegram.sent(chat)[-1]
        assert "Ann Lee wins the match" in (last_post.caption or last_post.text or "")
        mark = await _last_outbox(bot)
        # game 3 of M2 was Cai's: Cai wins the semi-final, so the Final is Ann v Cai
        await say(bot, "Tara TD", "/correct M2 game 3 399 401")
        await say(bot, "Tara TD", "the slip had the names the wrong way round")
        await tap(bot, "Tara TD", "Apply")
        # stored: M2 Cai's, the Final's games void and the Final Ann v Cai, to be played
        assert await _match(bot, "M2") == ("decided", 1, 2, 3)
        assert await _match(bot, "M3") == ("ready", None, 1, 3)
        assert await _rows(bot, "SELECT count(*) FROM games g JOIN matches m ON m.id ="
                                " g.match_id WHERE m.code = 'M3' AND g.void = 0") == [(0,)]
        final = [p for p in await _group_rows(bot, chat, mark) if ", Final:" in p]
        assert final == [
            "<b>Club Cup &lt;2026&gt;</b>, Final: Ann Lee's win over Ben Ong no longer stands: "
            "a TD's correction of Ben Ong v Cai Wen changed who plays this match. It is now "
            "Ann Lee v Cai Wen."], final
        # the Final is played again and decided: posted as a new result, and once
        mark = await _last_outbox(bot)
        for scores, starter in (((400, 300), "Ann Lee"), ((410, 300), None),
                                ((420, 300), None)):
            await _paper(bot, ("Ann Lee", "Cai Wen"), scores, starter)
        posts = await _group_rows(bot, chat, mark)
        assert len(posts) == 1 and "Ann Lee wins the match" in posts[0], posts


async def test_a_final_shown_drawn_then_reopened_names_only_what_is_final(
        tmp_path: Path) -> None:
    """The correction reopens the semi-final: the Final as the group was shown it is off,
    and its second player is "the winner of Ben Ong v Cai Wen" until that is final."""
    async with club_cup_bot(tmp_path) as bot:
        chat = await _linked(bot)
        await _semis_and_final_open(bot)
        mark = await _last_outbox(bot)
        await say(bot, "Tara TD", "/correct M2 game 3 void")
        await say(bot, "Tara TD", "game 3 was never finished")
        assert await _match(bot, "M2") == ("playing", None, 2, 3)
        assert await _match(bot, "M3") == ("waiting", None, 1, None)
        final = [p for p in await _group_rows(bot, chat, mark) if ", Final:" in p]
        assert final == [
            "<b>Club Cup &lt;2026&gt;</b>, Final: Ann Lee v Ben Ong is off: a TD's correction of "
            "Ben Ong v Cai Wen changed who plays this match. It is now Ann Lee v the winner of "
            "Ben Ong v Cai Wen."], final


async def test_a_final_the_group_was_never_shown_is_not_posted(tmp_path: Path) -> None:
    """The Final's round was not opened and it has no result: the group saw neither."""
    async with club_cup_bot(tmp_path) as bot:
        chat = await _linked(bot)
        await _paper(bot, ("Ann Lee", "Dev Rao"), (412, 380), "Ann Lee")
        await _paper(bot, ("Ann Lee", "Dev Rao"), (420, 350), None)
        await _paper(bot, ("Ben Ong", "Cai Wen"), (400, 300), "Ben Ong")
        await _paper(bot, ("Ben Ong", "Cai Wen"), (401, 399), None)
        mark = await _last_outbox(bot)
        await say(bot, "Tara TD", "/correct M2 game 1 void")
        await say(bot, "Tara TD", "game 1 was never finished")
        assert await _match(bot, "M3") == ("waiting", None, 1, None)
        assert [p for p in await _group_rows(bot, chat, mark) if ", Final:" in p] == []


async def test_a_knockout_match_bye_is_posted_as_a_walkover(tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path) as bot:
        chat = await _linked(bot)
        mark = await _last_outbox(bot)
        await rulings.match_bye(bot.runtime.db, Request.cli(bot.clock()),
                                bot.event_id,  # type: ignore[attr-defined]
                                "M1", "Dev Rao", why="Ann withdrew")
        await bot.settle()
        assert (await _match(bot, "M1"))[:2] == ("decided", 1)
        [post] = [p for p in await _group_rows(bot, chat, mark) if ", SF:" in p]
        assert post.startswith("<b>Club Cup &lt;2026&gt;</b>, SF: Dev Rao wins the match "
                               "against Ann Lee by a walkover (a TD's match bye)."), post
        assert "0-0" not in post and "para" not in post


async def test_a_one_game_dispute_offers_the_game_bye_alone(tmp_path: Path) -> None:
    text = linked_definition().replace('name = "SF"\nbest_of = 3', 'name = "SF"\nbest_of = 1')
    async with club_cup_bot(tmp_path, text) as bot:
        await report_game(bot, "Ann Lee", "412-380", starter="I started")
        await tap(bot, "Dev Rao", "Dispute")
        await say(bot, "Dev Rao", "I had 390")
        offered = buttons_of(bot, "Tara TD")
        assert {"Uphold", "Amend", "Void game", "Game bye to Ann Lee",
                "Game bye to Dev Rao"} <= set(offered), offered
        assert not [b for b in offered if b.startswith("Match bye")], offered
        await tap(bot, "Tara TD", "Game bye to Dev Rao")
        await say(bot, "Tara TD", "Ann's clock ran out")
        # stored: the game is Dev's bye and the match, its one game, is his
        assert (await _match(bot, "M1"))[:2] == ("decided", 1)
        assert await _rows(bot, "SELECT g.kind, g.bye_side FROM games g JOIN matches m ON"
                                " m.id = g.match_id WHERE m.code = 'M1'") == [("bye", 1)]


async def test_a_french_group_reads_who_plays_the_reopened_final_in_french(
        tmp_path: Path) -> None:
    """The same correction, the event's group reading French (``[event] language``): the
    post names the Final's players, and the one still to come, in French, without an
    English word inside."""
    async with club_cup_bot(tmp_path) as bot:
        async with bot.runtime.db.transaction() as tx:
            await tx.execute("UPDATE events SET language = 'fr'")
        chat = await _linked(bot)
        await _semis_and_final_open(bot)
        mark = await _last_outbox(bot)
        await say(bot, "Tara TD", "/correct M2 game 3 void")
        await say(bot, "Tara TD", "game 3 was never finished")
        assert await _match(bot, "M3") == ("waiting", None, 1, None)
        final = [p for p in await _group_rows(bot, chat, mark) if "Final" in p]
        assert final == [
            "<b>Club Cup &lt;2026&gt;</b>, Finale : Ann Lee contre Ben Ong n’a plus lieu : la "
            "correction par un arbitre de Ben Ong contre Cai Wen a changé qui joue ce match. "
            "C’est désormais Ann Lee contre le vainqueur du match Ben Ong contre Cai Wen."], final
