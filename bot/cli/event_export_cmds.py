"""`tdbot event export EVENT --json` and `tdbot bracket EVENT --out FILE.png`: a stored
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
    out: Path = typer.Option(..., "--out", help="FILE.png: one file per picture, FILE-top.png ..."),
    division: str | None = typer.Option(
        None, "--division", help="Only this division's pictures (top, plate, qualifying ...)"),
    db: DbOption = None,
) -> None:
    """Draw the event's bracket pictures, as the bot sends them, from the database."""
    if out.suffix.lower() != ".png":
        fail(f"--out {out}: give a file name ending in .png, e.g. bracket.png")
    if not out.parent.is_dir():
        fail(f"--out {out}: the folder {out.parent} does not exist")

    async def work(database: Database) -> list[tuple[str, bytes]]:
        found = await lookup_event(database, event)
        return await brackets.bracket_files(database, found.id, division)

    for name, png in _use(db, work):
        path = out.with_name(f"{out.stem}-{name}.png")
        try:
            path.write_bytes(png)
        except OSError as exc:
            fail(f"--out {out}: cannot write {path} ({exc.strerror or exc})")
        typer.echo(f"Wrote {path}")
