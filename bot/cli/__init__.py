"""Entry point of the `tdbot` console script."""

from __future__ import annotations

import bot.cli.photo_cmds  # noqa: F401
from bot.cli import formats_cmds, knockout_cmds, match_cmds, pair_cmd, platform_cmds, run_cmds  # noqa: F401
from bot.cli.app import app, run_main

__all__ = ["app", "main"]


def main() -> None:
    """``tdbot``: every error ends as one line (see ``bot.cli.app.run_main``)."""
    run_main()
