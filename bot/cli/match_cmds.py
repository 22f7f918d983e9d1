"""Match commands: a TD enters a game from a paper slip (``tdbot game report``), applies
WESPA forfeits and overtime (``tdbot game forfeit``, ``tdbot game overtime``), rules on a
disputed game (``tdbot rule dispute``), gives a match bye (``tdbot rule bye``, SSSg para 27)
and decides a tied match (``tdbot rule tie``, para 30). A ruling that voids games of later
matches prints its impact and exits 2 unless ``--confirm`` is given.

The same use-case as the bot's (``bot.service.results.reporting.enter_game``), as the operator:
the game is journalled as the command line's and is final at once (a TD checked the
slip), and both players are told the score line, who starts next and whether it is the
deciding game (SSSg 2016 Annex A paras 15-16, 24). Bad input: one line, exit 2, nothing
written.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli.app import SCORES_ARGS, EventArg, fail, game_app, rule_app, score
from bot.cli.options import ConfirmOption, DbOption, WhyOption, use_db, utc_now

if TYPE_CHECKING:
    from bot.service.events.lookup import Event
    from bot.service.results import reporting
    from bot.service.results.ruling_views import Ruled
    from bot.store.db import Database


def _played_at(text: str, event: Event) -> datetime:
    """``--at``: when the game was played, in the event's time zone unless an offset is
    given (``YYYY-MM-DD HH:MM``, ``YYYY-MM-DDTHH:MM+08:00``)."""
    try:
        value = datetime.fromisoformat(text.strip())
    except ValueError:
        fail(f"--at {text!r}: write it as YYYY-MM-DD HH:MM (in {event.time_zone}) or with "
             "an offset, YYYY-MM-DDTHH:MM+08:00")
    if len(text.strip()) == 10:
        fail(f"--at {text!r}: give the time of day too: {date.fromisoformat(text)} HH:MM")
    return value if value.tzinfo is not None else value.replace(tzinfo=event.zone)


def _lines(done: reporting.GameEntered) -> list[str]:
    from bot.service.results import reporting_texts as say

    a, b = done.names
    if done.held is not None:  # SSSg para 20: played during a blackout
        return [f"{done.match} ({done.round_name}) game {done.game}: {a} {done.scores[0]}, "
                f"{b} {done.scores[1]} was played during {done.held} (para 20): held for a "
                "TD, not counted",
                "release or void it: tdbot rule held-release|held-void EVENT ID --why TEXT "
                "(tdbot event inbox lists it)"]
    lines = [
        f"{done.match} ({done.round_name}) game {done.game}: {a} {done.scores[0]}, "
        f"{b} {done.scores[1]}; {done.names[done.starter]} started",
    ]
    if done.single and done.decided:  # a one-game match is its game, not a match score
        return lines + [_one_game(done)]
    lines.append(f"score: {done.score_line}")
    if done.decided and done.tie:
        lines.append("the match is a tie: no winner")
    elif done.decided:
        lines.append(f"{done.winner} wins the match" if done.winner else
                     "the match is level on games, spread and starts: the TDs decide it "
                     "(para 30)")
    elif done.next_start is not None and done.next_game is not None:
        starter = f"{done.next_starter} starts" if done.next_starter else "the players draw tiles"
        why = say.START_WHY[done.next_start.reason]
        deciding = ", the deciding game:" if done.deciding else ","
        lines.append(f"next: game {done.next_game}{deciding} {starter} ({why})")
    return lines


def _one_game(done: reporting.GameEntered) -> str:
    """A decided one-game match, to the TD: who won the game, or that it was a tie and
    what that means (a knockout's tie is still decided, SSSg para 17)."""
    if done.tie:
        return "the game is a tie: no winner"
    if done.scores[0] == done.scores[1]:
        return (f"the game is a tie; {done.winner} wins {done.match}{done.how}"
                if done.winner else
                f"the game is a tie and {done.match} is level on spread and starts: the TDs "
                "decide it (para 30)")
    return f"{done.winner} won the game, so {done.match} is decided"


@game_app.command("report", context_settings=SCORES_ARGS)
def report(
    event: EventArg,
    player_one: Annotated[str, typer.Argument(metavar="A", help="A player: the name, or a part that fits nobody else.")],
    score_one: Annotated[str, typer.Argument(metavar="SCORE_A", help="Their score.")],
    player_two: Annotated[str, typer.Argument(metavar="B", help="Their opponent.")],
    score_two: Annotated[str, typer.Argument(metavar="SCORE_B", help="The opponent's score.")],
    starter: Annotated[str | None, typer.Option(
        "--starter", help="Who started: needed for game 1 (tile draw, para 15); for later "
                          "games it must agree with the rules.")] = None,
    at: Annotated[str | None, typer.Option(
        "--at", help="When it was played: YYYY-MM-DD HH:MM (the event's time zone; default: now).")] = None,
    why: Annotated[str, typer.Option("--why", help="A note for the journal.")] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    photo_window: Annotated[bool, typer.Option(
        "--photo-window", help="The winner (on a tie the starter) owes a board photo within "
                               "the event's photo window (para 25); by default a paper "
                               "slip's photo is the TD's business.")] = False,
    game: Annotated[int | None, typer.Option(
        "--game", min=1, help="The game's number in its match: makes running the command "
                              "again safe (game N already entered with these scores: "
                              "nothing done; other scores: refused).")] = None,
    db: DbOption = None,
) -> None:
    """Enter a game of a match being played, from a paper result slip (final at once)."""
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from bot.service.results import reporting

    scores = (score(score_one, player_one), score(score_two, player_two))
    now = utc_now()

    async def work(database: Database) -> reporting.GameEntered:
        ev = await lookup_event(database, event)
        when = _played_at(at, ev) if at is not None else None
        return await reporting.enter_game(
            database, Request.cli(now), ev.id, (player_one, player_two), scores,
            starter=starter, played_at=when, why=why, photo_window=photo_window, game=game,
        )

    done = use_db(db, work)
    if done.already and not as_json:
        typer.echo(f"{done.match} game {done.game} is already entered (same scores): "
                   "nothing done")
        return
    if as_json:
        typer.echo(json.dumps(done.as_json()))
        return
    for line in _lines(done):
        typer.echo(line)


def _print_ruled(done: Ruled) -> None:
    from bot.words.said import english_text

    what = {"upheld": "upheld", "scores": "scores corrected", "void": "voided",
            "game_bye": f"game bye to {done.to}", "match_bye": f"match bye to {done.to}",
            "tie": f"tied match ruled for {done.to}", "forfeit": f"won by forfeit by {done.to}",
            "overtime": f"overtime penalty for {done.to}"}[done.ruling]
    game = f" game {done.game}" if done.game else ""
    typer.echo(f"{done.match}{game}: {what}; score: {done.score_line}")
    if done.voided and done.ruling != "match_bye":
        typer.echo(f"no longer counting (para 28): game(s) {', '.join(map(str, done.voided))}")
    if done.voided_matches and done.impact is not None:
        typer.echo(f"impact: {english_text(done.impact)}")
    if done.reopened:
        typer.echo(f"{done.match} is no longer decided as it was; the bracket was synced")
    if done.decided:
        typer.echo(f"{done.winner} wins the match" if done.winner else "the match is level")


@rule_app.command("dispute")
def rule(
    event: EventArg,
    match: Annotated[str, typer.Argument(metavar="MATCH", help="The match's code, e.g. M1.")],
    game: Annotated[int, typer.Option("--game", min=1, help="The disputed game's number.")],
    uphold: Annotated[bool, typer.Option("--uphold", help="The slip stands as reported.")] = False,
    scores: Annotated[tuple[str, str] | None, typer.Option(
        "--scores", metavar="A B",
        help="The right scores, the match's first player's first (as `event show` lists it).",
    )] = None,
    void: Annotated[bool, typer.Option("--void", help="The game does not count (it is replayed).")] = False,
    game_bye: Annotated[str | None, typer.Option(
        "--game-bye", metavar="NAME", help="The game is a game bye to NAME (+100, para 28).")] = None,
    match_bye: Annotated[str | None, typer.Option(
        "--match-bye", metavar="NAME", help="NAME gets a match bye (para 27).")] = None,
    why: WhyOption = "",
    confirm: ConfirmOption = False,
    db: DbOption = None,
) -> None:
    """Rule on a disputed game: uphold it, correct its scores, void it, or give a bye.

    A game bye or a match bye (SSSg paras 19, 24, 27, 28); the players are told, with the
    reason."""
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from bot.service.results import rulings

    parsed = None
    if scores is not None:
        parsed = (score(scores[0], "the first player"), score(scores[1], "the second player"))
    now = utc_now()

    async def work(database: Database) -> Ruled:
        ev = await lookup_event(database, event)
        return await rulings.rule_game(database, Request.cli(now), ev.id, match, game,
                                       uphold=uphold, scores=parsed, void=void,
                                       game_bye=game_bye, match_bye=match_bye, why=why,
                                       confirm=confirm)

    _print_ruled(use_db(db, work))


@rule_app.command("bye")
def match_bye(
    event: EventArg,
    match: Annotated[str, typer.Argument(metavar="MATCH", help="The match's code, e.g. M1.")],
    name: Annotated[str, typer.Argument(metavar="NAME", help="Who gets the bye and advances.")],
    why: WhyOption = "",
    confirm: ConfirmOption = False,
    db: DbOption = None,
) -> None:
    """Give NAME a match bye (SSSg para 27): they advance; games played are void."""
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from bot.service.results import rulings

    now = utc_now()

    async def work(database: Database) -> Ruled:
        ev = await lookup_event(database, event)
        return await rulings.match_bye(database, Request.cli(now), ev.id, match, name, why=why,
                                       confirm=confirm)

    _print_ruled(use_db(db, work))


@rule_app.command("tie")
def rule_tie(
    event: EventArg,
    match: Annotated[str, typer.Argument(metavar="MATCH", help="The match's code, e.g. M1.")],
    name: Annotated[str, typer.Argument(metavar="NAME", help="Who wins the tied match.")],
    why: Annotated[str, typer.Option(
        "--why", help="The reason (default: lots drawn by the TD).")] = "",
    db: DbOption = None,
) -> None:
    """Decide a match that para 17 leaves tied (level on games, spread and starts; para 30)."""
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from bot.service.results import rulings

    now = utc_now()

    async def work(database: Database) -> Ruled:
        ev = await lookup_event(database, event)
        return await rulings.rule_tie(database, Request.cli(now), ev.id, match, name, why=why)

    _print_ruled(use_db(db, work))


@game_app.command("forfeit")
def forfeit(
    event: EventArg,
    match: Annotated[str, typer.Argument(metavar="MATCH", help="The match's code, e.g. M1.")],
    game: Annotated[int, typer.Option("--game", min=1, help="The game's number (or the next one).")],
    to: Annotated[str, typer.Option("--to", metavar="NAME", help="Who wins it by forfeit.")],
    why: WhyOption = "",
    confirm: ConfirmOption = False,
    db: DbOption = None,
) -> None:
    """Give a game to a player by forfeit, with the event's forfeit spread (WESPA rules: 75)."""
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from bot.service.results import rulings

    now = utc_now()

    async def work(database: Database) -> Ruled:
        ev = await lookup_event(database, event)
        return await rulings.forfeit(database, Request.cli(now), ev.id, match, game, to,
                                     why=why, confirm=confirm)

    _print_ruled(use_db(db, work))


@game_app.command("overtime")
def overtime(
    event: EventArg,
    match: Annotated[str, typer.Argument(metavar="MATCH", help="The match's code, e.g. M1.")],
    game: Annotated[int, typer.Option("--game", min=1, help="The game's number.")],
    player: Annotated[str, typer.Option("--player", metavar="NAME", help="Who ran over.")],
    minutes: Annotated[float, typer.Option(
        "--minutes", help="Time over in minutes, e.g. 2.5 (10 or more forfeits the game).")],
    why: WhyOption = "",
    confirm: ConfirmOption = False,
    db: DbOption = None,
) -> None:
    """Take 10 points off for each started minute over time; 10 minutes forfeits (WESPA rules)."""
    from bot.service.events.lookup import lookup_event
    from bot.service.platform.unit import Request
    from bot.service.results import rulings

    now = utc_now()

    async def work(database: Database) -> Ruled:
        ev = await lookup_event(database, event)
        return await rulings.overtime(database, Request.cli(now), ev.id, match, game, player,
                                      minutes, why=why, confirm=confirm)

    _print_ruled(use_db(db, work))
