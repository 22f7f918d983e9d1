"""A challenge ladder in the chat: /ladder, /challenge with buttons, Accept / Decline,
/withdraw, a game reported through the slips moving the rungs, a TD's /join."""

from __future__ import annotations

from pathlib import Path

from tests.bot.ladder_chat import ladder_bot, last, order, said_to, say, tap

START = ["Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao", "Eve Tan"]


async def test_a_challenge_accepted_reported_and_won_leapfrogs(tmp_path: Path) -> None:
    async with ladder_bot(tmp_path) as bot:
        assert await order(bot) == START  # by rating
        table = await say(bot, "Eve Tan", "/ladder")
        assert "▶  5  Eve Tan" in table and "  1  Ann Lee" in table
        answer = await say(bot, "Eve Tan", "/challenge")
        assert "you are rung 5" in answer
        assert bot.telegram.buttons_of(bot.telegram.world.users[9015])[-3:] == [
            "Ben Ong", "Cai Wen", "Dev Rao"]
        await tap(bot, "Eve Tan", "Ben Ong")
        assert "you challenged Ben Ong" in last(bot, "Eve Tan")
        assert "Eve Tan (rung 5) challenges you (rung 2)" in last(bot, "Ben Ong")
        refused = await say(bot, "Dev Rao", "/challenge Ben")
        assert "Ben Ong has an open challenge" in refused
        await tap(bot, "Ben Ong", "✅ Accept")
        assert "Your match is L1" in last(bot, "Ben Ong")
        assert "You accepted Eve Tan's challenge #1: play it by" in last(bot, "Ben Ong")
        assert "Ben Ong accepted your challenge #1 (L1)" in last(bot, "Eve Tan")
        assert "#1 ⚔" in await say(bot, "Ann Lee", "/ladder")
        await say(bot, "Eve Tan", "412-380")
        await tap(bot, "Eve Tan", "I started")  # who started game 1
        await tap(bot, "Eve Tan", "✅ Confirm")
        # the result counts, but Ben may still dispute it: the rungs wait
        assert await order(bot) == START
        assert "The rungs move once the result is final." in last(bot, "Eve Tan")
        await tap(bot, "Ben Ong", "Agree")
        assert await order(bot) == ["Ann Lee", "Eve Tan", "Ben Ong", "Cai Wen", "Dev Rao"]
        assert "You are now rung 2 of 5" in said_to(bot, "Eve Tan")
        assert "You are now rung 3 of 5" in said_to(bot, "Ben Ong")
        assert "You are now rung 5 of 5 (was 4)" in said_to(bot, "Dev Rao")  # moved down one


async def test_decline_forfeits_and_withdraw_voids(tmp_path: Path) -> None:
    async with ladder_bot(tmp_path) as bot:
        await say(bot, "Dev Rao", "/challenge Cai")
        assert "✅ Accept" in bot.telegram.buttons_of(bot.telegram.world.users[9013])
        answer = await say(bot, "Cai Wen", "/decline")
        assert "You declined Dev Rao's challenge #1: declining is a forfeit" in answer
        assert await order(bot) == ["Ann Lee", "Ben Ong", "Dev Rao", "Cai Wen", "Eve Tan"]
        assert "Dev Rao climbs from rung 4 to 3" in last(bot, "Dev Rao")
        await say(bot, "Eve Tan", "/challenge Dev")
        assert "one at a time" in await say(bot, "Cai Wen", "/challenge Dev")
        assert "only the challenger withdraws" in await say(bot, "Dev Rao", "/withdraw")
        answer = await say(bot, "Eve Tan", "/withdraw")
        assert "You withdrew challenge #2 to Dev Rao" in answer
        assert "Eve Tan withdrew challenge #2" in last(bot, "Dev Rao")
        assert "nobody moves" in last(bot, "Dev Rao")
        assert "cooldown" in await say(bot, "Cai Wen", "/challenge Dev")
        assert await order(bot) == ["Ann Lee", "Ben Ong", "Dev Rao", "Cai Wen", "Eve Tan"]


