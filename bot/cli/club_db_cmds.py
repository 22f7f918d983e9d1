"""`tdbot club night|checkin|pair|fees|end EVENT`: a stored club's night run from the
command line, as its TD runs it in the chat (/night, /checkin, /pairround, /fees,
/endnight): each command calls the same use-case (``bot/service/formats/club/club_nights.py``), acting
as a TD (the journal says "command line"), and the players are told through the outbox
as when it is done in the chat.

    tdbot club night tuesday-club                   # open tonight
    tdbot club checkin tuesday-club "Ann Lee"       # a member
    tdbot club checkin tuesday-club --new "Eve Tan" --rating 1200   # a walk-in: their link
    tdbot club pair tuesday-club [--anyway]         # the next round
    tdbot club fees tuesday-club [--paid Ann]       # tonight's fees; mark one paid
    tdbot club end tuesday-club                     # close the night
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli.app import EventArg, fail, group, whole
from bot.cli.options import DbOption, link_username, use_db, utc_now

if TYPE_CHECKING:
    from bot.service.formats.club import club_views
    from bot.store.db import Database

club_app = group("club", "A stored club's nights, as its TD runs them in the chat.")


@club_app.command("night")
def night(event: EventArg, db: DbOption = None) -> None:
    """Open tonight's club night (one at a time)."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.club import club_nights
    from bot.service.platform.unit import Request

    async def work(database: Database) -> club_views.NightStarted:
        club = await lookup_event(database, event)
        return await club_nights.start_night(database, Request.cli(utc_now()), club.id)

    started = use_db(db, work)
    typer.echo(f"{started.event.name}: night {started.seq} is open ({started.club.rounds} "
               f"rounds); check players in with: tdbot club checkin {started.event.slug} NAME")


@club_app.command("checkin")
def checkin(
    event: EventArg,
    name: Annotated[str | None, typer.Argument(
        help="A member, as typed (Ann for Ann Lee).")] = None,
    new: Annotated[str | None, typer.Option(
        "--new", help="A newcomer who walked in: adds them and checks them in.")] = None,
    rating: Annotated[int, typer.Option("--rating", parser=whole("--rating", "RATING"),
                                        help="The newcomer's rating (default 0: unrated).")] = 0,
    bot_username: Annotated[str | None, typer.Option(
        "--bot-username", help="For the newcomer's link (default: the event's, else "
        "TDBOT_BOT_USERNAME).")] = None,
    db: DbOption = None,
) -> None:
    """Check a member in for tonight, or add a walk-in newcomer and print their link.

    A newcomer (--new NAME) is added to the club; the player owes tonight's fee from now."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.club import club_nights
    from bot.service.people.invites import invite_link
    from bot.service.platform.unit import Request

    if (name is None) == (new is None):
        fail("name a member (tdbot club checkin EVENT NAME) or a newcomer (--new NAME), "
             "one of them")
    if rating and new is None:
        fail("--rating is for a newcomer (--new NAME); a member's rating is kept already")

    async def work(database: Database) -> club_views.CheckedIn:
        club = await lookup_event(database, event)
        return await club_nights.check_in_member(
            database, Request.cli(utc_now()), club.id, new if new is not None else str(name),
            new=new is not None, rating=rating)

    done = use_db(db, work)
    late = f", from round {done.joins_round}" if done.joins_round > 1 else ""
    fee = f"fee {done.fee} ({done.fee_reason})" if done.fee else f"no fee ({done.fee_reason})"
    typer.echo(f"{done.name} is checked in for night {done.seq}{late}; {fee}"
               + ("; a newcomer" if done.newcomer else ""))
    if done.invite_code is not None:
        link = invite_link(link_username(bot_username, done.event), done.invite_code)
        typer.echo(f"their link to the bot (for their opponents and results): {link}")


@club_app.command("pair")
def pair(
    event: EventArg,
    anyway: Annotated[bool, typer.Option(
        "--anyway", help="Pair before every result of the last round is in.")] = False,
    db: DbOption = None,
) -> None:
    """Pair tonight's next round from those checked in; each player is told their opponent."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.club import club_nights
    from bot.service.platform.unit import Request
    from bot.words import for_locale
    from bot.words.said import plain

    async def work(database: Database) -> club_views.RoundPaired:
        club = await lookup_event(database, event)
        return await club_nights.pair_round(database, Request.cli(utc_now()), club.id,
                                            anyway=anyway)

    paired = use_db(db, work)
    en = for_locale()
    typer.echo(f"night {paired.seq} round {paired.number} of {paired.of_rounds}, paired by "
               f"{plain(paired.method, en)}:")
    for t in paired.tables:
        a, b = t.names
        if b is None:
            typer.echo(f"  bye: {a} ({plain(paired.bye_worth, en)})")
        else:
            typer.echo(f"  table {t.number}: {a} v {b}"
                       + (f"  ({plain(t.note, en)})" if t.note is not None else ""))
    if paired.waiting:
        typer.echo(f"checked in for a later round: {', '.join(paired.waiting)}")
    if paired.not_on_telegram:
        typer.echo(f"not yet on Telegram (their messages wait): "
                   f"{', '.join(paired.not_on_telegram)}")


@club_app.command("fees")
def fees(
    event: EventArg,
    paid: Annotated[str | None, typer.Option(
        "--paid", help="Mark this player's fee tonight paid (a name as typed).")] = None,
    db: DbOption = None,
) -> None:
    """List tonight's fees, who owes what and who has paid; --paid NAME marks one paid."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.club import club_nights
    from bot.service.platform.unit import Request

    async def work(database: Database) -> tuple[club_views.FeePaid | None,
                                                 club_views.FeeList]:
        club = await lookup_event(database, event)
        marked = None
        if paid is not None:
            marked = await club_nights.mark_paid_named(database, Request.cli(utc_now()), club.id,
                                                       paid)
        return marked, await club_nights.fees_tonight(database, Request.cli(utc_now()), club.id)

    marked, listed = use_db(db, work)
    if marked is not None:
        typer.echo(f"marked {marked.name}'s fee paid" if marked.marked else
                   f"{marked.name}'s fee was marked paid already (by {marked.by})")
    _print_fees(listed)


def _print_fees(listed: club_views.FeeList) -> None:
    typer.echo(f"night {listed.seq} fees" + (" (the night is over)" if listed.closed else "")
               + ":")
    for line in listed.lines:
        if line.free:
            state = f"free ({line.reason})"
        elif line.paid_by is not None:
            state = f"{line.amount} paid (marked by {line.paid_by})"
        else:
            state = f"{line.amount} unpaid ({line.reason})"
        typer.echo(f"  {line.name}: {state}")
    typer.echo(f"collected {listed.collected}; still owed {listed.owed}")


@club_app.command("end")
def end(event: EventArg, db: DbOption = None) -> None:
    """End tonight: the night and its rounds close, and who has not paid is printed.

    A game not reported by then no longer can be."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.club import club_nights
    from bot.service.platform.unit import Request

    async def work(database: Database) -> club_views.NightEnded:
        club = await lookup_event(database, event)
        return await club_nights.end_night(database, Request.cli(utc_now()), club.id)

    ended = use_db(db, work)
    typer.echo(f"night {ended.fees.seq} is over; collected {ended.fees.collected}")
    if ended.fees.unpaid:
        typer.echo("not paid: " + "; ".join(f"{f.name} {f.amount}" for f in ended.fees.unpaid))
    from bot.words.said import english_text

    for game in ended.unfinished:
        typer.echo(f"not reported (no longer counts): {english_text(game)}")
