"""A decision on a whole match settles what was still open in it (SSSg paras 19, 24, 27,
30): its slips close (final when their game still counts, void when not) with their windows
cancelled, and its disputes are ruled. Both copies of each slip and every ruler's copy of
each dispute notice are edited to say what happened, so nobody keeps an Agree, Dispute or
ruling button on something already settled.

The club cup in the chat with TDs Tara and Uma (and Ann Lee, who plays M1): SF best of 3,
M1 Ann Lee v Dev Rao, M2 Ben Ong v Cai Wen; the Final (M3) best of 5.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service.events.rounds import open_round_in
from bot.service.platform.actors import Actor
from bot.service.platform.unit import Request
from bot.service.results import reporting, rulings
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import buttons_of, club_cup_bot, say, tap, user
from tests.bot.test_telegram_rulings import IDS as CUP_IDS
from tests.bot.test_telegram_rulings import definition as cup_definition

RULING_BUTTONS = ("Uphold", "Amend", "Void game", "Match bye to Dev Rao")


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    async with club_cup_bot(tmp_path, cup_definition(), ids=CUP_IDS) as under_test:
        yield under_test


async def _all(bot: BotUnderTest, sql: str) -> list[tuple[Any, ...]]:
    async with bot.runtime.db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql)]


async def _event_id(bot: BotUnderTest) -> int:
    [(event_id,)] = await _all(bot, "SELECT id FROM events")
    return int(event_id)


def _copies(bot: BotUnderTest, name: str, *markers: str) -> list[str]:
    """The texts of ``name``'s messages holding every one of ``markers``, as edited since."""
    return [m.text or "" for m in bot.telegram.sent(user(bot, name))
            if all(marker in (m.text or "") for marker in markers)]


async def _report(bot: BotUnderTest, name: str, text: str,
                  starter: str | None = None) -> None:
    await say(bot, name, text)
    if starter is not None:
        await tap(bot, name, starter)
    await tap(bot, name, "✅ Confirm")


async def _m1_disputed_and_pending(bot: BotUnderTest) -> None:
    """M1: Ann's game 1 (Dev disputes it, so both TDs who may rule get the notice) and
    Ann's game 2, in its window with Dev's Agree / Dispute."""
    await _report(bot, "Ann Lee", "412-380", "I started")
    await tap(bot, "Dev Rao", "Dispute")
    await say(bot, "Dev Rao", "I had 390")
    await _report(bot, "Ann Lee", "400-350")
    assert [s for (s,) in await _all(bot, "SELECT state FROM slips ORDER BY id")] == [
        "disputed", "pending"]
    for td in ("Tara TD", "Uma TD"):
        assert set(RULING_BUTTONS) <= set(buttons_of(bot, td))
    assert {"Agree", "Dispute"} <= set(buttons_of(bot, "Dev Rao"))


async def _nothing_left_open(bot: BotUnderTest) -> None:
    assert await _all(bot, "SELECT state FROM disputes WHERE state = 'open'") == []
    assert await _all(bot, "SELECT id FROM deadlines WHERE kind = 'slip.window'"
                           " AND state = 'open'") == []
    for td in ("Tara TD", "Uma TD"):
        assert not set(RULING_BUTTONS) & set(buttons_of(bot, td)), buttons_of(bot, td)
    for player in ("Ann Lee", "Dev Rao"):
        assert not {"Agree", "Dispute"} & set(buttons_of(bot, player))