async def test_a_player_who_declines_is_told_their_rung_and_what_declining_did(
    tmp_path: Path,
) -> None:
    """Declining is the club's rule (``decline``): a forfeit that gives the challenger
    the decliner's rung, or a dropped challenge that moves nobody. Either way the
    decliner reads where they stand now, as the stored ladder has it."""
    async with ladder_bot(tmp_path) as bot:
        await say(bot, "Dev Rao", "/challenge Cai")
        answer = await say(bot, "Cai Wen", "/decline")
        assert await order(bot) == ["Ann Lee", "Ben Ong", "Dev Rao", "Cai Wen", "Eve Tan"]
        assert "declining is a forfeit, so Dev Rao wins it without a game" in answer
        assert "You are now rung 4 of 5 (was 3)." in answer
    async with ladder_bot(tmp_path, {"decline": '"void"'}, "void.sqlite3") as bot:
        await say(bot, "Dev Rao", "/challenge Cai")
        answer = await say(bot, "Cai Wen", "/decline")
        assert await order(bot) == START
        assert "declining drops the challenge and nobody moves" in answer
        assert "You keep rung 3 of 5." in answer


async def test_a_td_adds_a_newcomer_at_the_bottom(tmp_path: Path) -> None:
    async with ladder_bot(tmp_path) as bot:
        answer = await say(bot, "Tara TD", "/join Fay Ng 1900")
        assert "Fay Ng joins the ladder at rung 6" in answer and "start=" in answer
        assert (await order(bot))[-1] == "Fay Ng"
        assert "/join" in await say(bot, "Ann Lee", "/join Gus")  # a player may not
        assert len(await order(bot)) == 6
        assert "no draw" in await say(bot, "Tara TD", "/draw 7")


async def test_an_expelled_player_leaves_the_ladder_and_their_challenge_is_void(
    tmp_path: Path,
) -> None:
    """/expel on a ladder: the player leaves it (those under them move up a rung), their
    accepted challenge is void and its match closed unplayed; a result in it is refused
    with what the expulsion did, and nothing of it is stored."""
    async with ladder_bot(tmp_path) as bot:
        await say(bot, "Eve Tan", "/challenge Dev")
        await tap(bot, "Dev Rao", "✅ Accept")
        answer = await say(bot, "Tara TD", "/expel Dev Rao: abusive to opponents")
        assert answer.startswith("🚫 Expelled Dev Rao (abusive to opponents); they are told. Result: "
                                 "they leave the ladder; challenge L1 is void.")
        assert await order(bot) == ["Ann Lee", "Ben Ong", "Cai Wen", "Eve Tan"]
        assert ("Challenge #1 (Eve Tan v Dev Rao) is void: Dev Rao was expelled; nobody "
                "moves.") in said_to(bot, "Eve Tan")
        assert ("you have been expelled from the tournament. The tournament director gave "
                "this reason: “abusive") in last(bot, "Dev Rao")
        async with bot.runtime.db.transaction() as tx:
            row = await tx.one("SELECT state, winner_side FROM matches WHERE code = 'L1'")
            games = await tx.scalar("SELECT COUNT(*) FROM games")
            slips = await tx.scalar("SELECT COUNT(*) FROM slips")
        assert row is not None and (row["state"], row["winner_side"]) == ("not_needed", None)
        refused = await say(bot, "Eve Tan", "412-380")
        assert refused.startswith("⚠️ Dev Rao was expelled on ") and "your match against Dev Rao is not played" in refused
        assert (await say(bot, "Dev Rao", "/challenge Cai")).startswith(
            "⚠️ You were expelled on ")
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT COUNT(*) FROM games") == games
            assert await tx.scalar("SELECT COUNT(*) FROM slips") == slips
