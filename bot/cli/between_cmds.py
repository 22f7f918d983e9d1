"""Between the two players of a match, at the command line, for a TD acting for a player
(a message they phoned in, a time they agreed by email): ``tdbot game tell``, ``tdbot game
propose``, ``tdbot game agree``, ``tdbot game noshow``, ``tdbot game contest``, ``tdbot
game log`` and a TD's ruling on a no-show claim, ``tdbot rule noshow``. The same use-cases
as the chat's (``bot/service/between/relay.py``, ``arranging.py``, ``no_shows.py``); times are read
and printed in the player's own zone (their /timezone, else the event's). And a
round-based event's availability: ``tdbot players unavailable``, ``tdbot players
availability``, ``tdbot players forbid`` (``availability.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli.app import EventArg, fail, game_app, players_app, rule_app
from bot.cli.options import DbOption, use_db, utc_now

if TYPE_CHECKING:
    from bot.service.between import arranging, no_shows, relay
    from bot.service.formats.rounds import availability
    from bot.store.db import Database

MatchArg = Annotated[str, typer.Argument(metavar="MATCH", help="The match's code, e.g. M3.")]
ForOption = Annotated[str, typer.Option(
    "--for", help="The player you act for: the name, or a part that fits nobody else.")]


@game_app.command("tell")
def tell(event: EventArg, match: MatchArg, text: Annotated[str, typer.Argument(
             metavar="TEXT", help="The message for the opponent.")],
         player: ForOption, db: DbOption = None) -> None:
    """Relay a player's message to their opponent (kept for the TDs; rate-limited)."""
    from bot.service.between import relay
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request

    async def work(database: Database) -> relay.Told:
        ev = await lookup_event(database, event)
        return await relay.tell(database, Request.cli(utc_now()), match, text, event_id=ev.id,
                                player=player)

    done = use_db(db, work)
    typer.echo(f"{done.code}: sent to {done.to}" if done.delivered else
               f"{done.code}: {done.to} muted the match; kept for the TDs, not delivered")


@game_app.command("propose")
def propose(event: EventArg, match: MatchArg, when: Annotated[str, typer.Argument(
                metavar="TIMES", help="One or more times in the player's zone: 'Sat 15:00', "
                                      "'2026-03-07 15:00, 2026-03-08 10:00'.")],
            player: ForOption, db: DbOption = None) -> None:
    """Propose times for a match to the opponent, for a player."""
    from bot.service.between import arranging
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from core.times import local_text

    async def work(database: Database) -> arranging.Proposed:
        ev = await lookup_event(database, event)
        return await arranging.propose(database, Request.cli(utc_now()), match, when,
                                       event_id=ev.id, player=player)

    done = use_db(db, work)
    typer.echo(f"{done.code}: proposed to {done.to} ({done.zone.name}): "
               + "; ".join(local_text(t) for t in done.times))


@game_app.command("agree")
def agree(event: EventArg, match: MatchArg, player: ForOption,
          when: Annotated[str | None, typer.Option(
              "--at", help="Which of the opponent's times, when they proposed several.")] = None,
          db: DbOption = None) -> None:
    """Agree the opponent's proposed time for a player; both get the calendar file."""
    from bot.service.between import arranging
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from core.times import local_text

    async def work(database: Database) -> arranging.Agreed:
        ev = await lookup_event(database, event)
        return await arranging.agree_named(database, Request.cli(utc_now()), match, when,
                                           event_id=ev.id, player=player)

    done = use_db(db, work)
    typer.echo(f"{done.code}: agreed for {local_text(done.at)} ({done.zone.name})"
               + (f", moved from {local_text(done.moved_from)}" if done.moved_from else ""))


@game_app.command("noshow")
def noshow(event: EventArg, match: MatchArg, player: ForOption, db: DbOption = None) -> None:
    """A player's claim that the opponent did not come at the agreed time."""
    from bot.service.between import no_shows
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from core.times import local_text

    async def work(database: Database) -> no_shows.Claimed:
        ev = await lookup_event(database, event)
        return await no_shows.claim_named(database, Request.cli(utc_now()), match, event_id=ev.id,
                                          player=player)

    done = use_db(db, work)
    typer.echo(f"{done.code}: no-show claimed against {done.opponent}; they may contest it "
               f"until {local_text(done.until)}")


@game_app.command("contest")
def contest(event: EventArg, match: MatchArg, player: ForOption,
            why: Annotated[str, typer.Option("--why", help="What happened, in their words.")],
            db: DbOption = None) -> None:
    """Contest the opponent's no-show claim for a player; it goes to the TDs."""
    from bot.service.between import no_shows
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request

    async def work(database: Database) -> no_shows.Contested:
        ev = await lookup_event(database, event)
        return await no_shows.contest_named(database, Request.cli(utc_now()), match, why,
                                            event_id=ev.id, player=player)

    done = use_db(db, work)
    typer.echo(f"{done.code}: {done.claimant}'s claim is contested and with the TDs")


