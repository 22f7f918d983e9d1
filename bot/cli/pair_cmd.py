"""`tdbot files pair`: print the next round's pairings of a tsh ``.t`` or TRF file.

Every system goes through :mod:`core.pairing.registry`; options are handed to the
system only when its function takes them, so a misplaced option is an error that
names the option and the system rather than being silently ignored.

The table systems (round robin, snake, split round robin, quads, ...) fix blocks of
rounds before play (:mod:`core.pairing.tables`), so for them ``--all-rounds`` prints the
block from the next round to its end, and ``--round R`` may run ahead of the file's
results within the block; each round of the block is paired with the ones before it
as meetings and byes, exactly as if they had been written to the file one by one.
"""

from __future__ import annotations

import inspect
import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from bot.cli.app import fail, files_app
from bot.cli.formats_cmds import read_tournament
from core.pairing.registry import system_names  # the names, for --system's help

if TYPE_CHECKING:
    from core.pairing.registry import System
    from core.pairing.tables import TableBlock
    from core.tournament import Division, Pairings


def _load(path: Path) -> tuple[tuple[Division, tuple[Pairings, ...]], ...]:
    """The file's divisions, each with its rounds paired but not yet scored."""
    _, loaded = read_tournament(path)
    return tuple((item.division, item.pending) for item in loaded)


def _with_pending(division: Division, pending: tuple[Pairings, ...], before: int) -> Division:
    """Rounds paired ahead count as meetings (a lagged system pairs round X while X-1 is
    being played) but not in the standings: they join as unplayed games. A bye in such
    a round is already a result, a win worth +50 (Director's Manual, "Odd Number of Players"), and
    counts as the player's bye, so that the next bye goes to someone else."""
    from core.pairing.byes import bye_game
    from core.tournament import Game, GameKind

    extra = tuple(
        Game(p.round, a, b, 0.0, 0.0, kind=GameKind.UNPLAYED)
        for p in pending
        if p.round < before
        for a, b in p.pairs
    ) + tuple(bye_game(p.round, bye) for p in pending if p.round < before for bye in p.byes)
    if not extra:
        return division
    return replace(division, games=division.games + extra)


def _choose(
    loaded: tuple[tuple[Division, tuple[Pairings, ...]], ...], name: str | None, path: Path
) -> tuple[Division, tuple[Pairings, ...]]:
    divisions = tuple(d for d, _ in loaded)
    if not divisions:
        fail(f"--in {path}: the file holds no division")
    if name is None:
        if len(divisions) > 1:
            names = ", ".join(d.name for d in divisions)
            fail(f"--in {path} holds divisions {names}: choose one with --division")
        return loaded[0]
    for item in loaded:
        if item[0].name.lower() == name.lower():
            return item
    names = ", ".join(d.name for d in divisions)
    fail(f"--division {name}: no such division in {path} (it has {names})")


def _write_with(out_file: Path, in_file: Path,
                loaded: tuple[tuple[Division, tuple[Pairings, ...]], ...], name: str,
                rounds: tuple[Pairings, ...], last: int) -> None:
    """Write the .t file again with ``rounds`` as the division's next rounds paired
    ahead of their results (opponents without scores, Director's Manual "tsh Format"), the other
    divisions and every extra field as they were."""
    from core.formats.tsh import TshDivision, write_tsh

    if in_file.suffix.lower() != ".t" or out_file.suffix.lower() != ".t":
        fail(f"--out {out_file}: only tsh .t files hold pairings ahead of results; "
             "read a .t file and write a .t file")
    first = rounds[0].round
    if first > last + 1:
        fail(f"--out {out_file}: the file has rounds up to {last}, so only round {last + 1} "
             f"can be added next, not round {first} (--all-rounds writes every round from "
             f"{last + 1} of a table)")
    if first != last + 1:
        fail(f"--out {out_file}: round {first} already has pairings or results in "
             f"the file; only the next round ({last + 1}) can be added")
    items = [TshDivision(d, p + rounds if d.name == name else p) for d, p in loaded]
    try:
        text = write_tsh(items)
    except ValueError as exc:
        fail(f"--out {out_file}: {exc}")
    try:
        out_file.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"--out {out_file}: cannot write the file ({exc.strerror or exc})")


def _print(division: Division, system: str, pairings: Pairings, why: bool) -> None:
    from bot.service.formats.rounds.why_texts import in_english

    def who(n: int) -> str:
        return f"{division.player(n).name} ({n})"

    first = "has White" if system == "uscf" else "goes first"
    typer.echo(f"Round {pairings.round}, division {division.name}, {system} "
               f"(the first named {first}):")
    for board, pair in enumerate(pairings.pairs, start=1):
        typer.echo(f"{board:4}. {who(pair[0])} v {who(pair[1])}")
        if why and pairings.reason_for(pair):
            typer.echo(f"      {in_english(pairings.reason_for(pair) or '')}")
    for bye in pairings.byes:
        typer.echo(f"   bye: {who(bye)}")
        if why and pairings.reason_for((bye, 0)):
            typer.echo(f"      {in_english(pairings.reason_for((bye, 0)) or '')}")


