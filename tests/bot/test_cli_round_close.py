"""`tdbot round close` counts every match its round has not finished and names them by what
each waits for: being played (or not started), or a player still to come (a slot a TD has to
fill, SSSg para 29). A match made playable after the round opened is one of them too, and
closing anyway keeps it before the TDs. The TDs' inbox, the notice at the round's deadline
and the players' reminders go by the same rule (``rounds.unfinished_of``)."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.service.events.schedule import find_round
from bot.service.platform import deadlines
from bot.service.platform.unit import Request
from bot.service.results import desk
from bot.store.db import open_database

ROOT = Path(__file__).resolve().parents[2]
CLUB_CUP = Path(__file__).parent / "data" / "club_cup.toml"
PLAYERS = "name,rating\n" + "".join(f"Player {i:02},{2100 - 20 * i}\n" for i in range(1, 25))


def ok(db: str, *args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--db", db])
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(db: str, *args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--db", db])
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert len(result.stderr.splitlines()) == 1, result.stderr
    return result.stderr


def state(db: str, code: str) -> str:
    with sqlite3.connect(db) as conn:
        return str(conn.execute("SELECT state FROM matches WHERE code = ?", (code,)).fetchone()[0])


def test_the_count_and_the_names_agree(tmp_path: Path) -> None:
    """Eight qualifying matches: seven being played, one whose expelled player's slot waits
    for a TD. The refusal counts eight and accounts for each."""
    db = str(tmp_path / "t.db")
    csv = tmp_path / "players.csv"
    csv.write_text(PLAYERS)
    ok(db, "event", "create", str(ROOT / "examples" / "sssg2016.toml"), "--bot-username", "B")
    ok(db, "players", "import", "sssg-2016", str(csv))
    ok(db, "event", "draw", "sssg-2016", "--seed", "5")
    ok(db, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31", "--unpaid-ok",
       "--why", "fees at the venue")
    ok(db, "players", "expel", "sssg-2016", "Player 24", "--why", "no show")
    err = refused(db, "round", "close", "sssg-2016", "qual-rd")
    assert err == (
        "tdbot: error: Qual Rd has 8 unfinished matches, 7 to play: Q1 (Player 09 v Player "
        "19), Q3 (Player 11 v Player 20), Q4 (Player 12 v Player 17), Q5 (Player 13 v Player "
        "21), Q6 (Player 14 v Player 23) and 2 more; 1 waiting for a player: Q2 (Player 10 v "
        "Player 24). Rule on them first, or close it anyway with a reason (--force --why "
        "REASON).\n")
    assert "Qual Rd [qual-rd] best of 9, open" in ok(db, "event", "show", "sssg-2016")


def test_a_match_filled_after_the_round_opened_is_not_closed_as_finished(tmp_path: Path) -> None:
    """The final opens, a finalist is expelled before playing and an SF loser takes the slot
    (para 29): the final is to be played, so closing the round is refused; closed anyway, it
    waits in the inbox for a TD's ruling like any unfinished match."""
    db = str(tmp_path / "t.db")
    ok(db, "event", "create", str(CLUB_CUP))
    ok(db, "event", "draw", "club-cup", "--seed", "2026")
    ok(db, "round", "open", "club-cup", "SF", "--closes", "2099-01-01", "--unpaid-ok",
       "--why", "fees at the venue")
    for starter in ("--starter", None):
        extra = [starter, "Ann Lee"] if starter else []
        ok(db, "game", "report", "club-cup", "Ann Lee", "400", "Dev Rao", "300", *extra)
        extra = [starter, "Ben Ong"] if starter else []
        ok(db, "game", "report", "club-cup", "Ben Ong", "400", "Cai Wen", "300", *extra)
    ok(db, "round", "open", "club-cup", "Final", "--closes", "2099-02-01", "--unpaid-ok",
       "--why", "fees at the venue")
    ok(db, "players", "expel", "club-cup", "Ann Lee", "--why", "no show")
    ok(db, "players", "replace", "club-cup", "Ann Lee", "--with", "Dev Rao")
    assert state(db, "M3") == "ready"
    err = refused(db, "round", "close", "club-cup", "Final")
    assert "Final has 1 unfinished match, 1 to play: M3 (Dev Rao v Ben Ong)." in err
    assert "Final [final] best of 5, open" in ok(db, "event", "show", "club-cup")
    out = ok(db, "round", "close", "club-cup", "Final", "--force", "--why", "Ben withdrew")
    assert "1 match(es) left unfinished stay in tdbot event inbox until ruled: M3" in out
    assert state(db, "M3") == "playing"
    assert "round closed, unfinished: M3 Dev Rao v Ben Ong (Final)" in ok(
        db, "event", "inbox", "club-cup")


def _fire(db: str, at: datetime) -> None:
    """The deadlines due by ``at`` fire, as the bot's alarm clock fires them."""
    async def run() -> None:
        database = await open_database(Path(db))
        try:
            await deadlines.sweep(database, at)
        finally:
            await database.close()
    asyncio.run(run())


