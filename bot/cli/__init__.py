"""Entry point of the `tdbot` console script."""

from __future__ import annotations

from bot.cli import formats_cmds, knockout_cmds, match_cmds, pair_cmd, platform_cmds, run_cmds  # noqa: F401
from bot.cli.app import app


def main() -> None:
    app()