def _flag(key: str) -> str:
    """An option as a TD types it at the command line."""
    return FLAGS.get(key, f"--set {key}")


def _options_of(params: Any) -> str:
    """The options a system function takes, as a TD would type them."""
    from core.pairing.options import options_text

    return options_text(params, lambda key: FLAGS.get(key, f"--set {key}="))


def _gibson_pairs(division: Division, number: int, scored: int, *, prize_places: int | None,
                  rounds_left: int | None, total_rounds: int | None, top_places: int,
                  spread: str) -> Any:
    """The pairs the Gibson rule fixes for round ``number`` (``core.pairing.options``);
    ``scored`` is the last round with results in the file."""
    from core.pairing.options import GIBSON_SPREADS, gibson_decision

    if prize_places is None:
        fail("--gibson needs --prize-places K (how many places win a prize)")
    known = min(scored, number - 1)
    if rounds_left is None:
        if total_rounds is None:
            fail("--gibson needs --rounds-left R or --total-rounds N")
        rounds_left = total_rounds - known
    if rounds_left < 1:
        fail(f"--rounds-left {rounds_left}: round {number} must be one of the rounds left, "
             "so give 1 or more (check --total-rounds)")
    if spread not in GIBSON_SPREADS:
        fail(f"--gibson-spread {spread}: choose one of {', '.join(GIBSON_SPREADS)}")
    try:
        decision = gibson_decision(division, number, scored, prize_places=prize_places,
                                   rounds_left=rounds_left, top_places=top_places,
                                   spread=spread)
    except ValueError as exc:
        fail(f"--gibson: {exc}")
    return decision.pairs


def _table(chosen: System, division: Division, number: int, options: dict[str, Any],
           why: str) -> TableBlock:
    """The table block of ``chosen`` holding round ``number``, or a failure that says why
    the round cannot be paired before results come in (``why`` starts the message)."""
    from core.pairing.tables import NotATable

    try:
        block_fn = chosen.load_block()
        params = inspect.signature(block_fn).parameters
        return block_fn(division, number, **{k: v for k, v in options.items() if k in params})
    except NotATable as exc:
        fail(f"{why}: {exc}")
    except (ValueError, TypeError, LookupError) as exc:
        fail(f"--system {chosen.name}: {exc}")


def _as_json(pairings: Pairings, why: bool) -> dict[str, Any]:
    from bot.service.formats.rounds.why_texts import in_english

    out: dict[str, Any] = {
        "round": pairings.round,
        "pairings": [list(p) for p in pairings.pairs],
        "byes": list(pairings.byes),
    }
    if why:
        out["reasons"] = [[list(k), in_english(reason)] for k, reason in pairings.reasons]
    return out


SYSTEM_HELP = "pairing system: " + system_names()
#: The options of the system functions that have a flag of their own; the others are
#: given as --set KEY=VALUE.
FLAGS = {"factor": "--factor", "repeats": "--repeats", "max_repeats": "--max-repeats",
         "total_rounds": "--total-rounds", "final": "--final",
         "last_swiss_round": "--last-swiss-round", "lagged_rounds": "--lagged-rounds",
         "forbidden": "--avoid-teams", "fixed": "--gibson"}


