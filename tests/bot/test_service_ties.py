"""A match SSSg 2016 Annex A para 17 leaves tied, decided by the organisers in the chat
(para 30): the TDs get "<A> wins" / "<B> wins" buttons, the one who taps gives the reason
in their next message or taps "Lots drawn by the TD"; a TD who plays in the match may not
rule on it (para 19). Through the real PTB Application and the fake Bot API.

The club cup with TDs Tara and Uma and Ann Lee as a TD too (test_telegram_rulings). The SF
is best of 3, and an even best-of is refused by the event definition, so the tie is built
honestly: Dev is absent for game 1 before the tile draw (a forfeit to Ann that nobody
started, WESPA rules, Forfeits: +75), Dev wins game 2 by 75, and game 3 is drawn 400-400:
1.5-1.5, spread 0, one start each.
"""

from __future__ import annotations

import pytest

from bot.service.platform.errors import NotAllowed
from bot.service.platform.unit import Request
from bot.service.results import reporting, rulings
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import buttons_of, last, say, tap
from tests.bot.test_telegram_rulings import _texts, bot  # noqa: F401  (bot: the fixture)


async def _scalar(bot: BotUnderTest, sql: str) -> object:  # noqa: F811
    async with bot.runtime.db.transaction() as tx:
        return await tx.scalar(sql)


async def _tie_m1(bot: BotUnderTest) -> int:  # noqa: F811
    """M1 (Ann Lee v Dev Rao) tied, through the TD's use-cases; returns the event id."""
    db = bot.runtime.db
    event_id = int(await _scalar(bot, "SELECT id FROM events"))  # type: ignore[call-overload]
    td = Request.cli(bot.clock())
    await rulings.forfeit(db, td, event_id, "M1", 1, "Ann Lee", why="Dev absent from the table")
    await reporting.enter_game(db, td, event_id, ("Dev Rao", "Ann Lee"), (475, 400),
                               starter="Dev Rao")
    done = await reporting.enter_game(db, td, event_id, ("Ann Lee", "Dev Rao"), (400, 400),
                                      starter="Ann Lee")
    assert done.decided and done.winner is None and done.score_line == "Ann Lee 1.5-1.5 Dev Rao (+0)"
    await bot.settle()
    return event_id


def _tied_copy(bot: BotUnderTest, name: str) -> str:  # noqa: F811
    return next(t for t in _texts(bot, name) if "ended level on games, spread and starts" in t)


async def test_a_td_taps_the_winner_and_gives_the_reason(bot: BotUnderTest) -> None:  # noqa: F811
    await _tie_m1(bot)
    for td in ("Tara TD", "Uma TD"):
        assert _tied_copy(bot, td).endswith(
            "the organisers decide it (para 30). Tap who wins; I will then ask why.")
        assert {"Ann Lee wins", "Dev Rao wins"} <= set(buttons_of(bot, td))
    await tap(bot, "Tara TD", "Dev Rao wins")
    assert last(bot, "Tara TD") == ("Why does Dev Rao win M1? Send the reason, or tap the "
                                     "button.")
    done = await say(bot, "Tara TD", "Ann could not come to a play-off; lots drawn")
    assert done.startswith("✅ M1: the tied match goes to Dev Rao. Score: Ann Lee 1.5-1.5 Dev Rao (+0). "
                           "Both players are told.")
    assert "Dev Rao wins the match." in done
    assert "Ann could not come to a play-off; lots drawn" in last(bot, "Ann Lee")
    assert await _scalar(
        bot, "SELECT winner_side FROM matches WHERE code = 'M1'") == 1
    # the other TD's buttons are now out of date: the match was ruled once
    await tap(bot, "Uma TD", "Ann Lee wins")
    assert ("M1 was already ruled: Dev Rao wins (Ann could not come to a play-off; lots drawn)"
            in last(bot, "Uma TD"))
    # the next message is an ordinary one again
    assert "tied match" not in await say(bot, "Tara TD", "hello")


async def test_lots_drawn_by_the_td(bot: BotUnderTest) -> None:  # noqa: F811
    await _tie_m1(bot)
    await tap(bot, "Uma TD", "Ann Lee wins")
    await tap(bot, "Uma TD", "Lots drawn by the TD")
    assert last(bot, "Uma TD").startswith("✅ M1: the tied match goes to Ann Lee.")
    assert "lots drawn by the TD" in last(bot, "Dev Rao")
    assert "Lots drawn by the TD" not in buttons_of(bot, "Uma TD")
    assert await _scalar(
        bot, "SELECT why FROM journal WHERE action = 'match.tie'") == rulings.TIE_REASON


async def test_a_stale_tie_question_after_another_td_ruled(bot: BotUnderTest) -> None:  # noqa: F811
    """Both TDs tapped a winner; Tara gave her reason first. Uma's reason then gets the
    ruling that stands (para 30: the match is decided once), and her question is closed:
    her next message is an ordinary one, not refused again and again."""
    await _tie_m1(bot)
    await tap(bot, "Uma TD", "Ann Lee wins")
    await tap(bot, "Tara TD", "Dev Rao wins")
    await say(bot, "Tara TD", "lots drawn at the club")
    stale = await say(bot, "Uma TD", "Ann won the play-off")
    assert stale == ("Another TD already ruled on M1: the tied match goes to Dev Rao (lots "
                     "drawn at the club). Yours was not applied; nothing more to do.")
    assert await _scalar(bot, "SELECT winner_side FROM matches WHERE code = 'M1'") == 1
    assert "already ruled" not in await say(bot, "Uma TD", "hello")
    await tap(bot, "Uma TD", "Lots drawn by the TD")  # her old button: the same answer
    assert last(bot, "Uma TD").startswith("Another TD already ruled on M1")


async def test_a_td_who_plays_in_the_tied_match_may_not_rule_it(bot: BotUnderTest) -> None:  # noqa: F811
    """Para 19, at the use-cases the buttons call: Ann is a TD, but she plays M1."""
    await _tie_m1(bot)
    match_id = int(await _scalar(bot, "SELECT id FROM matches WHERE code = 'M1'"))  # type: ignore[call-overload]
    ann = Request(now=bot.clock(), label="tg:9011", tg_user_id=9011, chat_id=9011)
    for press in (rulings.ask_tie_reason, rulings.rule_tie_by_lots):
        with pytest.raises(NotAllowed, match=r"you play in M1, so Tara TD or Uma TD rules on "
                                             r"it \(SSSg para 19\)"):
            await press(bot.runtime.db, ann, match_id, 0)
    assert await _scalar(bot, "SELECT ruling_side FROM matches WHERE code = 'M1'") is None


async def test_a_td_who_plays_in_the_tied_match_gets_no_winner_buttons(
        bot: BotUnderTest) -> None:  # noqa: F811
    await _tie_m1(bot)
    assert "Ann Lee wins" not in buttons_of(bot, "Ann Lee")