async def test_a_match_bye_settles_the_slips_and_disputes_it_leaves(
    bot: BotUnderTest,
) -> None:
    """``tdbot rule bye``: M1 goes to Dev. Game 1's dispute is ruled by it and both TDs'
    notices say so, ruling buttons gone; both slips are void (para 27 voids the games),
    their windows cancelled, and each copy says who M1 went to and why."""
    await _m1_disputed_and_pending(bot)
    await rulings.match_bye(bot.runtime.db, Request.cli(bot.clock()), await _event_id(bot),
                            "M1", "Dev Rao", why="Ann withdrew")
    await bot.settle()
    assert await _all(bot, "SELECT state FROM slips ORDER BY id") == [("void",), ("void",)]
    assert await _all(bot, "SELECT state, ruling FROM disputes") == [
        ("ruled", "match_bye: Ann withdrew")]
    await _nothing_left_open(bot)
    for td in ("Tara TD", "Uma TD"):
        [notice] = _copies(bot, td, "disputes game 1")
        assert notice.endswith("✅ Ruled by a TD at the command line: a match bye to Dev Rao, "
                               "who goes through; the games played are void (para 27). "
                               "(Ann withdrew)"), notice
    settled = "; this result no longer counts."
    for game in (1, 2):
        [dev] = _copies(bot, "Dev Rao", "Ann Lee reported a result", f"Game {game}:")
        assert dev.endswith(f"⚖️ Settled: the match went to you by a match bye (Ann withdrew){settled}")
        [ann] = _copies(bot, "Ann Lee", "your result slip is in", f"Game {game}:")
        assert ann.endswith(f"⚖️ Settled: the match went to Dev Rao by a match bye (Ann withdrew)"
                            f"{settled}")
    # a window that would have closed since finalises nothing
    await bot.advance(timedelta(hours=48))
    assert await _all(bot, "SELECT state FROM slips ORDER BY id") == [("void",), ("void",)]


async def test_a_match_bye_given_on_a_dispute_settles_the_other_slip(
    bot: BotUnderTest,
) -> None:
    """Uma rules game 1's dispute with "Match bye to Dev Rao": the dispute's own slip is
    void as before, and game 2's slip, still in its window, is settled with it."""
    await _m1_disputed_and_pending(bot)
    await tap(bot, "Uma TD", "Match bye to Dev Rao")
    await say(bot, "Uma TD", "Ann left the club")
    assert await _all(bot, "SELECT state FROM slips ORDER BY id") == [("void",), ("void",)]
    await _nothing_left_open(bot)
    [dev] = _copies(bot, "Dev Rao", "Ann Lee reported a result", "Game 2:")
    assert dev.endswith("⚖️ Settled: the match went to you by a match bye (Ann left the club); "
                        "this result no longer counts."), dev
    for td in ("Tara TD", "Uma TD"):
        [notice] = _copies(bot, td, "disputes game 1")
        assert "✅ Ruled by Uma TD: a match bye to Dev Rao" in notice


async def test_a_tie_ruled_closes_the_dispute_and_its_notices(
    bot: BotUnderTest,
) -> None:
    """M1 ends 1.5-1.5, spread 0, one start each (para 17 leaves it tied), its game 3 in
    the chat; Dev disputes game 3 and Tara decides the tie for Ann (para 30). The dispute
    is closed by that ruling and Uma's and Tara's notices say so with no ruling button;
    game 3 still counts, so its slip is final and its copies say the result stands."""
    db, td = bot.runtime.db, Request.cli(bot.clock())
    event_id = await _event_id(bot)
    await rulings.forfeit(db, td, event_id, "M1", 1, "Ann Lee", why="Dev absent")
    await reporting.enter_game(db, td, event_id, ("Dev Rao", "Ann Lee"), (475, 400),
                               starter="Dev Rao")
    await _report(bot, "Ann Lee", "400-400", "I started")
    await tap(bot, "Dev Rao", "Dispute")
    await say(bot, "Dev Rao", "I had 401")
    assert set(RULING_BUTTONS) <= set(buttons_of(bot, "Uma TD"))
    await tap(bot, "Tara TD", "Ann Lee wins")
    await say(bot, "Tara TD", "lots drawn at the club")
    assert await _all(bot, "SELECT winner_side FROM matches WHERE code = 'M1'") == [(0,)]
    assert await _all(bot, "SELECT state FROM slips WHERE state <> 'draft'") == [("final",)]
    assert await _all(bot, "SELECT state, ruling FROM disputes") == [
        ("ruled", "tie: lots drawn at the club")]
    await _nothing_left_open(bot)
    for ruler in ("Tara TD", "Uma TD"):
        [notice] = _copies(bot, ruler, "disputes game 3")
        assert notice.endswith("✅ Ruled by Tara TD: the tied match goes to Ann Lee (para 30). "
                               "(lots drawn at the club)"), notice
    [dev] = _copies(bot, "Dev Rao", "Ann Lee reported a result", "Game 3:")
    assert dev.endswith("⚖️ Settled: the match went to Ann Lee by a TD's ruling on the tie (lots "
                        "drawn at the club); this result stands."), dev


