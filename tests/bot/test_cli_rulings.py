"""TD rulings at the command line (bot/cli/match_cmds.py over bot/service/results/rulings.py):
`tdbot rule dispute --confirm` when a correction voids a later match's games (docs/architecture.md, "Corrections show
its impact first"), `tdbot rule tie` on a match SSSg 2016 Annex A para 17 leaves tied
(para 30), and `tdbot game overtime` (WESPA rules, Overtime).

The club cup of test_cli_report: SF best of 3 (M1 Ann Lee v Dev Rao, M2 Ben Ong v Cai
Wen), the Final (M3) best of 5. Everything is built through the commands and use-cases
people use, never by writing rows by hand (except linking Telegram accounts).
"""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.service.platform.unit import Request
from bot.service.results import disputes, reporting
from bot.service.results.reporting import SaidResult
from bot.store.db import open_database

CLUB_CUP = Path(__file__).parent / "data" / "club_cup.toml"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> list[str]:
    code, out, err = run(*args)
    assert code == 0, (args, out, err)
    return out.splitlines()


def refused(result: tuple[int, str, str], message: str) -> None:
    code, out, err = result
    assert code == 2 and out == "", (code, out, err)
    assert err.startswith("tdbot: error: ") and len(err.strip().splitlines()) == 1, err
    assert message in err, err


def closes() -> str:
    return (datetime.now(UTC) + timedelta(days=30)).date().isoformat()


@pytest.fixture
def db(tmp_path: Path) -> str:
    """The club cup drawn (M1 Ann Lee v Dev Rao, M2 Ben Ong v Cai Wen) with SF open."""
    path = str(tmp_path / "t.db")
    ok("event", "create", str(CLUB_CUP), "--db", path)
    ok("event", "draw", "club-cup", "--seed", "2026", "--db", path)
    ok("round", "open", "club-cup", "SF", "--closes", closes(), "--unpaid-ok",
       "--why", "fees at the venue", "--db", path)
    return path


def report(db: str, *args: str) -> list[str]:
    return ok("game", "report", "club-cup", *args, "--db", db)


def one(db: str, sql: str, args: tuple[object, ...] = ()) -> object:
    with sqlite3.connect(db) as conn:
        row = conn.execute(sql, args).fetchone()
    return None if row is None else row[0] if len(row) == 1 else tuple(row)


def dump(db: str) -> list[str]:
    """Every row of every table, to show that a refused command wrote nothing."""
    with sqlite3.connect(db) as conn:
        return list(conn.iterdump())


def _dispute_game_1(db: str) -> None:
    """Ann reports game 1 of M1 (412-380, she started) in the chat and Dev disputes it:
    the service as the bot calls it, the players' Telegram accounts linked by hand."""
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE people SET tg_user_id = 11 WHERE name = 'Ann Lee'")
        conn.execute("UPDATE people SET tg_user_id = 14 WHERE name = 'Dev Rao'")

    def as_player(tg: int, update: int) -> Request:
        return Request(now=datetime.now(UTC), label=f"tg:{tg}", tg_user_id=tg,
                       update_id=update, chat_id=tg)

    async def main() -> None:
        database = await open_database(Path(db))
        try:
            draft = await reporting.report_result(database, as_player(11, 1), SaidResult(412, 380))
            assert isinstance(draft, reporting.SlipAnswer)
            await reporting.set_starter(database, as_player(11, 2), draft.slip.id, 0)
            await reporting.confirm_slip(database, as_player(11, 3), draft.slip.id)
            await disputes.dispute_latest(database, as_player(14, 4), "I had 390, not 380")
        finally:
            await database.close()

    asyncio.run(main())


# --- 1. a correction that voids a later match's games needs --confirm -------------------


def _final_under_way(db: str) -> None:
    """Game 1 of M1 disputed; Ann wins game 2 and M1 (2-0), Ben wins M2; the Final (M3,
    Ann v Ben) opens and its game 1 is played."""
    _dispute_game_1(db)
    report(db, "Dev Rao", "350", "Ann Lee", "420")  # game 2: Dev starts (para 15)
    report(db, "Ben Ong", "400", "Cai Wen", "300", "--starter", "Ben Ong")
    report(db, "Ben Ong", "401", "Cai Wen", "399")
    ok("round", "open", "club-cup", "Final", "--closes", closes(), "--unpaid-ok",
       "--why", "fees at the venue", "--db", db)
    assert report(db, "Ann Lee", "400", "Ben Ong", "300", "--starter", "Ann Lee")[0] == (
        "M3 (Final) game 1: Ann Lee 400, Ben Ong 300; Ann Lee started")


