"""A date typed wrong is answered with the form to write it in (YYYY-MM-DD), never with an
example date in the past: a TD who copies the example must not set a deadline that has
already gone."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
CLUB_CUP = Path(__file__).parent / "data" / "club_cup.toml"


def refused(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 2, result.output
    return result.stderr


def no_past_example(message: str) -> None:
    """Every date the message shows is after today."""
    for found in re.findall(r"\d{4}-\d{2}-\d{2}", message):
        assert date.fromisoformat(found) > date.today(), message


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "t.db")
    for args in (("event", "create", str(CLUB_CUP)), ("event", "draw", "club-cup", "--seed", "1")):
        assert CliRunner().invoke(app, [*args, "--db", path]).exit_code == 0
    return path


def test_a_closing_date_typed_wrong_gives_the_form(db: str) -> None:
    err = refused("round", "open", "club-cup", "SF", "--closes", "30/09", "--unpaid-ok",
                  "--why", "x", "--db", db)
    assert "closing time '30/09': write it as YYYY-MM-DD (the end of that day) or " \
           "YYYY-MM-DDTHH:MM" in err
    no_past_example(err)


def test_a_hold_date_typed_wrong_gives_the_form(db: str) -> None:
    assert CliRunner().invoke(app, ["round", "open", "club-cup", "SF", "--closes", "2099-01-01",
                                    "--unpaid-ok", "--why", "x", "--db", db]).exit_code == 0
    err = refused("round", "hold", "club-cup", "SF", "--until", "next week", "--why", "rain",
                  "--db", db)
    assert "write it as YYYY-MM-DD" in err
    no_past_example(err)


def test_a_start_typed_wrong_gives_the_form(tmp_path: Path) -> None:
    err = refused("event", "create", str(CLUB_CUP), "--start", "1/9/2025",
                  "--db", str(tmp_path / "t.db"))
    assert "--start '1/9/2025': not a date; write it as YYYY-MM-DD or today" in err
    no_past_example(err)


def test_a_time_typed_wrong_gives_the_form(tmp_path: Path, db: str) -> None:
    err = refused("game", "report", "club-cup", "Ann Lee", "400", "Dev Rao", "300",
                  "--starter", "Ann Lee", "--at", "yesterday", "--db", db)
    assert "--at 'yesterday': write it as YYYY-MM-DD HH:MM" in err
    no_past_example(err)
    club = tmp_path / "club.json"
    assert CliRunner().invoke(app, ["ladder", "new", str(club), "--players", "Ann,Bob"]) \
        .exit_code == 0
    err = refused("ladder", "challenge", str(club), "Bob", "Ann", "--at", "tonight")
    assert "--at 'tonight': write it as YYYY-MM-DD HH:MM (UTC)" in err
    no_past_example(err)


def test_a_definition_date_typed_wrong_gives_the_form(tmp_path: Path) -> None:
    definition = tmp_path / "cup.toml"
    definition.write_text(CLUB_CUP.read_text().replace("closes = 2026-03-09",
                                                       'closes = "soon"'))
    err = refused("event", "create", str(definition), "--db", str(tmp_path / "t.db"))
    assert "rounds[0].closes: must be a date, YYYY-MM-DD, or a date and time, " \
           "YYYY-MM-DDTHH:MM" in err
    no_past_example(err)


def test_the_help_shows_the_forms_not_old_dates() -> None:
    for command in (["round", "open"], ["round", "hold"], ["event", "create"],
                    ["game", "report"], ["ladder", "challenge"]):
        out = CliRunner().invoke(app, [*command, "--help"], terminal_width=200).stdout
        no_past_example(out)
