"""`tdbot event export EVENT --to FORMAT` and `tdbot event bracket EVENT --out DIR`: a stored
event as data or as a results file, and its bracket pictures, from the database.

One export command for every kind of event: ``--to json`` is every match, the decided ones
in the shape of `tdbot files simulate --json` (``core.event_record``), every other one with
its state (``bot/service/events/export.py``); ``--to csv`` is every game, a line each
(``bot/service/events/result_sheet.py``); ``--to tsh``, ``naspa``, ``naspa-scores`` and ``trf``
are a round-based event's results so far (``bot/service/formats/rounds/round_events.py``). The chat's
/export sends the CSV, and a round-based event's files. The pictures are the ones the bot
sends (``bot/service/formats/knockout/brackets.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from bot.cli.app import EventArg, event_app, fail, write_out
from bot.cli.options import DbOption, use_db

if TYPE_CHECKING:
    from bot.store.db import Database

@event_app.command("export")
def event_export(
    event: EventArg,
    to: str = typer.Option(..., "--to", help="json (every match, with its state and games), "
                           "csv (every game: round, match, players, scores, starter, winner or "
                           "tie, final or not), or a round-based event's results: tsh, naspa, "
                           "naspa-scores or trf."),
    out: Path | None = typer.Option(None, "--out", help="Write here instead of to stdout."),
    db: DbOption = None,
) -> None:
    """Write an event's results so far as JSON, CSV, a tsh .t, NASPA or TRF file.

    JSON lists every match (open ones with their games so far and their state), and the
    places once the event is over, the decided matches in the shape of `tdbot files simulate
    --json`."""
    from bot.service.events import export, export_files
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.rounds import round_events

    # every match as data, every game as a sheet, or a round-based event's results file
    exports = ("json", "csv", *round_events.EXPORTS)

    if to not in exports:
        fail(f"--to {to}: choose one of {', '.join(exports)}")

    async def as_json(database: Database) -> dict[str, Any]:
        found = await lookup_event(database, event)
        return await export.export_event(database, found.id)

    async def as_file(database: Database) -> tuple[str, str]:
        found = await lookup_event(database, event)
        if to == "csv":
            return await export_files.read_sheet(database, found.id, "results")
        return await round_events.read_export(database, found.id, to)

    if to == "json":
        text = json.dumps(use_db(db, as_json), indent=2, ensure_ascii=False) + "\n"
    else:
        _, text = use_db(db, as_file)
    write_out(text, out)


@event_app.command("bracket")
def bracket_cmd(
    event: EventArg,
    out: Path = typer.Option(
        ..., "--out", help="A folder: one PNG per picture, DIR/top-upper.png ... (made if need be)"),
    division: str | None = typer.Option(
        None, "--division", help="Only this division's pictures (top, plate, qualifying ...)"),
    db: DbOption = None,
) -> None:
    """Draw the event's bracket pictures, as the bot sends them, one PNG each in the folder --out.

    Each file is printed as it is written."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.knockout import brackets

    if out.is_file() or (out.suffix.lower() == ".png" and not out.is_dir()):
        fail(f"--out {out}: give a folder; the bracket is several pictures, one PNG each "
             f"(e.g. --out {out.with_suffix('')})")

    async def work(database: Database) -> list[tuple[str, bytes]]:
        found = await lookup_event(database, event)
        return await brackets.bracket_files(database, found.id, division)

    pictures = use_db(db, work)
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


@event_app.command("site")
def site_cmd(
    event: EventArg,
    out: Path = typer.Option(
        ..., "--out", help="A folder: DIR/index.html and every other page (made if need be)"),
    db: DbOption = None,
) -> None:
    """Write the event's live pages as files in the folder --out, as the bot serves them.

    The overview, brackets, standings, rounds, matches, players and the public log, as at
    /e/EVENT/ on the bot's server. Only a public event has pages (public = true in its
    definition's event table). The
    links between the pages are relative: put the folder on any web host, or open
    DIR/index.html."""
    from bot.cli.options import utc_now
    from bot.service.events import site_links
    from bot.service.events.lookup import lookup_event
    from bot.web.files import write_site

    if out.is_file():
        fail(f"--out {out}: give a folder; the pages are many files, DIR/index.html and more")

    async def work(database: Database) -> list[Path]:
        found = await lookup_event(database, event)
        if not site_links.is_public(found):
            fail(f"{found.slug} is not public, so it has no pages: its definition's [event] "
                 "table needs public = true (docs/td-guide.md, \"Live pages\")")
        return await write_site(database, found.slug, out, utc_now())

    try:
        written = use_db(db, work)
    except OSError as exc:
        fail(f"--out {out}: cannot write the pages ({exc.strerror or exc})")
    typer.echo(f"Wrote {len(written)} pages in {out}; open {out / 'index.html'}")
