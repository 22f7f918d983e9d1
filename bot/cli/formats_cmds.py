"""Commands of the tdbot CLI (see bot/cli/app.py)."""

from __future__ import annotations

from bot.cli.app import app, fail  # noqa: F401
