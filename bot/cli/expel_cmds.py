"""Expulsion commands (SSSg Annex A paras 26, 27, 29): ``tdbot players expel`` and ``tdbot
players replace``.

The same use-cases as the chat's (``bot.service.people.expulsions``): the expelled player and their
opponent are told, and the TDs are asked in the chat too; whichever fills the slot first (a
button or ``tdbot players replace``) stands. ``tdbot round open`` expels players not paid-up the
same way and prints the same lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli.app import EventArg, fail, players_app
from bot.cli.options import DbOption, WhyOption, use_db, utc_now

if TYPE_CHECKING:
    from bot.service.people import expulsions
    from bot.store.db import Database


def expelled_lines(done: expulsions.Expelled, slug: str) -> list[str]:
    """What a TD reads after an expulsion: the slot and who may take it, best first."""
    from bot.service.people.expulsions import stored_why
    from bot.store.expulsions_repo import ExpulsionState
    from bot.words import for_locale
    from bot.words.said import plain

    lines = [f"expelled {done.name}: {stored_why(done.why)}"]
    if done.state != ExpulsionState.OPEN:
        return lines + [f"  {plain(done.note, for_locale())}"] if done.note else lines
    lines.append(f"  their slot in {done.match} v {done.opponent} may be offered (para 29):")
    lines += [f"  {i}. {o.name}: {o.reason}" for i, o in enumerate(done.options, start=1)]
    if not done.options:
        lines.append("  nobody from the previous round can take it")
    lines.append(f'  fill it: tdbot players replace {slug} "{done.name}" --with NAME  '
                 f"(or --nobody: {done.opponent} goes through)")
    return lines


@players_app.command("expel")
def expel(
    event: EventArg,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player to expel.")],
    why: WhyOption = "",
    db: DbOption = None,
) -> None:
    """Expel NAME (SSSg para 29): their slot waits for `tdbot players replace` or the chat's buttons.

    A match with games goes to the opponent as a match bye (para 27); in a round-based event
    or a club night the games not played are forfeited; a ladder's player leaves the ladder."""
    from bot.service.events.lookup import lookup_event
    from bot.service.people import expulsions
    from bot.service.platform.unit import Request

    if not why.strip():
        fail("say why with --why TEXT: the player and the journal are told")
    now = utc_now()
    slug = event

    async def work(database: Database) -> expulsions.Expelled:
        nonlocal slug
        ev = await lookup_event(database, event)
        slug = ev.slug
        return await expulsions.expel(database, Request.cli(now), ev.id, name, why=why)

    done = use_db(db, work)
    for line in expelled_lines(done, slug):
        typer.echo(line)


@players_app.command("replace")
def replace(
    event: EventArg,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The expelled player.")],
    with_name: Annotated[str | None, typer.Option(
        "--with", metavar="NAME", help="Who takes the slot (one of those `expel` listed).")] = None,
    nobody: Annotated[bool, typer.Option(
        "--nobody", help="Offer the slot to nobody: the opponent goes through.")] = False,
    db: DbOption = None,
) -> None:
    """Fill an expelled player's slot (SSSg para 29): a candidate, or nobody."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.knockout import slots
    from bot.service.platform.unit import Request

    if (with_name is None) == (not nobody):
        fail("say who takes the slot: --with NAME, or --nobody")
    now = utc_now()

    async def work(database: Database) -> expulsions.Filled:
        ev = await lookup_event(database, event)
        return await slots.replace_player(database, Request.cli(now), ev.id, name,
                                               with_name=with_name)

    done = use_db(db, work)
    if done.already:
        typer.echo(f"{done.expelled}'s slot in {done.match} was filled already, by "
                   f"{done.by}: nothing changed")
    elif done.replacement:
        typer.echo(f"{done.replacement} takes {done.expelled}'s slot in {done.match} v "
                   f"{done.opponent}; both are told")
    elif done.not_played:
        typer.echo(f"nobody takes {done.expelled}'s slot in {done.match}, nor that of "
                   f"{done.opponent} (expelled too): {done.match} is not played")
    else:
        typer.echo(f"nobody takes {done.expelled}'s slot in {done.match}: {done.opponent} "
                   "goes through; they are told")
