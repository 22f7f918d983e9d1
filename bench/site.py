"""Benchmark: the live pages of a 1,000-player round-based event, and the bot reporting
results while 200 readers reload them.

    python -m bench.site                      # 1,000 players, 200 readers for 20 s
    python -m bench.site --players 200 --readers 50 --seconds 10
    python -m bench.site --serve process      # only tdbot site serve (bot: only in-process)
    python -m bench.site --pause 5-15         # only readers reloading every 5-15 s

A public round-based event (modified Swiss) on a database file in a temporary folder: its
players imported, round 1 entered game by game from paper slips (``reporting.enter_game``),
round 2 opened and a fifth of it entered. Then:

1. Each page type read and rendered 20 times in this process (``bot.web.routes.page``: one
   read transaction, then the pure renderer), timed apart, with the page's size: the
   standings page is the one to watch (goal: under 200 ms, under 100 kB).
2. The pages served while the bot's use-case enters more of round 2 game by game in this
   process (each entry is what a TD's paper slip or an agreed chat report commits: the
   match decided, the standings queued for the group), one result every 50 ms, while
   another process keeps ``--readers`` connections each reloading a page (standings, the
   round, a match, a player). The pages are served by ``tdbot site serve`` in a process
   of its own on the same database file (``site_process_niceN_*``, with its ``--nice
   N``), then by the page server in the bot's own process and event loop
   (``site_in_bot_*``, as ``tdbot run`` with ``TDBOT_SITE_PORT``); and that for each
   ``--pause``: 0, each reader reloading as soon as its page came (a stress figure: the
   readers' own process takes a core of the machine's too), then 5-15 s, each reader
   waiting a random 5 to 15 seconds before reloading, as people reading the page do
   (``*_pause5to15s_*``; 200 readers then ask for about 20 pages a second).
   The figures are each entry's time, alone (nobody reading: ``report_alone_*``) and
   during the readers (``report_*``: the bot's latency, p50 and p99, and ``*_cpu_p50``, the
   CPU time its event loop's thread spent on it: the rest is waiting, for the disk or for
   a core; ``*_cpu_per_result``, that CPU with the timed jobs' that fell due meanwhile
   shared among the results: the group's standings, at most once a minute, the results
   entered one a second of simulated time, ``EVERY``), the readers' own (``read_*``, pages per second; ``read_not_modified``: the reloads
   answered 304, each reader revalidating the pages it has with their ETag, as a browser
   does), and the size of SQLite's
   write-ahead log after it (``wal_size``: it would grow without end if the readers kept
   the bot's checkpoints from going round it).

The figures are the last lines, one ``name value unit`` per line, after the load average
of the machine before and after. Figures, not assertions: the machine decides the seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import TypeVar

from bot.service.events import site, site_links
from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.formats.rounds import site_standings
from bot.service.formats.rounds.round_division import load_rounds_event
from bot.service.people.entries import import_players
from bot.service.platform import deadlines
from bot.service.platform.actors import Actor
from bot.service.platform.unit import Request
from bot.service.results.reporting import enter_game
from bot.store import groups_repo
from bot.store.db import Database, open_database
from bot.store.matches_repo import MatchView
from bot.web import pages, routes
from bot.web.server import SiteServer

START = datetime(2026, 3, 3, 1, 0, tzinfo=UTC)
GROUP = -1_000_000_000_777
SLUG = "bench-site"
#: A page's view, as its read returns it and its renderer takes it.
V = TypeVar("V")

DEFINITION = f"""
[event]
slug = "{SLUG}"
name = "Bench Site"
format = "rounds"
time_zone = "UTC"
public = true

[pairing]
system = "swiss"
rounds = 9

[rules]
fee_reminder_days = []
"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


#: The simulated time between two results: a busy hour of a large round, a result a
#: second (the group's standings, at most once a minute, then follow every 60th).
EVERY = timedelta(seconds=1)


@dataclass
class Entered:
    """What entering results cost the bot: each entry's seconds (what the TD waits for)
    and CPU seconds, and the CPU seconds of the timed jobs that fell due meanwhile (the
    group's standings post), fired after the entry as the bot's alarm clock fires them."""

    took: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    jobs_cpu: list[float] = field(default_factory=list)

    def cpu_per_result(self) -> float:
        """The bot's CPU seconds per result, its timed jobs shared among the results."""
        return (sum(self.cpu) + sum(self.jobs_cpu)) / max(1, len(self.cpu))


