"""What people read about a round-based event: pairings, byes, standings tables, reasons.

Standings are a monospace table (``<pre>``) so that the columns line up on a phone; every
name in them is escaped (names are typed by people).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape as esc
from typing import Any

from bot.service.events.lookup import Event
from bot.service.events.schedule import Round

#: How many lines of the standings a chat message shows (the asker's own line is added).
TOP = 10
#: Names are cut to this many characters in a table, to keep its width for a phone.
NAME_WIDTH = 18


def _num(value: float) -> str:
    return f"{value:g}"


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _name(name: str) -> str:
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"


def standings_table(rows: Sequence[dict[str, Any]], *, chess: bool, top: int = TOP,
                    mine: int | None = None) -> str:
    """The standings as fixed-width lines (not escaped): the first ``top`` lines, then the
    line of player number ``mine`` if it is further down. Scrabble: wins-losses and spread
    (Director's Manual); chess: points and the USCF tiebreaks (USCF guide, core.tiebreaks)."""
    shown = list(rows[:top])
    gap = False
    if mine is not None and all(r["number"] != mine for r in shown):
        shown += [r for r in rows if r["number"] == mine]
        gap = True
    width = max([4] + [len(_name(r["name"])) for r in shown])
    if chess:
        head = f"{'#':>3} {'Name':<{width}} {'Pts':>4} {'MMed':>5} {'Solk':>5}"
    else:
        head = f"{'#':>3} {'Name':<{width}} {'W-L':>7} {'Spread':>6}"
    lines = [head]
    for i, r in enumerate(shown):
        if gap and i == len(shown) - 1:
            lines.append("  …")
        name = _name(r["name"])
        if chess:
            tb = r["tiebreaks"]
            lines.append(f"{r['rank']:>3} {name:<{width}} {_num(r['points']):>4} "
                         f"{_num(tb['modified_median']):>5} {_num(tb['solkoff']):>5}")
        else:
            record = f"{_num(r['wins'])}-{_num(r['losses'])}"
            out = "" if r["active"] else " (out)"
            lines.append(f"{r['rank']:>3} {name:<{width}} {record:>7} "
                         f"{_signed(r['spread']):>6}{out}")
    return "\n".join(lines)


def standings_message(event: Event, after: int, table: str, *, total: int,
                      playing: int | None = None) -> str:
    """The table's title: after the last complete round, and the round still being
    played (its results so far are in the table)."""
    if playing is not None and playing > after:
        when = f"during round {playing} of {total} (its results so far are in)"
    else:
        when = f"after round {after} of {total}" if after else "before round 1"
    return f"<b>{esc(event.name)}</b>: standings {when}\n<pre>{esc(table)}</pre>"


def first_word(chess: bool) -> tuple[str, str]:
    """How the first of a pair is named: White in chess (USCF guide), first in Scrabble."""
    return ("have White", "has White") if chess else ("go first", "goes first")


def pair_line(first: str, second: str) -> str:
    return f"{esc(first)} v {esc(second)}"


def bye_text(event: Event, rnd: Round, spread: int, chess: bool, points: float = 1) -> str:
    """A chess bye is worth ``points`` (USCF guide: a 1-point bye; or half a point where the
    event says so); a Scrabble bye is a win with a spread (Director's Manual)."""
    if chess:
        worth = "a full point" if points >= 1 else "half a point"
    else:
        worth = f"a win with +{spread} spread"
    closes = f" The round closes {esc(event.local(rnd.closes_at))}." if rnd.closes_at else ""
    return (f"<b>{esc(event.name)}: {esc(rnd.name)}</b> is paired: you have the bye this "
            f"round ({worth}: there is an odd number of players).{closes} I will tell you "
            "your next opponent when the next round is paired.")


def group_pairings(event: Event, rnd: Round, pairs: Sequence[tuple[str, str]],
                   byes: Sequence[str], chess: bool, limit: int = 60) -> str:
    closes = f" until {esc(event.local(rnd.closes_at))}" if rnd.closes_at is not None else ""
    lines = [f"<b>{esc(event.name)}: {esc(rnd.name)}</b> is open{closes}. Pairings "
             f"(the first named {first_word(chess)[1]}):"]
    for board, (a, b) in enumerate(pairs[:limit], start=1):
        lines.append(f"{board}. {pair_line(a, b)}")
    if len(pairs) > limit:
        lines.append(f"… and {len(pairs) - limit} more pairs (/standings, your private chat)")
    for name in byes:
        lines.append(f"Bye: {esc(name)}")
    lines.append("Players: your opponent and deadline are in your private chat with me.")
    return "\n".join(lines)


def after_match(event: Event, played: int, total: int, over: bool = True) -> str:
    """What a player is told after a match of a round-based event: the next round, if any.
    After the last round's, the standings are called final only once that round is over
    (``over``: every result of it in and final); before, they are not yet."""
    if played >= total and over:
        return (f"That was the last round of {esc(event.name)}. /standings shows the final "
                "standings.")
    if played >= total:
        return (f"That was your last game in {esc(event.name)}. /standings shows where "
                "everyone stands; the standings are final once every result of the last "
                "round is in.")
    return (f"Round {played + 1} is paired when a TD opens it; I will tell you your "
            "opponent then. /standings shows where everyone stands.")
