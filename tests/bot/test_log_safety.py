"""Secrets never reach a log, and user text cannot forge a log line (bot/logsafe.py).

In process: the real Application against the fake, every logger at DEBUG, a forged button
press whose data carries a newline and a fake log line, and a request line of the kind
httpx writes (its URL holds the token). Over HTTP, ``tdbot run``'s own stderr is checked
in tests/bot/test_telegram_http.py (``assert_no_secrets``).
"""

from __future__ import annotations

import logging

import pytest

from bot.logsafe import REDACTED, USER_TEXT_LIMIT, protect, redact, user_text
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import user

FORGED = "slip:agree:1\n2026-03-02 09:00:00 INFO bot.telegram: Tara TD approved everything"


def test_user_text_escapes_control_characters_and_cuts() -> None:
    assert user_text("a\nb\rc\x1b[31md\u2028e\tf") == "a\\nb\\rc\\x1b[31md\\u2028e\\tf"
    assert user_text("Zoë 412-380") == "Zoë 412-380"  # printable text stays as it is
    long = "x" * (USER_TEXT_LIMIT + 50)
    assert user_text(long) == "x" * USER_TEXT_LIMIT + f"... ({len(long)} characters)"
    assert user_text(None) == "None"


def test_a_token_and_its_secret_half_are_redacted_from_any_logger(
        caplog: pytest.LogCaptureFixture) -> None:
    protect("42:AAH-secret-half-of-a-token", None, "")
    caplog.set_level(logging.DEBUG)
    logging.getLogger("some.library").info("GET https://api.telegram.org/bot%s/getMe",
                                           "42:AAH-secret-half-of-a-token")
    logging.getLogger("other").warning("half: AAH-secret-half-of-a-token")
    try:
        raise RuntimeError("failed: https://x/bot42:AAH-secret-half-of-a-token/getUpdates")
    except RuntimeError:
        logging.getLogger("other").exception("while polling")
    assert "AAH-secret-half-of-a-token" not in caplog.text
    assert caplog.text.count(REDACTED) >= 3  # the traceback quotes its source line too
    assert redact("bot42:AAH-secret-half-of-a-token") == f"bot{REDACTED}"


async def test_a_run_in_process_logs_no_token_and_no_forged_line(
        bot: BotUnderTest, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    token = bot.telegram.token
    ann = user(bot, "Ann Lee")
    await bot.say(ann, "412-380")
    bot.telegram.user_forges_tap(ann, FORGED)
    await bot.settle()
    # what httpx writes for every request when the bot talks to Telegram over HTTP
    logging.getLogger("httpx").info('HTTP Request: POST %s "HTTP/1.1 200 OK"',
                                    f"https://api.telegram.org/bot{token}/getUpdates")
    assert caplog.records, "nothing was logged"
    assert token not in caplog.text and token.partition(":")[2] not in caplog.text
    for record in caplog.records:
        assert "\n" not in record.getMessage(), record.getMessage()
    refused = [r.getMessage() for r in caplog.records if "refused the press" in r.getMessage()]
    assert refused and "slip:agree:1\\n2026-03-02" in refused[0]
