"""``tdbot game correct``: a TD corrects a game already on record at the command line (a
paper slip typed wrong, the wrong starter, a game that should not count): the same
use-case as the chat's ``/correct`` (``bot.service.results.corrections``), so the same path as a
ruling. A correction that voids games of later matches prints its impact and exits 2
unless ``--confirm`` is given. Bad input: one line, exit 2, nothing written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli.app import EventArg, game_app, score
from bot.cli.options import ConfirmOption, DbOption, WhyOption, use_db, utc_now

if TYPE_CHECKING:
    from bot.service.results.ruling_views import Corrected
    from bot.store.db import Database


def _print(done: Corrected) -> None:
    from bot.service.results.correction_texts import game_words
    from bot.words.said import english_text

    before, after = game_words(done.before, done.names), game_words(done.after, done.names)
    typer.echo(f"{done.match} game {done.game}: {before} -> {after}")
    typer.echo(f"score: {done.named_score}")
    if done.voided:
        typer.echo(f"no longer counting (decided earlier): game(s) "
                   f"{', '.join(map(str, done.voided))}")
    if done.voided_matches and done.impact is not None:
        typer.echo(f"impact: {english_text(done.impact)}")
    if done.decided:
        typer.echo(f"{done.winner} wins the match" if done.winner else "the match is level")


@game_app.command("correct")
def correct(
    event: EventArg,
    match: Annotated[str, typer.Argument(metavar="MATCH", help="The match's code, e.g. M2.")],
    game: Annotated[int, typer.Option("--game", min=1, help="The game's number (1 first).")],
    scores: Annotated[tuple[str, str] | None, typer.Option(
        "--scores", metavar="A B",
        help="The right scores, the match's first player's first (as `event show` lists "
             "it).",
    )] = None,
    starter: Annotated[str | None, typer.Option(
        "--starter", metavar="NAME", help="Who started the game.")] = None,
    void: Annotated[bool, typer.Option("--void", help="The game no longer counts.")] = False,
    why: WhyOption = "",
    confirm: ConfirmOption = False,
    db: DbOption = None,
) -> None:
    """Correct a game on record: its scores, who started it, or void it.

    A TD's correction (WESPA rules, Scores), never of a match they play in (SSSg para 19);
    the players are told what changed, with the reason."""
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from bot.service.results import corrections

    parsed = None
    if scores is not None:
        parsed = (score(scores[0], "the first player"), score(scores[1], "the second player"))
    change = corrections.Change(game, parsed, starter, void)
    now = utc_now()

    async def work(database: Database) -> Corrected:
        ev = await lookup_event(database, event)
        return await corrections.correct_game(database, Request.cli(now), ev.id, match, change,
                                              why=why, confirm=confirm)

    _print(use_db(db, work))
