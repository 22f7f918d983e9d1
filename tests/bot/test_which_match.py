"""A player in two matches at once says which one a result is for, in the chat.

SSSg Annex A para 23: the player keys in their game's result. Cai plays Ben in the club
cup's SF (M2, best of 3) and, the same week, in round 1 of a weekly Swiss: the opponent's
name cannot tell those apart, so the bot asks, with a button per match, and takes the
match's code, its round or the event's slug typed with the scores. Ann plays Dev in the
cup and Ben in the Swiss: either's name, first or full, with or without "v", says which.
Through the real PTB Application and the fake Bot API, on each database.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.platform.actors import Actor
from bot.telegram import texts
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import IDS, buttons_of, club_cup_bot, last, say, tap, user

NEUTRAL = texts.refused(texts.BUTTON_REFUSED)


def _swiss(players: tuple[str, str]) -> str:
    listed = "".join(f'\n[[players]]\nname = "{n}"\nrating = {1800 - 50 * i}\n'
                     f"telegram_id = {IDS[n]}\n" for i, n in enumerate(players))
    return f"""
[event]
slug = "tuesday-swiss"
name = "Tuesday Club Swiss"
format = "rounds"
time_zone = "Asia/Singapore"

[pairing]
system = "swiss"
rounds = 2

[rules]
fee_reminder_days = []

[[tds]]
name = "Tara TD"
telegram_id = {IDS["Tara TD"]}

