"""A knockout whose round is one game (the club cup's SF with ``best_of = 1``): what its
players read is said as the game it is.

- A tied game is decided by SSSg para 17 ("If a match is tied on games and spread, the
  player with fewer starts will be declared the winner"): in one game that is the player
  who did not start it, and the players read it so, not "you win the match with fewer
  starts".
- A disputed game's slip settled by a match bye says the game went to the player, not
  "the match".

The club cup (tests/bot/data/club_cup.toml): SF M1 Ann Lee v Dev Rao.
"""

from __future__ import annotations

from pathlib import Path

from bot.service.platform.unit import Request
from bot.service.results import rulings
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import (
    club_cup_bot,
    linked_definition,
    match_row,
    report_game,
    rows,
    say,
    tap,
)


def _one_game() -> str:
    return linked_definition().replace('name = "SF"\nbest_of = 3', 'name = "SF"\nbest_of = 1')


async def _outbox_to(bot: BotUnderTest, name: str, since: int = 0) -> str:
    return "\n---\n".join(str(t) for (t,) in await rows(
        bot, "SELECT o.text_html FROM outbox o JOIN people p ON p.id = o.person_id"
             " WHERE p.name = ? AND o.id > ? ORDER BY o.id", (name, since)))


async def test_a_tied_one_game_knockout_says_who_goes_through_and_why(tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path, _one_game()) as bot:
        [(mark,)] = await rows(bot, "SELECT COALESCE(MAX(id), 0) FROM outbox")
        await report_game(bot, "Ann Lee", "tied 400-400", starter="I started")
        # stored: Dev Rao, who did not start the tied game, wins it (para 17)
        assert (await match_row(bot, "M1"))[:2] == ("decided", 1)
        ann = await _outbox_to(bot, "Ann Lee", int(mark))
        dev = await _outbox_to(bot, "Dev Rao", int(mark))
        assert ("If it stands, your game is a tie, so Dev Rao goes through: a tied game goes "
                "to the player who did not start it (para 17).") in ann, ann
        assert ("If it stands, your game is a tie, so you go through: a tied game goes to the "
                "player who did not start it (para 17).") in dev, dev
        for text in (ann, dev):
            assert "fewer starts" not in text and "the match" not in text, text


async def test_a_one_game_slip_settled_by_a_match_bye_says_the_game_went(
        tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path, _one_game()) as bot:
        await report_game(bot, "Ann Lee", "412-380", starter="I started")
        await tap(bot, "Dev Rao", "Dispute")
        await say(bot, "Dev Rao", "I had 390")
        [(mark,)] = await rows(bot, "SELECT COALESCE(MAX(id), 0) FROM outbox")
        await rulings.match_bye(bot.runtime.db, Request.cli(bot.clock()), bot.event_id,  # type: ignore[attr-defined]
                                "M1", "Dev Rao", why="Ann was abusive")
        await bot.settle()
        assert (await match_row(bot, "M1"))[:2] == ("decided", 1)
        ann = await _outbox_to(bot, "Ann Lee", int(mark))
        dev = await _outbox_to(bot, "Dev Rao", int(mark))
        assert "Settled: the game went to Dev Rao" in ann, ann
        assert "Settled: the game went to you" in dev, dev
        assert "the match went to" not in ann + dev


def test_a_knockout_says_its_own_rule_of_a_level_match_not_half_a_win() -> None:
    """What a level match means is each format's own rule (``Format.tie_words``): a
    knockout's is SSSg's, level on games then spread, then fewer starts (para 17), then the
    organisers (para 30); "half a win each" is a round-based event's or a club night's
    (Director's Manual, W/L/T) and never reaches a knockout's players, in either language."""
    from bot.service.formats.registry import named
    from bot.words import for_locale
    from bot.words.said import english, render

    fr = for_locale("fr")
    for name in ("sssg", "single", "double"):
        words = named(name).tie_words()
        assert english(words) == ": the organisers decide it (para 30)"
        assert render(words, fr) == " : les organisateurs décident (para 30)"
    for name in ("rounds", "club"):
        words = named(name).tie_words()
        assert english(words) == ": half a win each"
        assert render(words, fr) == " : une demi-victoire chacun"
