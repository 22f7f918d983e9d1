"""What a TD's correction of a decided match tells the people it changes things for.

A result on record changes only with the TD (WESPA rules, Scores; SSSg para 24 for the
players' own way, the dispute). When a correction reopens a knockout match, or changes who
went through, the result the group and both players were told stands no longer: both
players and the group read that the match is open again, why, and what to do next; the
player of the next match who was told their opponent learns that it is open again, and
later, once the match is decided again and final (``results/finality.py``), who they play.

The club cup (tests/bot/data/club_cup.toml): SF best of 3, M1 Ann Lee v Dev Rao, M2 Ben
Ong v Cai Wen; the Final (M3) best of 5, Ann waiting for the winner of M2.
"""

from __future__ import annotations

from pathlib import Path

from bot.fakebot import FakeChat
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import IDS, club_cup_bot, last, linked_definition, say, tap, user
from tests.bot.club_chat import match_row as _match
from tests.bot.club_chat import paper_slip as _paper
from tests.bot.club_chat import rows as _rows


def _texts(bot: BotUnderTest, name: str) -> list[str]:
    return [m.text or m.caption or "" for m in bot.telegram.sent(user(bot, name))]


def _posts(bot: BotUnderTest, chat: FakeChat) -> list[str]:
    return [m.text or m.caption or "" for m in bot.telegram.sent(chat)]


async def _outbox_to(bot: BotUnderTest, name: str, since: int) -> list[str]:
    """The outbox rows written for ``name`` after row ``since``."""
    return [str(t) for (t,) in await _rows(
        bot, "SELECT o.text_html FROM outbox o JOIN people p ON p.id = o.person_id"
             " WHERE p.name = ? AND o.id > ? ORDER BY o.id", (name, since))]


async def _last_outbox(bot: BotUnderTest) -> int:
    [(top,)] = await _rows(bot, "SELECT COALESCE(MAX(id), 0) FROM outbox")
    return int(top)


async def _semis(bot: BotUnderTest) -> FakeChat:
    """The group linked; M1 to Ann 2-0, M2 to Ben 2-0, all from paper slips (final)."""
    chat = bot.telegram.add_group("Club", [user(bot, n) for n in IDS])
    bot.telegram.user_sends(user(bot, "Tara TD"), "/link club-cup", chat=chat)
    await bot.settle()
    await _paper(bot, ("Ann Lee", "Dev Rao"), (412, 380), "Ann Lee")
    await _paper(bot, ("Ann Lee", "Dev Rao"), (420, 350), None)
    await _paper(bot, ("Ben Ong", "Cai Wen"), (400, 300), "Ben Ong")
    await _paper(bot, ("Ben Ong", "Cai Wen"), (401, 399), None)
    assert (await _match(bot, "M2"))[:2] == ("decided", 0)
    assert (await _match(bot, "M3"))[0] == "ready"
    assert "Ben Ong wins the match" in _posts(bot, chat)[-1]
    return chat


async def _group_rows(bot: BotUnderTest, chat: FakeChat, since: int) -> list[str]:
    return [str(t) for (t,) in await _rows(
        bot, "SELECT text_html FROM outbox WHERE chat_id = ? AND id > ? ORDER BY id",
        (chat.id, since))]


