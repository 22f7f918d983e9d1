"""`tdbot fees csv EVENT`: a stored event's fees as a treasurer's spreadsheet
(``bot/service/fees/fee_sheet.py``), what ``/export`` sends a TD in the chat with the results
(``tdbot event export EVENT --to csv``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli.app import EventArg, fees_app, write_out
from bot.cli.options import DbOption, use_db

if TYPE_CHECKING:
    from bot.store.db import Database


@fees_app.command("csv")
def fees_csv(
    event: EventArg,
    out: Annotated[Path | None, typer.Option(
        "--out", help="Write the CSV file here instead of printing it.")] = None,
    db: DbOption = None,
) -> None:
    """Print each player's fee per round or club night, due, paid and owed, as CSV.

    Then the totals per round, per player and in all; money in the event's currency."""
    from bot.service.events import export_files
    from bot.service.events.lookup import lookup_event

    async def work(database: Database) -> tuple[str, str]:
        found = await lookup_event(database, event)
        return await export_files.read_sheet(database, found.id, "fees")

    _, text = use_db(db, work)
    write_out(text, out)
    if out is not None:
        typer.echo(f"Wrote {out}")