def test_a_correction_voiding_a_later_match_prints_its_impact_and_writes_nothing(
        db: str) -> None:
    _final_under_way(db)
    before = dump(db)
    # Dev had 450, not 380: game 1 is his, M1 is 1-1 again and the Final's game is void
    refused(run("rule", "dispute", "club-cup", "M1", "--game", "1", "--scores", "412", "450",
                "--why", "Dev's scoresheet", "--db", db),
            "voids later match(es) M3 (1 game(s) played). Nothing was changed: confirm to "
            "apply it (--confirm at the command line)")
    assert dump(db) == before


def test_with_confirm_the_correction_applies_and_the_later_games_are_void(db: str) -> None:
    _final_under_way(db)
    final = one(db, "SELECT id FROM matches WHERE code = 'M3'")
    assert one(db, "SELECT count(*) FROM games WHERE match_id = ? AND void = 0", (final,)) == 1
    out = ok("rule", "dispute", "club-cup", "M1", "--game", "1", "--scores", "412", "450",
             "--why", "Dev's scoresheet", "--confirm", "--db", db)
    assert out[0] == "M1 game 1: scores corrected; score: 1-1 (+32)"
    assert out[1].startswith("impact: ") and "M3 (1 game(s) played)" in out[1]
    assert out[2] == "M1 is no longer decided as it was; the bracket was synced"
    assert one(db, "SELECT count(*) FROM games WHERE match_id = ? AND void = 0", (final,)) == 0
    assert one(db, "SELECT state FROM matches WHERE code = 'M3'") == "waiting"
    assert one(db, "SELECT state, winner_side FROM matches WHERE code = 'M1'") == ("playing",
                                                                                  None)
    assert one(db, "SELECT state, ruling FROM disputes") == ("ruled", "scores: Dev's scoresheet")
    with sqlite3.connect(db) as conn:
        told = [r[0] for r in conn.execute(
            "SELECT p.name FROM outbox o JOIN people p ON p.id = o.person_id"
            " WHERE o.text_html LIKE '%changed who plays in your match against %, so the"
            " games you played in it%'"
            " ORDER BY p.name")]
    assert told == ["Ann Lee", "Ben Ong"]
    # the match goes on: game 3 is the deciding game, Ann was ahead on spread (para 16b)
    assert report(db, "Ann Lee", "400", "Dev Rao", "390")[1] == "score: Ann Lee 2-1 Dev Rao (+42)"


# --- 2. a tied match (para 17) ruled by para 30 -------------------------------------------


def tie_m1(db: str) -> None:
    """M1 left tied by para 17, honestly: the SF is best of 3 (an even best-of is refused
    by the event definition), so the tie needs a game with no starter and a drawn game.
    Dev is absent for game 1, before the tile draw: a forfeit to Ann (+75, WESPA rules,
    Forfeits) that nobody started. Dev wins game 2 by 75 and game 3 is drawn 400-400:
    1.5-1.5, spread 0, one start each."""
    assert ok("game", "forfeit", "club-cup", "M1", "--game", "1", "--to", "Ann Lee",
              "--why", "Dev absent from the table", "--db", db) == [
        "M1 game 1: won by forfeit by Ann Lee; score: 1-0 (+75)"]
    report(db, "Dev Rao", "475", "Ann Lee", "400", "--starter", "Dev Rao")
    assert report(db, "Ann Lee", "400", "Dev Rao", "400", "--starter", "Ann Lee")[1:] == [
        "score: Ann Lee 1.5-1.5 Dev Rao (+0)",
        "the match is level on games, spread and starts: the TDs decide it (para 30)",
    ]


