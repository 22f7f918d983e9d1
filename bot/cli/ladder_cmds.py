"""`tdbot ladder ...`: try a club challenge ladder (``core/ladder.py``) over a JSON state
file, without the bot or a database; or act on a ladder the bot runs, in its database.

    tdbot ladder new club.json --players "Ann,Bob,Cat" [--rules rules.toml]
    tdbot ladder challenge club.json Cat Ann --at "2024-03-01 19:00"
    tdbot ladder accept club.json Ann --at ...
    tdbot ladder result club.json Cat 412 Ann 380 --at ...
    tdbot ladder tick club.json --at ...        # apply lapsed deadlines, then idle drops
    tdbot ladder show club.json
    tdbot ladder show club-ladder [--db tdbot.sqlite3]   # the bot's ladder event
    tdbot ladder challenge club-ladder Dev Ben [--db ...]   # a TD, for Dev

``show``, ``who``, ``challenge``, ``accept``, ``decline``, ``withdraw`` and ``join`` tell
the two apart by the name: one ending ``.json`` is a state file, anything else an event's
slug or id in the database (``--db``, default TDBOT_DB or ./tdbot.sqlite3). On a stored
ladder the command acts as a TD for the player named, now, through the chat's own
use-cases (``bot/service/formats/ladder/ladders.py``): the players are told as in the chat, the journal
says "command line". A stored ladder's games are reported like any game (``tdbot
game report``) and its deadlines fire in the bot, so ``result`` and ``tick`` are for files.

Names may be shortened as everywhere else (``core.names``). ``--at`` (files only) is UTC
unless it carries an offset; without it, the time now. A refusal is one line on stderr,
exit 2, and the file is left as it was; a change is written whole (a temporary file
renamed over the old one), so an interrupted command never leaves half a ladder.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bot.cli.app import SCORES_ARGS, fail, ladder_app, score, whole
from bot.cli.options import DbOption, link_username, use_db, utc_now

if TYPE_CHECKING:
    from bot.service.formats.ladder import ladder_views, ladders
    from bot.store.db import Database
    from core import ladder as lad


FileArg = Annotated[Path, typer.Argument(metavar="FILE", help="The ladder's JSON state file.")]
TargetArg = Annotated[str, typer.Argument(
    metavar="FILE|EVENT", help="A ladder's JSON state file (a name ending .json), or the slug "
    "or id of a ladder event in the database.")]
AtOption = Annotated[str | None, typer.Option(
    "--at", help="When it happens: YYYY-MM-DD HH:MM (UTC) or with an offset; default now.")]


def _at(text: str | None) -> datetime:
    if text is None:
        return datetime.now(UTC)
    try:
        value = datetime.fromisoformat(text.strip())
    except ValueError:
        fail(f"--at {text!r}: write it as YYYY-MM-DD HH:MM (UTC) or with an offset, "
             "YYYY-MM-DDTHH:MM+08:00")
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _dump(step: lad.Step) -> dict[str, Any]:
    from core import ladder as lad

    return lad.to_record(step.ladder, step.state)


def _load(path: Path) -> lad.Step:
    from core import ladder as lad

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        fail(f"{path}: no such ladder file; make one with: tdbot ladder new {path} "
             "--players \"A,B,C\"")
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        fail(f"{path}: not a ladder file ({exc})")
    try:
        return lad.Step(*lad.from_record(data))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        fail(f"{path}: not a ladder file this version can read ({type(exc).__name__}: {exc})")


def _save(path: Path, step: lad.Step) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(_dump(step), indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def _name(step: lad.Step, said: str) -> str:
    from core.names import NameRefused, pick

    try:
        return step.ladder.names[pick(said, step.ladder.names)]
    except NameRefused as exc:
        fail(str(exc))


def _apply(path: Path, work: Any) -> lad.Step:
    """Load, run one core action, save, print its events; a refusal writes nothing."""
    from core import ladder as lad

    step = _load(path)
    try:
        done: lad.Step = work(step)
    except (lad.LadderRefused, lad.LadderRulesError) as exc:
        fail(str(exc))
    _save(path, done)
    for event in done.events:
        typer.echo(event.text)
    return done


@ladder_app.command("new")
def new(
    path: FileArg,
    players: Annotated[str, typer.Option("--players", help="Names, top first, comma-separated.")],
    rules: Annotated[Path | None, typer.Option(
        "--rules", help="A TOML file of club rules (reach, accept_hours, play_days, lapse, "
        "decline, on_win, idle_days, idle, idle_drop, cooldown_days, best_of).")] = None,
    at: AtOption = None,
) -> None:
    """Start a ladder with these players, top first."""
    from bot.service.events.definitions import read_toml
    from bot.service.platform.errors import ServiceError
    from core import ladder as lad

    if path.exists():
        fail(f"{path} already exists: give a new file name, or remove it first")
    club = lad.LadderRules()
    if rules is not None:
        try:
            values = read_toml(rules.read_text(encoding="utf-8"), f"--rules {rules}")
            club = lad.rules_from_mapping(values.get("ladder", values))
        except OSError as exc:
            fail(f"--rules {rules}: cannot read it ({exc.strerror})")
        except UnicodeDecodeError:
            fail(f"--rules {rules}: not a UTF-8 text file; save it as UTF-8 text")
        except ServiceError as exc:
            fail(exc.message)
        except lad.LadderRulesError as exc:
            fail(f"--rules {rules}: {exc}")
    names = tuple(n for n in (p.strip() for p in players.split(",")) if n)
    if not names:
        fail("--players: give at least one name, e.g. --players \"Ann,Bob,Cat\"")
    try:
        step = lad.new_ladder(names, club, _at(at))
    except lad.LadderRefused as exc:
        fail(f"--players: {exc}")
    _save(path, step)
    typer.echo(f"{path}: a ladder of {len(names)} players")
    _print(step)


def _print(step: lad.Step, when: Callable[[datetime], str] | None = None) -> None:
    """The ladder top first, each open challenge with its deadline (``when`` writes it: in
    its own offset for a file, the default, in the event's zone for a stored ladder)."""
    from core import ladder as lad
    from core.times import local_text

    when = when or local_text
    rules = step.ladder.rules
    for rung, name in enumerate(step.ladder.names, 1):
        c = step.state.open_of(name)
        note = ""
        if c is not None:
            other = c.challenged if c.challenger == name else c.challenger
            role = "challenges" if c.challenger == name else "challenged by"
            note = (f"  #{c.number} {role} {other}, {c.status.value}, "
                    f"deadline {when(c.deadline)}")
        typer.echo(f"{rung:>3}  {name}{note}")
    typer.echo(f"rules: reach {rules.reach}, accept {rules.accept_hours} h, play "
               f"{rules.play_days} days ({rules.lapse.value} after), decline = "
               f"{rules.decline.value}, on a win {rules.on_win.value}, idle {rules.idle_days} "
               f"days: {rules.idle.value}"
               + (f" {rules.idle_drop}" if rules.idle is lad.Idle.DROP else "")
               + f", cooldown {rules.cooldown_days} days, best of {rules.best_of}")


@ladder_app.command("show")
def show(
    target: Annotated[str, typer.Argument(
        metavar="FILE|EVENT", help="A ladder's JSON state file (a name ending .json), or the "
        "slug or id of a ladder event in the database.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the ladder's JSON record.")] = False,
    db: DbOption = None,
) -> None:
    """Print the ladder, top first, with each open challenge and its deadline."""
    if not target.lower().endswith(".json"):
        _show_stored(target, json_out, db)
        return
    if db is not None:
        fail(f"{target} is a JSON state file; --db is for a ladder event in the database "
             "(give its slug or id instead of a file)")
    step = _load(Path(target))
    if json_out:
        typer.echo(json.dumps(_dump(step), indent=1))
        return
    _print(step)


def _is_file(target: str) -> bool:
    return target.lower().endswith(".json")


def _file(target: str, db: str | None) -> Path:
    """A state file's path; ``--db`` is for a ladder event in the database."""
    if db is not None:
        fail(f"{target} is a JSON state file; --db is for a ladder event in the database "
             "(give its slug or id instead of a file)")
    return Path(target)


def _now_only(at: str | None, target: str) -> None:
    if at is not None:
        fail(f"--at is for a state file: {target}'s ladder is the bot's, and acts now")


@ladder_app.command("who")
def who(target: TargetArg,
        name: Annotated[str, typer.Argument(help="The would-be challenger.")],
        at: AtOption = None, db: DbOption = None) -> None:
    """Print whom NAME may challenge now, and why the others within reach may not."""
    from core import ladder as lad

    if not _is_file(target):
        _now_only(at, target)
        view = use_db(db, lambda database: _stored_targets(database, target, name))
        typer.echo(str(view.note))
        typer.echo("may challenge: " + (", ".join(n for n, _ in view.allowed) or "nobody now"))
        for other, why in view.excluded:
            typer.echo(f"not {other}: {why}")
        return
    step = _load(_file(target, db))
    targets = lad.who_may_challenge(step.ladder, step.state, _name(step, name), _at(at))
    typer.echo(str(targets.note))
    typer.echo("may challenge: " + (", ".join(targets.allowed) or "nobody now"))
    for other, why in targets.excluded:
        typer.echo(f"not {other}: {why}")


async def _stored_targets(database: Database, event: str, name: str) -> ladder_views.TargetsView:
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.ladder import ladders

    found = await lookup_event(database, event)
    return await ladders.targets_for(database, found.id, name, utc_now())


@ladder_app.command("challenge")
def challenge_cmd(target: TargetArg,
                  challenger: Annotated[str, typer.Argument(help="Who challenges.")],
                  challenged: Annotated[str, typer.Argument(help="Whom (above them).")],
                  at: AtOption = None, db: DbOption = None) -> None:
    """Record that CHALLENGER challenges CHALLENGED, who stands above them.

    On a stored ladder a TD acts for the challenger; the challenged player is sent Accept
    and Decline."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.ladder import ladder_views, ladders
    from bot.service.platform.unit import Request
    from core import ladder as lad

    if not _is_file(target):
        _now_only(at, target)

        async def work(database: Database) -> ladder_views.TargetsView | ladder_views.Challenged:
            found = await lookup_event(database, target)
            return await ladders.challenge(database, Request.cli(utc_now()), [challenged],
                                           acting=ladders.ForPlayer(found.id, challenger))

        done = use_db(db, work)
        assert isinstance(done, ladder_views.Challenged)
        typer.echo(f"challenge #{done.number}: {done.challenger} (rung {done.rungs[0]}) "
                   f"challenges {done.challenged} (rung {done.rungs[1]}); "
                   f"{done.challenged} has until {done.event.local(done.accept_by)} to accept")
        return
    path = _file(target, db)
    _apply(path, lambda s: lad.challenge(s.ladder, s.state, _name(s, challenger),
                                         _name(s, challenged), _at(at)))


def _respond(target: str, name: str, action: str, at: str | None, db: str | None,
             core: Callable[[lad.Ladder, lad.LadderState, str, datetime], lad.Step]) -> None:
    """accept, decline or withdraw: on a file, the core's action; on a stored ladder, a TD
    answering for NAME through the chat's use-case."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.ladder import ladders
    from bot.service.platform.unit import Request

    if _is_file(target):
        _apply(_file(target, db), lambda s: core(s.ladder, s.state, _name(s, name), _at(at)))
        return
    _now_only(at, target)

    async def work(database: Database) -> ladder_views.Answered:
        found = await lookup_event(database, target)
        return await ladders.respond(database, Request.cli(utc_now()), [], action,
                                     acting=ladders.ForPlayer(found.id, name))

    done = use_db(db, work)
    for line in done.lines:
        typer.echo(line)
    if done.match_code is not None:
        typer.echo(f"their match is {done.match_code}, reported like any game "
                   f"(tdbot game report {done.event.slug} ...)")


@ladder_app.command("accept")
def accept_cmd(target: TargetArg, name: Annotated[str, typer.Argument(help="The challenged.")],
               at: AtOption = None, db: DbOption = None) -> None:
    """Record that NAME accepts the challenge made to them."""
    from core import ladder as lad

    _respond(target, name, "accept", at, db, lad.accept)


@ladder_app.command("decline")
def decline_cmd(target: TargetArg, name: Annotated[str, typer.Argument(help="The challenged.")],
                at: AtOption = None, db: DbOption = None) -> None:
    """Record that NAME declines the challenge made to them (a forfeit, or void: club rule)."""
    from core import ladder as lad

    _respond(target, name, "decline", at, db, lad.decline)


@ladder_app.command("withdraw")
def withdraw_cmd(target: TargetArg, name: Annotated[str, typer.Argument(help="The challenger.")],
                 at: AtOption = None, db: DbOption = None) -> None:
    """Record that NAME withdraws their challenge; nobody moves."""
    from core import ladder as lad

    _respond(target, name, "withdraw", at, db, lad.withdraw)


@ladder_app.command("join")
def join_cmd(
    target: TargetArg, name: Annotated[str, typer.Argument(help="The newcomer.")],
    rating: Annotated[int, typer.Option("--rating", parser=whole("--rating", "RATING"),
                                        help="A stored ladder's newcomer's rating.")] = 0,
    bot_username: Annotated[str | None, typer.Option(
        "--bot-username", help="For the newcomer's link (default: the event's, else "
        "TDBOT_BOT_USERNAME).")] = None,
    at: AtOption = None, db: DbOption = None,
) -> None:
    """Add NAME at the bottom of the ladder.

    On a stored ladder NAME is a new player, and their invite link is printed."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.ladder import ladders
    from bot.service.people.invites import invite_link
    from bot.service.platform.unit import Request
    from core import ladder as lad

    if _is_file(target):
        _apply(_file(target, db), lambda s: lad.join(s.ladder, s.state, name, _at(at)))
        return
    _now_only(at, target)

    async def work(database: Database) -> ladder_views.Joined:
        found = await lookup_event(database, target)
        return await ladders.add_newcomer(database, Request.cli(utc_now()), found.id, name, rating)

    done = use_db(db, work)
    typer.echo(f"{done.name} joins {done.event.name} at rung {done.rung}; their link to the "
               f"bot: {invite_link(link_username(bot_username, done.event), done.code)}")


@ladder_app.command("result", context_settings=SCORES_ARGS)
def result_cmd(
    path: FileArg,
    first: Annotated[str, typer.Argument(metavar="A")],
    first_score: Annotated[str, typer.Argument(metavar="SCORE_A")],
    second: Annotated[str, typer.Argument(metavar="B")],
    second_score: Annotated[str, typer.Argument(metavar="SCORE_B")],
    starter: Annotated[str | None, typer.Option("--starter", help="Who went first.")] = None,
    at: AtOption = None,
) -> None:
    """Record one game of an accepted challenge, written A 412 B 380 (a state file's)."""
    from core import ladder as lad

    if not _is_file(str(path)):
        fail(f"{path}: a stored ladder's games are reported like any game's, in the chat or "
             f"with tdbot game report {path} A SCORE B SCORE; result is for a state file "
             "(.json)")
    a_score, b_score = score(first_score, first), score(second_score, second)

    def work(s: lad.Step) -> lad.Step:
        first_went = None if starter is None else _name(s, starter)
        return lad.record_result(s.ladder, s.state, ((_name(s, first), a_score),
                                                     (_name(s, second), b_score)),
                                 _at(at), starter=first_went)

    _apply(path, work)


@ladder_app.command("tick")
def tick(path: FileArg, at: AtOption = None) -> None:
    """Apply every deadline passed at --at, then drop idle players; safe to run again.

    The deadlines are those of unanswered and of unplayed challenges (a state file's)."""
    from core import ladder as lad

    if not _is_file(str(path)):
        fail(f"{path}: a stored ladder's deadlines fire in the bot (tdbot run); tick is for a "
             "state file (.json)")
    now = _at(at)

    def work(s: lad.Step) -> lad.Step:
        lapsed = lad.expire(s.ladder, s.state, now)
        idle = lad.idle_drops(lapsed.ladder, lapsed.state, now)
        return lad.Step(idle.ladder, idle.state, lapsed.events + idle.events)

    done = _apply(path, work)
    if not done.events:
        typer.echo(f"nothing due at {now:%Y-%m-%d %H:%M}")


def _show_stored(event: str, json_out: bool, db: str | None) -> None:
    """``show EVENT``: the ladder the bot runs for EVENT, read from the database."""
    from bot.service.events.lookup import lookup_event
    from bot.service.formats.ladder import ladders
    from core import ladder as lad

    async def work(database: Database) -> ladders.Loaded:
        found = await lookup_event(database, event)
        return await ladders.read_ladder(database, found.id)

    loaded = use_db(db, work)
    step = lad.Step(loaded.ladder, loaded.state)
    if json_out:
        typer.echo(json.dumps(_dump(step), indent=1))
        return
    typer.echo(f"{loaded.event.name} ({loaded.event.slug}), the ladder:")
    _print(step, loaded.event.local)
