"""`tdbot event chances` and `tdbot event ratings`: what each player of a round-based event
can still reach (``bot/service/formats/rounds/chances.py``, the chat's /chances) and the rating estimate
from its final results (``bot/service/formats/rounds/ratings.py``, the chat's /rating). The service loads
inside each command (``bot/cli/__init__.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from bot.cli.app import EventArg, event_app
from bot.cli.options import DbOption, use_db

if TYPE_CHECKING:
    from bot.service.formats.rounds.ratings import RatingsView
    from bot.store.db import Database


@event_app.command("chances")
def chances_event(
    event: EventArg,
    runs: int | None = typer.Option(None, "--runs", min=0, max=100_000,
                                    help="simulated finishes behind the likely places "
                                         "(default 200, fewer in a large field; 0: none)"),
    db: DbOption = None,
) -> None:
    """Print what each player can still reach: best and worst place, prize, likely places.

    The likely places come from simulating the rest with the event's own pairing. Best and
    worst are exact over every result and pairing left on small fields; on larger ones the
    Gibson rule's bound ("(bound)"). Places count wins (chess: points); the same event and
    results always give the same figures."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.rounds import chances

    async def work(database: Database) -> str:
        found = await lookup_event(database, event)
        return await chances.read_table(database, found.id,
                                        runs=chances.RUNS if runs is None else runs)

    typer.echo(use_db(db, work))


@event_app.command("ratings")
def ratings_event(event: EventArg, db: DbOption = None) -> None:
    """Print every player's rating estimate from the final results so far.

    NASPA's method for Scrabble, FIDE's Elo for chess; a local club tournament (`[pairing]
    rated = "club"`) at one third; and what the rating body would miss."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.rounds import ratings

    async def work(database: Database) -> RatingsView:
        found = await lookup_event(database, event)
        return await ratings.read_ratings(database, found.id)

    typer.echo(ratings.table_text(use_db(db, work)))
