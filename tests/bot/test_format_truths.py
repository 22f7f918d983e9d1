"""What the bot answers a person is true of their event's format, through the fake Bot API:
SSSg's paragraphs are cited only to the people of a knockout, which plays by them
(``bot.service.formats.traits.cite``), and a command that serves some formats tells the people
of another what it is for, never an SSSg text.

The club cup (a knockout, SF open: Ann v Dev, Ben v Cai) and the example club ladder share
one bot and the same people (tests/bot/club_chat.py, ladder_chat.py); Eve plays only the
ladder. With ``TDBOT_TRANSCRIPTS=/tmp/t`` each test's transcript is written there.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.platform.actors import Actor
from bot.telegram.harness import BotUnderTest
from tests.bot import club_night_chat, ladder_chat, round_event
from tests.bot.cast import Cast, event_bot
from tests.bot.club_chat import club_cup_bot

say, tap = ladder_chat.say, ladder_chat.tap


@pytest.fixture
async def cup_and_ladder(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    """The club cup drawn with SF open, and the club ladder, one bot, one set of people."""
    async with club_cup_bot(tmp_path, ids=ladder_chat.IDS) as bot:
        async with bot.runtime.db.transaction() as tx:
            await event_setup.create_event(tx, parse_definition(ladder_chat.ladder_definition()),
                                           by=Actor.cli(), now=bot.clock())
        await bot.settle()
        yield bot


def _sssg(text: str) -> bool:
    return "SSSg" in text or "para" in text


async def test_a_concession_cites_sssg_only_to_a_knockouts_players(
    cup_and_ladder: BotUnderTest,
) -> None:
    bot = cup_and_ladder
    ann = await say(bot, "Ann Lee", "I concede game 1")  # playing the cup's SF only
    assert ann.startswith("⚠️ Players may not concede games (SSSg para 13). Report a game "
                          "played to the end; if a game could not be played, ask a TD."), ann

    eve = await say(bot, "Eve Tan", "I resign")  # in the ladder only, no match yet
    assert eve.startswith("⚠️ Players may not concede games. Report a game played"), eve
    assert not _sssg(eve), eve

    await say(bot, "Eve Tan", "/challenge Ben")
    await tap(bot, "Ben Ong", "✅ Accept")
    eve = await say(bot, "Eve Tan", "I forfeit")  # now playing a ladder match
    assert "Players may not concede games" in eve and not _sssg(eve), eve
    # Ben plays the cup's SF and the ladder's match: no SSSg for his ladder's game either
    ben = await say(bot, "Ben Ong", "I concede")
    assert "Players may not concede games" in ben and not _sssg(ben), ben
    # a score of 0 is a concession too, refused in the same words
    zero = await say(bot, "Eve Tan", "412-0")
    assert "Ben Ong scored 0, which means the game was not played out: players may not " \
           "concede games. Report a game" in zero and not _sssg(zero), zero


async def test_a_concession_at_a_club_or_a_round_based_event_cites_no_sssg(
    tmp_path: Path,
) -> None:
    async with club_night_chat.club_bot(tmp_path) as bot:
        said = await club_night_chat.say(bot, "Ann Lee", "I concede")
        assert "Players may not concede games" in said and not _sssg(said), said
    swiss = Cast(round_event.IDS)
    async with event_bot(tmp_path / "rounds.sqlite3", round_event.definition(ids=True),
                         round_event.IDS) as bot:
        said = await swiss.say(bot, "Ann Lee", "resigned")
        assert "Players may not concede games" in said and not _sssg(said), said


async def test_holdround_cites_para_21_to_a_knockouts_td_only(
    cup_and_ladder: BotUnderTest, tmp_path: Path,
) -> None:
    # Tara directs the cup and the ladder: /holdround means the cup, whose rounds close
    bot = cup_and_ladder
    said = await say(bot, "Tara TD", "/holdround SF until 2026-03-20")
    assert said.startswith("⚠️ Say the round, the new date and why (para 21): /holdround"), said
    swiss = Cast(round_event.IDS)
    async with event_bot(tmp_path / "rounds.sqlite3", round_event.definition(ids=True),
                         round_event.IDS) as bot:
        said = await swiss.say(bot, "Tara TD", "/holdround 1 until 2026-03-20")
        assert said.startswith("⚠️ Say the round, the new date and why: /holdround"), said
        assert not _sssg(said), said
        said = await swiss.say(bot, "Tara TD", "/holdround 1 until 2026-03-20: rain")
        assert said == "⚠️ No round '1' in this event; rounds: none yet (make the draw)", said
        said = await swiss.say(bot, "Tara TD", "/help")
        assert "/holdround — Hold a round open: /holdround CODE until DATE: REASON\n" in said
        assert not _sssg(said), said


async def test_holdround_tells_a_clubs_or_a_ladders_td_what_it_is_for(tmp_path: Path) -> None:
    async with ladder_chat.ladder_bot(tmp_path) as bot:
        said = await say(bot, "Tara TD", "/holdround R1 until 2026-03-20: rain")
        assert said == "⚠️ /holdround is not for Club Ladder, a challenge ladder", said
    async with club_night_chat.club_bot(tmp_path) as bot:
        said = await club_night_chat.say(bot, "Tara TD", "/holdround R1 until 2026-03-20: x")
        assert said.startswith("⚠️ /holdround is not for ") and said.endswith(", a club night")


def test_tdbot_round_hold_refuses_a_ladder_saying_why(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    runner = CliRunner()
    made = runner.invoke(app, ["event", "create", str(ladder_chat.EXAMPLE), "--db", db])
    assert made.exit_code == 0, made.stderr
    held = runner.invoke(app, ["round", "hold", "club-ladder", "LADDER", "--until", "2030-01-01",
                               "--why", "rain", "--db", db])
    assert held.exit_code == 2, held.stdout
    assert ("Club Ladder is a challenge ladder: only a knockout's or a round-based event's "
            "rounds close on a date that can be held open") in held.stderr, held.stderr


async def test_prizes_gives_a_knockouts_pools_and_the_truth_to_anyone_else(
    cup_and_ladder: BotUnderTest, tmp_path: Path,
) -> None:
    bot = cup_and_ladder
    no_pools = ("⚠️ Club Ladder is a challenge ladder: the bot keeps prize pools only for "
                "knockouts, from their fees, so it has none for it; ask its TD about prizes")
    eve = await say(bot, "Eve Tan", "/prizes")  # the ladder's only
    assert eve == no_pools, eve
    for name in ("Ann Lee", "Tara TD"):  # in the cup and the ladder: the cup's pools
        pools = await say(bot, name, "/prizes")
        assert pools.startswith("Club Cup <2026>\nPrize pools (SSSg paras 7-9)"), pools
    assert await say(bot, "Ann Lee", "/prizes club-ladder") == no_pools
    # a cost of the ladder is recorded, with no word of pools it does not have
    cost = await say(bot, "Tara TD", "/cost club-ladder 5 score pads")
    assert cost == "✅ Cost recorded: SGD 5.00 (score pads). Costs so far SGD 5.00.", cost
    cost = await say(bot, "Tara TD", "/cost club-cup 1 pens")
    assert cost.endswith("Costs so far SGD 1.00. /prizes shows the pools."), cost

    swiss = Cast(round_event.IDS)
    async with event_bot(tmp_path / "rounds.sqlite3", round_event.definition(ids=True),
                         round_event.IDS) as bot:
        for name in ("Tara TD", "Ann Lee"):
            said = await swiss.say(bot, name, "/prizes")
            assert said == ("⚠️ Weekly Swiss <Tuesdays> is a round-based event: the bot keeps "
                            "prize pools only for knockouts, from their fees, so it has none "
                            "for it; ask its TD about prizes"), said
