"""Benchmark: pairing and announcing a round of a large round-based event through the
service and SQLite.

    python -m bench.round_event                  # 1,000 players, modified Swiss
    python -m bench.round_event --players 200 --system koth

A round-based event (``format = "rounds"``, 9 rounds) on a database file in a temporary
folder, its players imported from a CSV, the draw made (the rounds only) and its group
linked. Round 1 is opened (paired from the ratings) and every match of it is entered from
a paper slip by the TD (``reporting.enter_game``: each decided match posts the standings to
the group). Then what is timed: opening round 2 (``rounds.open_round_in``, one
transaction): the event loaded as the core's ``Division`` from the stored matches and
games, the round paired by the system, one match row and one reason row per pair (and
the bye), and every announcement enqueued (each player's opponent, the bye, the group's
pairings list). The messages queued by the opening are counted (a benchmark that writes
nothing measures nothing).

The figures are the last lines, one ``name value unit`` per line. Figures, not assertions:
the machine decides the seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.formats.rounds.round_division import load_rounds_event
from bot.service.people.entries import import_players
from bot.service.platform.actors import Actor
from bot.service.platform.unit import Request
from bot.service.results.reporting import enter_game
from bot.store import groups_repo
from bot.store.db import Database, open_database

START = datetime(2026, 3, 3, 1, 0, tzinfo=UTC)
GROUP = -1_000_000_000_777

DEFINITION = """
[event]
slug = "bench-rounds"
name = "Bench Rounds"
format = "rounds"
time_zone = "UTC"

[pairing]
system = "{system}"
rounds = 9

[rules]
fee_reminder_days = []
"""


async def _count(db: Database, sql: str) -> int:
    async with db.transaction() as tx:
        return int(await tx.scalar(sql))


async def run(players: int, system: str, folder: Path) -> list[tuple[str, float, str]]:
    db = await open_database(folder / "bench.sqlite3")
    try:
        now = START
        cli = Actor.cli()
        csv = "name,rating\n" + "".join(f"Player {i:05d},{2400 - (i * 7) % 1600}\n"
                                        for i in range(players))
        async with db.transaction() as tx:
            created = await create_event(tx, parse_definition(DEFINITION.format(system=system)),
                                         by=cli, now=now)
            event_id = created.event_id
            await import_players(tx, event_id, csv, by=cli, now=now)
            await make_draw(tx, event_id, seed=1, by=cli, now=now)
            await groups_repo.link(tx, event_id, GROUP)
        t0 = time.perf_counter()
        async with db.transaction() as tx:
            await open_round_in(tx, event_id, "1", by=cli, now=now,
                                closes_at=now + timedelta(days=7))
        open1 = time.perf_counter() - t0
        async with db.transaction() as tx:
            state = await load_rounds_event(tx, event_id)
        pairs = [m for m in state.matches_of(1) if m.state == "playing"]
        t0 = time.perf_counter()
        for i, m in enumerate(pairs):
            a, b = str(m.names[0]), str(m.names[1])
            scores = (420, 380) if i % 3 else (350, 410)
            await enter_game(db, Request(now + timedelta(minutes=i), operator=True), event_id,
                             (a, b), scores)
        entered = time.perf_counter() - t0
        now += timedelta(days=7)
        before = await _count(db, "SELECT count(*) FROM outbox")
        t0 = time.perf_counter()
        async with db.transaction() as tx:
            await open_round_in(tx, event_id, "2", by=cli, now=now,
                                closes_at=now + timedelta(days=7))
        open2 = time.perf_counter() - t0
        queued = await _count(db, "SELECT count(*) FROM outbox") - before
        made = await _count(db, "SELECT count(*) FROM matches m JOIN rounds r ON r.id ="
                                " m.round_id WHERE r.seq = 2")
        reasons = await _count(db, "SELECT count(*) FROM pairing_reasons")
    finally:
        await db.close()
    if made != (players + 1) // 2 or reasons < players // 2 * 2:
        sys.exit(f"round 2 made {made} matches and {reasons} reasons for {players} players")
    if queued < players:
        sys.exit(f"opening round 2 queued {queued} messages for {players} players")
    return [
        (f"open_round1_{players}", open1, "s"),
        (f"enter_game_{players}", entered / len(pairs), "s/game"),
        (f"open_round2_{players}", open2, "s"),
        (f"round2_matches_{players}", float(made), "matches"),
        (f"round2_messages_{players}", float(queued), "messages"),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--system", default="swiss")
    args = parser.parse_args(argv)
    if args.players < 4:
        parser.error("--players: give 4 or more")
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(run(args.players, args.system, Path(folder)))
    print(f"round-based event, {args.system}, {args.players} players: round 1 entered "
          "game by game, round 2 opened (paired, matches written, every announcement queued)")
    for name, value, unit in figures:
        shown = f"{value:.0f}" if unit in ("matches", "messages") else f"{value:.4f}"
        print(f"{name} {shown} {unit}")


if __name__ == "__main__":
    main()
