"""`tdbot files draw` and `tdbot files simulate`: knockout draws and whole events played at random.

Both read a players CSV (a header with at least ``name`` and ``rating``; the rules are
``core.formats.players_csv``'s), draw with a seed that is printed so anyone can re-run it,
and either print the draw or play every match through the core engine (``core.knockout.sssg``) with random scores from the same seed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bot.cli.app import fail, files_app, whole
from core.ordinals import ordinal

if TYPE_CHECKING:
    from core.knockout import bracket as bk
    from core.knockout import sssg
    from core.knockout.qualifying import QualifyingPlan
    from core.knockout.seeding import Entrant


THIRD_PLACE_HELP = "sssg: a third-place match in the plate (footnote 8); single: one too"
FORMAT_HELP = "sssg (qualifying, double-elimination top division, plate), single or double"


def read_players(path: Path) -> list[Entrant]:
    """Players from a CSV, read by the one players-CSV parser (``core.formats.players_csv``)
    that ``tdbot players import`` uses too, so the same file and seed give the same draw."""
    from core.formats.players_csv import PlayersCsvError, parse_players_csv
    from core.knockout.seeding import Entrant

    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        fail(
            f"--players {path}: byte {exc.start + 1} is not UTF-8; save the file as "
            "CSV UTF-8 (the spreadsheet's 'CSV UTF-8' option)"
        )
    except OSError as exc:
        fail(f"--players {path}: cannot read it ({exc.strerror or exc})")
    try:
        rows = parse_players_csv(text)
    except PlayersCsvError as exc:
        fail(exc.where(f"--players {path}"))
    if len(rows) < 2:
        fail(f"--players {path}: {len(rows)} player(s); a knockout needs at least 2")
    return [Entrant(p.name, p.rating) for p in rows]


def _make_event(
    fmt: str,
    players: list[Entrant],
    path: Path,
    seed: int,
    best_of: int | None,
    step: int | None,
    grand_final: str | None,
    head_start: int | None,
    drops: str | None,
    third_place: bool,
) -> sssg.KnockoutEvent:
    """The knockout's draw (``formats.knockout.offline``: each option is checked against
    the format); a refused option or players the core cannot draw end the command."""
    from bot.service.formats.knockout import offline

    try:
        return offline.draw_knockout(fmt, players, seed, best_of=best_of, step=step,
                                     grand_final=grand_final, head_start=head_start,
                                     drops=drops, third_place=third_place)
    except offline.Refused as exc:
        fail(str(exc))
    except ValueError as exc:
        fail(f"--players {path}: {exc}")


# --- text -------------------------------------------------------------------------------

DIVISION_TITLES = {"qualifying": "Qualifying round", "top": "Top division", "plate": "Plate"}
FORMAT_TITLES = {"sssg": "SSSg", "single": "Single elimination", "double": "Double elimination"}


def _ratings(event: sssg.KnockoutEvent) -> dict[str, int]:
    return {e.name: e.rating for e in event.entrants}


def _who(name: str | None, event: sssg.KnockoutEvent, seeds: dict[str, int]) -> str:
    from core.knockout import sssg

    if name is None:
        return "bye"
    qid = sssg.placeholder_match(name)
    if qid is not None and event.plan is not None:
        k = int(qid.removeprefix("Q")) - 1
        a, b = event.plan.pairings[k].players
        return f"{name} ({a} / {b})"
    rating = _ratings(event).get(name)
    if rating is None:
        return name
    mark = f" [{seeds[name]}]" if name in seeds else ""
    return f"{name}{mark} ({rating})"


def _slot(
    b: bk.Bracket, m: bk.BracketMatch, side: int, view: bk.BracketView | None, event: sssg.KnockoutEvent
) -> str:
    seeds = {name: i for i, name in enumerate(b.seeds, start=1)}
    occupant = view.occupants[side] if view is not None else None
    if occupant is not None and occupant.known:
        return _who(occupant.player, event, seeds)
    return m.slots[side].label()


def _match_line(
    b: bk.Bracket, m: bk.BracketMatch, view: bk.BracketView | None, event: sssg.KnockoutEvent
) -> str:
    """One match as a TD reads it: who plays whom, or who goes through on a bye."""
    from core.knockout import bracket as bk

    a, c = (_slot(b, m, side, view, event) for side in (0, 1))
    if view is not None and view.status is bk.Status.EMPTY:
        text = "no match: both slots are byes"
    elif view is not None and view.occupants[0].bye != view.occupants[1].bye:
        through = c if view.occupants[0].bye else a
        text = f"{through}: bye (goes through without playing)"
    else:
        text = f"{a}  v  {c}"
    if m.reset_of:
        text += f"  (only if the lower-bracket winner wins {m.reset_of})"
    return f"    {m.id:<4} {text}"


def _bracket_lines(b: bk.Bracket, event: sssg.KnockoutEvent, views: dict[str, bk.BracketView]) -> list[str]:
    from core.knockout import bracket as bk

    lines: list[str] = []
    heading = None
    first_round = [m for m in b.matches if m.round == 1 and m.part is bk.Part.UPPER]
    for m in b.matches:
        title = f"{m.round_name} (best of {m.best_of}"
        up = f"{m.head_start} game{'s' * (m.head_start > 1)} up"
        title += f", upper-bracket winner {up})" if m.head_start else ")"
        if title != heading:
            lines.append(f"  {title}")
            heading = title
        if not b.seated and m in first_round:
            if m is first_round[0]:
                lines.append(
                    f"    {first_round[0].id}-{first_round[-1].id}: drawn when the qualifying "
                    "round is over"
                )
            continue
        lines.append(_match_line(b, m, views.get(m.id), event))
    return lines


def _division_heading(b: bk.Bracket, event: sssg.KnockoutEvent) -> list[str]:
    """Who is in a division and, before it is drawn, where they come from (para 2,
    footnote 2) and how it will be drawn (para 3)."""
    from core.knockout.qualifying import TOP_DIVISION_SIZE

    kind = "double elimination" if b.kind == "double" else "single elimination"
    plan = event.plan
    seeds = ["  Seeds: " + ", ".join(f"[{i}] {s}" for i, s in enumerate(b.seeds, 1))]
    if b.name not in DIVISION_TITLES or plan is None:
        return [f"Bracket of {len(b.players)} ({b.size} seats)"] + seeds
    n = len(event.entrants)
    top = min(n, TOP_DIVISION_SIZE)
    size = top if b.name == "top" else n - top
    out = [f"{DIVISION_TITLES[b.name]}: {kind} of {size}"]
    if not plan.needed:
        return out + seeds
    if b.name == "top" and plan.field_size == 32:
        out[0] += (
            f" (the {len(plan.byes)} bye-holders and the {len(plan.pairings)} qualifying winners)"
        )
    elif b.name == "top" and len(plan.byes) == top:
        out[0] += f" (the {top} bye-holders: a bye goes up, para 27)"
    elif b.name == "top" and len(plan.byes) > top:
        out[0] += (
            f" (the {top} highest-rated of the {len(plan.byes)} bye-holders: a bye goes up, "
            "para 27, and there are more byes than places)"
        )
    elif b.name == "top":
        out[0] += (
            f" (the {len(plan.byes)} bye-holders, para 27, and the best {top - len(plan.byes)} "
            f"of the {len(plan.pairings)} qualifying winners by losses, then spread: footnote 2)"
        )
    elif plan.field_size == 32:
        out[0] += " (the qualifying losers)"
    elif len(plan.byes) > top:
        out[0] += " (the qualifying losers and winners, and the bye-holders who do not go up)"
    else:
        out[0] += " (the qualifying losers and the winners who do not go up)"
    if not b.seated:
        byes = b.size - size
        note = f", {byes} byes to the highest-rated (para 2)" if byes else ""
        out.append(
            "  Drawn when the qualifying round is over: the top half by rating are seeded "
            f"(Annex A para 3){note}."
        )
    elif b.seeds:
        out += seeds
    return out


def _equal_ratings(plan: QualifyingPlan) -> list[str]:
    """Players level on rating where the level decides a bye or a seed: the order the
    draw gave them (para 1: byes and seeds by rating, the rest a random draw), so a TD
    can answer "why does she have a bye and not me?"."""
    by_rating: dict[int, list[str]] = {}
    for e in plan.ranked:
        by_rating.setdefault(e.rating, []).append(e.name)
    cuts = {len(plan.byes), len(plan.byes) + len(plan.pairings)}  # bye / qualifying seed
    position = {e.name: i for i, e in enumerate(plan.ranked)}
    lines = []
    for rating, names in by_rating.items():
        first, last = position[names[0]], position[names[-1]]
        if len(names) > 1 and any(first < cut <= last for cut in cuts):
            lines.append(
                f"  Equal rating {rating}, in the order the draw gave them: {', '.join(names)}"
            )
    return lines


def draw_text(event: sssg.KnockoutEvent) -> str:
    from core.knockout import sssg

    d = sssg.derive(event)
    out = [
        f"{FORMAT_TITLES[event.format]} draw, seed {event.seed} "
        f"(re-run with --seed {event.seed} for the same draw)",
        f"{len(event.entrants)} players",
    ]
    plan = event.plan
    if plan is not None and plan.needed:
        out.append("")
        out.append(
            f"Qualifying round (best of {plan.best_of}): {len(plan.pairings)} matches, "
            f"seeded player first; byes for the {len(plan.byes)} highest-rated"
        )
        for i, p in enumerate(plan.pairings, start=1):
            out.append(
                f"    Q{i:<3} {_who(p.seed.name, event, {})}  v  {_who(p.unseeded.name, event, {})}"
            )
        out.append("  Byes: " + ", ".join(_who(e.name, event, {}) for e in plan.byes))
        out.extend(_equal_ratings(plan))
    elif plan is not None:
        out.append("16 or fewer players: no qualifying round, straight to the top division.")
    for b in (d.top, d.plate):
        if b is None:
            continue
        out.append("")
        out.extend(_division_heading(b, event))
        out.extend(_bracket_lines(b, event, d.views))
    if plan is not None and plan.needed and d.plate is None:
        out.append("")
        out.append("Plate: cancelled, too few players (Annex A footnote 1).")
    return "\n".join(out)


def simulate_text(record: dict[str, Any]) -> str:
    out = [
        f"{FORMAT_TITLES[record['format']]} event "
        f"played at random, seed {record['seed']}: {record['players']} players, "
        f"{len(record['matches'])} matches"
    ]
    current = None
    for m in record["matches"]:
        if m["round_of_play"] != current:
            current = m["round_of_play"]
            out.append("")
            out.append(f"Round of play {current}")
        a, b = m["players"]
        counted = [g for g in m["games"] if not g.get("void")]
        extras = []
        ties = sum(1 for g in counted if "scores" in g and g["scores"][0] == g["scores"][1])
        byes = sum(1 for g in counted if "bye" in g)
        if m["head_start"]:
            extras.append(f"{m['head_start']['player']} {m['head_start']['games']} game up")
        if ties:
            extras.append(f"{ties} tied game{'s' * (ties > 1)}")
        if byes:
            extras.append(f"{byes} game bye{'s' * (byes > 1)}")
        voided = sum(1 for g in m["games"] if g.get("void"))
        if voided:
            extras.append(f"{voided} game{'s' * (voided > 1)} void (para 28)")
        if m["decided_by"] not in ("games",):
            extras.append(f"decided on {m['decided_by']}")
        division = {"qualifying": "Qual", "top": "Top", "plate": "Plate"}.get(m["division"], "")
        tail = f"  [{'; '.join(extras)}]" if extras else ""
        column = f"{division:<5} " if division else ""
        out.append(
            f"  {m['id']:<4} {column}{m['round']:<15} bo{m['best_of']:<3} "
            f"{a} v {b}: {m['score']}  -> {m['winner']}{tail}"
        )
    out.append("")
    places = record["placements"]
    top = places["top"]
    from bot.service.formats.knockout.offline import places_title

    label = places_title(str(record["format"]))
    out.append(f"{label}: " + ", ".join(f"{ordinal(i)} {n}" for i, n in enumerate(top[:4], start=1)))
    if places["plate"]:
        k = record["prizes"]["plate_prize_count"]
        winners = record["prizes"]["plate"]
        out.append(
            f"Plate: {places['plate'][0]} wins; {k} placing prize(s) "
            f"(para 8: {len(places['plate'])} players / 4, rounded down, at least the "
            "winner): " + ", ".join(winners)
        )
    if record.get("plate_cancelled"):
        out.append(
            "Plate: cancelled, too few players (Annex A footnote 1); out after qualifying: "
            + ", ".join(record["plate_cancelled"])
        )
    out.append("")
    out.append(f"Re-run with --seed {record['seed']} to get the same event; --json for the data.")
    return "\n".join(out)


# --- commands ---------------------------------------------------------------------------


# The options both commands take, declared once.
PlayersOpt = Annotated[Path, typer.Option("--players", help="CSV with a header: name,rating")]
FormatOpt = Annotated[str, typer.Option("--format", help=FORMAT_HELP)]
BestOfOpt = Annotated[
    int | None, typer.Option("--best-of", help="single/double: games in round 1 (default 3)")
]
StepOpt = Annotated[
    int | None, typer.Option("--step", help="single/double: extra games each round (default 0)")
]
GrandFinalOpt = Annotated[
    str | None,
    typer.Option("--grand-final", help="double: head_start, reset or single (default reset)"),
]
HeadStartOpt = Annotated[
    int | None,
    typer.Option("--head-start", help="double: games up in a head_start grand final (default 1)"),
]
DropsOpt = Annotated[
    str | None,
    typer.Option("--drops", help="double: seeding (SSSg para 3) or rematch (default seeding)"),
]
ThirdPlaceOpt = Annotated[bool, typer.Option("--third-place", help=THIRD_PLACE_HELP)]


@files_app.command("draw")
def draw_cmd(
    players: PlayersOpt,
    seed: int = typer.Option(..., "--seed", parser=whole("--seed", "SEED"),
                             help="Seed of the random draw (printed)"),
    fmt: FormatOpt = "sssg",
    as_json: bool = typer.Option(False, "--json", help="Print the draw as JSON"),
    best_of: BestOfOpt = None,
    step: StepOpt = None,
    grand_final: GrandFinalOpt = None,
    head_start: HeadStartOpt = None,
    drops: DropsOpt = None,
    third_place: ThirdPlaceOpt = False,
) -> None:
    """Print the draw of a knockout event (the same seed gives the same draw)."""
    from core.knockout import sssg

    entrants = read_players(players)
    event = _make_event(
        fmt, entrants, players, seed, best_of, step, grand_final, head_start, drops, third_place
    )
    if as_json:
        typer.echo(json.dumps(sssg.to_record(event), indent=2, ensure_ascii=False))
    else:
        typer.echo(draw_text(event))


@files_app.command("simulate")
def simulate_cmd(
    players: PlayersOpt,
    seed: int = typer.Option(..., "--seed", parser=whole("--seed", "SEED"),
                             help="Seed of the draw and of the random scores"),
    fmt: FormatOpt = "sssg",
    as_json: bool = typer.Option(False, "--json", help="Print the matches and placements as JSON"),
    best_of: BestOfOpt = None,
    step: StepOpt = None,
    grand_final: GrandFinalOpt = None,
    head_start: HeadStartOpt = None,
    drops: DropsOpt = None,
    third_place: ThirdPlaceOpt = False,
    png: Path | None = typer.Option(
        None, "--png", help="Also draw the finished brackets: one PNG per picture in this folder"
    ),
) -> None:
    """Play a whole knockout event with random scores and print every match and the places."""
    import random

    from bot.pictures.bracket import write_pngs
    from core.event_record import event_record
    from core.knockout import sssg

    if png is not None and png.exists() and not png.is_dir():
        fail(f"--png {png}: that is a file; give a folder for the pictures (made if missing)")
    entrants = read_players(players)
    event = _make_event(
        fmt, entrants, players, seed, best_of, step, grand_final, head_start, drops, third_place
    )
    played, rounds = sssg.play_out(event, random.Random(f"tdbot:{seed}:scores"))
    record = event_record(played, rounds)
    if as_json:
        typer.echo(json.dumps(record, indent=2, ensure_ascii=False))
    else:
        typer.echo(simulate_text(record))
    if png is not None:
        title = f"{FORMAT_TITLES[fmt]} event played at random, seed {seed}"
        try:
            paths = write_pngs(played, png, title=title)
        except OSError as exc:
            fail(f"--png {png}: cannot write the pictures there ({exc.strerror or exc})")
        for path in paths:
            typer.echo(f"Wrote {path}", err=as_json)