async def test_a_tie_ruled_leaves_a_slip_in_its_window_open_to_a_dispute(
    bot: BotUnderTest,
) -> None:
    """Game 3 of the tied M1 is still in its window when Tara decides the tie: the ruling
    keeps the games, so Dev may still agree or dispute it (para 24)."""
    db, td = bot.runtime.db, Request.cli(bot.clock())
    event_id = await _event_id(bot)
    await rulings.forfeit(db, td, event_id, "M1", 1, "Ann Lee", why="Dev absent")
    await reporting.enter_game(db, td, event_id, ("Dev Rao", "Ann Lee"), (475, 400),
                               starter="Dev Rao")
    await _report(bot, "Ann Lee", "400-400", "I started")
    await tap(bot, "Tara TD", "Ann Lee wins")
    await say(bot, "Tara TD", "lots drawn at the club")
    assert await _all(bot, "SELECT winner_side FROM matches WHERE code = 'M1'") == [(0,)]
    assert await _all(bot, "SELECT state FROM slips WHERE state <> 'draft'") == [("pending",)]
    assert {"Agree", "Dispute"} <= set(buttons_of(bot, "Dev Rao"))


async def test_a_ruling_that_voids_a_later_match_settles_its_slips(
    bot: BotUnderTest,
) -> None:
    """Both SFs played, the Final (M3, Ann v Ben) opens: Ann's game 1 is disputed by Ben
    and her game 2 waits in its window. A match bye in M1 to Dev changes who plays M3, so
    its games are void (paras 27-28): its slips are void, their windows cancelled, their
    copies say why, and the game 1 dispute is closed on both TDs' notices."""
    db, td = bot.runtime.db, Request.cli(bot.clock())
    event_id = await _event_id(bot)
    for starter in ("Ann Lee", None):
        await reporting.enter_game(db, td, event_id, ("Ann Lee", "Dev Rao"), (400, 300),
                                   starter=starter)
        await reporting.enter_game(db, td, event_id, ("Ben Ong", "Cai Wen"), (400, 300),
                                   starter="Ben Ong" if starter else None)
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "Final", by=Actor.cli(), now=bot.clock(),
                            unpaid_ok=True, why="fees at the venue")
    await bot.settle()
    await _report(bot, "Ann Lee", "412-380", "I started")
    await tap(bot, "Ben Ong", "Dispute")
    await say(bot, "Ben Ong", "I had 390")
    await _report(bot, "Ann Lee", "400-350")
    assert {"Agree", "Dispute"} <= set(buttons_of(bot, "Ben Ong"))
    await rulings.match_bye(db, Request.cli(bot.clock()), event_id, "M1", "Dev Rao",
                            why="Ann's entry was void", confirm=True)
    await bot.settle()
    [(m3,)] = await _all(bot, "SELECT id FROM matches WHERE code = 'M3'")
    assert await _all(bot, f"SELECT state FROM slips WHERE match_id = {m3} ORDER BY id") == [
        ("void",), ("void",)]
    assert await _all(bot, f"SELECT state FROM disputes WHERE match_id = {m3}") == [("ruled",)]
    assert await _all(bot, f"SELECT id FROM deadlines WHERE subject = 'match:{m3}'"
                           " AND kind = 'slip.window' AND state = 'open'") == []
    assert not {"Agree", "Dispute"} & set(buttons_of(bot, "Ben Ong"))
    [ben] = _copies(bot, "Ben Ong", "Ann Lee reported a result", "Game 2:")
    void = ("⚖️ Void: a TD's ruling on Ann Lee v Dev Rao changed who plays this match; this "
            "result no longer counts.")
    assert ben.endswith(void), ben
    for ruler in ("Tara TD", "Uma TD"):
        [notice] = _copies(bot, ruler, "disputes game 1")
        assert notice.endswith(void), notice
        assert not set(RULING_BUTTONS) & set(buttons_of(bot, ruler))


