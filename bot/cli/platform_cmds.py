"""The platform commands: ``tdbot db``, ``tdbot event`` (create, list, show, draw, journal,
inbox), ``tdbot players`` (import, invite, approve, reject), ``tdbot round`` (open, close) and
``tdbot fees pay``.

They call the same service use-cases as the bot, as the operator of the machine that holds
the database (``Actor.cli()``: every right), one transaction per command. Bad input ends
with one line naming what was wrong (``fail``, exit code 2).
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated
from zoneinfo import ZoneInfo

import typer

from bot.cli.app import (
    EventArg,
    db_app,
    event_app,
    fail,
    fees_app,
    players_app,
    round_app,
    whole,
)
from bot.cli.expel_cmds import expelled_lines
from bot.cli.options import (
    NO_USERNAME,
    DbOption,
    db_target,
    link_username,
    no_database,
    use_db,
    utc_now,
)

if TYPE_CHECKING:
    from bot.service.events import draw as draw_service
    from bot.service.events import rounds
    from bot.service.events.lookup import Event
    from bot.service.events.td_inbox import TdInbox
    from bot.service.fees import payments
    from bot.service.people.entries import EnteredPlayers
    from bot.service.people.invites import JoinDecision
    from bot.store.db import Database


def _read(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(f"{what} {path}: no such file")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{what} {path}: cannot read it ({exc})")


@db_app.command("migrate")
def migrate(db: DbOption = None) -> None:
    """Create the database or bring its schema up to date (the bot does it at start-up too)."""
    from bot.store.db import shown_target
    from bot.store.migrations import applied_count

    path = db_target(db)
    count = use_db(db, applied_count, create=True)
    typer.echo(f"{shown_target(path)}: schema up to date ({count} migration(s) applied)")


@db_app.command("backup")
def backup(
    dest: Annotated[Path, typer.Argument(help="The new file to write the copy to.")],
    db: DbOption = None,
) -> None:
    """Copy the database consistently, even while the bot runs (SQLite's backup API)."""
    import asyncio

    from bot.store.db import POSTGRES_BACKUP_HINT, backup_database, is_postgres

    src = db_target(db)
    if is_postgres(src):
        fail(POSTGRES_BACKUP_HINT)
    if not Path(src).exists():
        fail(no_database(src))
    try:
        asyncio.run(backup_database(src, dest))
    except (FileNotFoundError, FileExistsError) as exc:
        fail(str(exc))
    typer.echo(f"backed up {src} to {dest}")


@db_app.command("copy")
def copy(
    source: Annotated[str, typer.Argument(
        metavar="SOURCE", help="The database to copy: a SQLite file or a postgresql:// URL.")],
    target: Annotated[str, typer.Argument(
        metavar="TARGET", help="An empty database to copy it into (a new SQLite file is made).")],
) -> None:
    """Copy a whole database into an empty one, SQLite or PostgreSQL either way.

    Every table and row is copied with its ids, then checked table by table (rows and a
    checksum). Stop the bot first."""
    import asyncio

    from bot.store.copy import Checked, CopyRefused, copy_database
    from bot.store.db import database_target, is_postgres, open_database, shown_target
    from bot.store.migrations import MigrationError

    src, dst = database_target(source), database_target(target)
    if not is_postgres(src) and not Path(src).exists():
        fail(no_database(src))
    if shown_target(src) == shown_target(dst) or (
            not is_postgres(src) and not is_postgres(dst) and Path(src).resolve() == Path(dst).resolve()):
        fail(f"{shown_target(src)}: SOURCE and TARGET are the same database")

    async def main() -> list[Checked]:
        from_db = await open_database(src)
        try:
            to_db = await open_database(dst)
            try:
                return await copy_database(from_db, to_db)
            finally:
                await to_db.close()
        finally:
            await from_db.close()

    try:
        checked = asyncio.run(main())
    except (CopyRefused, MigrationError, FileNotFoundError) as exc:
        fail(str(exc))
    width = max(len(c.table) for c in checked)
    typer.echo(f"{'table':<{width}}  {'rows':>7}  checksum")
    for c in checked:
        mark = "" if c.same else f"  COPY DIFFERS: {c.target_rows} rows, {c.target_checksum}"
        typer.echo(f"{c.table:<{width}}  {c.rows:>7}  {c.checksum}{mark}")
    bad = [c.table for c in checked if not c.same]
    if bad:
        fail(f"the copy in {shown_target(dst)} differs from {shown_target(src)} in "
             f"{', '.join(bad)}; do not use it")
    typer.echo(f"copied {sum(c.rows for c in checked)} rows in {len(checked)} tables from "
               f"{shown_target(src)} to {shown_target(dst)}; every table checked")


def _start_date(raw: str, zone: ZoneInfo) -> date:
    """``--start``: a date, or ``today`` in the event's time zone."""
    if raw.strip().lower() == "today":
        return utc_now().astimezone(zone).date()
    try:
        return date.fromisoformat(raw.strip())
    except ValueError:
        fail(f"--start {raw!r}: not a date; write it as YYYY-MM-DD or today")


@event_app.command("create")
def event_create(
    file: Annotated[Path, typer.Argument(help="The event definition (TOML).")],
    db: DbOption = None,
    bot_username: Annotated[
        str | None, typer.Option("--bot-username", help="For the invite links (default: TDBOT_BOT_USERNAME).")
    ] = None,
    start: Annotated[
        str | None,
        typer.Option("--start", help="Move every date so the first is this day: YYYY-MM-DD, or today."),
    ] = None,
) -> None:
    """Create an event from its definition file and print the invite links."""
    from bot.service.events.definitions import first_date, parse_definition, shift_dates
    from bot.service.events.event_setup import set_up_event
    from bot.service.people.invites import invite_link
    from bot.service.platform.errors import ServiceError
    from bot.service.platform.unit import Request

    text = _read(file, "definition")
    try:
        definition = parse_definition(text, file.name)
        was = first_date(definition)
        if start is not None:
            definition = shift_dates(definition, _start_date(start, ZoneInfo(definition.event.time_zone)))
    except ServiceError as exc:
        fail(exc.message)
    username = link_username(bot_username)
    known = None if username == NO_USERNAME else username
    created = use_db(db, lambda database: set_up_event(
        database, Request.cli(utc_now()), definition, bot_username=known), create=True)
    typer.echo(f"created event {created.slug} (id {created.event_id}): {created.name}")
    now_first = first_date(definition)
    if start is not None and was is not None and now_first is not None:
        typer.echo(f"every date moved {(now_first - was).days:+d} days: the schedule starts "
                   f"{now_first:%a %d %b %Y} (it started {was:%d %b %Y} in {file.name})")
    typer.echo(f"players' link (each picks their entry, a TD approves): "
               f"{invite_link(username, created.player_code)}")
    for role, name, code in created.personal:
        typer.echo(f"  {role:<11} {name}: {invite_link(username, code)}")


@event_app.command("list")
def event_list(db: DbOption = None) -> None:
    """List the events: id, slug, format, state and name."""
    from bot.service.events.lookup import all_events

    for e in use_db(db, all_events):
        typer.echo(f"{e.id:>3}  {e.slug:<20} {e.format:<7} {e.state:<12} {e.name}")


@event_app.command("show")
def event_show(event: EventArg,
               db: DbOption = None) -> None:
    """Show an event's rounds and matches."""
    from bot.service.events.overview import event_overview

    shown = use_db(db, lambda database: event_overview(database, event))
    ev = shown.event
    typer.echo(f"{ev.name} ({ev.slug}): {ev.format}, {ev.state}"
               + (f", drawn with seed {ev.draw_seed}" if ev.draw_seed is not None else ""))
    for rnd, matches in shown.rounds:
        closes = f", closes {ev.local(rnd.closes_at)}" if rnd.closes_at else ""
        typer.echo(f"{rnd.name} [{rnd.code}] best of {rnd.best_of}, {rnd.state}{closes}")
        for m in matches:
            typer.echo(f"  {m.code:<4} {shown.label(m, 0)} v {shown.label(m, 1)}  ({m.progress})")


@players_app.command("import")
def players_import(
    event: EventArg,
    csv_file: Annotated[Path, typer.Argument(help="CSV with a header: name,rating"
                                                  "[,phone,telegram_id,membership_until,team].")],
    db: DbOption = None,
    bot_username: Annotated[str | None, typer.Option(
        "--bot-username", help="For the links (default: the event's, else TDBOT_BOT_USERNAME).")
    ] = None,
) -> None:
    """Enter every player of a CSV, all or none, and print invite links for those not on Telegram."""
    from bot.service.events.lookup import lookup_event
    from bot.service.people.entries import enter_players
    from bot.service.people.invites import invite_link
    from bot.service.platform.unit import Request

    text = _read(csv_file, "players file")

    async def work(database: Database) -> EnteredPlayers:
        ev = await lookup_event(database, event)
        return await enter_players(database, Request.cli(utc_now()), ev.id, text)

    entered = use_db(db, work)
    count = f"entered {len(entered.entry_ids)} player(s)"
    if not entered.links:
        typer.echo(f"{count}; all of them are on Telegram already")
        return
    username = link_username(bot_username, entered.event)
    typer.echo(f"{count}; personal invite links for the {len(entered.links)} not on Telegram yet:")
    for name, code in entered.links:
        typer.echo(f"  {name}: {invite_link(username, code)}")


@players_app.command("invite")
def invite(
    event: EventArg,
    role: Annotated[str, typer.Argument(help="player, td, adjudicator or organiser.")],
    db: DbOption = None,
    bot_username: Annotated[str | None, typer.Option(
        "--bot-username", help="For the links (default: the event's, else TDBOT_BOT_USERNAME).")
    ] = None,
) -> None:
    """Make an invite link for a role (single use, except the general player link)."""
    from bot.service.events.lookup import lookup_event
    from bot.service.people.invites import invite_for_role, invite_link
    from bot.service.platform.unit import Request

    async def work(database: Database) -> tuple[Event, str]:
        ev = await lookup_event(database, event)
        return ev, await invite_for_role(database, Request.cli(utc_now()), ev.id, role)

    ev, code = use_db(db, work)
    typer.echo(invite_link(link_username(bot_username, ev), code))


@event_app.command("draw")
def draw_event(
    event: EventArg,
    seed: Annotated[int, typer.Option("--seed", parser=whole("--seed", "SEED"),
                                      help="The draw's random seed (recorded; same seed, same draw).")],
    db: DbOption = None,
) -> None:
    """Make an event's draw and store it, once: the same seed gives the same draw."""
    from bot.service.events import draw as draw_service
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request

    async def work(database: Database) -> draw_service.DrawResult:
        ev = await lookup_event(database, event)
        return await draw_service.draw_event(database, Request.cli(utc_now()), ev.id, seed=seed)

    result = use_db(db, work)
    if result.rounds and not result.matches:  # a round-based event: paired as each opens
        typer.echo(f"drawn with seed {result.seed}: rounds "
                   + ", ".join(name for _, name, _ in result.rounds)
                   + f"; each is paired when it opens (tdbot round open {event} 1 "
                     "--closes DATE; tdbot event pairings shows the pairings first)")
    else:
        typer.echo(f"drawn with seed {result.seed}: {len(result.matches)} matches")
    from bot.words.said import english_text  # lazy: the catalogue only when a draw is shown
    current = None
    for code, round_name, a, b in result.matches:
        if round_name != current:
            current = round_name
            typer.echo(round_name)
        typer.echo(f"  {code:<4} {english_text(a)} v {english_text(b)}")
    if result.unused_rounds:
        typer.echo("rounds in the definition that this draw does not have: "
                   + ", ".join(result.unused_rounds))
    if result.late_fee_reminders:
        typer.echo("fee reminders due before this draw go out now: "
                   + ", ".join(result.late_fee_reminders))
    if result.unmatched_payments:
        typer.echo("paid for rounds this draw does not have (move or refund them): "
                   + ", ".join(f"{p} ({r})" for p, r in result.unmatched_payments))


@round_app.command("open")
def round_open(
    event: EventArg,
    round_ref: Annotated[str, typer.Argument(metavar="ROUND", help="Round code or name, e.g. ro16.")],
    closes: Annotated[str | None, typer.Option(
        "--closes", help="The deadline: YYYY-MM-DD (the end of that day) or YYYY-MM-DDTHH:MM "
                         "(default: the definition's date, else round_days from now).")] = None,
    unpaid_ok: Annotated[bool, typer.Option("--unpaid-ok", help="Open although fees are missing (para 26).")] = False,
    expel_unpaid: Annotated[bool, typer.Option(
        "--expel-unpaid", help="Expel the players not paid-up as it opens (para 26).")] = False,
    why: Annotated[str, typer.Option("--why", help="The reason, for the journal.")] = "",
    db: DbOption = None,
) -> None:
    """Open a round: each player is told their opponent, the best-of and the deadline.

    Players not paid-up are expelled with --expel-unpaid (para 26), or stay in with
    --unpaid-ok."""
    from bot.service.events import rounds
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request

    if unpaid_ok and not why:
        fail("--unpaid-ok needs --why: the journal records why a round opened with fees missing")
    if unpaid_ok and expel_unpaid:
        fail("choose one: --expel-unpaid expels the players not paid-up, --unpaid-ok keeps them")

    async def work(database: Database) -> rounds.OpenedRound:
        ev = await lookup_event(database, event)
        return await rounds.open_round(database, Request.cli(utc_now()), ev.id, round_ref,
                                       closing=closes, unpaid_ok=unpaid_ok,
                                       expel_unpaid=expel_unpaid, why=why)

    opened = use_db(db, work)
    assert opened.round.closes_at is not None
    typer.echo(f"opened {opened.round.name}; it closes {opened.event.local(opened.round.closes_at)}")
    told, waiting = len(opened.told), len(opened.not_on_telegram)
    line = f"told {told} of {told + waiting} player(s) their opponent"
    if waiting:
        line += (f"; not yet on Telegram: {', '.join(opened.not_on_telegram)} -- their messages "
                 "wait until they join")
    typer.echo(line)
    for done in opened.expelled:
        for text in expelled_lines(done, opened.event.slug):
            typer.echo(text)


@round_app.command("close")
def round_close(
    event: EventArg,
    round_ref: Annotated[str, typer.Argument(metavar="ROUND")],
    force: Annotated[bool, typer.Option("--force", help="Close with matches unfinished.")] = False,
    why: Annotated[str, typer.Option("--why", help="The reason, for the journal.")] = "",
    db: DbOption = None,
) -> None:
    """Close a round (refused while matches are unfinished, unless --force --why)."""
    from bot.service.events import rounds
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request

    if force and not why:
        fail("--force needs --why: the journal records why a round closed unfinished")

    async def work(database: Database) -> rounds.ClosedRound:
        ev = await lookup_event(database, event)
        return await rounds.close_round(database, Request.cli(utc_now()), ev.id, round_ref,
                                        force=force, why=why)

    closed = use_db(db, work)
    left = closed.left_unfinished
    typer.echo(f"closed {closed.round.name}" + (
        f"; {len(left)} match(es) left unfinished stay in tdbot event inbox until ruled: "
        + ", ".join(left) if left else ""))


def _minor_units(amount: str) -> int:
    """An amount of money as typed (``15``, ``15.50``) in cents, exactly: Decimal, not float,
    and no infinities, signs or fractions of a cent (``limits.amount_of_money``)."""
    from bot.service.platform.errors import ServiceError
    from bot.service.platform.limits import amount_of_money, minor_units

    try:
        return minor_units(amount_of_money(amount, positive=True))
    except ServiceError as exc:
        fail(f"--amount {amount!r}: {exc.message}")


@fees_app.command("pay")
def pay(
    event: EventArg,
    player: Annotated[str, typer.Argument(help="The player's name, or a part of it that fits nobody else (e.g. Ann).")],
    round_ref: Annotated[str, typer.Argument(metavar="ROUND", help="Round code or name; before the draw, a round of the definition.")],
    amount: Annotated[str | None, typer.Option("--amount", help="Amount paid, e.g. 15 or 15.50 (default: the fee).")] = None,
    note: Annotated[str, typer.Option(
        "--note", help="A note kept with the payment, e.g. 'cash at the venue'.")] = "",
    db: DbOption = None,
) -> None:
    """Record that a player paid a round's fee (SSSg para 26), before the draw too."""
    from bot.service.events.lookup import lookup_event
    from bot.service.fees import payments
    from bot.service.platform.unit import Request

    minor = None if amount is None else _minor_units(amount)

    async def work(database: Database) -> payments.Payment:
        ev = await lookup_event(database, event)
        return await payments.record_payment(database, Request.cli(utc_now()), ev.id, player,
                                             round_ref, amount=minor, note=note)

    paid = use_db(db, work)
    typer.echo(f"recorded {paid.player}'s payment for {paid.round_name}" + (
        "" if paid.drawn else " (not drawn yet: it counts once the draw makes the round)"))


@event_app.command("journal")
def journal_cmd(
    event: EventArg,
    limit: Annotated[int, typer.Option("--limit", parser=whole("--limit", "JOURNAL_LIMIT"),
                                       help="Show the last N entries.")] = 50,
    as_json: Annotated[bool, typer.Option(
        "--json", help="The entries as stored, for an audit: who, action, subject, detail, "
                       "why and the UTC time.")] = False,
    language: Annotated[str, typer.Option(
        "--language", help="The language to read it in: en (the default) or a shipped "
                           "translation (fr).")] = "en",
    db: DbOption = None,
) -> None:
    """Show who changed what in an event, when and why, in its time zone and currency.

    The journal is append-only; --json prints its lines as stored."""
    from bot.service.platform import journal
    from bot.words import SOURCE, locales

    if language != SOURCE and language not in locales():
        fail(f"--language {language}: give en or a shipped translation "
             f"({', '.join(locales())})")

    page = use_db(db, lambda database: journal.event_journal(database, event, limit))
    if as_json:
        typer.echo(json.dumps([e.as_dict() for e in page.entries], indent=1,
                              ensure_ascii=False))
        return
    for text in page.lines(language):
        typer.echo(text)
    if page.cut:
        typer.echo(f"the last {len(page.entries)} of {page.total} entries (--limit to see more)")


def _decide(event: str, request: int, approve: bool, why: str, db: str | None) -> None:
    from bot.service.events.lookup import lookup_event
    from bot.service.people.invites import decide_join
    from bot.service.platform.unit import Request

    async def work(database: Database) -> JoinDecision:
        ev = await lookup_event(database, event)
        return await decide_join(database, Request.cli(utc_now()), request, approve,
                                 event_id=ev.id, why=why)

    decision = use_db(db, work)
    r = decision.request
    if not decision.by_this_press:
        typer.echo(f"join request {request} was decided already: {decision.verdict}")
    else:
        typer.echo(f"{r.state} join request {request}: {r.tg_name} as {r.entry_name}")


@players_app.command("approve")
def approve(
    event: EventArg,
    request: Annotated[int, typer.Argument(parser=whole("REQUEST", "REQUEST_NUMBER"),
                                           help="The join request's number (tdbot event inbox).")],
    db: DbOption = None,
) -> None:
    """Approve a join request: link the Telegram account to the entry it claims."""
    _decide(event, request, True, "", db)


@players_app.command("reject")
def reject(
    event: EventArg,
    request: Annotated[int, typer.Argument(parser=whole("REQUEST", "REQUEST_NUMBER"),
                                           help="The join request's number (tdbot event inbox).")],
    why: Annotated[str, typer.Option("--why", help="The reason, for the journal.")] = "",
    db: DbOption = None,
) -> None:
    """Reject a join request (the person is told; they may ask again)."""
    _decide(event, request, False, why, db)


@event_app.command("inbox")
def inbox(
    event: EventArg,
    db: DbOption = None,
) -> None:
    """List what awaits a TD: join requests, disputes, missing fees, unfinished matches and more."""
    from bot.service.events import readmodels
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from core.knockout.match import MatchStage
    from core.times import local_text

    async def work(database: Database) -> tuple[Event, TdInbox]:
        ev = await lookup_event(database, event)
        return ev, await readmodels.pending(database, Request.cli(utc_now()), ev.id)

    ev, box = use_db(db, work)
    if box.empty:
        typer.echo(f"{ev.name}: nothing awaits a TD")
        return
    out = [f"{ev.name}:"]
    for r in box.join_requests:
        out.append(f"  join request {r.id}: Telegram user {r.tg_name} says they are "
                   f"{r.entry_name} (tdbot players approve|reject {ev.slug} {r.id})")
    for d in box.open_disputes:
        out.append(f"  dispute {d['id']} in match {d['code']}: {d['reason']}")
    for round_name, names in box.unpaid:
        out.append(f"  not paid for {round_name}: {', '.join(names)}")
    for b in box.refused_messages:
        count = f"{b['messages']} messages" if b["messages"] != 1 else "a message"
        out.append(f"  Telegram refused {count} to {b['name']} ({b['state']}): "
                   f"{b['last_error']}")
    for f in box.failed_deadlines:
        out.append(f"  deadline {f.id} ({f.kind}, {f.subject}) could not fire: {f.error}")
    for m in box.unfinished:
        waits = ", waiting for a player" if m.state == MatchStage.WAITING else ""
        out.append(f"  unfinished: {m.code} {m.label(0)} v {m.label(1)} ({m.round_name}{waits})")
    for m in box.left_unfinished:
        out.append(f"  round closed, unfinished: {m.code} {m.label(0)} v {m.label(1)} "
                   f"({m.round_name}) -- a TD must rule on it")
    for x in box.open_slots:
        who = ", ".join(o.name for o in x.options) or "nobody from the previous round"
        out.append(f"  expelled (para 29): {x.expelled}'s slot in {x.match} v {x.opponent}; "
                   f"candidates: {who} (tdbot players replace {ev.slug} \"{x.expelled}\" --with "
                   "NAME | --nobody)")
    for m in box.tied:
        out.append(f"  tied (para 30): {m.code} {m.label(0)} v {m.label(1)} ({m.round_name})")
    for s in box.slips_awaiting:
        final = local_text(s.final_at) if s.final_at is not None else "?"
        out.append(f"  awaiting agreement: {s.code} game {s.game} reported by {s.reporter}, "
                   f"final {final}")
    for h in box.held_games:
        out.append(f"  held {h.id} (para 20): {h.code} {h.names[0]} {h.scores[0]}, {h.names[1]} "
                   f"{h.scores[1]}, played during {h.blackout} (tdbot rule held-release|held-void "
                   f"{ev.slug} {h.id} --why TEXT)")
    if box.not_on_telegram:
        out.append(f"  not yet on Telegram: {', '.join(box.not_on_telegram)} -- their messages "
                   "wait until they join")
    for line in out:
        typer.echo(line)