async def test_a_semi_final_reopened_and_decided_again_tells_the_finalist_once_final(
        tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path) as bot:
        chat = await _semis(bot)
        mark = await _last_outbox(bot)
        await say(bot, "Tara TD", "/correct M2 game 1 300 400")
        done = await say(bot, "Tara TD", "Cai's slip was read upside down")
        assert done.startswith("✅ M2 game 1 corrected"), done
        # stored: M2 is open again (game 3 decides it), the Final waits for its winner
        assert await _match(bot, "M2") == ("playing", None, 2, 3)
        assert await _match(bot, "M3") == ("waiting", None, 1, None)
        # Ann, waiting for the winner of M2, is told once that it is open again
        assert await _outbox_to(bot, "Ann Lee", mark) == [
            "<b>Club Cup &lt;2026&gt;</b>: a TD's correction reopened Ben Ong v Cai Wen, so "
            "your <b>Final</b> opponent is not known yet. I will tell you once it is decided."]
        # both players, one message each: open again, why, and what next
        [ben] = await _outbox_to(bot, "Ben Ong", mark)
        assert ("Why: Cai's slip was read upside down\nYour match is open again: your win no "
                "longer stands.\nScore: Ben Ong 1-1 Cai Wen (-98)\nNext: game 3, the deciding "
                "game: Cai Wen starts (ahead on spread, para 16b).") in ben, ben
        [cai] = await _outbox_to(bot, "Cai Wen", mark)
        assert ("Your match is open again: Ben Ong's win no longer stands.\nScore: Cai Wen 1-1 "
                "Ben Ong (+98)\nNext: game 3, the deciding game: you start") in cai, cai
        # the group, which was shown "Ben Ong wins the match", reads that it no longer stands
        assert await _group_rows(bot, chat, mark) == [
            "<b>Club Cup &lt;2026&gt;</b>, SF: Ben Ong v Cai Wen is open again: a TD changed its "
            "result (Cai's slip was read upside down), so Ben Ong's win no longer stands. Ben Ong 1-1 "
            "Cai Wen (-98); game 3 decides it."]
        assert _posts(bot, chat)[-1].startswith("Club Cup <2026>, SF: Ben Ong v Cai Wen is open "
                                                "again")

        # Cai wins game 3 on a slip still in its window: counted, not final
        mark = await _last_outbox(bot)
        await say(bot, "Cai Wen", "450-300")
        await tap(bot, "Cai Wen", "✅ Confirm")
        assert await _match(bot, "M2") == ("decided", 1, 2, 3)
        assert await _match(bot, "M3") == ("ready", None, 1, 3)
        assert await _outbox_to(bot, "Ann Lee", mark) == []  # not final: nothing said yet
        # Ben agrees: final, and Ann learns who she plays, once
        await tap(bot, "Ben Ong", "Agree")
        told = await _outbox_to(bot, "Ann Lee", mark)
        assert told == [
            "<b>Club Cup &lt;2026&gt;</b>: Ben Ong v Cai Wen is decided. Your next match: "
            "<b>Final</b> against <b>Cai Wen</b>, best of 5. You can play it once its round "
            "opens; I will tell you."]
        assert last(bot, "Ann Lee").startswith("Club Cup <2026>: Ben Ong v Cai Wen is decided. "
                                               "Your next match: Final against Cai Wen")
        assert "Cai Wen wins the match" in _posts(bot, chat)[-1]


async def test_a_correction_that_changes_who_went_through_tells_the_finalist(
        tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path) as bot:
        chat = bot.telegram.add_group("Club", [user(bot, n) for n in IDS])
        bot.telegram.user_sends(user(bot, "Tara TD"), "/link club-cup", chat=chat)
        await bot.settle()
        await _paper(bot, ("Ann Lee", "Dev Rao"), (412, 380), "Ann Lee")
        await _paper(bot, ("Ann Lee", "Dev Rao"), (420, 350), None)
        await _paper(bot, ("Ben Ong", "Cai Wen"), (400, 300), "Ben Ong")
        await _paper(bot, ("Cai Wen", "Ben Ong"), (400, 350), "Cai Wen")
        await _paper(bot, ("Ben Ong", "Cai Wen"), (401, 399), None)
        assert await _match(bot, "M3") == ("ready", None, 1, 2)
        assert "Final against Ben Ong" in last(bot, "Ann Lee")
        mark = await _last_outbox(bot)
        # game 3 was Cai's 401-399: Cai wins M2 2-1, and the Final is Ann v Cai
        await say(bot, "Tara TD", "/correct M2 game 3 399 401")
        await say(bot, "Tara TD", "the slip had the names the wrong way round")
        assert await _match(bot, "M2") == ("decided", 1, 2, 3)
        assert await _match(bot, "M3") == ("ready", None, 1, 3)
        assert await _outbox_to(bot, "Ann Lee", mark) == [
            "<b>Club Cup &lt;2026&gt;</b>: a TD changed the result of Ben Ong v Cai Wen, so your "
            "<b>Final</b> opponent is now <b>Cai Wen</b>, not Ben Ong.\nYour next match: "
            "<b>Final</b> against <b>Cai Wen</b>, best of 5. You can play it once its round "
            "opens; I will tell you."]
        # the group's new post says it corrects the one before, and why
        [post] = await _group_rows(bot, chat, mark)
        assert post.startswith("<b>Club Cup &lt;2026&gt;</b>, SF: Cai Wen 2-1 Ben Ong (-48). "
                               "Cai Wen wins the match.\nA TD corrected the result posted "
                               "before (the slip had the names the wrong way round)."), post
        # each player reads one message: the correction, then what it means for them
        [cai] = await _outbox_to(bot, "Cai Wen", mark)
        assert cai.startswith("⚖️ <b>Club Cup &lt;2026&gt;, SF</b>: a TD corrected game 3"), cai
        assert cai.endswith("You win the match.\nYour next match: <b>Final</b> against <b>Ann "
                            "Lee</b>, best of 5. You can play it once its round opens; I will "
                            "tell you."), cai
        [ben] = await _outbox_to(bot, "Ben Ong", mark)
        assert ben.endswith("Cai Wen wins the match.\nThat was your last match in Club Cup "
                            "&lt;2026&gt;. Thank you for playing."), ben


