"""`tdbot files standings` and `tdbot files export`: read a tsh ``.t`` or FIDE TRF file, print its
standings or write it out in another format.

The reading, ranking and writing are all in ``core`` (``core.formats``,
``core.standings``); this module only reads and writes files and turns bad input into
one ``FILE:LINE: message`` line with exit code 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from bot.cli.app import fail, files_app, write_out

if TYPE_CHECKING:
    from core.formats.tsh import TshDivision
    from core.tournament import Division


EXPORTS = ("naspa", "naspa-scores", "tsh", "trf")
SCORINGS = ("auto", "scrabble", "chess")


def read_tournament(path: Path) -> tuple[str, tuple[TshDivision, ...]]:
    """The file's format ('tsh' or 'trf') and divisions, each with its rounds paired but
    not yet scored (tsh only), or a one-line ``FILE:LINE: message`` error, exit code 2.

    ``tdbot files standings``, ``export`` and ``pair`` all read files through here, so a TD
    sees one error format whichever command met the bad line."""
    from core.formats import FormatError
    from core.formats.load import kind_of, load_divisions, load_tsh_divisions
    from core.formats.tsh import TshDivision

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"--in {path}: cannot read the file ({exc.strerror or exc})")
    except UnicodeDecodeError:
        fail(f"--in {path}: not UTF-8 text; save the file as UTF-8")
    try:
        kind = kind_of(text, path.name)
        if kind == "tsh":
            loaded = load_tsh_divisions(text, path.name)
        else:
            loaded = tuple(TshDivision(d) for d in load_divisions(text, path.name))
    except FormatError as exc:
        fail(f"{path}:{exc.line}: {exc.message}" if exc.line else f"{path}: {exc.message}")
    if not any(item.division.players for item in loaded):
        fail(f"--in {path}: no players found in the file")
    return kind, loaded


def _read(path: Path) -> tuple[str, tuple[Division, ...]]:
    kind, loaded = read_tournament(path)
    return kind, tuple(item.division for item in loaded)


def _pick(divisions: tuple[Division, ...], name: str | None, path: Path) -> tuple[Division, ...]:
    if name is None:
        return divisions
    for division in divisions:
        if division.name.lower() == name.lower():
            return (division,)
    names = ", ".join(d.name for d in divisions) or "none"
    fail(f"--division {name}: no such division in {path} (it has {names})")


def _number(value: float) -> str:
    return f"{value:g}"


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _scrabble_rows(division: Division, cap: int | None) -> list[dict[str, Any]]:
    from core.standings import standings_rows

    return standings_rows(division, chess=False, spread_cap=cap)


def _chess_rows(division: Division) -> list[dict[str, Any]]:
    from core.standings import standings_rows

    return standings_rows(division, chess=True)


def _print_scrabble(division: Division, rows: list[dict[str, Any]]) -> None:
    width = max([4] + [len(r["name"]) for r in rows])
    typer.echo(f"Division {division.name}")
    typer.echo(f"{'Rank':>4} {'#':>3}  {'Name':<{width}}  {'W-L':>9}  {'Spread':>6}")
    for r in rows:
        record = f"{_number(r['wins'])}-{_number(r['losses'])}"
        note = "" if r["active"] else "  (withdrawn)"
        typer.echo(
            f"{r['rank']:>4} {r['number']:>3}  {r['name']:<{width}}  {record:>9}  "
            f"{_signed(r['spread']):>6}{note}"
        )


def _print_chess(division: Division, rows: list[dict[str, Any]]) -> None:
    from core.standings import team_scores

    width = max([4] + [len(r["name"]) for r in rows])
    typer.echo(f"Division {division.name}")
    typer.echo(
        f"{'Rank':>4} {'#':>3}  {'Name':<{width}}  {'Pts':>4}  {'MMed':>5}  {'Solk':>5}  "
        f"{'Cum':>5}  {'OpCum':>6}"
    )
    for r in rows:
        tb = r["tiebreaks"]
        typer.echo(
            f"{r['rank']:>4} {r['number']:>3}  {r['name']:<{width}}  {_number(r['points']):>4}  "
            f"{_number(tb['modified_median']):>5}  {_number(tb['solkoff']):>5}  "
            f"{_number(tb['cumulative']):>5}  {_number(tb['opponents_cumulative']):>6}"
        )
    teams = team_scores(division)
    if teams:
        typer.echo("Teams (top four scores count)")
        for t in teams:
            typer.echo(f"{t.rank:>4}  {t.team:<{width + 4}}  {_number(t.points):>4}")


@files_app.command("standings")
def standings_cmd(
    in_path: Path = typer.Option(..., "--in", help="A tsh .t file or a FIDE TRF file."),
    division: str | None = typer.Option(None, "--division", help="Only this division."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list, best first."),
    scoring: str = typer.Option(
        "auto", "--scoring", help="scrabble (wins, spread), chess (points, USCF tiebreaks) "
        "or auto: scrabble for .t files, chess for TRF."
    ),
    spread_cap: int | None = typer.Option(
        None, "--spread-cap", help="Scrabble: count at most this much spread per game."
    ),
) -> None:
    """Print the standings of a tsh or TRF file: rank, name, record, spread or tiebreaks."""
    if scoring not in SCORINGS:
        fail(f"--scoring {scoring}: choose one of {', '.join(SCORINGS)}")
    if spread_cap is not None and spread_cap < 0:
        fail(f"--spread-cap {spread_cap}: must be 0 or more")
    kind, divisions = _read(in_path)
    chosen = _pick(divisions, division, in_path)
    chess = scoring == "chess" or (scoring == "auto" and kind == "trf")
    if chess and spread_cap is not None:
        fail("--spread-cap: only Scrabble standings have spread; drop it or use --scoring scrabble")
    everything: list[dict[str, Any]] = []
    for index, div in enumerate(chosen):
        rows = _chess_rows(div) if chess else _scrabble_rows(div, spread_cap)
        everything.extend(rows)
        if not as_json:
            if index:
                typer.echo("")
            (_print_chess if chess else _print_scrabble)(div, rows)
    if as_json:
        typer.echo(json.dumps(everything, indent=2))


@files_app.command("export")
def export_cmd(
    in_path: Path = typer.Option(..., "--in", help="A tsh .t file or a FIDE TRF file."),
    to: str = typer.Option(..., "--to", help="naspa, naspa-scores, tsh or trf."),
    out: Path | None = typer.Option(None, "--out", help="Write here instead of to stdout."),
    division: str | None = typer.Option(None, "--division", help="Only this division."),
    numbering: str = typer.Option(
        "straight", "--numbering",
        help="NASPA, several divisions: number straight through, or restart at 1 with +N lines.",
    ),
    total_rounds: int | None = typer.Option(
        None, "--total-rounds", help="trf: the event's number of rounds, written as an XXR line "
        "(the pairing programs need it to pair the next round)."
    ),
) -> None:
    """Write a tsh or TRF file as NASPA basic (with or without scores), tsh or TRF.

    TRF gives every played game a colour; a game whose first player (White) the file
    does not record is written with the lower-numbered player as White, and the command
    says how many games that was (on stderr, so that stdout is the file alone)."""
    from core.formats.naspa import write_naspa
    from core.formats.trf import colours_guessed, write_trf
    from core.formats.tsh import write_tsh

    if to not in EXPORTS:
        fail(f"--to {to}: choose one of {', '.join(EXPORTS)}")
    if total_rounds is not None and to != "trf":
        fail(f"--total-rounds: only a TRF file records the event's length; drop it for --to {to}")
    if total_rounds is not None and total_rounds < 1:
        fail(f"--total-rounds {total_rounds}: give the event's number of rounds, 1 or more")
    if numbering not in ("straight", "restart"):
        fail(f"--numbering {numbering}: choose straight or restart")
    _, divisions = _read(in_path)
    chosen = _pick(divisions, division, in_path)
    try:
        if to in ("naspa", "naspa-scores"):
            text = write_naspa(chosen, scores=to == "naspa-scores", numbering=numbering)  # type: ignore[arg-type]
        elif to == "tsh":
            text = write_tsh(chosen)
        else:
            if len(chosen) != 1:
                names = ", ".join(d.name for d in chosen)
                fail(f"--to trf: a TRF file holds one division; choose one of {names} with --division")
            text = write_trf(chosen[0], total_rounds=total_rounds)
    except ValueError as exc:
        fail(f"--to {to}: {exc}")
    guessed = colours_guessed(chosen[0]) if to == "trf" else 0
    if guessed:
        typer.echo(
            f"note: {guessed} played game(s) have no record of who went first (White); "
            "TRF needs a colour for every played game, so the lower-numbered player is "
            "written as White (w) in those", err=True,
        )
    write_out(text, out)
