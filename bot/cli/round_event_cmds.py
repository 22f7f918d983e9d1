"""`tdbot event pairings` and `tdbot event standings`: a round-based event's pairings and
standings from the database, through the same use-cases as the chat's /openround and
/standings (``bot/service/formats/rounds/round_events.py``); `tdbot event export` writes its files.

`event pairings` prints a round as stored once it is open (with the reason kept for each
pair), and before that the pairings the core would make now, storing nothing: `tdbot
round open EVENT N` pairs and opens it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import typer

from bot.cli.app import EventArg, event_app
from bot.cli.formats_cmds import _print_chess, _print_scrabble
from bot.cli.options import DbOption, use_db

if TYPE_CHECKING:
    from bot.service.formats.rounds import round_events
    from bot.service.formats.rounds.round_division import RoundsEvent
    from bot.store.db import Database
    from core.tournament import Pairings


@event_app.command("pairings")
def pair_event(
    event: EventArg,
    round_number: int | None = typer.Option(
        None, "--round", help="the round (default: the next to pair, or the last if all are)"),
    as_json: bool = typer.Option(False, "--json", help="print JSON: round, stored, pairings, "
                                 "byes, reasons"),
    db: DbOption = None,
) -> None:
    """Print a round's pairings with the reason for each pair, storing nothing.

    A round is shown as stored once it is open, before that as the core would pair it now."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.rounds import round_events
    from bot.service.formats.rounds.why_texts import in_english

    async def work(database: Database) -> tuple[RoundsEvent, Pairings, bool]:
        found = await lookup_event(database, event)
        return await round_events.preview(database, found.id, round_number)

    state, pairings, stored = use_db(db, work)
    if as_json:
        typer.echo(round_events.as_json(state, pairings, stored))
        return

    def who(n: int) -> str:
        return f"{state.entries[n].name} ({n})"

    first = round_texts_first(state)
    status = ("as paired when it opened" if stored else
              f"as the core pairs it now; nothing is stored: `tdbot round open "
              f"{state.event.slug} {pairings.round} --closes DATE` pairs and opens it")
    typer.echo(f"Round {pairings.round} of {state.event.slug}, {state.pairing.system} "
               f"(the first named {first}), {status}:")
    for board, pair in enumerate(pairings.pairs, start=1):
        typer.echo(f"{board:4}. {who(pair[0])} v {who(pair[1])}")
        if pairings.reason_for(pair):
            typer.echo(f"      {in_english(pairings.reason_for(pair) or '')}")
    for bye in pairings.byes:
        typer.echo(f"   bye: {who(bye)}")
        if pairings.reason_for((bye, 0)):
            typer.echo(f"      {in_english(pairings.reason_for((bye, 0)) or '')}")


def round_texts_first(state: RoundsEvent) -> str:
    from bot.service.formats.rounds import round_events, round_texts
    from bot.words.said import english

    return english(round_texts.first_named(round_events.is_chess(state)))


@event_app.command("standings")
def standings_event(
    event: EventArg,
    as_json: bool = typer.Option(False, "--json", help="print a JSON list, best first, as "
                                 "`tdbot files standings --json` does"),
    db: DbOption = None,
) -> None:
    """Print a round-based event's standings, as `tdbot files standings` prints a file's.

    Scrabble: wins and spread; chess systems: points and tiebreaks."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.rounds import round_events
    from core.tournament import Division

    async def work(database: Database) -> round_events.StandingsView:
        found = await lookup_event(database, event)
        return await round_events.read_standings(database, found.id)

    view = use_db(db, work)
    if as_json:
        typer.echo(json.dumps(view.rows, indent=2))
        return
    label = Division(view.event.slug, ())
    (_print_chess if view.chess else _print_scrabble)(label, view.rows)

