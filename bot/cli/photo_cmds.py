"""``tdbot rule photo``: a TD rules on a game whose board photo did not come in time
(SSSg 2016 Annex A para 25), through the same use-case as the chat's buttons
(``bot.service.results.photos.rule_photo``): a game bye to the loser, more time, or waived.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli.app import EventArg, rule_app
from bot.cli.options import DbOption, use_db, utc_now

if TYPE_CHECKING:
    from bot.service.results import photos
    from bot.store.db import Database


@rule_app.command("photo")
def photo_rule(
    event: EventArg,
    match: Annotated[str, typer.Argument(metavar="MATCH", help="The match's code, e.g. M1.")],
    game: Annotated[int, typer.Option("--game", min=1, help="The game's number.")],
    bye: Annotated[bool, typer.Option(
        "--bye", help="Award the game to the loser as a game bye (para 25, +100 para 28).")] = False,
    extend: Annotated[str | None, typer.Option(
        "--extend", metavar="LENGTH", help="More time for the photo from now, e.g. 24h.")] = None,
    waive: Annotated[bool, typer.Option("--waive", help="No photo needed: the game stands.")] = False,
    why: Annotated[str, typer.Option("--why", help="The reason, for the journal.")] = "",
    db: DbOption = None,
) -> None:
    """Rule on a game whose board photo is overdue (para 25); the players are told."""
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from bot.service.results import photos
    from bot.words.said import english_text

    now = utc_now()

    async def work(database: Database) -> photos.PhotoRuling:
        ev = await lookup_event(database, event)
        return await photos.rule_photo(database, Request.cli(now), ev.id, match, game,
                                       bye=bye, extend=extend, waive=waive, why=why)

    done = use_db(db, work)
    if done.kind == "already":
        by = english_text(done.by)
        typer.echo(f"{done.match} game {done.game}: already settled ({done.state}) by {by}; "
                   "nothing changed")
        return
    if done.kind == "bye":
        typer.echo(f"{done.match} game {done.game}: game bye to the loser; score: {done.score_line}")
        if done.voided:
            typer.echo("no longer counting (para 28): game(s) "
                       + ", ".join(map(str, done.voided)))
        if done.reopened:
            typer.echo(f"{done.match} is no longer decided as it was; the bracket was synced")
        if done.decided:
            typer.echo(f"{done.winner} wins the match" if done.winner else "the match is level")
    elif done.kind == "extended":
        typer.echo(f"{done.match} game {done.game}: photo due by {done.until}")
    else:
        typer.echo(f"{done.match} game {done.game}: photo waived; the game stands")
