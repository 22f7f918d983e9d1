"""`tdbot event export EVENT --json|--csv` and `tdbot bracket EVENT --out DIR`: a stored
event as data, and its bracket pictures, from the database.

The JSON's decided matches have the shape of `tdbot simulate --json` (``core.event_record``),
every other match beside them with its state (``bot/service/export.py``); the CSV is every
game (``bot/service/result_sheet.py``); the pictures are the ones the bot sends
(``bot/service/brackets.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from bot.cli.app import app, fail
from bot.cli.platform_cmds import DbOption, _use, event_app
from bot.cli.sheet_cmds import print_sheet
from bot.service import brackets, export
from bot.service.events import lookup_event
from bot.store.db import Database

EventArg = Annotated[str, typer.Argument(help="The event's slug or id")]


@event_app.command("export")
def event_export(
    event: EventArg,
    as_json: bool = typer.Option(False, "--json", help="Every match as JSON, in the shape of "
                                 "`tdbot simulate --json`, with its state."),
    as_csv: bool = typer.Option(False, "--csv", help="Every game as CSV: round, match, players, "
                                "scores, starter, winner or tie, final or not."),
    out: Path | None = typer.Option(None, "--out", help="Write the CSV here (with --csv)."),
    db: DbOption = None,
) -> None:
    """Print every match of the event (open ones with their games so far and their state),
    and the places once the event is over; or every game as a spreadsheet (--csv)."""
    if as_json == as_csv:
        fail("say --json (every match, in the shape of `tdbot simulate --json`) or --csv "
             "(every game, a line each)")
    if as_csv:
        print_sheet(event, "results", out, db)
        return
    if out is not None:
        fail("--out is for --csv; --json prints to standard output")

    async def work(database: Database) -> dict[str, Any]:
        found = await lookup_event(database, event)
        return await export.export_event(database, found.id)

    typer.echo(json.dumps(_use(db, work), indent=2, ensure_ascii=False))


@app.command("bracket")
def bracket_cmd(
    event: EventArg,
    out: Path = typer.Option(
        ..., "--out", help="A folder: one PNG per picture, DIR/top-upper.png ... (made if need be)"),
    division: str | None = typer.Option(
        None, "--division", help="Only this division's pictures (top, plate, qualifying ...)"),
    db: DbOption = None,
) -> None:
    """Draw the event's bracket pictures, as the bot sends them, from the database: one
    PNG per picture in the folder --out, each file printed as it is written."""
    if out.is_file() or (out.suffix.lower() == ".png" and not out.is_dir()):
        fail(f"--out {out}: give a folder; the bracket is several pictures, one PNG each "
             f"(e.g. --out {out.with_suffix('')})")

    async def work(database: Database) -> list[tuple[str, bytes]]:
        found = await lookup_event(database, event)
        return await brackets.bracket_files(database, found.id, division)

    pictures = _use(db, work)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"--out {out}: cannot make the folder ({exc.strerror or exc})")
    for name, png in pictures:
        path = out / f"{name}.png"
        try:
            path.write_bytes(png)
        except OSError as exc:
            fail(f"--out {out}: cannot write {path} ({exc.strerror or exc})")
        typer.echo(f"Wrote {path}")
