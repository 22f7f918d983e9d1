"""The people half of the command line: what `players import` and `journal` print, and
the bot username an event remembers for its links."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "sssg2016.toml"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def links(out: str) -> dict[str, str]:
    """name -> the start code of each personal link printed."""
    return dict(re.findall(r"^  (.+?): https://t\.me/\w+\?start=([\w-]+)$", out, re.M))


def test_players_import_lists_the_links_of_the_players_it_entered(
    runner: CliRunner, tmp_path: Path
) -> None:
    db = str(tmp_path / "t.db")
    assert run(runner, "event", "create", str(EXAMPLE), "--db", db, "--bot-username", "B")[0] == 0
    first = tmp_path / "first.csv"
    first.write_text("name,rating\nAnn,1800\nBob,1700\n")
    code, out, err = run(runner, "players", "import", "sssg-2016", str(first), "--db", db)
    assert code == 0, err
    assert "entered 2 player(s); personal invite links for the 2 not on Telegram yet:" in out
    before = links(out)
    assert sorted(before) == ["Ann", "Bob"]
    second = tmp_path / "second.csv"
    second.write_text("name,rating,telegram_id\nCal,1600,\nDee,1500,77\nEve,1400,\n")
    code, out, err = run(runner, "players", "import", "sssg-2016", str(second), "--db", db)
    assert code == 0, err
    # Dee is on Telegram already (her id is in the file): she needs no link
    assert "entered 3 player(s); personal invite links for the 2 not on Telegram yet:" in out
    assert sorted(links(out)) == ["Cal", "Eve"]
    everyone = tmp_path / "linked.csv"
    everyone.write_text("name,rating,telegram_id\nFay,1300,78\n")
    code, out, err = run(runner, "players", "import", "sssg-2016", str(everyone), "--db", db)
    assert code == 0, err
    assert out.strip() == "entered 1 player(s); all of them are on Telegram already"


def test_journal_says_when_it_shows_only_the_last_entries(
    runner: CliRunner, tmp_path: Path
) -> None:
    db = str(tmp_path / "t.db")
    assert run(runner, "event", "create", str(EXAMPLE), "--db", db)[0] == 0
    code, out, _ = run(runner, "event", "journal", "sssg-2016", "--db", db, "--limit", "1000")
    total = len(out.splitlines())
    assert code == 0 and total > 3 and "--limit" not in out  # all of them: nothing to say
    code, out, _ = run(runner, "event", "journal", "sssg-2016", "--db", db, "--limit", "2")
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[-1] == f"the last 2 of {total} entries (--limit to see more)"


@pytest.fixture
def no_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No TDBOT_BOT_USERNAME in the environment or a .env file."""
    monkeypatch.delenv("TDBOT_BOT_USERNAME", raising=False)
    monkeypatch.chdir(tmp_path)


@pytest.mark.usefixtures("no_settings")
def test_an_event_remembers_the_bot_username_it_was_created_with(
    runner: CliRunner, tmp_path: Path
) -> None:
    db = str(tmp_path / "t.db")
    code, out, err = run(runner, "event", "create", str(EXAMPLE), "--db", db,
                         "--bot-username", "@SSSgBot")
    assert code == 0 and "https://t.me/SSSgBot?start=" in out and err == "", err
    csv = tmp_path / "p.csv"
    csv.write_text("name,rating\nAnn,1800\n")
    code, out, err = run(runner, "players", "import", "sssg-2016", str(csv), "--db", db)
    assert code == 0 and err == "", err  # no "replace YOUR_BOT" note
    assert re.search(r"^  Ann: https://t\.me/SSSgBot\?start=", out, re.M), out
    code, out, err = run(runner, "players", "invite", "sssg-2016", "adjudicator", "--db", db)
    assert code == 0 and out.startswith("https://t.me/SSSgBot?start=") and err == ""
    # --bot-username still overrides it, for this command only
    code, out, _ = run(runner, "players", "invite", "sssg-2016", "player", "--db", db,
                       "--bot-username", "OtherBot")
    assert out.startswith("https://t.me/OtherBot?start=")
    code, out, _ = run(runner, "players", "invite", "1", "player", "--db", db)
    assert out.startswith("https://t.me/SSSgBot?start=")


@pytest.mark.usefixtures("no_settings")
def test_an_event_created_without_a_username_still_says_how_to_fix_its_links(
    runner: CliRunner, tmp_path: Path
) -> None:
    db = str(tmp_path / "t.db")
    assert run(runner, "event", "create", str(EXAMPLE), "--db", db)[0] == 0
    code, out, err = run(runner, "players", "invite", "sssg-2016", "player", "--db", db)
    assert code == 0 and out.startswith("https://t.me/YOUR_BOT?start=")
    assert "TDBOT_BOT_USERNAME" in err
