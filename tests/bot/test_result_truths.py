"""What the result flow says is true: outside a knockout a match level on game-points is a
tie with no winner, in the stored match row, at the command line (text and JSON), in the
refusal of a later game, in what the players are told and after a TD's ruling; SSSg para
17's tie-break (spread, then fewer starts) is a knockout's only. And a ruling that voids a
game says "the match was decided earlier" only when it was (para 28).

The weekly Swiss (tests/bot/round_event.py: one game a round, the first named goes
first) and the club cup (a knockout, SF best of 3: Ann v Dev, Ben v Cai).
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.service.platform.unit import Request
from bot.service.results import rulings
from bot.telegram.harness import BotUnderTest
from tests.bot import round_event
from tests.bot.cast import Cast, event_bot
from tests.bot.club_chat import last, report_game, say, tap

swiss = Cast(round_event.IDS)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def _round_one(tmp_path: Path) -> tuple[str, list[tuple[str, str]]]:
    """The weekly Swiss created and its round 1 open at the command line: the database and
    round 1's pairs (the first named goes first)."""
    db = str(tmp_path / "t.db")
    toml = tmp_path / "swiss.toml"
    toml.write_text(round_event.definition())
    closes = (datetime.now(UTC) + timedelta(days=30)).date().isoformat()
    for args in (("event", "create", str(toml)), ("event", "draw", "weekly-swiss", "--seed", "3"),
                 ("round", "open", "weekly-swiss", "1", "--closes", closes, "--unpaid-ok",
                  "--why", "fees at the venue")):
        code, _, err = run(*args, "--db", db)
        assert code == 0, err
    code, out, err = run("event", "pairings", "weekly-swiss", "--json", "--db", db)
    assert code == 0, err
    pairs = [(a["name"], b["name"]) for a, b in json.loads(out)["pairings"]]
    return db, pairs


def _row(db: str, a: str) -> tuple[str, int | None]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT m.state, m.winner_side FROM matches m"
            " JOIN entries e ON e.id IN (m.entry_a, m.entry_b)"
            " JOIN people p ON p.id = e.person_id WHERE p.name = ?", (a,)).fetchone()


def test_a_tied_round_based_game_entered_at_the_command_line_has_no_winner(
        tmp_path: Path) -> None:
    """A 400-400 game of a Swiss: SSSg para 17 would give it to the player who did not
    start (fewer starts); a Swiss has no such rule, so nobody won it."""
    db, pairs = _round_one(tmp_path)
    (a, b), (c, d) = pairs[:2]
    code, out, err = run("game", "report", "weekly-swiss", a, "400", b, "400", "--db", db)
    assert code == 0, err
    assert out.splitlines()[-1] == "the match is a tie: no winner", out
    assert "wins" not in out and b not in out.splitlines()[-1]
    assert _row(db, a) == ("decided", None)

    code, out, err = run("game", "report", "weekly-swiss", c, "380", d, "380", "--json", "--db", db)
    assert code == 0, err
    entered = json.loads(out)
    assert entered["decided"] is True and entered["winner"] is None and entered["tie"] is True
    assert _row(db, c) == ("decided", None)

    code, _, err = run("game", "report", "weekly-swiss", a, "410", b, "400", "--db", db)
    assert code == 2
    assert f"is decided (a tie, {a} 0.5-0.5 {b} (+0)): no further games count" in err, err
    assert "won" not in err


async def test_a_tied_game_ruled_in_a_round_based_event_names_no_winner(
        tmp_path: Path) -> None:
    """A Swiss game is reported 420-350, disputed, and amended to 400-400 by the TD: the
    ruling names no winner, and the match is stored decided with none."""
    async with event_bot(tmp_path / "r.sqlite3", round_event.definition(ids=True),
                         round_event.IDS) as bot:
        await swiss.say(bot, "Tara TD", "/draw 5")
        await swiss.say(bot, "Tara TD", "/openround 1")
        db, event_id = bot.runtime.db, bot.event_id  # type: ignore[attr-defined]
        await swiss.say(bot, "Ann Lee", "420-350")  # Ann goes first: no starter asked
        await swiss.tap(bot, "Ann Lee", "✅ Confirm")
        await swiss.tap(bot, "Eve Tan", "Dispute")
        await swiss.say(bot, "Eve Tan", "it was 400-400")
        code = await _code_of(bot, "Ann Lee")
        ruled = await rulings.rule_game(db, Request.cli(bot.clock()), event_id, code, 1,
                                        scores=(400, 400), why="the scoresheet says 400-400")
        await bot.settle()
        assert ruled.decided and ruled.winner is None
        assert await _stored(bot, code) == ("decided", None)
        for name in ("Ann Lee", "Eve Tan"):
            ruling = [m.text or "" for m in bot.telegram.sent(swiss.user(bot, name))][-1]
            assert "a TD ruled on your game: the scores are" in ruling, ruling
            assert "game against" in ruling and "is a tie (400-400): half a win each." in ruling
            assert "wins" not in ruling and "won" not in ruling, ruling


