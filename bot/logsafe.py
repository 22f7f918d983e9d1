"""What may go into a log line: never a secret, and user text only escaped and cut.

The bot token is part of every Bot API URL (``.../bot<token>/getUpdates``), so any logger
that prints a URL -- httpx's request lines, an exception naming the URL -- would write it
to the log, and whoever reads the log could act as the bot. ``protect`` registers the
token and the webhook secret; from then on every log record has them replaced by
``REDACTED`` as it is made (a record factory, so it holds for every handler, including
ones added later), its traceback too.

User text (a file name, a forged button's data) goes into a log line through
``user_text``: newlines and other control characters escaped, so a message cannot start
a line of its own that looks like the bot's, and cut to ``USER_TEXT_LIMIT`` characters.
"""

from __future__ import annotations

import logging
from typing import Any

REDACTED = "[REDACTED]"
USER_TEXT_LIMIT = 80

_secrets: set[str] = set()
_installed = False


def _escape(ch: str) -> str:
    return ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")


def user_text(value: object, limit: int = USER_TEXT_LIMIT) -> str:
    """``value`` as one log-safe line: control characters (newlines, carriage returns,
    escape sequences, Unicode line separators) escaped, cut to ``limit`` characters with
    the full length said."""
    text = value if isinstance(value, str) else repr(value)
    shown = "".join(_escape(ch) for ch in text[:limit])
    return shown if len(text) <= limit else f"{shown}... ({len(text)} characters)"


def redact(text: str) -> str:
    """``text`` with every protected secret replaced (the longest first, so a token's
    secret half inside the whole token leaves no trace)."""
    for secret in sorted(_secrets, key=len, reverse=True):
        text = text.replace(secret, REDACTED)
    return text


def protect(*secrets: str | None) -> None:
    """Keep these out of every log record from now on. A bot token also protects its
    secret half (after the colon), which is what an attacker needs."""
    for secret in secrets:
        if not secret:
            continue
        _secrets.add(secret)
        _id, colon, half = secret.partition(":")
        if colon and len(half) >= 8:
            _secrets.add(half)
    _install()


def _install() -> None:
    global _installed
    if _installed:
        return
    made = logging.getLogRecordFactory()

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = made(*args, **kwargs)
        if _secrets:
            _clean(record)
        return record

    logging.setLogRecordFactory(factory)
    _installed = True


def _clean(record: logging.LogRecord) -> None:
    try:
        message = record.getMessage()
    except Exception:  # a malformed call: logging reports it; show the raw parts redacted
        message = f"{record.msg} {record.args}"
    clean = redact(message)
    if clean != message:
        record.msg, record.args = clean, ()
    if record.exc_info and record.exc_info[1] is not None:
        text = logging.Formatter().formatException(record.exc_info)
        record.exc_text = redact(text)
    if record.stack_info:
        record.stack_info = redact(record.stack_info)