@game_app.command("log")
def log(event: EventArg, match: MatchArg, db: DbOption = None) -> None:
    """What a match's players wrote and arranged through the bot, oldest first."""
    from bot.service.between import relay
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from bot.words.said import english_text

    async def work(database: Database) -> relay.MatchLog:
        ev = await lookup_event(database, event)
        return await relay.match_log(database, Request.cli(utc_now()), ev.id, match)

    found = use_db(db, work)
    typer.echo(f"{found.code}: {found.names[0]} v {found.names[1]}")
    for line in found.lines:
        typer.echo(f"  {found.event.local(line.at)} {english_text(line.what)}")
    if not found.lines:
        typer.echo("  nothing written or proposed through the bot")


@rule_app.command("noshow")
def rule_noshow(event: EventArg, match: MatchArg,
                ruling: Annotated[str, typer.Option(
                    "--award", help="game (the next game by forfeit to the claimant), match "
                                    "(a match bye to the claimant) or extend (the round, 7 days).")],
                why: Annotated[str, typer.Option("--why", help="Why, for the players and the journal.")],
                db: DbOption = None) -> None:
    """Rule on a match's open no-show claim."""
    from datetime import datetime

    from bot.service.between import no_shows
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.callbacks import NO_SHOW_RULINGS
    from bot.service.platform.unit import Request
    from core.times import local_text
    if ruling not in NO_SHOW_RULINGS:
        fail(f"--award {ruling!r}: give one of {', '.join(NO_SHOW_RULINGS)}")

    async def work(database: Database) -> no_shows.NoShowRuled:
        ev = await lookup_event(database, event)
        return await no_shows.rule_named(database, Request.cli(utc_now()), ev.id, match, ruling,
                                         why=why)

    done = use_db(db, work)
    detail = local_text(done.detail) if isinstance(done.detail, datetime) else done.detail
    typer.echo(f"{done.code}: " + {"game": f"the next game to {done.to} by forfeit",
                                   "match": f"the match to {done.to}",
                                   "extend": "the round extended"}[done.ruling]
               + f" ({detail})")


@players_app.command("unavailable")
def unavailable(event: EventArg,
                player: Annotated[str, typer.Argument(metavar="NAME", help="The player.")],
                round_ref: Annotated[str, typer.Argument(metavar="ROUND", help="The round: 3, or Round 3.")],
                undo: Annotated[bool, typer.Option("--undo", help="They can play it after all.")] = False,
                db: DbOption = None) -> None:
    """Before a round is paired: the player cannot play it (a requested bye); --undo."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.rounds import availability
    from bot.service.platform.unit import Request

    async def work(database: Database) -> availability.Unavailable:
        ev = await lookup_event(database, event)
        return await availability.set_unavailable(database, Request.cli(utc_now()), ev.id,
                                                  round_ref, not undo, player=player)

    done = use_db(db, work)
    what = "unavailable for" if done.unavailable else "available for"
    typer.echo(f"{done.player}: {what} {done.round_name}"
               + ("" if done.changed else " already")
               + (f" ({done.used} of {done.allowed} requested byes)" if done.unavailable else ""))


@players_app.command("availability")
def availability_cmd(event: EventArg, round_ref: Annotated[str, typer.Argument(
                         metavar="ROUND", help="The round: 3, or Round 3.")],
                     db: DbOption = None) -> None:
    """Who will be paired in a round, and who said they cannot play it."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.rounds import availability
    from bot.service.platform.unit import Request

    async def work(database: Database) -> availability.Availability:
        ev = await lookup_event(database, event)
        return await availability.availability(database, Request.cli(utc_now()), ev.id, round_ref)

    found = use_db(db, work)
    typer.echo(f"{found.round_name}: available ({len(found.available)}): "
               f"{', '.join(found.available) or 'nobody'}")
    typer.echo(f"{found.round_name}: unavailable ({len(found.unavailable)}): "
               f"{', '.join(found.unavailable) or 'nobody'}")


@players_app.command("forbid")
def forbid(event: EventArg,
           first: Annotated[str, typer.Argument(metavar="A", help="A player.")],
           second: Annotated[str, typer.Argument(metavar="B", help="Another player.")],
           why: Annotated[str, typer.Option("--why", help="Why they are kept apart, for the journal.")],
           db: DbOption = None) -> None:
    """Never pair two players together (by every system that can keep them apart)."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.rounds import availability
    from bot.service.platform.unit import Request

    async def work(database: Database) -> availability.Forbidden:
        ev = await lookup_event(database, event)
        return await availability.forbid(database, Request.cli(utc_now()), ev.id, first, second,
                                         why=why)

    done = use_db(db, work)
    a, b = done.names
    if not done.kept_apart:
        typer.echo(f"{a} and {b}: noted, but this event's system pairs by a fixed table and "
                   "cannot keep them apart")
    else:
        typer.echo(f"{a} and {b} are kept apart from the next pairing on"
                   + ("" if done.changed else " (already)"))