async def enter_one(db: Database, event_id: int, m: MatchView, scores: tuple[int, int],
                    at: datetime, entered: Entered) -> None:
    """The TD enters one result at ``at``, then the bot fires what fell due by then (the
    scheduler's ``deadlines.armable`` and ``fire``, as after every update)."""
    t0, cpu0 = time.perf_counter(), time.thread_time()
    await enter_game(db, Request(at, operator=True), event_id,
                     (str(m.names[0]), str(m.names[1])), scores)
    entered.took.append(time.perf_counter() - t0)
    entered.cpu.append(time.thread_time() - cpu0)
    cpu0 = time.thread_time()
    due, _ = await deadlines.armable(db, at)
    for deadline_id, _when in due:
        await deadlines.fire(db, deadline_id, at)
    if due:
        entered.jobs_cpu.append(time.thread_time() - cpu0)


async def _enter(db: Database, event_id: int, number: int, now: datetime, share: float = 1.0
                 ) -> Entered:
    """Enter the open games of round ``number`` (the first ``share`` of them), one each
    ``EVERY`` from ``now``."""
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    pairs = [m for m in state.matches_of(number) if m.state == "playing"]
    entered = Entered()
    for i, m in enumerate(pairs[: int(len(pairs) * share)]):
        scores = (420, 380) if i % 3 else (350, 410)
        await enter_one(db, event_id, m, scores, now + i * EVERY, entered)
    return entered


async def setup(db: Database, players: int) -> tuple[int, datetime]:
    now = START
    cli = Actor.cli()
    csv = "name,rating\n" + "".join(f"Player {i:05d},{2400 - (i * 7) % 1600}\n"
                                    for i in range(players))
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(DEFINITION), by=cli, now=now)
        event_id = created.event_id
        await import_players(tx, event_id, csv, by=cli, now=now)
        await make_draw(tx, event_id, seed=1, by=cli, now=now)
        await groups_repo.link(tx, event_id, GROUP)
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "1", by=cli, now=now, closes_at=now + timedelta(days=7))
    await _enter(db, event_id, 1, now)
    now += timedelta(days=7)
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "2", by=cli, now=now, closes_at=now + timedelta(days=7))
    await _enter(db, event_id, 2, now, share=0.2)
    return event_id, now + timedelta(hours=1)


async def time_pages(db: Database, now: datetime) -> list[tuple[str, float, str]]:
    """Each page type read and rendered 20 times: the read and the render apart."""
    standings = await site_standings.standings(db, SLUG)
    player = next(iter(standings.players.values()))
    return [
        *await _time_page(db, now, "standings", "standings.html",
                          partial(site_standings.standings, db, SLUG),
                          partial(pages.standings_html, updated=START)),
        *await _time_page(db, now, "round", "round-2.html",
                          partial(site.round_pairings, db, SLUG, 2),
                          partial(pages.round_html, updated=START)),
        *await _time_page(db, now, "overview", "index.html", partial(site.overview, db, SLUG),
                          partial(pages.overview_html, updated=START)),
        *await _time_page(db, now, "player", f"p/{player}.html",
                          partial(site.player, db, SLUG, player),
                          partial(pages.player_html, updated=START)),
        *await _time_page(db, now, "log", "log.html", partial(site.log, db, SLUG),
                          partial(pages.log_html, updated=START)),
    ]


async def _time_page(db: Database, now: datetime, name: str, path: str,
                     read: Callable[[], Awaitable[V]], render: Callable[[V], str]
                     ) -> list[tuple[str, float, str]]:
    """One page type read and rendered 20 times, then served whole once for its size."""
    reads, renders = [], []
    for _ in range(20):
        t0 = time.perf_counter()
        view = await read()
        t1 = time.perf_counter()
        render(view)
        t2 = time.perf_counter()
        reads.append(t1 - t0)
        renders.append(t2 - t1)
    whole = await routes.page(db, SLUG, path, now)
    return [(f"page_{name}_read_p50", statistics.median(reads) * 1000, "ms"),
            (f"page_{name}_render_p50", statistics.median(renders) * 1000, "ms"),
            (f"page_{name}_total_max", max(r + s for r, s in zip(reads, renders,
                                                                  strict=True)) * 1000, "ms"),
            (f"page_{name}_size", len(whole.encode()) / 1000, "kB")]


