"""`tdbot fees cost` and `tdbot fees prizes` (SSSg 2016 Annex A paras 7-9): the pools come from the
fees actually paid, costs come off in proportion, 90% goes to prizes, and para 8's
guarantees (multiples of the fees each winner paid) are checked against the pool.

The club cup: SF (M1 Ann Lee v Dev Rao, M2 Ben Ong v Cai Wen), best of 3, and a Final,
best of 5; SGD 5 a round.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

CLUB_CUP = Path(__file__).parent / "data" / "club_cup.toml"


def run(db: str, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [*args, "--db", db])
    return result.exit_code, result.stdout, result.stderr


def ok(db: str, *args: str) -> str:
    code, out, err = run(db, *args)
    assert code == 0, err
    return out


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "t.db")
    ok(path, "event", "create", str(CLUB_CUP))
    ok(path, "event", "draw", "club-cup", "--seed", "2026")
    return path


def play_out(db: str) -> None:
    """Everyone pays the SF; Ann and Ben win their SFs 2-0 and pay the Final; Ann wins it."""
    closes = (datetime.now(UTC) + timedelta(days=30)).date().isoformat()
    for name in ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao"):
        ok(db, "fees", "pay", "club-cup", name, "SF")
    ok(db, "round", "open", "club-cup", "SF", "--closes", closes)
    for winner, loser in (("Ann Lee", "Dev Rao"), ("Ben Ong", "Cai Wen")):
        ok(db, "game", "report", "club-cup", winner, "400", loser, "300", "--starter", winner)
        ok(db, "game", "report", "club-cup", winner, "410", loser, "320")
    ok(db, "round", "close", "club-cup", "SF")
    for name in ("Ann Lee", "Ben Ong"):
        ok(db, "fees", "pay", "club-cup", name, "Final")
    ok(db, "round", "open", "club-cup", "Final", "--closes", closes)
    ok(db, "game", "report", "club-cup", "Ann Lee", "400", "Ben Ong", "300", "--starter", "Ann Lee")
    for _ in range(2):
        ok(db, "game", "report", "club-cup", "Ann Lee", "400", "Ben Ong", "300")


def test_prizes_before_the_end_show_the_pool_and_wait_for_the_guarantees(db: str) -> None:
    ok(db, "fees", "pay", "club-cup", "Ann Lee", "SF")
    ok(db, "fees", "pay", "club-cup", "Dev Rao", "SF")
    out = ok(db, "fees", "cost", "club-cup", "2.50", "--note", "scoresheets")
    assert out == "cost recorded: SGD 2.50 (scoresheets); costs so far SGD 2.50\n"
    lines = ok(db, "fees", "prizes", "club-cup").splitlines()
    assert "Fees SGD 10.00, costs SGD 2.50." in lines
    assert "Share of costs SGD 2.50, leaving SGD 7.50" in lines
    assert "Prizes (90%) SGD 6.75, to the SA SGD 0.75" in lines
    assert any("4 players, 4 prizes" in line for line in lines)
    assert lines[-1].startswith("Para 8 guarantees are multiples of the fees each winner paid")


def test_a_finished_event_with_costs_shows_the_guarantees_and_the_shortfall(db: str) -> None:
    play_out(db)
    ok(db, "fees", "cost", "club-cup", "10", "--note", "venue")
    lines = ok(db, "fees", "prizes", "club-cup").splitlines()
    assert "Fees SGD 30.00, costs SGD 10.00." in lines
    assert "Prizes (90%) SGD 18.00, to the SA SGD 2.00" in lines
    # para 8: First 2.5x and Second 2x the SGD 10 they paid, Third 1.5x and Fourth more
    # than the SGD 5 they paid
    assert "1st SGD 25.00 (2.5x SGD 10.00 paid)" in lines
    assert "2nd SGD 20.00 (2x SGD 10.00 paid)" in lines
    assert "3rd SGD 7.50 (1.5x SGD 5.00 paid)" in lines
    assert "4th SGD 5.01 (more than SGD 5.00 paid)" in lines
    assert any(line.startswith("SHORT by SGD 39.51: the guarantees need SGD 57.51, the pool "
                               "is SGD 18.00.") for line in lines)


def test_a_cost_needs_a_note_and_a_real_amount(db: str) -> None:
    code, out, err = run(db, "fees", "cost", "club-cup", "10")
    assert code == 2 and "--note is required" in err
    code, out, err = run(db, "fees", "cost", "club-cup", "ten", "--note", "venue")
    assert code == 2 and "AMOUNT 'ten'" in err
    code, out, err = run(db, "fees", "prizes", "club-cup")
    assert code == 0 and "Fees SGD 0.00, costs SGD 0.00." in out


def test_a_misspelt_name_gets_a_suggestion(db: str) -> None:
    """The command line and the chat name players by one rule (core.names): a name that
    matches nobody is answered with the closest names."""
    code, out, err = run(db, "fees", "pay", "club-cup", "Ann Lea", "SF")
    assert code == 2 and out == ""
    assert err == ("tdbot: error: player 'Ann Lea': no such player in club-cup (did you mean "
                   "Ann Lee?)\n")
