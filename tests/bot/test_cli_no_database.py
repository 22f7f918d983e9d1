"""A command that needs the bot's database never makes one: in a folder without it, it says
so in one line and leaves the folder as it was. Only `tdbot db migrate` and `tdbot event
create` (and the bot, `tdbot run`) make a new database."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

#: Commands that read a database, and some that change an event in it.
NEEDS_ONE = [
    ("event", "list"),
    ("event", "show", "nope"),
    ("event", "export", "nope", "--to", "json"),
    ("event", "export", "nope", "--to", "tsh"),
    ("event", "journal", "nope"),
    ("event", "inbox", "nope"),
    ("event", "standings", "nope"),
    ("event", "chances", "nope"),
    ("event", "ratings", "nope"),
    ("event", "pairings", "nope"),
    ("event", "bracket", "nope", "--out", "pictures"),
    ("event", "draw", "nope", "--seed", "1"),
    ("ladder", "show", "club-ladder"),
    ("fees", "prizes", "nope"),
    ("fees", "pay", "nope", "Ann", "SF"),
    ("players", "invite", "nope", "td"),
    ("round", "open", "nope", "SF"),
    ("game", "report", "nope", "Ann", "400", "Ben", "300"),
    ("db", "backup", "copy.sqlite3"),
]


@pytest.fixture
def empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TDBOT_DB", raising=False)
    return tmp_path


@pytest.mark.parametrize("command", NEEDS_ONE, ids=" ".join)
def test_a_command_without_a_database_makes_none(empty: Path, command: tuple[str, ...]) -> None:
    result = CliRunner().invoke(app, list(command))
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        "tdbot: error: no database at tdbot.sqlite3: name the bot's database with --db (or "
        "TDBOT_DB), or make one with `tdbot event create FILE` or `tdbot db migrate`\n")
    assert list(empty.iterdir()) == []


def test_a_database_named_with_db_that_is_missing_is_not_made(empty: Path) -> None:
    missing = empty / "sub" / "typo.sqlite3"
    result = CliRunner().invoke(app, ["event", "show", "nope", "--db", str(missing)])
    assert result.exit_code == 2 and f"no database at {missing}:" in result.stderr
    assert list(empty.iterdir()) == []


@pytest.mark.parametrize("command", [("db", "migrate"),
                                     ("event", "create", "examples/sssg2016.toml")])
def test_migrate_and_event_create_make_the_database(empty: Path, command: tuple[str, ...]) -> None:
    root = Path(__file__).resolve().parents[2]
    args = [str(root / a) if a.startswith("examples/") else a for a in command]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert (empty / "tdbot.sqlite3").is_file()
    assert CliRunner().invoke(app, ["event", "list"]).exit_code == 0
