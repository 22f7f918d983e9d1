"""`tdbot ladder ...`: try a club challenge ladder (``core/ladder.py``) over a JSON state
file, without the bot or a database; and read a ladder the bot runs, from its database.

    tdbot ladder new club.json --players "Ann,Bob,Cat" [--rules rules.toml]
    tdbot ladder challenge club.json Cat Ann --at "2024-03-01 19:00"
    tdbot ladder accept club.json Ann --at ...
    tdbot ladder result club.json Cat 412 Ann 380 --at ...
    tdbot ladder tick club.json --at ...        # apply lapsed deadlines, then idle drops
    tdbot ladder show club.json
    tdbot ladder show club-ladder [--db tdbot.sqlite3]   # the bot's ladder event

``show`` tells the two apart by the name: one ending ``.json`` is a state file, anything
else an event's slug or id in the database (``--db``, default TDBOT_DB or
./tdbot.sqlite3). A stored ladder is only read here: the players change it in the chat,
and its deadlines fire in the bot, so there is no ``tick`` for it.

Names may be shortened as everywhere else (``core.names``). ``--at`` is UTC unless it
carries an offset; without it, the time now. A refusal is one line on stderr, exit 2,
and the file is left as it was; a change is written whole (a temporary file renamed over
the old one), so an interrupted command never leaves half a ladder.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from bot.cli.app import SCORES_ARGS, fail, ladder_app, score
from bot.cli.platform_cmds import DbOption, _use
from bot.service import ladders
from bot.service.events import lookup_event
from bot.store.db import Database
from core import ladder as lad
from core.names import NameRefused, pick
from core.times import local_text

FileArg = Annotated[Path, typer.Argument(metavar="FILE", help="The ladder's JSON state file.")]
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
    return lad.to_record(step.ladder, step.state)


def _load(path: Path) -> lad.Step:
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
    try:
        return step.ladder.names[pick(said, step.ladder.names)]
    except NameRefused as exc:
        fail(str(exc))


def _apply(path: Path, work: Any) -> lad.Step:
    """Load, run one core action, save, print its events; a refusal writes nothing."""
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
    if path.exists():
        fail(f"{path} already exists: give a new file name, or remove it first")
    club = lad.LadderRules()
    if rules is not None:
        try:
            values = tomllib.loads(rules.read_text(encoding="utf-8"))
            club = lad.rules_from_mapping(values.get("ladder", values))
        except OSError as exc:
            fail(f"--rules {rules}: cannot read it ({exc.strerror})")
        except tomllib.TOMLDecodeError as exc:
            fail(f"--rules {rules}: not TOML ({exc})")
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


def _print(step: lad.Step, when: Callable[[datetime], str] = local_text) -> None:
    """The ladder top first, each open challenge with its deadline (``when`` writes it:
    in its own offset for a file, in the event's zone for a stored ladder)."""
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


@ladder_app.command("who")
def who(path: FileArg, name: Annotated[str, typer.Argument(help="The would-be challenger.")],
        at: AtOption = None) -> None:
    """Print whom NAME may challenge now, and why the others within reach may not."""
    step = _load(path)
    targets = lad.who_may_challenge(step.ladder, step.state, _name(step, name), _at(at))
    typer.echo(targets.note)
    typer.echo("may challenge: " + (", ".join(targets.allowed) or "nobody now"))
    for other, why in targets.excluded:
        typer.echo(f"not {other}: {why}")


@ladder_app.command("challenge")
def challenge_cmd(path: FileArg,
                  challenger: Annotated[str, typer.Argument(help="Who challenges.")],
                  challenged: Annotated[str, typer.Argument(help="Whom (above them).")],
                  at: AtOption = None) -> None:
    """Record that CHALLENGER challenges CHALLENGED, who stands above them."""
    _apply(path, lambda s: lad.challenge(s.ladder, s.state, _name(s, challenger),
                                         _name(s, challenged), _at(at)))


@ladder_app.command("accept")
def accept_cmd(path: FileArg, name: Annotated[str, typer.Argument(help="The challenged.")],
               at: AtOption = None) -> None:
    """Record that NAME accepts the challenge made to them."""
    _apply(path, lambda s: lad.accept(s.ladder, s.state, _name(s, name), _at(at)))


@ladder_app.command("decline")
def decline_cmd(path: FileArg, name: Annotated[str, typer.Argument(help="The challenged.")],
                at: AtOption = None) -> None:
    """Record that NAME declines the challenge made to them (a forfeit, or void: club rule)."""
    _apply(path, lambda s: lad.decline(s.ladder, s.state, _name(s, name), _at(at)))


@ladder_app.command("withdraw")
def withdraw_cmd(path: FileArg, name: Annotated[str, typer.Argument(help="The challenger.")],
                 at: AtOption = None) -> None:
    """Record that NAME withdraws their challenge; nobody moves."""
    _apply(path, lambda s: lad.withdraw(s.ladder, s.state, _name(s, name), _at(at)))


@ladder_app.command("join")
def join_cmd(path: FileArg, name: Annotated[str, typer.Argument(help="The newcomer.")],
             at: AtOption = None) -> None:
    """Add NAME at the bottom of the ladder."""
    _apply(path, lambda s: lad.join(s.ladder, s.state, name, _at(at)))


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
    """Record one game of an accepted challenge, written A 412 B 380."""
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

    The deadlines are those of unanswered and of unplayed challenges."""
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

    async def work(database: Database) -> ladders.Loaded:
        found = await lookup_event(database, event)
        return await ladders.read_ladder(database, found.id)

    loaded = _use(db, work)
    step = lad.Step(loaded.ladder, loaded.state)
    if json_out:
        typer.echo(json.dumps(_dump(step), indent=1))
        return
    typer.echo(f"{loaded.event.name} ({loaded.event.slug}), the ladder:")
    _print(step, loaded.event.local)
