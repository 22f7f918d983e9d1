"""`tdbot files club-pair` and `tdbot files club-fees`: try a club night's pairing and fees from files, without
the bot (the rules are :mod:`core.club`, from the Director's Manual's club chapters).

Files:

- ``--players FILE.csv``: the players checked in tonight. A header names the columns, in
  any order: ``name`` is required; ``number`` (without it the players are numbered in the
  file's order), ``rating``, ``sessions`` (club sessions attended before tonight),
  ``wins`` and ``spread`` (the club record: the ladder and the expert points), ``student``
  and ``senior`` (yes/no) and ``joined`` (the first round a latecomer plays) are optional.
  The players CSV of ``tdbot players import`` serves too (its ``phone``, ``telegram_id``,
  ``membership_until`` and ``team`` play no part in a night).
- ``--history FILE.json``: tonight's results so far, a list of
  ``{"round": 1, "a": 3, "b": 5, "score_a": 412, "score_b": 377}`` and
  ``{"round": 1, "bye": 7}`` (what a bye is worth is the club's rule).
- ``--rules FILE.toml``: the club's rules, keys as :class:`core.club.ClubRules`:
  ``method`` (koth, ladder, random), ``newcomer_sessions``, ``protect_top``, ``bye``
  (spread or sit-out), ``bye_spread``, ``fee``, ``student_fee``, ``senior_fee``,
  ``free_sessions``. Or the club's event definition, the file the bot takes
  (``examples/club_night.toml``): its ``[club]`` table is the rules, read as the bot reads
  it (``club_nights.rules_of``), and what tonight's list leaves out of a player's
  columns comes from it: the rating from ``[[players]]``, the record from
  ``[club.members."NAME"]``.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from bot.cli.app import fail, files_app
from bot.cli.pair_cmd import _as_json

if TYPE_CHECKING:
    from core.club import (
        ByeRule,
        ClubRules,
        Member,
        Method,
    )
    from core.tournament import Game


_INTS = ("number", "rating", "sessions", "wins", "spread", "joined")
_BOOLS = ("student", "senior")
_COLUMNS = ("name", *_INTS, *_BOOLS)
#: The players CSV's other columns (``core.formats.players_csv``): no part of a night.
_OTHER = ("phone", "telegram_id", "membership_until", "team")
_YES = {"yes": True, "y": True, "true": True, "1": True,
        "no": False, "n": False, "false": False, "0": False, "": False}


def _read(path: Path, flag: str) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        fail(f"{flag} {path}: cannot read the file ({exc.strerror or exc})")
    except UnicodeDecodeError:
        fail(f"{flag} {path}: not a UTF-8 text file")


def _no_rules() -> ClubRules:
    from core.club import ClubRules

    return ClubRules()


@dataclass(frozen=True)
class Club:
    """The club's rules, and what its definition knows of players by name (casefolded):
    a rating, a record from before the bot."""

    rules: ClubRules = field(default_factory=_no_rules)
    known: dict[str, dict[str, Any]] = field(default_factory=dict)


def read_players(path: Path, known: dict[str, dict[str, Any]] | None = None) -> list[Member]:
    """The checked-in players of ``path``; a bad cell is named by row and column. A column
    the file lacks is filled from ``known`` (the club's definition) by name."""
    from core.club import Member

    rows = list(csv.reader(_read(path, "--players").splitlines()))
    if not rows:
        fail(f"--players {path}: the file is empty; give a header line such as "
             "number,name,rating,sessions")
    header = [h.strip().lower().replace(" ", "_") for h in rows[0]]
    unknown = [h for h in header if h not in _COLUMNS + _OTHER]
    if unknown:
        fail(f"--players {path}: unknown column {unknown[0]!r}; columns are "
             f"{', '.join(_COLUMNS)}")
    if "name" not in header:
        fail(f"--players {path}: no 'name' column (a name is required)")
    members: list[Member] = []
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            fail(f"--players {path}: row {line} has {len(row)} values for {len(header)} "
                 "columns (quote a name with a comma in it)")
        cells = dict(zip(header, (c.strip() for c in row), strict=True))
        if not cells["name"]:
            fail(f"--players {path}: row {line}: the name is empty")
        values: dict[str, Any] = {
            key: value for key, value in (known or {}).get(cells["name"].casefold(), {}).items()
            if key not in header}
        values["name"] = cells["name"]
        if "number" not in header:
            values["number"] = len(members) + 1
        for col in _INTS:
            if col in cells and cells[col]:
                try:
                    values[col] = int(cells[col])
                except ValueError:
                    fail(f"--players {path}: row {line}: {col} {cells[col]!r} is not a "
                         "whole number")
        for col in _BOOLS:
            if col in cells:
                if cells[col].lower() not in _YES:
                    fail(f"--players {path}: row {line}: {col} {cells[col]!r}: give yes or no")
                values[col] = _YES[cells[col].lower()]
        if "number" not in values:
            fail(f"--players {path}: row {line}: the number is empty")
        members.append(Member(**values))
    if not members:
        fail(f"--players {path}: no players below the header")
    return members


def read_rules(path: Path | None) -> Club:
    """The club's rules from a TOML file (the defaults without one): its keys, or a club
    night's event definition."""
    from bot.service.events.definitions import read_toml
    from bot.service.platform.errors import ServiceError
    from bot.service.platform.limits import amount_of_money
    from core.club import ByeRule, ClubRules, Method

    if path is None:
        return Club()
    text = _read(path, "--rules")
    try:
        data = read_toml(text, f"--rules {path}")
    except ServiceError as exc:
        fail(exc.message)
    if "event" in data:
        return _club_of_definition(text, path)
    known = {f.name for f in fields(ClubRules)}
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known:
            fail(f"--rules {path}: unknown key {key!r}; keys are {', '.join(sorted(known))}")
        if key in ("fee", "student_fee", "senior_fee"):
            try:
                values[key] = amount_of_money(value, positive=False)
            except ServiceError as exc:
                fail(f"--rules {path}: {key} {value!r}: {exc.message}")
        elif key == "method":
            values[key] = _choice(Method, value, f"--rules {path}: method")
        elif key == "bye":
            values[key] = _choice(ByeRule, value, f"--rules {path}: bye")
        else:
            if isinstance(value, bool) or not isinstance(value, int):
                fail(f"--rules {path}: {key} {value!r}: give a whole number")
            values[key] = value
    try:
        return Club(ClubRules(**values))
    except ValueError as exc:
        fail(f"--rules {path}: {exc}")


def _club_of_definition(text: str, path: Path) -> Club:
    """The rules of a club night's definition, read as the bot reads them, and what it
    knows of its players: ratings from [[players]], records from [club.members]."""
    from bot.service.events.definitions import parse_definition
    from bot.service.formats.club.club_nights import rules_of
    from bot.service.platform.errors import ServiceError

    try:
        definition = parse_definition(text, path.name)
    except ServiceError as exc:
        fail(f"--rules {exc.message}")
    if definition.club is None:
        fail(f"--rules {path}: {definition.event.slug} is not a club night's definition "
             '(format = "club" with a [club] table)')
    known: dict[str, dict[str, Any]] = {
        p.name.casefold(): {"rating": p.rating} for p in definition.players}
    for name, record in definition.club.members.items():
        known.setdefault(name.strip().casefold(), {}).update(record.model_dump())
    return Club(rules_of(definition.club), known)


def _choice(kind: type[Method] | type[ByeRule], value: object, what: str) -> Any:
    try:
        return kind(str(value).strip().lower())
    except ValueError:
        fail(f"{what} {value!r}: choose one of {', '.join(k.value for k in kind)}")


def read_history(path: Path | None, rules: ClubRules) -> list[Game]:
    """Tonight's results so far; a bye is worth what the club's rule says."""
    from core.club import bye_result
    from core.tournament import Game

    if path is None:
        return []
    try:
        data = json.loads(_read(path, "--history"))
    except json.JSONDecodeError as exc:
        fail(f"--history {path}: not valid JSON ({exc.msg}, line {exc.lineno})")
    if not isinstance(data, list):
        fail(f"--history {path}: give a list of games, e.g. "
             '[{"round": 1, "a": 1, "b": 2, "score_a": 400, "score_b": 350}]')
    games = []
    for k, item in enumerate(data, start=1):
        def number(key: str, item: Any = item, k: int = k) -> int:
            value = item.get(key) if isinstance(item, dict) else None
            if isinstance(value, bool) or not isinstance(value, int):
                fail(f"--history {path}: game {k}: {key!r} must be a whole number")
            return value
        if isinstance(item, dict) and "bye" in item:
            games.append(bye_result(rules, number("round"), number("bye")))
            continue
        r, a, b, sa, sb = (number(key) for key in ("round", "a", "b", "score_a", "score_b"))
        win = 1.0 if sa > sb else 0.5 if sa == sb else 0.0
        games.append(Game(r, a, b, win, 1.0 - win, sa, sb))
    return games


@files_app.command("club-pair")
def pair(
    players: Path = typer.Option(..., "--players", help="CSV of tonight's players"),
    round_number: int = typer.Option(..., "--round", help="the round to pair, from 1"),
    history: Path | None = typer.Option(None, "--history", help="JSON of tonight's results so far"),
    rules_file: Path | None = typer.Option(None, "--rules", help="TOML of the club's rules"),
    method: str | None = typer.Option(None, "--method", help="koth, ladder or random (default: the rules', else koth)"),
    seed: int | None = typer.Option(None, "--seed", help="random: the draw's seed"),
    as_json: bool = typer.Option(False, "--json", help="print JSON: round, pairings, byes"),
    reasons: bool = typer.Option(False, "--reasons", help="Print the reason for each pair."),
) -> None:
    """Pair a round of a club night by the club's method, repeats avoided.

    Newcomers are kept from the top players and from each other where the field allows."""
    from bot.service.formats.rounds.why_texts import in_english
    from core.club import Method, pair_club_round

    club = read_rules(rules_file)
    rules = club.rules
    if method is not None:
        rules = replace(rules, method=_choice(Method, method, "--method"))
    if rules.method == Method.RANDOM and seed is None:
        fail("--seed N is needed for a random draw (print it, so the draw can be made again)")
    members = read_players(players, club.known)
    games = read_history(history, rules)
    try:
        pairings = pair_club_round(members, games, round_number, rules, seed=seed)
    except ValueError as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(_as_json(pairings, reasons)))
        return
    names = {m.number: m.name for m in members}

    def who(n: int) -> str:
        return f"{names[n]} ({n})"

    typer.echo(f"Round {pairings.round}, club night, {rules.method.value} "
               "(the first named goes first):")
    for board, (a, b) in enumerate(pairings.pairs, start=1):
        typer.echo(f"{board:4}. {who(a)} v {who(b)}")
        if reasons:
            typer.echo(f"      {in_english(pairings.reason_for((a, b)) or '')}")
    for bye in pairings.byes:
        typer.echo(f"   bye: {who(bye)}")
        if reasons:
            typer.echo(f"      {in_english(pairings.reason_for((bye, 0)) or '')}")


@files_app.command("club-fees")
def fees(
    players: Path = typer.Option(..., "--players", help="CSV of tonight's players"),
    rules_file: Path = typer.Option(..., "--rules", help="TOML of the club's rules (fee, ...)"),
    as_json: bool = typer.Option(False, "--json", help="print JSON: each player's fee and the total"),
) -> None:
    """Print what each checked-in player owes tonight (Director's Manual, Player Fees at Club)."""
    from core.club import session_fees

    club = read_rules(rules_file)
    rules = club.rules
    members = read_players(players, club.known)
    try:
        owed = session_fees(members, rules)
    except ValueError as exc:
        fail(str(exc))
    total = sum((f.amount for f in owed), Decimal(0))
    if as_json:
        typer.echo(json.dumps({"fees": [{"number": f.number, "amount": str(f.amount),
                                         "reason": f.reason} for f in owed],
                               "total": str(total)}))
        return
    names = {m.number: m.name for m in members}
    for f in owed:
        typer.echo(f"{names[f.number]} ({f.number}): {f.amount} ({f.reason})")
    typer.echo(f"total: {total}")
