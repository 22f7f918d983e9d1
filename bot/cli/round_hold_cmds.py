"""`tdbot round hold EVENT ROUND --until DATE --why TEXT`: hold a round open past its
closing date (SSSg para 21; ``bot/service/events/round_holds.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli.app import EventArg, round_app
from bot.cli.options import DbOption, use_db, utc_now

if TYPE_CHECKING:
    from bot.service.events import round_holds
    from bot.store.db import Database


@round_app.command("hold")
def round_hold(
    event: EventArg,
    round_ref: Annotated[str, typer.Argument(metavar="ROUND", help="Round code or name, e.g. ro16.")],
    until: Annotated[str, typer.Option("--until", help="The new close: YYYY-MM-DD (the end of that day) or YYYY-MM-DDTHH:MM.")],
    why: Annotated[str, typer.Option("--why", help="Why it is held open (para 21), for the players and the journal.")],
    db: DbOption = None,
) -> None:
    """Hold an open round open past its closing date; players with unfinished matches are told."""
    from bot.service.events import round_holds
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request

    async def work(database: Database) -> round_holds.RoundHeld:
        ev = await lookup_event(database, event)
        return await round_holds.hold_round(database, Request.cli(utc_now()), ev.id, round_ref,
                                            until=until, why=why)

    held = use_db(db, work)
    typer.echo(f"{held.round_name} now closes {held.closes} (was {held.before}); "
               f"told {held.told} player(s) with unfinished matches")