async def test_the_same_winner_again_after_a_reopening_is_told_to_the_finalist(
        tmp_path: Path) -> None:
    """Ann was told "Final against Ben Ong", then that M2 is open again: when Ben wins it
    again she is told again, though she was once told the same opponent before."""
    async with club_cup_bot(tmp_path) as bot:
        await _semis(bot)
        await say(bot, "Tara TD", "/correct M2 game 1 300 400")
        await say(bot, "Tara TD", "Cai's slip was read upside down")
        mark = await _last_outbox(bot)
        await _paper(bot, ("Ben Ong", "Cai Wen"), (450, 300), None)  # final at once
        assert await _match(bot, "M3") == ("ready", None, 1, 2)
        assert await _outbox_to(bot, "Ann Lee", mark) == [
            "<b>Club Cup &lt;2026&gt;</b>: Ben Ong v Cai Wen is decided. Your next match: "
            "<b>Final</b> against <b>Ben Ong</b>, best of 5. You can play it once its round "
            "opens; I will tell you."]
        keys = await _rows(bot, "SELECT dedupe_key FROM outbox WHERE dedupe_key LIKE"
                                " 'match:%:opp:%' ORDER BY id")
        assert [k.rsplit(":", 2)[1] for (k,) in keys] == ["2", "open", "2"]  # Ben, open, Ben


async def test_a_result_corrected_and_corrected_back_is_posted_to_the_group_each_time(
        tmp_path: Path) -> None:
    """Cai won M2 2-1 (posted); a correction of game 3 gives it to Ben (posted, saying it
    corrects the post before); a second correction gives it back to Cai, the very score
    the group saw first: the group's last post must say Cai again, not leave "Ben Ong
    wins the match" standing."""
    async with club_cup_bot(tmp_path) as bot:
        chat = bot.telegram.add_group("Club", [user(bot, n) for n in IDS])
        bot.telegram.user_sends(user(bot, "Tara TD"), "/link club-cup", chat=chat)
        await bot.settle()
        await _paper(bot, ("Ben Ong", "Cai Wen"), (400, 300), "Ben Ong")
        await _paper(bot, ("Cai Wen", "Ben Ong"), (400, 350), "Cai Wen")
        await _paper(bot, ("Cai Wen", "Ben Ong"), (450, 300), None)
        assert "Cai Wen wins the match" in _posts(bot, chat)[-1]
        await say(bot, "Tara TD", "/correct M2 game 3 450 300")
        await say(bot, "Tara TD", "Ben had the 450")
        assert "Ben Ong wins the match" in _posts(bot, chat)[-1]
        await say(bot, "Tara TD", "/correct M2 game 3 300 450")
        await say(bot, "Tara TD", "no, Cai had the 450 after all")
        assert (await _match(bot, "M2"))[:2] == ("decided", 1)
        assert _posts(bot, chat)[-1].startswith(
            "Club Cup <2026>, SF: Cai Wen 2-1 Ben Ong (+100). Cai Wen wins the match.\n"
            "A TD corrected the result posted before (no, Cai had the 450 after all)."), \
            _posts(bot, chat)[-1]
        keys = [str(k) for (k,) in await _rows(
            bot, "SELECT dedupe_key FROM outbox WHERE chat_id = ? AND dedupe_key LIKE"
                 " 'group:%:match:%' ORDER BY id", (chat.id,))]
        assert len(keys) == len(set(keys)) == 3


