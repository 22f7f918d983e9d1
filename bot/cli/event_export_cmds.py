"""`tdbot event export EVENT --json` and `tdbot bracket EVENT --out DIR`: a stored
event as data, and its bracket pictures, from the database.

The export has exactly the shape of `tdbot simulate --json` (``core.event_record``); the
pictures are the ones the bot sends (``bot/service/brackets.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from bot.cli.app import app, fail
from bot.cli.platform_cmds import DbOption, _use, event_app
from bot.service import brackets, export
from bot.service.events import lookup_event
from bot.store.db import Database

EventArg = Annotated[str, typer.Argument(help="The event's slug or id")]


@event_app.command("export")
def event_export(
    event: EventArg,
    as_json: bool = typer.Option(False, "--json", help="Print the event as JSON (the only form)"),
    db: DbOption = None,
) -> None:
    """Print every decided match with its games, and the places once the event is over,
    in the shape of `tdbot simulate --json`."""
    if not as_json:
        fail("say --json: the export is JSON, in the shape of `tdbot simulate --json`")

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
