"""The `tdbot` entry point: whatever a command lets escape ends as one line. Bad input
exit 2, a bug exit 1 with its type and message (TDBOT_DEBUG=1 for the traceback); typer's
own usage errors as typer prints them; ``--version`` from the package metadata."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from importlib.metadata import version
from pathlib import Path

import pytest

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app, run_main
from bot.service.platform.errors import Invalid


@pytest.fixture
def command() -> Iterator[Callable[[Callable[[], None]], None]]:
    """Add a throw-away ``tdbot probe`` command that runs the given body."""
    before = list(app.registered_commands)

    def add(body: Callable[[], None]) -> None:
        app.command("probe")(body)

    yield add
    app.registered_commands[:] = before


def exit_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as ended:
        run_main(argv)
    out, err = capsys.readouterr()
    code = ended.value.code
    return (code if isinstance(code, int) else 0), out, err


def test_an_unexpected_exception_is_one_line_with_exit_1(
    command: Callable[[Callable[[], None]], None], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("TDBOT_DEBUG", raising=False)

    def probe() -> None:
        raise KeyError("round 7")

    command(probe)
    code, out, err = exit_of(["probe"], capsys)
    assert code == 1 and out == ""
    assert err == ("tdbot: internal error: KeyError: 'round 7' "
                   "(set TDBOT_DEBUG=1 for the traceback)\n")


def test_a_message_of_several_lines_becomes_one(
    command: Callable[[Callable[[], None]], None], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("TDBOT_DEBUG", raising=False)

    def probe() -> None:
        raise ValueError("2 validation errors\n  name\n    too short")

    command(probe)
    code, _, err = exit_of(["probe"], capsys)
    assert code == 1 and err == ("tdbot: internal error: ValueError: 2 validation errors name "
                                 "too short (set TDBOT_DEBUG=1 for the traceback)\n")


def test_tdbot_debug_shows_the_traceback(
    command: Callable[[Callable[[], None]], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TDBOT_DEBUG", "1")

    def probe() -> None:
        raise ZeroDivisionError("the bug")

    command(probe)
    with pytest.raises(ZeroDivisionError, match="the bug"):
        run_main(["probe"])


def test_bad_input_that_escapes_a_command_is_one_line_with_exit_2(
    command: Callable[[Callable[[], None]], None], capsys: pytest.CaptureFixture[str]
) -> None:
    def probe() -> None:
        raise Invalid("round 9 does not exist; `tdbot event show` lists the rounds")

    command(probe)
    code, _, err = exit_of(["probe"], capsys)
    assert code == 2
    assert err == "tdbot: error: round 9 does not exist; `tdbot event show` lists the rounds\n"


def test_typers_usage_errors_stay_as_they_are(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = exit_of(["event", "create"], capsys)
    assert code == 2
    assert "Usage: tdbot event create" in err and "Missing argument 'file'" in err


def test_version_comes_from_the_package(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = exit_of(["--version"], capsys)
    assert code == 0 and out == f"tdbot {version('tdbot')}\n"


def test_the_installed_script_prints_its_version(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "tdbot"
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True,
                            timeout=60, cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "tdbot 0.1.0\n")


def test_a_definition_nested_too_deep_is_one_line_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text('[event]\nslug = "ab"\nname = "x"\nformat = "sssg"\n'
                    "x = " + "[" * 500 + "]" * 500 + "\n")
    code, _, err = exit_of(["event", "create", str(deep), "--db", str(tmp_path / "t.db")],
                           capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("tdbot: error: deep.toml: ")
    assert "nested" in err