async def test_a_ruling_that_reopens_a_match_not_yet_final_tells_the_finalist_not_the_group(
        tmp_path: Path) -> None:
    """Ben's game 2 decides M2 on a slip in its window: the bracket moves on a counted
    result (para 24), but Ann is not told she plays Ben while that can still change. Cai
    disputes it and Tara voids the game: M2 is open again; Ann was never told an opponent,
    so she has none to lose and is told nothing, and the group was never shown M2's
    result, so it is told nothing either."""
    async with club_cup_bot(tmp_path) as bot:
        chat = bot.telegram.add_group("Club", [user(bot, n) for n in IDS])
        bot.telegram.user_sends(user(bot, "Tara TD"), "/link club-cup", chat=chat)
        await bot.settle()
        await _paper(bot, ("Ann Lee", "Dev Rao"), (412, 380), "Ann Lee")
        await _paper(bot, ("Ann Lee", "Dev Rao"), (420, 350), None)
        await _paper(bot, ("Ben Ong", "Cai Wen"), (400, 300), "Ben Ong")
        mark = await _last_outbox(bot)
        await say(bot, "Ben Ong", "401-399")
        await tap(bot, "Ben Ong", "✅ Confirm")
        assert await _match(bot, "M3") == ("ready", None, 1, 2)
        # the bracket moved on, but Ann is not told an opponent a dispute can still change
        assert await _outbox_to(bot, "Ann Lee", mark) == []
        await tap(bot, "Cai Wen", "Dispute")
        await say(bot, "Cai Wen", "that game was never finished")
        await tap(bot, "Tara TD", "Void game")
        await say(bot, "Tara TD", "the game was abandoned")
        assert await _match(bot, "M2") == ("playing", None, 2, 3)
        assert await _match(bot, "M3") == ("waiting", None, 1, None)
        assert await _outbox_to(bot, "Ann Lee", mark) == []
        assert [p for p in await _group_rows(bot, chat, mark) if "Cai Wen" in p] == []


async def test_a_one_game_knockout_match_reopened_reads_as_its_game(tmp_path: Path) -> None:
    """A semi-final of one game (best of 1) whose only game a TD voids: the players read
    that their game is open again, and the group that the game is played again, as a
    sentence of its own (no score to head it), not 'from game 1' of a match."""
    text = linked_definition().replace('name = "SF"\nbest_of = 3', 'name = "SF"\nbest_of = 1')
    async with club_cup_bot(tmp_path, text) as bot:
        chat = bot.telegram.add_group("Club", [user(bot, n) for n in IDS])
        bot.telegram.user_sends(user(bot, "Tara TD"), "/link club-cup", chat=chat)
        await bot.settle()
        await _paper(bot, ("Ben Ong", "Cai Wen"), (400, 300), "Ben Ong")
        assert (await _match(bot, "M2"))[:2] == ("decided", 0)
        mark = await _last_outbox(bot)
        await say(bot, "Tara TD", "/correct M2 game 1 void")
        await say(bot, "Tara TD", "the game was never played")
        assert await _match(bot, "M2") == ("ready", None, 2, 3)
        [ben] = await _outbox_to(bot, "Ben Ong", mark)
        assert "\nYour game is open again: your win no longer stands.\n" in ben, ben
        [cai] = await _outbox_to(bot, "Cai Wen", mark)
        assert "\nYour game is open again: Ben Ong's win no longer stands.\n" in cai, cai
        assert await _group_rows(bot, chat, mark) == [
            "<b>Club Cup &lt;2026&gt;</b>, SF: Ben Ong v Cai Wen is open again: a TD changed its "
            "result (the game was never played), so Ben Ong's win no longer stands. They play the "
            "game again."]


async def test_a_finalist_reading_french_reads_whose_act_reopened_the_semi_in_french(
        tmp_path: Path) -> None:
    """Ann reads French: the TD's act that reopened the other semi-final is said in French
    too, not left in English inside her message."""
    async with club_cup_bot(tmp_path) as bot:
        await _semis(bot)
        async with bot.runtime.db.transaction() as tx:
            await tx.execute("UPDATE people SET language = 'fr' WHERE name = 'Ann Lee'")
        mark = await _last_outbox(bot)
        await say(bot, "Tara TD", "/correct M2 game 1 300 400")
        await say(bot, "Tara TD", "Cai's slip was read upside down")
        assert await _match(bot, "M2") == ("playing", None, 2, 3)
        assert await _outbox_to(bot, "Ann Lee", mark) == [
            "<b>Club Cup &lt;2026&gt;</b> : la correction d’un arbitre a rouvert Ben Ong contre "
            "Cai Wen ; votre adversaire (<b>Finale</b>) n'est donc pas encore connu. Je vous "
            "préviendrai dès que ce sera décidé."]
