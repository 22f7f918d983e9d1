"""A knockout's next match is told once the result that leads to it is final (SSSg para
24: a slip counts at once and moves the bracket on, but can be disputed within its window;
``bot/service/results/finality.py``), and is named by people, never by a match's code.

The club cup (tests/bot/club_chat.py): SF best of 3, M1 Ann Lee v Dev Rao, M2 Ben Ong v
Cai Wen; the Final (M3) best of 5.
"""

from __future__ import annotations

from bot.service.platform.unit import Request
from bot.service.results import reporting
from bot.telegram.harness import BotUnderTest
from tests.bot.between_chat import last_outbox_id, outbox_since, rows
from tests.bot.club_chat import report_game, say, tap


async def _final_players(bot: BotUnderTest) -> list[tuple[str | None, str | None]]:
    return [tuple(r) for r in await rows(  # type: ignore[misc]
        bot, "SELECT pa.name, pb.name FROM matches m"
             " LEFT JOIN entries ea ON ea.id = m.entry_a LEFT JOIN people pa ON pa.id = ea.person_id"
             " LEFT JOIN entries eb ON eb.id = m.entry_b LEFT JOIN people pb ON pb.id = eb.person_id"
             " WHERE m.code = 'M3'")]


def _to(written: list[tuple[str, str, bool]], name: str) -> list[str]:
    return [text for to, text, _ in written if to == name]


async def test_the_next_match_waits_until_the_result_is_final(bot: BotUnderTest) -> None:
    await report_game(bot, "Ann Lee", "412-380", starter="Dev Rao started")
    await tap(bot, "Dev Rao", "Agree")
    before = await last_outbox_id(bot)
    await report_game(bot, "Ann Lee", "405-399")  # decides M1 if it stands
    written = await outbox_since(bot, before)
    # the bracket moved on at once (para 24) ...
    assert await rows(bot, "SELECT state FROM matches WHERE code = 'M1'") == [("decided",)]
    assert await _final_players(bot) == [("Ann Lee", None)]
    # ... but neither copy of the slip speaks of the final: it may still be disputed
    (ann,), (dev,) = _to(written, "Ann Lee")[-1:], _to(written, "Dev Rao")
    assert "If it stands, you win the match." in ann
    assert "next match" not in ann.lower() and "Final" not in ann, ann
    assert "next match" not in dev.lower(), dev

    await report_game(bot, "Ben Ong", "400-350", starter="I started")
    await tap(bot, "Cai Wen", "Agree")
    before = await last_outbox_id(bot)
    await report_game(bot, "Ben Ong", "410-360")  # decides M2 if it stands
    written = await outbox_since(bot, before)
    assert await _final_players(bot) == [("Ann Lee", "Ben Ong")]
    assert _to(written, "Ann Lee") == [], written  # Ben's win is not final: Ann hears nothing
    assert not any("next match" in t.lower() for _, t, _ in written), written

    # Ben's result is final first: his final waits for Ann's, named by its players
    before = await last_outbox_id(bot)
    await tap(bot, "Cai Wen", "Agree")
    written = await outbox_since(bot, before)
    assert _to(written, "Ann Lee") == [], written
    (ben,) = [t for t in _to(written, "Ben Ong") if "next match" in t]
    assert ("Your next match: <b>Final</b> against <b>the winner of Ann Lee v Dev Rao</b>, "
            "best of 5. I will tell you when your opponent is known.") in ben, ben
    assert "M1" not in ben and "M3" not in ben

    # Ann's result final: she reads whom she meets with it, and Ben is told once
    before = await last_outbox_id(bot)
    await tap(bot, "Dev Rao", "Agree")
    written = await outbox_since(bot, before)
    (ann,) = _to(written, "Ann Lee")
    assert "so your match is final" in ann or "agreed" in ann, ann
    assert "Your next match: <b>Final</b> against <b>Ben Ong</b>, best of 5." in ann, ann
    (ben,) = _to(written, "Ben Ong")
    assert "Your next match: <b>Final</b> against <b>Ann Lee</b>, best of 5." in ben, ben
    assert not any("next match" in t.lower() for t in _to(written, "Dev Rao"))


async def test_a_correction_that_reopens_the_feeder_tells_the_waiting_finalist_in_names(
        bot: BotUnderTest) -> None:
    """Ann's SF (M1) is final and Ben was told he meets her; a TD's correction makes it 1-1
    again: Ben reads that his Final opponent is not known yet, with the players of the
    reopened match, never its code."""
    for scores, starter in (((412, 380), "Ann Lee"), ((420, 350), None)):
        await reporting.enter_game(bot.runtime.db, Request.cli(bot.clock()),
                                   bot.event_id,  # type: ignore[attr-defined]
                                   ("Ann Lee", "Dev Rao"), scores, starter=starter)
    await report_game(bot, "Ben Ong", "400-300", starter="I started")
    await tap(bot, "Cai Wen", "Agree")
    await report_game(bot, "Ben Ong", "401-399")
    await tap(bot, "Cai Wen", "Agree")
    assert await _final_players(bot) == [("Ann Lee", "Ben Ong")]
    await say(bot, "Tara TD", "/correct M1 game 2 350 420")
    before = await last_outbox_id(bot)
    await say(bot, "Tara TD", "I typed the paper slip the wrong way round")
    written = await outbox_since(bot, before)
    assert await rows(bot, "SELECT state FROM matches WHERE code IN ('M1', 'M3') ORDER BY code"
                      ) == [("playing",), ("waiting",)]
    (ben,) = _to(written, "Ben Ong")
    assert ben == ("<b>Club Cup &lt;2026&gt;</b>: a TD's correction reopened Ann Lee v Dev Rao, "
                   "so your <b>Final</b> opponent is not known yet. I will tell you once it is "
                   "decided."), ben


async def test_a_match_its_round_opened_on_counted_results_is_not_told_again(
        bot: BotUnderTest) -> None:
    """The TD opens the Final while Ben's win still awaits Cai's agreement: it is played on
    the counted result (para 24), so the opening tells both; the agreement then tells Ann
    nothing more."""
    for name, opponent in (("Ann Lee", "Dev Rao"), ("Ben Ong", "Cai Wen")):
        await report_game(bot, name, "400-300", starter="I started")
        await tap(bot, opponent, "Agree")
    await report_game(bot, "Ann Lee", "401-300")
    await tap(bot, "Dev Rao", "Agree")
    await report_game(bot, "Ben Ong", "401-300")  # Cai has not agreed yet
    opened = await say(bot, "Tara TD", "/openround Final anyway: fees at the venue")
    assert "Opened Final" in opened, opened
    assert await rows(bot, "SELECT state FROM matches WHERE code = 'M3'") == [("playing",)]
    before = await last_outbox_id(bot)
    await tap(bot, "Cai Wen", "Agree")
    written = await outbox_since(bot, before)
    assert _to(written, "Ann Lee") == [], written