def _messages_with(db: str, text: str) -> list[str]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT text_html FROM outbox WHERE text_html LIKE ? ORDER BY id",
                            (f"%{text}%",)).fetchall()
    return [str(r[0]) for r in rows]


def test_the_inbox_and_the_deadline_notice_count_what_round_close_counts(
    tmp_path: Path,
) -> None:
    """The same eight matches: the inbox lists each as unfinished, Q2 as waiting for a
    player, and the TDs' notice at the round's deadline names all eight."""
    db = str(tmp_path / "t.db")
    csv = tmp_path / "players.csv"
    csv.write_text(PLAYERS)
    ok(db, "event", "create", str(ROOT / "examples" / "sssg2016.toml"), "--bot-username", "B")
    ok(db, "players", "import", "sssg-2016", str(csv))
    ok(db, "event", "draw", "sssg-2016", "--seed", "5")
    ok(db, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31", "--unpaid-ok",
       "--why", "fees at the venue")
    ok(db, "players", "expel", "sssg-2016", "Player 24", "--why", "no show")
    assert "8 unfinished matches" in refused(db, "round", "close", "sssg-2016", "qual-rd")
    inbox = [line for line in ok(db, "event", "inbox", "sssg-2016").splitlines()
             if line.startswith("  unfinished: ")]
    assert len(inbox) == 8, inbox
    assert "  unfinished: Q2 Player 10 v Player 24 (Qual Rd, waiting for a player)" in inbox
    assert "  unfinished: Q1 Player 09 v Player 19 (Qual Rd)" in inbox
    _fire(db, datetime(2099, 9, 1, tzinfo=UTC))
    notices = _messages_with(db, "has reached its deadline")
    assert notices and all(n == notices[0] for n in notices)
    notice = notices[0]
    assert "has reached its deadline with 8 unfinished matches" in notice, notice
    assert "• Q2: Player 10 v Player 24 (waiting for a player)" in notice
    assert "• Q1: Player 09 v Player 19 (no game yet)" in notice
    assert "for each waiting for a player: choose who plays, /pending (para 29)" in notice


def test_a_match_made_playable_after_the_opening_is_in_the_inbox_reminders_and_notice(
    tmp_path: Path,
) -> None:
    """The club cup's Final after a finalist's slot was filled: M3 is "ready" in an open
    round. It is an unfinished match in the inbox, its players are reminded of the
    deadline, and the TDs' notice at the deadline offers its match bye."""
    db = str(tmp_path / "t.db")
    ok(db, "event", "create", str(CLUB_CUP))
    ok(db, "event", "draw", "club-cup", "--seed", "2026")
    ok(db, "round", "open", "club-cup", "SF", "--closes", "2099-01-01", "--unpaid-ok",
       "--why", "fees at the venue")
    for starter in ("--starter", None):
        extra = [starter, "Ann Lee"] if starter else []
        ok(db, "game", "report", "club-cup", "Ann Lee", "400", "Dev Rao", "300", *extra)
        extra = [starter, "Ben Ong"] if starter else []
        ok(db, "game", "report", "club-cup", "Ben Ong", "400", "Cai Wen", "300", *extra)
    ok(db, "round", "open", "club-cup", "Final", "--closes", "2099-02-01", "--unpaid-ok",
       "--why", "fees at the venue")
    ok(db, "players", "expel", "club-cup", "Ann Lee", "--why", "no show")
    ok(db, "players", "replace", "club-cup", "Ann Lee", "--with", "Dev Rao")
    assert state(db, "M3") == "ready"
    assert "  unfinished: M3 Dev Rao v Ben Ong (Final)" in ok(db, "event", "inbox", "club-cup")
    _fire(db, datetime(2099, 1, 31, tzinfo=UTC))  # 24 hours before the Final's close
    assert len(_messages_with(db, "Reminder: your <b>Final</b> match against")) == 2
    _fire(db, datetime(2099, 2, 2, tzinfo=UTC))
    [notice] = _messages_with(db, "Final</b> has reached its deadline")
    assert "with 1 unfinished match:\n• M3: Dev Rao v Ben Ong (no game yet)" in notice
    with sqlite3.connect(db) as conn:
        [(buttons,)] = conn.execute("SELECT buttons_json FROM outbox WHERE text_html = ?",
                                    (notice,)).fetchall()
    assert "M3: match bye to Dev Rao" in buttons and "Extend 7 days" in buttons
    # Extend 7 days tells M3's two players their new deadline
    async def extend() -> int:
        database = await open_database(Path(db))
        try:
            async with database.transaction() as tx:
                rnd = await find_round(tx, int(await tx.scalar("SELECT id FROM events")), "Final")
            assert rnd.closes_at is not None
            done = await desk.extend_round(database, Request.cli(datetime(2099, 2, 2, tzinfo=UTC)),
                                           rnd.id, extends_from=int(rnd.closes_at.timestamp()))
            return done.players_told
        finally:
            await database.close()
    assert asyncio.run(extend()) == 2
    assert len(_messages_with(db, "the TDs extended Final")) == 2
