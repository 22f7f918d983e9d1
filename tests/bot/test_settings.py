"""Settings (bot/settings.py): a key left empty in ``.env`` means "not set".

"Telegram adapter": the token and the webhook come from ``TDBOT_*`` or a ``.env``
file; webhook mode only with ``--webhook-url`` (or its setting). A ``TDBOT_WEBHOOK_URL=``
line must not switch webhook mode on.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.settings import Settings

EMPTY_KEYS = (
    "TDBOT_WEBHOOK_URL=\nTDBOT_WEBHOOK_SECRET=\nTDBOT_BASE_URL=\nTDBOT_BASE_FILE_URL=\n"
    "TDBOT_DB=\nTDBOT_PORT=\nTDBOT_LISTEN=\nTDBOT_ORGANISERS=\nTDBOT_BOT_USERNAME=\n"
)


def test_empty_keys_in_dotenv_are_not_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("TDBOT_TOKEN=\n" + EMPTY_KEYS)
    settings = Settings()
    assert settings.token is None
    assert settings.webhook_url is None and settings.webhook_secret is None
    assert settings.base_url is None and settings.base_file_url is None
    assert settings.db == Path("./tdbot.sqlite3") and settings.port == 8443
    assert settings.listen == "127.0.0.1" and settings.bot_username is None
    assert settings.organisers == []


def test_empty_environment_variable_is_not_set(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TDBOT_WEBHOOK_URL", "")
    monkeypatch.setenv("TDBOT_WEBHOOK_SECRET", "")
    assert Settings().webhook_url is None and Settings().webhook_secret is None


def test_run_with_empty_webhook_url_polls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``TDBOT_WEBHOOK_URL=`` the bot starts long polling: pointed at a closed port it
    fails to reach the Bot API, not on "--webhook-url: '' must be an https:// URL"."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(
        "TDBOT_TOKEN=123:abc\nTDBOT_BASE_URL=http://127.0.0.1:9/bot\n"
        f"TDBOT_DB={tmp_path / 'bot.db'}\nTDBOT_WEBHOOK_URL=\nTDBOT_WEBHOOK_SECRET=\n"
    )
    result = CliRunner().invoke(app, ["run"])
    assert result.exit_code == 2
    assert "cannot reach the Bot API at http://127.0.0.1:9/bot" in result.stderr
    assert "webhook" not in result.stderr


def test_virtual_pacing_is_refused_against_telegram(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """``TDBOT_PACE=virtual`` (no real wait for Telegram's limits: bench/crash.py's bot
    against the fake) is refused without a --base-url, so the bot talking to Telegram
    always keeps its limits; with one (here a closed port) the bot goes on to start."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(f"TDBOT_TOKEN=123:abc\nTDBOT_DB={tmp_path / 'bot.db'}\n"
                                   "TDBOT_PACE=virtual\n")
    refused = CliRunner().invoke(app, ["run"])
    assert refused.exit_code == 2
    assert "TDBOT_PACE=virtual" in refused.stderr and "--base-url" in refused.stderr
    assert not (tmp_path / "bot.db").exists()
    started = CliRunner().invoke(app, ["run", "--base-url", "http://127.0.0.1:9/bot"])
    assert started.exit_code == 2
    assert "cannot reach the Bot API at http://127.0.0.1:9/bot" in started.stderr
    assert Settings().pace == "virtual"
    monkeypatch.delenv("TDBOT_PACE", raising=False)
    (tmp_path / ".env").write_text("TDBOT_TOKEN=123:abc\n")
    assert Settings().pace == "real"