READER = r"""
import asyncio, json, random, sys, time
import aiohttp

async def main(base, paths, readers, seconds, low, high):
    took = []
    errors = 0
    stop = time.monotonic() + seconds
    unchanged = 0
    async def one(session, rng):
        nonlocal errors, unchanged
        tags = {}  # as a browser revalidates a no-cache page it has: If-None-Match
        await asyncio.sleep(rng.uniform(0, (low + high) / 2))  # people arrive one by one
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            path = rng.choice(paths)
            sent = {"If-None-Match": tags[path]} if path in tags else {}
            async with session.get(base + path, headers=sent) as r:
                await r.read()
                if r.status == 304:
                    unchanged += 1
                elif r.status != 200:
                    errors += 1
                elif "ETag" in r.headers:
                    tags[path] = r.headers["ETag"]
            took.append(time.perf_counter() - t0)
            if high:
                await asyncio.sleep(rng.uniform(low, high))  # reading it, then reloading
    connector = aiohttp.TCPConnector(limit=readers)
    async with aiohttp.ClientSession(connector=connector) as session:
        await asyncio.gather(*(one(session, random.Random(i)) for i in range(readers)))
    took.sort()
    print(json.dumps({"pages": len(took), "errors": errors, "unchanged": unchanged,
                      "p50": took[len(took) // 2], "p99": took[int(len(took) * 0.99)]}))

asyncio.run(main(sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]),
                 float(sys.argv[5]), float(sys.argv[6])))
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@asynccontextmanager
async def site_process(db_file: Path, nice: int) -> AsyncIterator[int]:
    """``tdbot site serve`` on the database file, in a process of its own: its port, once
    it answers."""
    port = free_port()
    tdbot = Path(sys.executable).with_name("tdbot")
    child = await asyncio.create_subprocess_exec(
        str(tdbot), "site", "serve", "--db", str(db_file), "--port", str(port),
        "--nice", str(nice), stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                break
            except OSError:
                await asyncio.sleep(0.1)
        else:
            raise RuntimeError("tdbot site serve did not start")
        yield port
    finally:
        child.terminate()
        await child.wait()


@asynccontextmanager
async def site_in_bot(db: Database, now: datetime) -> AsyncIterator[int]:
    """The page server in this process, on the bot's own database and event loop, as
    ``tdbot run`` serves the pages."""
    server = SiteServer(db, lambda: now, "127.0.0.1", 0)
    port = await server.start()
    try:
        yield port
    finally:
        MADE.append(server.cache.made)
        await server.stop()


#: How many pages the bot's own page server made, one number per phase it served.
MADE: list[int] = []


async def under_readers(db: Database, event_id: int, now: datetime, readers: int,
                        seconds: float, serving: AbstractAsyncContextManager[int],
                        name: str, pause: tuple[float, float], games: int,
                        db_file: Path, readers_nice: int = 0) -> list[tuple[str, float, str]]:
    """The bot enters up to ``games`` results, one every 50 ms, for ``seconds`` while
    ``readers`` reload the pages ``serving`` serves, each waiting ``pause`` (a random
    number of seconds between the two; (0, 0): none) before reloading; the readers'
    process at ``readers_nice``."""
    low, high = pause
    warm_up = (low + high) / 2 or 1.0  # every reader has read once: the rate is steady
    reading_for = warm_up + seconds + 1
    async with serving as port:
        found = await site.pages(db, SLUG)
        rng = random.Random(1)
        paths = (["standings.html"] * 3 + ["round-2.html"] * 4
                 + [site_links.match_page(c) for c in rng.sample(found.matches, 20)]
                 + [site_links.player_page(p) for p in rng.sample(found.players, 10)])
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-c", READER, f"http://127.0.0.1:{port}/e/{SLUG}/",
            json.dumps(paths), str(readers), str(reading_for), str(low), str(high),
            stdout=subprocess.PIPE, preexec_fn=partial(os.nice, readers_nice))
        await asyncio.sleep(warm_up)
        t0 = time.monotonic()
        entered = Entered()
        async with db.transaction() as tx:
            state = await load_rounds_event(tx, event_id)
        pairs = [m for m in state.matches_of(2) if m.state == "playing"]
        for i, m in enumerate(pairs[:games]):
            if time.monotonic() - t0 > seconds:
                break
            await enter_one(db, event_id, m, (430, 370), now + i * EVERY, entered)
            await asyncio.sleep(0.05)  # results arrive one at a time, not in one burst
        wal = _wal_size(db_file)
        out, _ = await child.communicate()
        read = json.loads(out)
    made = [(f"{name}_pages_made", float(MADE.pop()), "pages")] if MADE else []
    return made + [
        (f"{name}_report_during_reads_p50", statistics.median(entered.took) * 1000, "ms"),
        (f"{name}_report_during_reads_p99", percentile(entered.took, 0.99) * 1000, "ms"),
        (f"{name}_report_during_reads_cpu_p50", statistics.median(entered.cpu) * 1000, "ms"),
        (f"{name}_report_during_reads_cpu_per_result", entered.cpu_per_result() * 1000,
         "ms"),
        (f"{name}_reports_during_reads", float(len(entered.took)), "games"),
        (f"{name}_timed_jobs_fired", float(len(entered.jobs_cpu)), "jobs"),
        (f"{name}_read_pages", float(read["pages"]), "pages"),
        (f"{name}_read_pages_per_s", read["pages"] / reading_for, "pages/s"),
        (f"{name}_read_errors", float(read["errors"]), "pages"),
        (f"{name}_read_not_modified", float(read["unchanged"]), "pages"),
        (f"{name}_read_p50", read["p50"] * 1000, "ms"),
        (f"{name}_read_p99", read["p99"] * 1000, "ms"),
        (f"{name}_wal_size", wal / 1e6, "MB"),
    ]


def _wal_size(db_file: Path) -> int:
    """The size of the database's write-ahead log (SQLite's WAL mode): it grows while
    readers keep a checkpoint from going round it."""
    wal = db_file.with_name(db_file.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def _pause(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


async def run(players: int, readers: int, seconds: float, folder: Path, serve: list[str],
              nices: list[int], pauses: list[tuple[float, float]], readers_nice: int = 0
              ) -> list[tuple[str, float, str]]:
    db_file = folder / "bench.sqlite3"
    db = await open_database(db_file)
    try:
        event_id, now = await setup(db, players)
        figures = await time_pages(db, now)
        alone = await _enter(db, event_id, 2, now, share=0.1)  # nobody reading
        figures += [("report_alone_p50", statistics.median(alone.took) * 1000, "ms"),
                    ("report_alone_p99", percentile(alone.took, 0.99) * 1000, "ms"),
                    ("report_alone_cpu_p50", statistics.median(alone.cpu) * 1000, "ms"),
                    ("report_alone_cpu_per_result", alone.cpu_per_result() * 1000, "ms")]
        now += timedelta(hours=1)
        phases: list[tuple[str, Callable[[], AbstractAsyncContextManager[int]],
                           tuple[float, float]]] = []
        for pause in pauses:
            paced = "" if pause == (0, 0) else f"_pause{pause[0]:g}to{pause[1]:g}s"
            for nice in nices if "process" in serve else []:
                phases.append((f"site_process_nice{nice}{paced}",
                               partial(site_process, db_file, nice), pause))
            if "bot" in serve:
                phases.append((f"site_in_bot{paced}", partial(site_in_bot, db, now), pause))
        async with db.transaction() as tx:
            state = await load_rounds_event(tx, event_id)
        left = sum(1 for m in state.matches_of(2) if m.state == "playing")
        for hour, (name, serving, pause) in enumerate(phases):
            figures += await under_readers(db, event_id, now + timedelta(hours=hour), readers,
                                           seconds, serving(), name, pause,
                                           left // len(phases), db_file, readers_nice)
    finally:
        await db.close()
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--serve", choices=["process", "bot"], action="append",
                        help="who serves the pages (default: both, one after the other)")
    parser.add_argument("--nice", type=int, action="append",
                        help="tdbot site serve's --nice (default 10, as its own); "
                             "several: one run each")
    parser.add_argument("--pause", action="append", metavar="LOW-HIGH",
                        help="seconds each reader waits before reloading, at random between "
                             "LOW and HIGH; 0: none, as fast as pages come (default: 0, "
                             "then 5-15, as people read); several: one run each")
    parser.add_argument("--readers-nice", type=int, default=0, metavar="N",
                        help="the readers' process's niceness (default 0). The readers stand "
                             "for people's phones, elsewhere in the world; on a small machine "
                             "their own CPU competes with the bot's, which a high N keeps "
                             "out of the bot's figures")
    args = parser.parse_args(argv)
    if args.players < 20:
        parser.error("--players: give 20 or more")
    with tempfile.TemporaryDirectory() as folder:
        load = os.getloadavg()[0]
        figures = asyncio.run(run(args.players, args.readers, args.seconds, Path(folder),
                                  args.serve or ["process", "bot"], args.nice or [10],
                                  [_pause(p) for p in args.pause or ["0", "5-15"]],
                                  args.readers_nice))
    print(f"live pages of a round-based event of {args.players} players (round 1 played, "
          f"round 2 a fifth played); {args.readers} readers for {args.seconds:g} s "
          f"at nice {args.readers_nice}; "
          f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after")
    for name, value, unit in figures:
        print(f"{name} {value:.1f} {unit}")


if __name__ == "__main__":
    main()