async def test_an_expelled_swiss_players_forfeit_settles_the_slip_and_dispute(
    tmp_path: Path,
) -> None:
    """A round-based event's expelled player forfeits the games not played and the games
    played stand: Ann's game 1 against Eve, disputed by Eve, is final as reported, the
    dispute is closed on the TD's notice, and both copies say the result stands."""
    from tests.bot import test_round_events_e2e as swiss
    from tests.bot.round_event import IDS, definition

    async with club_cup_bot(tmp_path, definition(ids=True, extra="best_of = 3"), ids=IDS,
                            draw=False, open_sf=False) as bot:
        await swiss.say(bot, "Tara TD", "/draw 5")
        await swiss.say(bot, "Tara TD", f"/openround 1 until {await swiss.until(bot)}")
        await swiss.say(bot, "Ann Lee", "500-100")
        await swiss.tap(bot, "Ann Lee", "✅ Confirm")
        await swiss.tap(bot, "Eve Tan", "Dispute")
        await swiss.say(bot, "Eve Tan", "I had 120")
        done = await swiss.say(bot, "Tara TD", "/expel Eve Tan: abusive")
        assert "Ann Lee wins the game not played by forfeit" in done, done  # 2-0 of 3
        assert await _all(bot, "SELECT state FROM slips") == [("final",)]
        assert await _all(bot, "SELECT state, ruling FROM disputes") == [
            ("ruled", "forfeit: Eve Tan was expelled: abusive")]
        assert await _all(bot, "SELECT id FROM deadlines WHERE kind = 'slip.window'"
                               " AND state = 'open'") == []
        assert await _all(bot, "SELECT kind, void FROM games ORDER BY seq") == [
            ("played", 0), ("forfeit", 0)]
        stands = "(Eve Tan was expelled: abusive); this result stands."
        [notice] = [t for t in swiss.texts(bot, swiss.user(bot, "Tara TD"))
                    if "disputes game 1" in t]
        assert notice.endswith(f"⚖️ Settled: R1-1 went to Ann Lee by forfeit {stands}"), notice
        assert not {"Uphold", "Amend"} & set(bot.telegram.buttons_of(swiss.user(bot, "Tara TD")))
        [ann] = [t for t in swiss.texts(bot, swiss.user(bot, "Ann Lee"))
                 if "your result slip is in" in t]
        assert ann.endswith(f"⚖️ Settled: the match went to you by forfeit {stands}"), ann
        assert not {"Agree", "Dispute"} & set(bot.telegram.buttons_of(swiss.user(bot, "Eve Tan")))


async def test_a_game_bye_that_decides_the_match_earlier_settles_the_later_slips(
    bot: BotUnderTest,
) -> None:
    """M1 goes 2-1 to Dev on slips still in their windows; Ann disputes game 2 and Tara
    rules it a game bye to Ann: Ann leads 2-0 after game 2, so game 3 no longer counts
    (para 28). Its slip closes as void, its window is cancelled and both copies say why:
    Ann keeps no Agree / Dispute on a game that no longer counts."""
    await _report(bot, "Ann Lee", "412-380", "I started")
    await _report(bot, "Dev Rao", "400-350")
    await tap(bot, "Ann Lee", "Dispute")
    await say(bot, "Ann Lee", "Dev played a phony")
    await _report(bot, "Dev Rao", "420-300")
    assert await _all(bot, "SELECT state, winner_side FROM matches WHERE code = 'M1'") == [
        ("decided", 1)]
    assert [s for (s,) in await _all(bot, "SELECT state FROM slips WHERE state <> 'draft'"
                                         " ORDER BY id")] == ["pending", "disputed", "pending"]
    await rulings.rule_game(bot.runtime.db, Request.cli(bot.clock()), await _event_id(bot),
                            "M1", 2, game_bye="Ann Lee", why="the phony was played")
    await bot.settle()
    assert await _all(bot, "SELECT state, winner_side FROM matches WHERE code = 'M1'") == [
        ("decided", 0)]
    assert await _all(bot, "SELECT kind, void FROM games ORDER BY seq") == [
        ("played", 0), ("bye", 0), ("played", 1)]
    assert [s for (s,) in await _all(bot, "SELECT state FROM slips WHERE state <> 'draft'"
                                         " ORDER BY id")] == ["pending", "void", "void"]
    assert not {"Agree", "Dispute"} & set(buttons_of(bot, "Ann Lee"))
    [ann] = _copies(bot, "Ann Lee", "Dev Rao reported a result", "Game 3:")
    assert ann.endswith("⚖️ Void: after a TD's ruling, the match was decided before this "
                        "game; this result no longer counts."), ann
    [dev] = _copies(bot, "Dev Rao", "your result slip is in", "Game 3:")
    assert dev.endswith("this result no longer counts."), dev
    # game 1's slip still counts and stays open to Dev's dispute (para 24)
    assert {"Agree", "Dispute"} <= set(buttons_of(bot, "Dev Rao"))
