"""Entry point of the `tdbot` console script.

Every command module is imported here, and each registers its commands on the groups of
``bot.cli.app`` when it is. A command imports the service, the store and the heavy parts of
the core inside its own function, not at the top of its module: ``tdbot --help`` then loads
no command's use-cases, and ``tdbot game report`` only the reporting use-case's. That is the
accepted pattern for a command line's entry point (``tests/bot/test_cli_startup.py`` checks
that ``tdbot --help`` loads neither the service nor Telegram, Pillow, rustworkx or psycopg);
elsewhere, imports stand at the top of a module.
"""

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
    outlook_cmds,
    pair_cmd,
    photo_cmds,
    platform_cmds,
    round_event_cmds,
    round_hold_cmds,
    run_cmds,
    sheet_cmds,
    site_cmds,
)
from bot.cli.app import app, run_main

__all__ = ["app", "main"]


def main() -> None:
    """``tdbot``: every error ends as one line (see ``bot.cli.app.run_main``)."""
    run_main()