@files_app.command("pair")
def pair(
    system: str = typer.Option(..., "--system", help=SYSTEM_HELP),
    in_file: Path = typer.Option(..., "--in", help="tsh .t or FIDE TRF file"),
    round_number: int | None = typer.Option(None, "--round", help="round to pair (default: the first round with neither results nor pairings)"),
    division_name: str | None = typer.Option(None, "--division", help="division (needed if the file has several)"),
    as_json: bool = typer.Option(False, "--json", help="print JSON: round, pairings, byes"),
    reasons: bool = typer.Option(False, "--reasons", help="Print the reason for each pair."),
    factor: int | None = typer.Option(None, "--factor", help="fp: the factor (4 for FP4)"),
    repeats: bool | None = typer.Option(None, "--repeats/--no-repeats", help="koth/fp: allow repeats"),
    max_repeats: int | None = typer.Option(None, "--max-repeats", help="koth/fp: pairs who met up to N times may meet again (tsh's 'koth N')"),
    total_rounds: int | None = typer.Option(None, "--total-rounds", help="swiss/lagged/uscf: rounds in the event (and, with --gibson, how many are left)"),
    final: str | None = typer.Option(None, "--final", help="swiss: last two rounds as koth or fp4"),
    last_swiss_round: int | None = typer.Option(None, "--last-swiss-round", help="portland: last Swiss round"),
    lagged_rounds: int | None = typer.Option(None, "--lagged-rounds", help="lagged: lagged rounds (5)"),
    avoid_teams: bool = typer.Option(False, "--avoid-teams", help="never pair two of a team if avoidable (uscf always does: USCF guide)"),
    gibson: bool = typer.Option(False, "--gibson", help="apply the Gibson rule"),
    prize_places: int | None = typer.Option(None, "--prize-places", help="gibson: places that win prizes"),
    rounds_left: int | None = typer.Option(None, "--rounds-left", help="gibson: rounds whose results are still to come, this one included (default: from --total-rounds)"),
    gibson_spread: str = typer.Option("none", "--gibson-spread", help="gibson: spread limits on catching up: none (Director's Manual's advice), nsc2006 (500/700/900) or manual (500/800/900)"),
    top_places: int = typer.Option(1, "--top-places", help="gibson: places a player can clinch (2: two finalists)"),
    settings: list[str] = typer.Option([], "--set", help="KEY=VALUE: any other option of the system, e.g. --set groups=3 (a wrong KEY lists the options)"),
    out_file: Path | None = typer.Option(None, "--out", help="tsh: also write the file with this round's pairings added (may be the --in file), as tsh does"),
    all_rounds: bool = typer.Option(False, "--all-rounds", help="table systems (rr, double-rr, john-green, snake, split-rr, speed, quads, nsc2006): every round of the table from the next round on, to hand out before play (--json: a list)"),
) -> None:
    """Print the pairings of a division's next round, of --round R, or of every round of a table.

    With --all-rounds: every round a table system fixes in advance."""
    from core.pairing.engine import same_team_pairs
    from core.pairing.options import check_options, parse_value
    from core.pairing.registry import find_system

    try:
        chosen = find_system(system)
        fn = chosen.load()
    except LookupError as exc:
        fail(f"--system: {exc}")
    loaded = _load(in_file)
    division, pending = _choose(loaded, division_name, in_file)
    last = max([g.round for g in division.games] + [p.round for p in pending], default=0)
    number = last + 1 if round_number is None else round_number
    if number < 1:
        fail(f"--round {number}: rounds are numbered from 1")
    if all_rounds and round_number is not None:
        fail(f"--all-rounds prints the table from the next round to pair (round {last + 1}) "
             "to its end; drop --round")
    if all_rounds and gibson:
        fail("--all-rounds: the Gibson rule decides on the standings round by round; "
             "pair those rounds one at a time with --gibson")
    ahead = number > last + 1
    if not chosen.block and (all_rounds or ahead):  # before its options: they would not help
        start = ("--all-rounds" if all_rounds else
                 f"--round {number}: the file has rounds up to {last}, so the next to pair "
                 f"is round {last + 1}, and {chosen.name} cannot pair round {number} before then")
        fail(f"{start}: {chosen.name} is not a table system: {chosen.results}")
    scored = max((g.round for g in division.games), default=0)
    unscored = sorted({p.round for p in pending if p.round < number})
    base = division
    division = _with_pending(division, pending, number)

    options: dict[str, Any] = dict(chosen.preset)
    given = {"factor": factor, "repeats": repeats, "max_repeats": max_repeats,
             "total_rounds": total_rounds, "final": final,
             "last_swiss_round": last_swiss_round, "lagged_rounds": lagged_rounds}
    options.update({key: value for key, value in given.items() if value is not None})
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(f"--set {item}: write it as KEY=VALUE, e.g. --set groups=3")
        options[key.strip().replace("-", "_")] = parse_value(value.strip())
    params = inspect.signature(fn).parameters
    if gibson and "total_rounds" not in params:
        options.pop("total_rounds", None)  # then it only tells the Gibson rule what is left
    if avoid_teams:
        if "avoid_same_team" in params:  # USCF Swiss: the seed's school avoidance
            options["avoid_same_team"] = True
        else:
            options["forbidden"] = same_team_pairs(division)
    gibson_flags = (prize_places, rounds_left, gibson_spread != "none", top_places != 1)
    if gibson:
        options["fixed"] = _gibson_pairs(division, number, scored, prize_places=prize_places,
                                         rounds_left=rounds_left, total_rounds=total_rounds,
                                         top_places=top_places, spread=gibson_spread)
    elif any(flag not in (None, False) for flag in gibson_flags):
        fail("--prize-places, --rounds-left, --top-places and --gibson-spread "
             "only apply with --gibson")

    try:
        check_options(chosen, options, _flag, f"--system {chosen.name}",
                      listed_of=lambda key: FLAGS.get(key, f"--set {key}="),
                      needed_of=lambda key: FLAGS.get(key, f"--set {key}=VALUE"))
    except ValueError as exc:
        fail(str(exc))
    block: TableBlock | None = None
    numbers = [number]
    if all_rounds:
        block = _table(chosen, division, number, options, "--all-rounds")
        numbers = list(range(number, block.last + 1))
    elif ahead:
        block = _table(chosen, division, number, options,
                       f"--round {number}: the file has rounds up to {last}, so the next to "
                       f"pair is round {last + 1}, and {chosen.name} cannot pair round "
                       f"{number} before then")
        if block.first > last + 1:
            fail(f"--round {number}: its table (rounds {block.first}-{block.last}) is drawn "
                 f"from the standings after round {block.first - 1}, and the file has rounds "
                 f"up to {last}; pair round {last + 1} first")
        numbers = list(range(last + 1, number + 1))
        if out_file is not None:
            fail(f"--out {out_file}: the file has rounds up to {last}, so only round "
                 f"{last + 1} can be added next, not round {number} (--all-rounds writes "
                 f"every round of the table from round {last + 1})")
    produced: list[Pairings] = []
    for k in numbers:  # each round of a table sees the ones before it as meetings and byes
        here = _with_pending(base, pending + tuple(produced), k)
        try:
            produced.append(fn(here, k, **options))
        except (ValueError, TypeError) as exc:
            fail(f"--system {chosen.name}: {exc}")
    shown = produced if all_rounds else produced[-1:]
    pairings = shown[-1]

    if out_file is not None:
        _write_with(out_file, in_file, loaded, division.name, tuple(shown), last)
    which = (f"round {shown[0].round}" if len(shown) == 1
             else f"rounds {shown[0].round}-{shown[-1].round}")
    wrote = f"wrote {which} pairings to {out_file}"
    then = ""
    if all_rounds and block is not None and block.then:
        then = f"note: the table ends with round {block.last}; {block.then}"
    elif ahead:
        skipped = f"round {last + 1}" if number == last + 2 else f"rounds {last + 1}-{number - 1}"
        then = (f"note: {skipped} of the table came first (not in the file): round {number} "
                "follows them, as meetings and byes")
    if as_json:
        if all_rounds:
            typer.echo(json.dumps([_as_json(p, reasons) for p in shown]))
        else:
            typer.echo(json.dumps(_as_json(pairings, reasons)))
        if then:
            typer.echo(then, err=True)
        if out_file is not None:  # stdout holds only the JSON
            typer.echo(wrote, err=True)
    else:
        for k, each in enumerate(shown):
            if k:
                typer.echo("")
            _print(division, chosen.name, each, reasons)
        if then:
            typer.echo(then)
        if unscored:
            rounds = ", ".join(map(str, unscored))
            which = f"round {rounds} is" if len(unscored) == 1 else f"rounds {rounds} are"
            typer.echo(f"note: {which} paired but without results yet: the pairs count as "
                       f"meetings, the games not in the standings (standings after round "
                       f"{scored})")
        moved = sum(1 for each in shown for _, reason in each.reasons if reason.mentions("met"))
        if moved and "max_repeats" in params and "repeats" not in options \
                and "max_repeats" not in options:
            typer.echo(f"note: {moved} pairs differ from the table to avoid a repeat "
                       f"(--reasons says which); --max-repeats N lets pairs who met up to "
                       f"N times meet again, --repeats allows any")
        if out_file is not None:
            typer.echo(wrote)


@files_app.command("systems")
def systems_cmd() -> None:
    """List the pairing systems `tdbot files pair --system` knows, with their options.

    A table system, whose rounds are fixed before play (``--all-rounds``), is marked as one."""
    from core.pairing.registry import ALIASES, SYSTEMS

    for name, system in SYSTEMS.items():
        also = [long for long, short in ALIASES.items() if short == name]
        title = name + (f" (also {', '.join(also)})" if also else "")
        table = " [table]" if system.block else ""
        typer.echo(f"{title}: {system.summary}{table}")
        try:
            params = inspect.signature(system.load()).parameters
        except LookupError as exc:
            typer.echo(f"    not available: {exc}")
            continue
        typer.echo(f"    options: {_options_of(params)}")
    typer.echo("fpN (fp4, fp6, ...): factored pairings with that factor")
    typer.echo("[table]: a table system: its rounds are fixed before play, from the ratings "
               "or the standings when its block begins (tdbot files pair --all-rounds prints them)")
