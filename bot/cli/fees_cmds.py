"""Costs and prizes at the command line: ``tdbot fees cost`` and ``tdbot fees prizes`` (SSSg
paras 7-9), through the same use-cases as the bot's /cost and /prizes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli.app import EventArg, fail, fees_app
from bot.cli.options import DbOption, use_db, utc_now

if TYPE_CHECKING:
    from bot.service.formats.knockout import prizes
    from bot.store.db import Database


def _cents(amount: str) -> int:
    from bot.service.platform.errors import ServiceError
    from bot.service.platform.limits import amount_of_money, minor_units

    try:
        return minor_units(amount_of_money(amount, positive=True))
    except ServiceError as exc:
        fail(f"AMOUNT {amount!r}: {exc.message}")


@fees_app.command("cost")
def cost(
    event: EventArg,
    amount: Annotated[str, typer.Argument(help="The cost, e.g. 120 or 45.50.")],
    note: Annotated[str, typer.Option("--note", help="What it was for (required).")] = "",
    db: DbOption = None,
) -> None:
    """Enter a cost of running the event; costs come out of the fees before prizes (para 9)."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.knockout import prizes
    from bot.service.platform.unit import Request

    if not note.strip():
        fail("--note is required: say what the cost was for, e.g. --note 'venue hire'")
    cents = _cents(amount)

    async def work(database: Database) -> prizes.CostEntered:
        ev = await lookup_event(database, event)
        return await prizes.enter_cost(database, Request.cli(utc_now()), ev.id, cents, note)

    done = use_db(db, work)
    typer.echo(f"cost recorded: {done.amount} ({done.note}); costs so far {done.total}")


@fees_app.command("prizes")
def prize_pools(
    event: EventArg,
    db: DbOption = None,
) -> None:
    """Print the prize pools per division from the fees paid and the costs (paras 7-9)."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.knockout import prize_texts, prizes
    from bot.service.platform.unit import Request
    from bot.words.said import english_text

    async def work(database: Database) -> prizes.Prizes:
        ev = await lookup_event(database, event)
        return await prizes.prize_pools(database, Request.cli(utc_now()), ev.id)

    typer.echo(english_text(prize_texts.summary(use_db(db, work))))
