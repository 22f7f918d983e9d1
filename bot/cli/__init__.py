"""Entry point of the `tdbot` console script."""

from __future__ import annotations

from bot.cli import (  # noqa: F401
    between_cmds,
    club_cmds,
    club_db_cmds,
    correct_cmds,
    event_export_cmds,
    expel_cmds,
    fees_cmds,
    formats_cmds,
    held_cmds,
    knockout_cmds,
    ladder_cmds,
    match_cmds,
    pair_cmd,
    photo_cmds,
    platform_cmds,
    round_event_cmds,
    round_hold_cmds,
    run_cmds,
    sheet_cmds,
)
from bot.cli.app import app, run_main

__all__ = ["app", "main"]


def main() -> None:
    """``tdbot``: every error ends as one line (see ``bot.cli.app.run_main``)."""
    run_main()
