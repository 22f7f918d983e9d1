"""`tdbot fees csv EVENT` and `tdbot event export EVENT --csv`: a stored event's fees and
results as spreadsheets (``bot/service/export_files.py``), what ``/export`` sends a TD in
the chat."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bot.cli.app import app, write_out
from bot.cli.platform_cmds import DbOption, _use
from bot.service import export_files
from bot.service.events import lookup_event
from bot.store.db import Database

fees_app = typer.Typer(help="An event's fees as numbers.", no_args_is_help=True)
app.add_typer(fees_app, name="fees")

EventArg = Annotated[str, typer.Argument(help="The event's slug or id")]
OutOption = Annotated[Path | None, typer.Option(
    "--out", help="Write the CSV file here instead of printing it.")]


def print_sheet(event: str, which: str, out: Path | None, db: Path | None) -> None:
    """One sheet of the event, printed or written to ``out``."""

    async def work(database: Database) -> tuple[str, str]:
        found = await lookup_event(database, event)
        return await export_files.read_sheet(database, found.id, which)

    _, text = _use(db, work)
    write_out(text, out)
    if out is not None:
        typer.echo(f"Wrote {out}")


@fees_app.command("csv")
def fees_csv(event: EventArg, out: OutOption = None, db: DbOption = None) -> None:
    """Each player's fee per round (a club: per night), due, paid and owed, with the totals
    per round, per player and in all, as CSV in the event's currency."""
    print_sheet(event, "fees", out, db)