[[rounds]]
name = "Round 1"
opens = 2026-03-02
closes = 2026-03-09
{listed}"""


async def _with_swiss(bot: BotUnderTest, players: tuple[str, str]) -> None:
    """The weekly Swiss, its round 1 open: ``players`` play each other in it."""
    now = bot.clock()
    async with bot.runtime.db.transaction() as tx:
        created = await create_event(tx, parse_definition(_swiss(players)), by=Actor.cli(),
                                     now=now)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=now)
        await open_round_in(tx, created.event_id, "1", by=Actor.cli(), now=now,
                            closes_at=now + timedelta(days=6))
    await bot.settle()


@pytest.fixture
async def bot(tmp_path: Path, db_target: Path | str) -> AsyncIterator[BotUnderTest]:
    async with club_cup_bot(tmp_path, db=db_target) as under_test:
        yield under_test


async def _drafts(bot: BotUnderTest) -> list[tuple[str, int, tuple[int, int]]]:
    """Every slip as (event slug, game, scores as stored: side 0's first)."""
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all(
            "SELECT e.slug, s.game_no, s.score_a, s.score_b FROM slips s "
            "JOIN matches m ON m.id = s.match_id JOIN events e ON e.id = m.event_id "
            "WHERE s.state = 'draft' ORDER BY s.id")
    return [(r["slug"], r["game_no"], (r["score_a"], r["score_b"])) for r in rows]


async def _games(bot: BotUnderTest) -> list[tuple[str, str]]:
    """Every counted game as (event slug, match code)."""
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all(
            "SELECT e.slug, m.code FROM games g JOIN matches m ON m.id = g.match_id "
            "JOIN events e ON e.id = m.event_id ORDER BY g.id")
    return [(r["slug"], r["code"]) for r in rows]


async def _ask_cai(bot: BotUnderTest) -> str:
    await _with_swiss(bot, ("Ben Ong", "Cai Wen"))
    asked = await say(bot, "Cai Wen", "450-400")
    assert asked.startswith("You play 2 matches now:\n• SF v Ben Ong (Club Cup <2026>)\n"
                            "• Round 1 v Ben Ong (Tuesday Club Swiss)\n"), asked
    return asked


async def test_the_same_opponent_in_two_events_is_told_apart_by_a_button(
    bot: BotUnderTest,
) -> None:
    asked = await _ask_cai(bot)
    # the example names what tells the matches apart (not Ben, whom both are against)
    assert "e.g. 450-400 SF." in asked, asked
    assert buttons_of(bot, "Cai Wen")[-2:] == ["SF v Ben Ong (Club Cup <2026>)",
                                               "Round 1 v Ben Ong (Tuesday Club Swiss)"]
    assert await _drafts(bot) == []  # asking recorded nothing
    await tap(bot, "Cai Wen", "Round 1 v Ben Ong (Tuesday Club Swiss)")
    draft = last(bot, "Cai Wen")
    assert "v Ben Ong: you 450, Ben Ong 400" in draft, draft
    assert "SF v Ben Ong (Club Cup <2026>)" not in buttons_of(bot, "Cai Wen")  # the question's go
    assert [slug for slug, _, _ in await _drafts(bot)] == ["tuesday-swiss"]
    if "Who started?" in draft:
        await tap(bot, "Cai Wen", "I started")
    await tap(bot, "Cai Wen", "✅ Confirm")
    assert await _games(bot) == [("tuesday-swiss", "R1-1")]  # counted there, not in M2
    assert "Tuesday Club Swiss, Round 1: Cai Wen reported your game" in last(bot, "Ben Ong")


async def test_a_stale_or_forged_match_button_is_refused(bot: BotUnderTest) -> None:
    await _ask_cai(bot)
    tg = bot.telegram
    question = next(m for m in reversed(tg.sent(user(bot, "Cai Wen")))
                    if m.text and m.text.startswith("You play 2 matches"))
    # Cai's button's data, pressed by Ann, who does not play in M2 (a forged press)
    data = next(b["callback_data"] for row in question.buttons() for b in row
                if b["text"].startswith("SF"))
    tg.user_forges_tap(user(bot, "Ann Lee"), data)
    await bot.settle()
    assert last(bot, "Ann Lee") == NEUTRAL
    assert await _drafts(bot) == []
    # Cai reports the SF game another way and confirms it: the old button is then stale
    await say(bot, "Cai Wen", "450-400 M2")
    await tap(bot, "Cai Wen", "I started")
    await tap(bot, "Cai Wen", "✅ Confirm")
    assert await _games(bot) == [("club-cup", "M2")]
    tg.user_taps(user(bot, "Cai Wen"), question, text="SF v Ben Ong (Club Cup <2026>)")
    await bot.settle()
    assert last(bot, "Cai Wen") == NEUTRAL
    assert await _drafts(bot) == [] and await _games(bot) == [("club-cup", "M2")]


@pytest.mark.parametrize(("typed", "slug"), [
    ("450-400 M2", "club-cup"),
    ("/report M2 450-400", "club-cup"),
    ("450-400 R1-1", "tuesday-swiss"),
    ("/report club-cup 450-400", "club-cup"),
    ("450-400 tuesday-swiss", "tuesday-swiss"),
    ("450-400 SF", "club-cup"),
    ("450-400 Round 1", "tuesday-swiss"),
    ("450-400 v Ben Round 1", "tuesday-swiss"),
])
async def test_the_same_opponent_in_two_events_is_told_apart_by_typed_words(
    bot: BotUnderTest, typed: str, slug: str,
) -> None:
    await _with_swiss(bot, ("Ben Ong", "Cai Wen"))
    answer = await say(bot, "Cai Wen", typed)
    assert "you 450, Ben Ong 400" in answer, answer
    assert [s for s, _, _ in await _drafts(bot)] == [slug]


async def test_a_code_of_none_of_the_players_matches_is_refused(bot: BotUnderTest) -> None:
    await _with_swiss(bot, ("Ben Ong", "Cai Wen"))
    answer = await say(bot, "Cai Wen", "450-400 M3")
    assert "None of your matches being played is M3; yours: M2 v Ben Ong, R1-1 v Ben Ong" \
        in answer, answer
    assert await _drafts(bot) == []


@pytest.mark.parametrize("typed", ["400-350 Ben", "400-350 Ben Ong", "/report 400-350 Ben",
                                   "400-350 v Ben", "400-350 ben ong"])
async def test_different_opponents_are_told_apart_by_name(bot: BotUnderTest, typed: str) -> None:
    await _with_swiss(bot, ("Ann Lee", "Ben Ong"))
    asked = await say(bot, "Ann Lee", "400-350")
    assert "e.g. 400-350 Dev." in asked, asked  # Dev is the cup's opponent: it works
    answer = await say(bot, "Ann Lee", typed)
    assert "you 400, Ben Ong 350" in answer, answer
    assert [s for s, _, _ in await _drafts(bot)] == ["tuesday-swiss"]
    dev = await say(bot, "Ann Lee", "400-350 Dev")
    assert "you 400, Dev Rao 350" in dev, dev
    assert [s for s, _, _ in await _drafts(bot)] == ["tuesday-swiss", "club-cup"]
