"""SSSg para 20: a game played during a blackout of the definition is held for a TD --
not counted until a TD releases or voids it -- from `tdbot game report --at` and from a
result slip in the chat; shown in `tdbot event inbox` and /pending."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import (
    TD_PHONE,
    buttons_of,
    club_cup_bot,
    last,
    linked_definition,
    report_game,
    say,
)
from tests.bot.test_cli_report import CLUB_CUP


def blackout(start: str, end: str) -> str:
    return f'\n[[blackouts]]\nname = "Causeway Open"\nstart = {start}\nend = {end}\n'


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def count(db: str, sql: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute(sql).fetchone()[0])


@pytest.fixture
def db(tmp_path: Path) -> str:
    """The club cup with a blackout on 2026-01-10 (a day in the past), SF open."""
    path = str(tmp_path / "t.db")
    definition = tmp_path / "cup.toml"
    definition.write_text(CLUB_CUP.read_text() + blackout("2026-01-10", "2026-01-10"))
    closes = (datetime.now(UTC) + timedelta(days=30)).date().isoformat()
    for args in (("event", "create", str(definition)), ("event", "draw", "club-cup", "--seed", "2026"),
                 ("round", "open", "club-cup", "SF", "--closes", closes, "--unpaid-ok",
                  "--why", "fees at the venue")):
        code, _, err = run(*args, "--db", path)
        assert code == 0, err
    return path


def report(db: str, at: str, *scores: str, starter: str = "Ann Lee") -> tuple[int, str, str]:
    return run("game", "report", "club-cup", "Ann Lee", scores[0], "Dev Rao", scores[1], "--starter",
               starter, "--at", at, "--db", db)


def test_a_paper_slip_played_in_a_blackout_is_held_until_a_td_releases_it(db: str) -> None:
    code, out, err = report(db, "2026-01-10 19:30", "412", "380")
    assert code == 0, err
    assert "was played during Causeway Open (para 20): held for a TD, not counted" in out
    assert count(db, "SELECT count(*) FROM games") == 0
    code, out, _ = run("event", "inbox", "club-cup", "--db", db)
    assert "held 1 (para 20): M1 Ann Lee 412, Dev Rao 380, played during Causeway Open" in out
    code, _, err = report(db, "2026-01-11 10:00", "400", "390")  # the next game waits
    assert code == 2 and "is held for a TD (para 20)" in err
    code, _, err = run("rule", "held-release", "club-cup", "1", "--why", " ", "--db", db)
    assert code == 2 and "say why" in err
    code, out, err = run("rule", "held-release", "club-cup", "1", "--why", "Ann and Dev were not "
                         "in the Causeway Open", "--db", db)
    assert code == 0, err
    assert out.splitlines() == [
        "M1 game 1 (Ann Lee 412, Dev Rao 380, played during Causeway Open) counts now",
        "score: Ann Lee 1-0 Dev Rao (+32)",
    ]
    assert count(db, "SELECT count(*) FROM games") == 1
    code, _, err = run("rule", "held-release", "club-cup", "1", "--why", "again", "--db", db)
    assert code == 2 and "was released already" in err
    code, out, err = report(db, "2026-01-10 09:00", "350", "420", starter="Dev Rao")
    assert code == 0 and "held for a TD" in out, err
    code, out, err = run("rule", "held-void", "club-cup", "2", "--why", "Dev played there", "--db", db)
    assert code == 0, err
    assert "is void: the players play it again" in out and "score: Ann Lee 1-0 Dev Rao" in out
    assert count(db, "SELECT count(*) FROM games") == 1
    code, out, err = report(db, "2026-01-11 09:00", "350", "420", starter="Dev Rao")  # counts
    assert code == 0 and "score: Ann Lee 1-1 Dev Rao" in out, out


def test_the_end_date_takes_in_the_whole_day_and_midnight_is_after_it(db: str) -> None:
    assert "held for a TD" in report(db, "2026-01-10 23:59", "412", "380")[1]
    run("rule", "held-void", "club-cup", "1", "--why", "test", "--db", db)
    assert "held for a TD" not in report(db, "2026-01-11 00:00", "412", "380")[1]


def test_a_blackout_must_end_after_it_starts(tmp_path: Path) -> None:
    definition = tmp_path / "cup.toml"
    definition.write_text(CLUB_CUP.read_text() + blackout("2026-01-10", "2026-01-09"))
    code, _, err = run("event", "create", str(definition), "--db", str(tmp_path / "t.db"))
    assert code == 2 and "blackouts[0].end: must be after start" in err


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    """The club cup, SF open, a blackout over today (the bot's clock: 2 Mar 2026)."""
    text = linked_definition(phones=TD_PHONE) + blackout("2026-03-01", "2026-03-03")
    async with club_cup_bot(tmp_path, text) as under_test:
        yield under_test


async def test_a_chat_slip_in_a_blackout_is_held_and_shown_to_the_td(bot: BotUnderTest) -> None:
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    for name in ("Ann Lee", "Dev Rao"):
        text = last(bot, name)
        assert "was played during <b>Causeway Open</b>" not in text  # HTML shown as text
        assert "during Causeway Open, when SSSg games may not be played (para 20)" in text
        assert "does not count until a TD checks it" in text
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM games") == 0
        assert await tx.scalar("SELECT state FROM slips") == "draft"
    pending = await say(bot, "Tara TD", "/pending")
    assert "Games played during a blackout, held" in pending
    assert "M1 Ann Lee 412, Dev Rao 380, during Causeway Open" in pending
    refused = await say(bot, "Ann Lee", "400-390")
    assert refused.endswith("played during Causeway Open is held for a TD (para 20); the next "
                            "game can be reported once a TD releases or voids it")


async def test_a_held_chat_slip_released_by_a_td_goes_on_as_a_submitted_slip(
    bot: BotUnderTest,
) -> None:
    from bot.service.platform.unit import Request
    from bot.service.results.held_games import decide_held

    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    async with bot.runtime.db.transaction() as tx:
        event_id = await tx.scalar("SELECT id FROM events")
    done = await decide_held(bot.runtime.db, Request.cli(bot.clock()), event_id, 1, release=True,
                             why="neither played in the Causeway Open")
    await bot.settle()
    assert done.kind == "released" and done.score_line == "Ann Lee 1-0 Dev Rao (+32)"
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM games") == 1
        assert await tx.scalar("SELECT state FROM slips") == "pending"
    assert buttons_of(bot, "Dev Rao")[-2:] == ["Agree", "Dispute"]
