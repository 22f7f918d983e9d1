"""`tdbot rule held-release|held-void EVENT ID --why TEXT`: a TD decides a game held because
it was played during a blackout (SSSg para 20; ``bot/service/results/held_games.py``). `tdbot event
inbox` lists the held games with their ids."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli.app import EventArg, rule_app
from bot.cli.options import DbOption, use_db, utc_now

if TYPE_CHECKING:
    from bot.service.results import held_games
    from bot.store.db import Database

HeldArg = Annotated[int, typer.Argument(metavar="ID", help="The held game's id (tdbot event inbox).")]
WhyOpt = Annotated[str, typer.Option("--why", help="The reason, for the journal.")]


def _decide(event: str, held_id: int, release: bool, why: str, db: str | None) -> None:
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from bot.service.results import held_games

    async def work(database: Database) -> held_games.HeldDecision:
        ev = await lookup_event(database, event)
        return await held_games.decide_held(database, Request.cli(utc_now()), ev.id, held_id,
                                            release=release, why=why)

    done = use_db(db, work)
    a, b = done.names
    verb = "counts now" if done.kind == "released" else "is void: the players play it again"
    typer.echo(f"{done.code} game {done.game} ({a} {done.scores[0]}, {b} {done.scores[1]}, "
               f"played during {done.blackout}) {verb}")
    typer.echo(f"score: {done.score_line}")


@rule_app.command("held-release")
def release(event: EventArg, held_id: HeldArg, why: WhyOpt, db: DbOption = None) -> None:
    """Count a held game (the players were not in the other event)."""
    _decide(event, held_id, True, why, db)


@rule_app.command("held-void")
def void(event: EventArg, held_id: HeldArg, why: WhyOpt, db: DbOption = None) -> None:
    """Void a held game: it never counts, and the players play it again."""
    _decide(event, held_id, False, why, db)