def test_rule_tie_decides_a_tied_match_and_the_winner_goes_on(db: str) -> None:
    refused(run("rule", "tie", "club-cup", "M1", "Ann Lee", "--db", db),
            "a ruling decides only a tied match (level on games, spread and starts after the "
            "deciding game, SSSg paras 17 and 30); M1 is not: its score is 0-0 (+0)")
    tie_m1(db)
    assert one(db, "SELECT state, winner_side FROM matches WHERE code = 'M1'") == ("playing",
                                                                                  None)
    to_td = one(db, "SELECT o.text_html FROM outbox o JOIN people p ON p.id = o.person_id"
                    " WHERE p.name = 'Tara TD' AND o.text_html LIKE '%ended level%'")
    assert isinstance(to_td, str) and "Tap who wins" in to_td and "tdbot" not in to_td
    refused(run("rule", "tie", "club-cup", "M1", "Ben Ong", "--db", db),
            "'Ben Ong' does not play in M1: give 'Ann Lee' or 'Dev Rao'")
    before = dump(db)
    refused(run("rule", "tie", "club-cup", "M2", "Ben Ong", "--db", db),
            "M2 is not: its score is")
    assert dump(db) == before
    assert ok("rule", "tie", "club-cup", "m1", "dev rao", "--why", "lots drawn at the club",
              "--db", db) == ["M1: tied match ruled for Dev Rao; score: 1.5-1.5 (+0)",
                              "Dev Rao wins the match"]
    assert one(db, "SELECT state, winner_side FROM matches WHERE code = 'M1'") == ("decided", 1)
    assert one(db, "SELECT why FROM journal WHERE action = 'match.tie'") == (
        "lots drawn at the club")
    told = one(db, "SELECT o.text_html FROM outbox o JOIN people p ON p.id = o.person_id"
                   " WHERE p.name = 'Ann Lee' ORDER BY o.id DESC LIMIT 1")
    assert isinstance(told, str) and "lots drawn at the club" in told
    code, out, err = run("event", "show", "club-cup", "--db", db)
    assert code == 0, err
    assert any("M3" in line and "Dev Rao" in line for line in out.splitlines()), out
    refused(run("rule", "tie", "club-cup", "M1", "Ann Lee", "--db", db),
            "M1 was already ruled: Dev Rao wins (lots drawn at the club)")


def test_rule_tie_without_a_reason_records_lots(db: str) -> None:
    tie_m1(db)
    assert ok("rule", "tie", "club-cup", "M1", "Ann Lee", "--db", db)[1] == "Ann Lee wins the match"
    assert one(db, "SELECT why FROM journal WHERE action = 'match.tie'") == "lots drawn by the TD"


# --- 3. tdbot game overtime (WESPA rules, Overtime) ----------------------------------------------


def overtime(db: str, *args: str) -> tuple[int, str, str]:
    return run("game", "overtime", "club-cup", "M1", *args, "--db", db)


def test_overtime_takes_10_points_a_started_minute_once(db: str) -> None:
    report(db, "Ann Lee", "412", "Dev Rao", "380", "--starter", "Ann Lee")
    refused(overtime(db, "--game", "1", "--player", "Ann Lee", "--minutes", "2.5"),
            "say why with --why TEXT")
    refused(overtime(db, "--game", "2", "--player", "Ann Lee", "--minutes", "2.5", "--why", "x"),
            "M1 has no game 2: 1 game counts")
    code, out, err = overtime(db, "--game", "1", "--player", "Ann Lee", "--minutes", "2.5",
                              "--why", "her clock showed -2:30")
    assert code == 0, err
    assert out.splitlines() == ["M1 game 1: overtime penalty for Ann Lee; score: 1-0 (+2)"]
    assert one(db, "SELECT score_a, score_b FROM games") == (382, 380)
    # the same overtime again would take the 30 points off twice: refused, nothing written
    before = dump(db)
    refused(overtime(db, "--game", "1", "--player", "ann lee", "--minutes", "2.5",
                     "--why", "again"),
            "Ann Lee's overtime in game 1 of M1 was already penalised (2.5 min over): it "
            "counts once (WESPA rules, Overtime), so nothing was changed. If that was wrong, "
            "rule the game's right scores on a dispute: tdbot rule dispute club-cup M1 --game 1 "
            "--scores A B --why TEXT")
    assert dump(db) == before
    # the other player's overtime in the same game is their own penalty
    code, out, err = overtime(db, "--game", "1", "--player", "Dev Rao", "--minutes", "1",
                              "--why", "his clock showed -1:00")
    assert code == 0, err
    assert out.splitlines() == ["M1 game 1: overtime penalty for Dev Rao; score: 1-0 (+12)"]
    assert one(db, "SELECT score_a, score_b FROM games") == (382, 370)


def test_ten_minutes_over_forfeits_the_game(db: str) -> None:
    report(db, "Ann Lee", "412", "Dev Rao", "380", "--starter", "Ann Lee")
    code, out, err = overtime(db, "--game", "1", "--player", "Ann Lee", "--minutes", "10",
                              "--why", "ten minutes over")
    assert code == 0, err
    assert out.splitlines() == ["M1 game 1: won by forfeit by Dev Rao; score: 0-1 (-75)"]
    refused(overtime(db, "--game", "1", "--player", "Ann Lee", "--minutes", "10",
                     "--why", "again"), "already penalised (10 min over)")
