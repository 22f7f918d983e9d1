"""A ladder's results after the first one: a TD's ruling that changes a decided challenge
moves the rungs back (the core replays its log), a tie leaves the defender on the rung,
and a challenge whose match is decided never lapses at its play deadline."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.bot.ladder_chat import ladder_bot, order, said_to, say, tap

START = ["Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao", "Eve Tan"]


async def _eve_beats_ben(bot) -> None:  # type: ignore[no-untyped-def]
    """#1: Eve (rung 5) challenges Ben (rung 2) and reports a win, which Ben may still
    dispute: the rungs wait."""
    await say(bot, "Eve Tan", "/challenge Ben")
    await tap(bot, "Ben Ong", "✅ Accept")
    await say(bot, "Eve Tan", "412-380")
    await tap(bot, "Eve Tan", "I started")
    await tap(bot, "Eve Tan", "✅ Confirm")
    assert await order(bot) == START


async def test_a_ruling_on_a_final_result_moves_the_rungs_back(tmp_path: Path) -> None:
    from bot.service.platform.unit import Request
    from bot.service.results import rulings

    async with ladder_bot(tmp_path) as bot:
        await _eve_beats_ben(bot)
        await tap(bot, "Ben Ong", "Agree")  # final: a leapfrog
        assert await order(bot) == ["Ann Lee", "Eve Tan", "Ben Ong", "Cai Wen", "Dev Rao"]
        # #2, made on the rungs of the time: Dev (5) challenges Cai (4) and wins.
        await say(bot, "Dev Rao", "/challenge Cai")
        await tap(bot, "Cai Wen", "✅ Accept")
        await say(bot, "Dev Rao", "400-300")
        await tap(bot, "Dev Rao", "I started")
        await tap(bot, "Dev Rao", "✅ Confirm")
        await tap(bot, "Cai Wen", "Agree")
        assert await order(bot) == ["Ann Lee", "Eve Tan", "Ben Ong", "Dev Rao", "Cai Wen"]
        # The TD finds Eve never turned up for #1's game: a forfeit to Ben (WESPA rules).
        await rulings.forfeit(bot.runtime.db, Request.cli(bot.clock()), bot.event_id, "L1", 1,
                              "Ben Ong", why="Eve was absent from the table")
        await bot.settle()
        # Ben held #1; Dev's later win stands and moves him from where he is now.
        assert await order(bot) == START[:2] + ["Dev Rao", "Cai Wen", "Eve Tan"]
        assert "A director corrected challenge #1: Ben Ong kept the rung against Eve Tan" \
            in said_to(bot, "Eve Tan")
        assert "You are now rung 5 of 5 (was 2)." in said_to(bot, "Eve Tan")
        assert "You are now rung 2 of 5 (was 3)." in said_to(bot, "Ben Ong")
        assert "You are now rung 3 of 5 (was 4)." in said_to(bot, "Dev Rao")
        assert "▶  5  Eve Tan" in await say(bot, "Eve Tan", "/ladder")


async def test_a_disputed_result_moves_no_rung_until_the_td_rules(tmp_path: Path) -> None:
    async with ladder_bot(tmp_path) as bot:
        await _eve_beats_ben(bot)
        # Ben disputes #1: the scores were the other way round, and the TD amends them.
        await tap(bot, "Ben Ong", "Dispute")
        # the challenges' round says nothing: the ladder's name heads the notice
        assert ("⚖️ Club Ladder: Ben Ong disputed your game. It counts as reported until a TD "
                "rules.") in said_to(bot, "Eve Tan")
        await say(bot, "Ben Ong", "I won 412-380")
        assert await order(bot) == START
        await tap(bot, "Tara TD", "Amend")
        await say(bot, "Tara TD", "380-412")
        await say(bot, "Tara TD", "the scoresheet shows Ben won")
        # Ben held #1 and the result is final: the rungs never moved, and both are told.
        assert await order(bot) == START
        # one message: the ruling, and what it made final
        assert said_to(bot, "Eve Tan").endswith(
            "⚖️ Club Ladder: a TD ruled on your game: the scores are you 380, Ben Ong 412.\n"
            "Why: the scoresheet shows Ben won\nBen Ong won your ladder challenge 412-380.\n"
            "/ladder shows the ladder; /challenge whom you may challenge now.")
        assert "climbs" not in said_to(bot, "Eve Tan") + said_to(bot, "Cai Wen")
        # the ruling's message says the final result: no "won your challenge" before it
        assert said_to(bot, "Eve Tan").count("won your ladder challenge") == 1


async def test_a_tie_leaves_the_defender_on_the_rung(tmp_path: Path) -> None:
    async with ladder_bot(tmp_path) as bot:
        tg = bot.telegram
        group = tg.add_group("Ladder chat", list(tg.world.users.values()))
        await bot.say(tg.world.users[9001], "/link club-ladder", chat=group)
        await say(bot, "Eve Tan", "/challenge Ben")
        await tap(bot, "Ben Ong", "✅ Accept")
        await say(bot, "Ben Ong", "400-400")
        await tap(bot, "Ben Ong", "I started")  # SSSg para 17 would give it to Eve
        await tap(bot, "Ben Ong", "✅ Confirm")
        await tap(bot, "Eve Tan", "Agree")
        assert await order(bot) == START
        assert said_to(bot, "Ben Ong").endswith(
            "✅ Club Ladder: Eve Tan agreed, so your challenge is final: you tied 400-400 with "
            "Eve Tan: the defender keeps the rung.\n/ladder shows the ladder; /challenge whom "
            "you may challenge now.")
        posted = tg.sent(group)[-1].text or ""
        assert ("Ben Ong kept rung 2 against Eve Tan in challenge #1 (a tie, 400-400: "
                "the defender keeps the rung).") in posted, posted
        async with bot.runtime.db.transaction() as tx:
            row = await tx.one("SELECT state, winner_side FROM matches WHERE code = 'L1'")
        assert tuple(row) == ("decided", None)


async def test_a_tie_stored_with_no_winner_holds(tmp_path: Path) -> None:
    """A non-knockout tie reported through the slips is stored decided with no winner;
    the ladder takes it as the defender holding."""
    from bot.service.events import progress
    from bot.service.events.lookup import get_event
    from bot.store import games_repo, matches_repo

    async with ladder_bot(tmp_path) as bot:
        await say(bot, "Eve Tan", "/challenge Ben")
        await tap(bot, "Ben Ong", "✅ Accept")
        async with bot.runtime.db.transaction() as tx:
            match_id = await tx.scalar("SELECT id FROM matches WHERE code = 'L1'")
            await games_repo.add_played(tx, match_id, starter_side=1, scores=(400, 400),
                                        played_at=bot.clock())
            await matches_repo.mark_decided(tx, match_id, None)
            await progress.after_results(tx, await get_event(tx, bot.event_id), bot.clock())
            logged = await tx.scalar("SELECT detail_json FROM journal WHERE action = 'ladder.result'")
        await bot.settle()
        assert await order(bot) == START
        assert "a tie, 400-400: the defender keeps the rung" in logged
        assert "/challenge" in await say(bot, "Eve Tan", "/challenge")  # #1 is closed


async def test_a_decided_match_does_not_lapse_a_part_played_one_does(tmp_path: Path) -> None:
    from bot.store import games_repo

    async with ladder_bot(tmp_path, {"best_of": "3", "lapse": '"void"'}) as bot:
        # #1: Eve challenges Ben; its games are in (Ben won both) but the ladder has not
        # heard yet (a result on its way) when the play deadline falls: the result stands.
        await say(bot, "Eve Tan", "/challenge Ben")
        await tap(bot, "Ben Ong", "✅ Accept")
        async with bot.runtime.db.transaction() as tx:
            match_id = await tx.scalar("SELECT id FROM matches WHERE code = 'L1'")
            for starter in (0, 1):
                await games_repo.add_played(tx, match_id, starter_side=starter,
                                            scores=(350, 420), played_at=bot.clock())
        await bot.advance(timedelta(days=7, hours=1))
        assert ("Ben Ong kept rung 2 against Eve Tan in challenge #1 (held 2-0, +140)."
                in said_to(bot, "Eve Tan"))
        assert "not played within" not in said_to(bot, "Eve Tan")
        assert await order(bot) == START
        # #2: Cai (3) challenges Ben (2), wins one game of three, and time runs out: void.
        await say(bot, "Cai Wen", "/challenge Ben")
        await tap(bot, "Ben Ong", "✅ Accept")
        await say(bot, "Cai Wen", "420-300")
        await tap(bot, "Cai Wen", "I started")
        await tap(bot, "Cai Wen", "✅ Confirm")
        await bot.advance(timedelta(days=8))
        assert ("Challenge #2 (Cai Wen v Ben Ong) was not played within 7 days: void, nobody "
                "moves; the game played (Cai Wen 1-0 Ben Ong) does not count.") \
            in said_to(bot, "Ben Ong")
        assert await order(bot) == START