async def test_a_tie_disputed_and_upheld_stays_a_decided_tie(tmp_path: Path) -> None:
    """Not reopened for want of a winner: the ruling leaves it as it was, a tie."""
    async with event_bot(tmp_path / "r.sqlite3", round_event.definition(ids=True),
                         round_event.IDS) as bot:
        await swiss.say(bot, "Tara TD", "/draw 5")
        await swiss.say(bot, "Tara TD", "/openround 1")
        db, event_id = bot.runtime.db, bot.event_id  # type: ignore[attr-defined]
        await swiss.say(bot, "Ben Ong", "380-380")
        await swiss.tap(bot, "Ben Ong", "✅ Confirm")
        await swiss.tap(bot, "Fay Koh", "Dispute")
        await swiss.say(bot, "Fay Koh", "I think I won")
        code = await _code_of(bot, "Ben Ong")
        upheld = await rulings.rule_game(db, Request.cli(bot.clock()), event_id, code, 1,
                                         uphold=True, why="the scoresheet says 380-380")
        await bot.settle()
        assert upheld.decided and upheld.winner is None
        assert await _stored(bot, code) == ("decided", None)


async def _code_of(bot: BotUnderTest, name: str) -> str:
    async with bot.runtime.db.transaction() as tx:
        return str(await tx.scalar(
            "SELECT m.code FROM matches m JOIN entries e ON e.id = m.entry_a"
            " JOIN people p ON p.id = e.person_id WHERE p.name = ?", (name,)))


async def _stored(bot: BotUnderTest, code: str) -> tuple[str, int | None]:
    async with bot.runtime.db.transaction() as tx:
        row = await tx.one("SELECT state, winner_side FROM matches WHERE code = ?", (code,))
    return row["state"], row["winner_side"]


async def test_voiding_game_1_of_an_undecided_match_says_nothing_of_a_decision(
        bot: BotUnderTest) -> None:
    """Dev disputes game 1 of the SF and the TD voids it: the game no longer counts because
    it was voided, not because the match was decided earlier (para 28), and the match
    goes on from game 1."""
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await tap(bot, "Dev Rao", "Dispute")
    await say(bot, "Dev Rao", "we never finished that game")
    await rulings.rule_game(bot.runtime.db, Request.cli(bot.clock()),
                            bot.event_id, "M1", 1, void=True,  # type: ignore[attr-defined]
                            why="the game was not finished")
    await bot.settle()
    for name in ("Ann Lee", "Dev Rao"):
        told = last(bot, name)
        assert "a TD ruled on game 1: the game is void" in told, told
        assert "decided earlier" not in told and "para 28" not in told, told
        assert "Next: game 1" in told, told


async def test_a_ruling_that_decides_the_match_earlier_says_so(bot: BotUnderTest) -> None:
    """Ann wins game 1, Dev game 2 and Ann game 3 (2-1). Ann disputes game 2, and the TD
    amends it to her win: the match was decided at game 2, so game 3 no longer counts
    (para 28), and both players read that."""
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await report_game(bot, "Dev Rao", "400-350")  # Dev starts game 2 (para 15)
    await report_game(bot, "Ann Lee", "430-300")  # game 3, the deciding game
    await tap(bot, "Ann Lee", "Dispute")
    await say(bot, "Ann Lee", "I had 420 in game 2, not 350")
    await rulings.rule_game(bot.runtime.db, Request.cli(bot.clock()),
                            bot.event_id, "M1", 2, scores=(420, 400),  # type: ignore[attr-defined]
                            why="the scoresheet says 420-400")
    await bot.settle()
    for name in ("Ann Lee", "Dev Rao"):
        told = last(bot, name)
        assert "The match was decided before game(s) 3, so they no longer count." in told, told
