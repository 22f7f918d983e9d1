"""`tdbot pair`: print the next round's pairings of a tsh ``.t`` or TRF file.

Every system goes through :mod:`core.pairing.registry`; options are handed to the
system only when its function takes them, so a misplaced option is an error that
names the option and the system rather than being silently ignored.
"""

from __future__ import annotations

import inspect
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import typer

from bot.cli.app import app, fail
from core.pairing.engine import same_team_pairs
from core.pairing.registry import SYSTEMS, find_system
from core.tournament import Division, Game, GameKind, Pairings


def _load(path: Path) -> tuple[tuple[Division, tuple[Pairings, ...]], ...]:
    """The file's divisions, each with its rounds paired but not yet scored."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"--in {path}: cannot read the file ({exc.strerror or exc})")
    except UnicodeDecodeError:
        fail(f"--in {path}: not UTF-8 text; save the file as UTF-8")
    from core.formats import FormatError
    from core.formats.load import kind_of, load_divisions, load_tsh_divisions

    try:
        if kind_of(text, path.name) == "tsh":
            return tuple((t.division, t.pending) for t in load_tsh_divisions(text, path.name))
        return tuple((d, ()) for d in load_divisions(text, path.name))
    except FormatError as exc:
        fail(f"{path}: {exc}")


def _with_pending(division: Division, pending: tuple[Pairings, ...], before: int) -> Division:
    """Rounds paired ahead count as meetings (a lagged system pairs round X while X-1 is
    being played) but not in the standings: they join as unplayed games."""
    extra = tuple(
        Game(p.round, a, b, 0.0, 0.0, kind=GameKind.UNPLAYED)
        for p in pending
        if p.round < before
        for a, b in p.pairs
    )
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


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def _print(division: Division, system: str, pairings: Pairings, why: bool) -> None:
    def who(n: int) -> str:
        return f"{division.player(n).name} ({n})"

    typer.echo(f"Round {pairings.round}, division {division.name}, {system}:")
    for board, pair in enumerate(pairings.pairs, start=1):
        typer.echo(f"{board:4}. {who(pair[0])} v {who(pair[1])}")
        if why and pairings.reason_for(pair):
            typer.echo(f"      {pairings.reason_for(pair)}")
    for bye in pairings.byes:
        typer.echo(f"   bye: {who(bye)}")
        if why and pairings.reason_for((bye, 0)):
            typer.echo(f"      {pairings.reason_for((bye, 0))}")


SYSTEM_HELP = "pairing system: " + ", ".join(sorted(SYSTEMS)) + ", fpN"


@app.command("pair")
def pair(
    system: str = typer.Option(..., "--system", help=SYSTEM_HELP),
    in_file: Path = typer.Option(..., "--in", help="tsh .t or FIDE TRF file"),
    round_number: int | None = typer.Option(None, "--round", help="round to pair (default: the first round with neither results nor pairings)"),
    division_name: str | None = typer.Option(None, "--division", help="division (needed if the file has several)"),
    as_json: bool = typer.Option(False, "--json", help="print JSON: round, pairings, byes"),
    why: bool = typer.Option(False, "--why", help="print the reason for each pair"),
    factor: int | None = typer.Option(None, "--factor", help="fp: the factor (4 for FP4)"),
    repeats: bool | None = typer.Option(None, "--repeats/--no-repeats", help="koth/fp: allow repeats"),
    total_rounds: int | None = typer.Option(None, "--total-rounds", help="swiss/lagged: rounds in the event"),
    final: str | None = typer.Option(None, "--final", help="swiss: last two rounds as koth or fp4"),
    last_swiss_round: int | None = typer.Option(None, "--last-swiss-round", help="portland: last Swiss round"),
    lagged_rounds: int | None = typer.Option(None, "--lagged-rounds", help="lagged: lagged rounds (5)"),
    avoid_teams: bool = typer.Option(False, "--avoid-teams", help="never pair two of a team if avoidable"),
    gibson: bool = typer.Option(False, "--gibson", help="apply the Gibson rule"),
    prize_places: int | None = typer.Option(None, "--prize-places", help="gibson: places that win prizes"),
    rounds_left: int | None = typer.Option(None, "--rounds-left", help="gibson: rounds left, this one included"),
    top_places: int = typer.Option(1, "--top-places", help="gibson: places a player can clinch (2: two finalists)"),
    settings: list[str] = typer.Option([], "--set", help="KEY=VALUE: any other option of the system"),
) -> None:
    """Print the pairings of the next round (or --round R) of a division."""
    try:
        chosen = find_system(system)
        fn = chosen.load()
    except LookupError as exc:
        fail(f"--system: {exc}")
    division, pending = _choose(_load(in_file), division_name, in_file)
    last = max([g.round for g in division.games] + [p.round for p in pending], default=0)
    number = last + 1 if round_number is None else round_number
    if number < 1:
        fail(f"--round {number}: rounds are numbered from 1")
    division = _with_pending(division, pending, number)

    options: dict[str, Any] = dict(chosen.preset)
    given = {
        "--factor": ("factor", factor),
        "--repeats": ("repeats", repeats),
        "--total-rounds": ("total_rounds", total_rounds),
        "--final": ("final", final),
        "--last-swiss-round": ("last_swiss_round", last_swiss_round),
        "--lagged-rounds": ("lagged_rounds", lagged_rounds),
    }
    for key, value in given.values():
        if value is not None:
            options[key] = value
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(f"--set {item}: write it as KEY=VALUE, e.g. --set groups=3")
        options[key.strip().replace("-", "_")] = _value(value.strip())
    if avoid_teams:
        options["forbidden"] = same_team_pairs(division)
    if gibson:
        if prize_places is None or rounds_left is None:
            fail("--gibson needs --prize-places K and --rounds-left R")
        from core.pairing.gibson import gibson_fixed_pairs

        try:
            decision = gibson_fixed_pairs(division.up_to_round(number - 1),
                                          rounds_left=rounds_left, prize_places=prize_places,
                                          top_places=top_places)
        except ValueError as exc:
            fail(f"--gibson: {exc}")
        options["fixed"] = decision.pairs
    elif prize_places is not None or rounds_left is not None or top_places != 1:
        fail("--prize-places, --rounds-left and --top-places only apply with --gibson")

    params = inspect.signature(fn).parameters
    flags = {key: flag for flag, (key, _) in given.items()}
    flags.update(forbidden="--avoid-teams", fixed="--gibson")
    for key in options:
        if key not in params or key in ("division", "round_number"):
            flag = flags.get(key, f"--set {key}")
            fail(f"{flag} does not apply to --system {chosen.name}")
    for key, param in params.items():
        if param.kind == param.KEYWORD_ONLY and param.default is param.empty and key not in options:
            fail(f"--system {chosen.name} needs {flags.get(key, f'--set {key}=VALUE')}")
    try:
        pairings = fn(division, number, **options)
    except (ValueError, TypeError) as exc:
        fail(f"--system {chosen.name}: {exc}")

    if as_json:
        out: dict[str, Any] = {
            "round": pairings.round,
            "pairings": [list(p) for p in pairings.pairs],
            "byes": list(pairings.byes),
        }
        if why:
            out["reasons"] = [[list(k), text] for k, text in pairings.reasons]
        typer.echo(json.dumps(out))
    else:
        _print(division, chosen.name, pairings, why)
