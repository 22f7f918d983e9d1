"""Several workers: updates applied per second in a burst and queued-to-commit latency for
1, 2 and 4 ``tdbot run`` webhook workers on PostgreSQL and one on SQLite, in one run; and
the failover time after a worker's SIGKILL.

    python -m bench.fleet --db postgresql://...     # a server; each part gets a new schema
    python -m bench.fleet --db URL --players 64 --workers 1 2 4 --lease 5
    python -m bench.fleet --db URL --workers 1 --counters --no-failover   # where time goes
    python -m bench.fleet --db URL --workers --pace 1000 --no-failover    # SQLite, paced

Each part sets up a single elimination of ``--players`` (first round open), starts the
workers behind a proxy that hands each update to a random worker (``bench.fleet_crash``),
and plays four waves, each all at once, the fake Bot API posting up to 40 updates at a time
(Telegram's default ``max_connections``): every match's winner reports game 1 in the chat,
taps its first answer ("I started" or Confirm), confirms, and the loser taps Agree. An
update's latency is from the moment the fake queued it to the time its use-case was
given (``processed_updates.processed_at``, the clock its handler read, after the lookups
that chose it and before its transaction waited for the database: neither that wait nor
the commit is in it; ``--trace`` gives both); the burst rate is the updates of the waves
over the time from each wave's first queued update to the last of those times.

What the latency is: a wave hands its updates over all at once, so the last of a wave waits
behind all the others: a burst's p99 is about the wave's length over the rate (32 updates
at 1,000 a second: 31 ms), the queue a flood makes, not what one update costs. ``--pace
R`` hands each wave's updates over evenly spaced, R a second (the parts are then named
``..._pacedR``): its p50 and p99 are an update's latency while the bot is offered R a
second, which is what "p99 under 20 ms at 1,000 a second" asks. A pace above what the bot
absorbs shows as a queue growing through the wave: the p99 rises toward the burst's and
the rate stays below R. The CPU the workers used over the waves (every
update applied and every answer sent), and that of the bench's own process (the fake Bot
API, the proxy), per update applied, are printed too: counted, so a busy machine changes
them less than the rates. Pacing
is virtual (``TDBOT_PACE``): the workers wait no real second for Telegram's limits, so this
measures the bot and its database.

``--trace`` traces each worker (``bench.fleet_trace``): for the median and the slowest
updates, where their time went from queued to committed (received, handlers started, the
use-case's wait for the database, its body, its COMMIT and the log's sync), and what held
the event loop meanwhile (long callbacks with sampled stacks, the collector, the sender's
passes), printed per part.

``--counters`` counts, in each PostgreSQL worker, every transaction by the use-case or
bookkeeping step that opened it: statements (each a round trip to the server), and the
milliseconds waiting to begin (the lock), in statements, in COMMIT and the rest (Python);
printed per part, with the statements and the round trips (in all, and holding the lock
that orders the use-cases) per update applied (``bench.pg_counters``).

Failover (PostgreSQL, two workers, ``--lease`` seconds): a message to one player is held by
the fake (a slow answer) while a worker sends it, two seconds before a deadline both
workers armed falls due; that worker is killed with SIGKILL and the deadline is leased to
it, as its sweep leaves the rows it had taken. Printed: the seconds from the kill until
worker 1 has sent the message (recorded as sent), and until it has fired the deadline (its
alarm rings, finds the lease and rings again when the lease runs out).

Prints ``name value unit`` lines.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg

from bench.crash import TD_ID, definition, player_name
from bench.fleet_crash import SECRET, Proxy, _free_port, _listening
from bench.fleet_trace import report
from bench.pg_counters import (
    round_trips,
    statements,
    summary,
    total_statements,
    total_transactions,
)
from bot.fakebot import FakeTelegram, FakeUser, faults
from bot.fakebot.server import FakeBotServer
from bot.fakebot.state import StoredMessage
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.rounds import open_round_in
from bot.service.platform import outbox
from bot.service.platform.actors import Actor
from bot.store.db import is_postgres, open_database
from bot.store.times import iso

TDBOT = Path(sys.executable).with_name("tdbot")
ROOT = Path(__file__).resolve().parents[1]
FIRST_PLAYER = 7001
CONNECTIONS = 40


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Fleet:
    """The fake Telegram, the proxy and the worker processes of one part."""

    def __init__(self, db: str, tg: FakeTelegram, server: FakeBotServer, proxy: Proxy,
                 workdir: Path, lease: float, counters: Path | None = None,
                 trace: Path | None = None) -> None:
        self.db, self.tg, self.server, self.proxy = db, tg, server, proxy
        self.workdir, self.lease, self.counters, self.trace = workdir, lease, counters, trace
        self.procs: dict[int, asyncio.subprocess.Process] = {}

    async def start(self, n: int) -> None:
        port = _free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("TDBOT_")}
        env.update({
            "TDBOT_TOKEN": self.tg.token, "TDBOT_ORGANISERS": str(TD_ID), "TDBOT_DB": self.db,
            "TDBOT_PACE": "virtual", "TDBOT_LEASE_SECONDS": str(self.lease),
            "TDBOT_WORKER": f"w{n}", "TDBOT_WEBHOOK_URL": f"http://127.0.0.1:{self.proxy.port}/tg",
            "TDBOT_WEBHOOK_SECRET": SECRET, "TDBOT_LISTEN": "127.0.0.1", "TDBOT_PORT": str(port)})
        installs = []
        if self.counters is not None:  # bench.pg_counters, installed by a sitecustomize
            installs.append("import bench.pg_counters\nbench.pg_counters.install()\n")
            env["TDBOT_BENCH_COUNTERS"] = str(self.counters)
        if self.trace is not None:  # bench.fleet_trace, likewise
            installs.append("import bench.fleet_trace\nbench.fleet_trace.install()\n")
            env["TDBOT_BENCH_TRACE"] = str(self.trace)
        if installs:
            site = self.workdir / "site"
            site.mkdir(exist_ok=True)
            (site / "sitecustomize.py").write_text("".join(installs), encoding="utf-8")
            env["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT)])
        log = self.workdir / f"worker-{n}.log"
        with log.open("wb") as out:
            proc = await asyncio.create_subprocess_exec(
                str(TDBOT), "run", "--base-url", self.server.base_url, cwd=self.workdir,
                env=env, stdout=asyncio.subprocess.DEVNULL, stderr=out)
        give_up = time.monotonic() + 60
        while not ("TDBot started as" in log.read_text(errors="replace")
                   and await _listening(port)):
            if proc.returncode is not None or time.monotonic() > give_up:
                raise RuntimeError(f"worker {n} did not start:\n{log.read_text(errors='replace')}")
            await asyncio.sleep(0.05)
        self.procs[n] = proc
        self.proxy.ports[n] = port

    async def kill(self, n: int) -> None:
        self.proxy.ports.pop(n, None)
        proc = self.procs.pop(n)
        proc.send_signal(signal.SIGKILL)
        await proc.wait()

    async def stop(self) -> None:
        for n in list(self.procs):
            self.proxy.ports.pop(n, None)
            proc = self.procs.pop(n)
            proc.send_signal(signal.SIGINT)
            await asyncio.wait_for(proc.wait(), timeout=30)

    def cpu_s(self) -> float:
        """The CPU seconds (user and system) the running workers have used so far."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for proc in self.procs.values():
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (stat(5) 14 and 15)
        return total / ticks

    async def aquery(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        database = await open_database(self.db, migrate=False)
        try:
            async with database.transaction() as tx:
                return [tuple(r) for r in await tx.all(sql, params)]
        finally:
            await database.close()


async def prepare(db: str, players: int, seed: int) -> None:
    database = await open_database(db)
    now = datetime.now(UTC)
    try:
        async with database.transaction() as tx:
            created = await event_setup.create_event(
                tx, parse_definition(definition(players, now)), by=Actor.cli(), now=now)
            await make_draw(tx, created.event_id, seed=seed, by=Actor.cli(), now=now)
            first = await tx.scalar("SELECT code FROM rounds WHERE event_id = ? ORDER BY seq",
                                    (created.event_id,))
            await open_round_in(tx, created.event_id, first, by=Actor.cli(), now=now,
                                unpaid_ok=True, why="bench")
    finally:
        await database.close()


def world(players: int) -> FakeTelegram:
    tg = FakeTelegram(bot_username="FleetBenchBot")
    tg.add_user("Tara", user_id=TD_ID)
    for i in range(players):
        tg.add_user(f"P{i + 1:02d}", user_id=FIRST_PLAYER + i)
    for user in list(tg.world.users.values()):
        tg.chat_of(user)
    return tg


def has(label: str) -> Callable[[StoredMessage], bool]:
    return lambda m: any(b["text"] == label for row in m.buttons() for b in row)


def newest(tg: FakeTelegram, who: FakeUser, after: int,
           want: Callable[[StoredMessage], bool]) -> StoredMessage | None:
    for message in reversed(tg.sent(who)):
        if message.message_id > after and want(message):
            return message
    return None


def found(message: StoredMessage | None) -> StoredMessage:
    """A message the wave waited for (so it is there)."""
    if message is None:
        raise RuntimeError("a message the wave waited for is not there")
    return message


async def match_pairs(fleet: Fleet) -> list[tuple[int, int]]:
    """The Telegram ids of the players of each match in play."""
    rows = await fleet.aquery(
        "SELECT pa.tg_user_id, pb.tg_user_id FROM matches m JOIN rounds r ON r.id = m.round_id"
        " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
        " JOIN entries eb ON eb.id = m.entry_b JOIN people pb ON pb.id = eb.person_id"
        " WHERE m.state IN ('ready', 'playing') ORDER BY m.id")
    return [(int(a), int(b)) for a, b in rows]


async def waves(fleet: Fleet, tg: FakeTelegram, pace: float = 0.0,
                queued: dict[int, float] | None = None,
                committed: dict[int, float] | None = None) -> tuple[list[float], float, int]:
    """The four waves; the latencies (s), the seconds the waves took and the updates.
    ``pace``: updates a second handed over within a wave, evenly spaced (0: all at once).
    ``queued``, ``committed``: filled with each update's times (epoch seconds)."""
    pairs = [(tg.world.users[a], tg.world.users[b]) for a, b in await match_pairs(fleet)]
    queued = {} if queued is None else queued
    spans: list[tuple[float, list[int]]] = []

    def mark(who: FakeUser) -> int:
        return max((m.message_id for m in tg.sent(who)), default=0)

    async def wave(acts: list[tuple[FakeUser, Callable[[], object], Callable[[], bool]]]) -> None:
        ids = []
        start = time.time()
        for n, (_, act, _) in enumerate(acts):
            if pace and (ahead := start + n / pace - time.time()) > 0:
                await asyncio.sleep(ahead)
            act()
            ids.append(tg.world.last_update_id)
            queued[ids[-1]] = time.time()
        give_up = time.monotonic() + 120
        while not all(done() for _, _, done in acts):
            if time.monotonic() > give_up:
                raise RuntimeError("a wave was not answered in 120 s")
            await asyncio.sleep(0.01)
        spans.append((start, ids))

    marks = {w.id: mark(w) for w, _ in pairs}
    await wave([(w, lambda w=w, lo=lo: tg.user_sends(w, f"412-380 v {player_name(lo.id)}"),  # type: ignore[misc]
                 lambda w=w: newest(tg, w, marks[w.id], lambda m: has("✅ Confirm")(m)  # type: ignore[misc]
                                    or has("I started")(m)) is not None)
                for w, lo in pairs])
    drafts = {w.id: found(newest(tg, w, marks[w.id],
                                 lambda m: has("✅ Confirm")(m) or has("I started")(m)))
              for w, _ in pairs}
    marks = {w.id: mark(w) for w, _ in pairs}
    first = [(w, drafts[w.id], has("I started")(drafts[w.id])) for w, _ in pairs]
    # "I started" turns the question into the draft (the same message, now with Confirm);
    # Confirm sends the copies (a new message)
    await wave([(w, lambda w=w, d=d, s=s: tg.user_taps(w, d, text="I started" if s  # type: ignore[misc]
                                                       else "✅ Confirm"),
                 lambda w=w, d=d, s=s: (newest(tg, w, d.message_id - 1, has("✅ Confirm"))  # type: ignore[misc]
                                        is not None) if s else mark(w) > marks[w.id])
                for w, d, s in first])
    confirm = [(w, newest(tg, w, 0, has("✅ Confirm"))) for w, _ in pairs]
    marks_l = {lo.id: mark(lo) for _, lo in pairs}
    await wave([(w, lambda w=w, c=c: tg.user_taps(w, c, text="✅ Confirm"),  # type: ignore[misc]
                 lambda lo=lo: newest(tg, lo, marks_l[lo.id], has("Agree")) is not None)  # type: ignore[misc]
                for (w, c), (_, lo) in zip(confirm, pairs, strict=True) if c is not None])
    copies = [(lo, newest(tg, lo, marks_l[lo.id], has("Agree"))) for _, lo in pairs]
    marks = {w.id: mark(w) for w, _ in pairs}
    await wave([(lo, lambda lo=lo, c=c: tg.user_taps(lo, c, text="Agree"),  # type: ignore[misc]
                 lambda w=w: newest(tg, w, marks[w.id], lambda m: "agreed" in (m.text or ""))  # type: ignore[misc]
                 is not None) for (lo, c), (w, _) in zip(copies, pairs, strict=True)])
    ids = [i for _, wave_ids in spans for i in wave_ids]
    marks_sql = ", ".join("?" for _ in ids)
    committed = {} if committed is None else committed
    committed.update({int(u): datetime.fromisoformat(at).timestamp() for u, at in await fleet.aquery(
        f"SELECT update_id, processed_at FROM processed_updates WHERE update_id IN ({marks_sql})",
        tuple(ids))})
    latencies = [committed[i] - queued[i] for i in ids if i in committed]
    seconds = sum(max(committed.get(i, start) for i in wave_ids) - start
                  for start, wave_ids in spans)
    return latencies, seconds, len(committed)


async def part(db: str, workers: int, players: int, seed: int, workdir: Path,
               lease: float, counters: Path | None = None, pace: float = 0.0,
               trace: Path | None = None) -> dict[str, float]:
    await prepare(db, players, seed)
    tg = world(players)
    proxy = Proxy(random.Random(seed))
    await proxy.start()
    try:
        async with FakeBotServer(tg.world, webhook_connections=CONNECTIONS) as server:
            fleet = Fleet(db, tg, server, proxy, workdir, lease, counters, trace)
            await asyncio.gather(*(fleet.start(n) for n in range(workers)))
            queued: dict[int, float] = {}
            committed: dict[int, float] = {}
            try:
                cpu, fake = fleet.cpu_s(), time.process_time()
                latencies, seconds, applied = await waves(fleet, tg, pace, queued, committed)
                cpu, fake = fleet.cpu_s() - cpu, time.process_time() - fake
            finally:
                await fleet.stop()
    finally:
        await proxy.stop()
    if trace is not None:
        for line in report(trace, queued, committed):
            print(f"  {line}", file=sys.stderr)
    return {"updates": applied, "burst_updates_per_s": applied / seconds,
            "apply_p50_ms": 1000 * statistics.median(latencies),
            "apply_p99_ms": 1000 * percentile(latencies, 99),
            "worker_cpu_ms": 1000 * cpu / max(applied, 1),
            "fake_cpu_ms": 1000 * fake / max(applied, 1)}


async def failover(db: str, players: int, seed: int, workdir: Path,
                   lease: float) -> dict[str, float]:
    await prepare(db, players, seed)
    tg = world(players)
    proxy = Proxy(random.Random(seed))
    await proxy.start()
    try:
        async with FakeBotServer(tg.world, webhook_connections=CONNECTIONS) as server:
            fleet = Fleet(db, tg, server, proxy, workdir, lease)
            try:
                return await _failover(fleet, tg)
            finally:
                await fleet.stop()
    finally:
        await proxy.stop()


#: When the deadline of the failover falls due, after it is written (the workers start
#: meanwhile and arm it); the message is written two seconds before.
DEADLINE_IN = 20.0


async def _failover(fleet: Fleet, tg: FakeTelegram) -> dict[str, float]:
    """A deadline is written; two workers start and arm it; two seconds before it falls due
    a message goes to a player whose chat the fake holds (a slow answer); the worker
    sending it is killed, and its sweep's lease on the deadline written as it would have
    left it. How long until the other worker has sent the message and fired the deadline."""
    chat = FIRST_PLAYER
    database = await open_database(fleet.db, migrate=False)
    try:
        now = datetime.now(UTC)
        due = now + timedelta(seconds=DEADLINE_IN)
        async with database.transaction() as tx:
            deadline = await tx.insert(
                "INSERT INTO deadlines (kind, subject, due_at, state, payload_json, opened_at)"
                " VALUES ('bench.failover', 'bench:1', ?, 'open', '{}', ?)", (iso(due), iso(now)))
        await asyncio.gather(fleet.start(0), fleet.start(1))  # each arms it as it starts
        await asyncio.sleep((due - datetime.now(UTC)).total_seconds() - 2.0)
        if datetime.now(UTC) > due - timedelta(seconds=1.5):
            raise RuntimeError(f"the workers took more than {DEADLINE_IN - 2:.0f} s to start")
        tg.faults.add("sendMessage", faults.slow(600), chat_id=chat)
        async with database.transaction() as tx:
            row = await outbox.enqueue(tx, chat_id=chat, text_html="held by the fake",
                                       now=datetime.now(UTC))
        holder = None
        while holder is None or tg.faults.pending():  # taken, and waiting for the answer
            async with database.transaction() as tx:
                holder = await tx.scalar("SELECT leased_by FROM outbox WHERE id = ?", (row,))
            await asyncio.sleep(0.01)
        killed = time.time()
        await fleet.kill(int(str(holder).removeprefix("w")))
        async with database.transaction() as tx:  # as the dead worker's sweep leaves its rows
            await tx.execute("UPDATE deadlines SET leased_by = ?, leased_until = ? WHERE id = ?",
                             (holder, iso(datetime.fromtimestamp(killed, UTC)
                                          + timedelta(seconds=fleet.lease)), deadline))
        sent_at = fired_at = None
        give_up = time.monotonic() + 10 * fleet.lease + 60
        while (sent_at is None or fired_at is None) and time.monotonic() < give_up:
            async with database.transaction() as tx:
                if sent_at is None and await tx.scalar(
                        "SELECT state FROM outbox WHERE id = ?", (row,)) == "sent":
                    sent_at = time.time()
                if fired_at is None and await tx.scalar(
                        "SELECT state FROM deadlines WHERE id = ?", (deadline,)) != "open":
                    fired_at = time.time()
            await asyncio.sleep(0.02)
    finally:
        await database.close()
    if sent_at is None or fired_at is None:
        raise RuntimeError("the surviving worker did not take the message and the deadline over")
    return {"failover_message_s": sent_at - killed, "failover_deadline_s": fired_at - killed}


def new_schema(base: str, name: str) -> str:
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
        conn.execute(f'CREATE SCHEMA "{name}"')
    joiner = "&" if "?" in base else "?"
    return f"{base}{joiner}options=-csearch_path%3D{name}"


def drop_schema(base: str, name: str) -> None:
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')


async def main_async(args: argparse.Namespace, workdir: Path) -> list[tuple[str, float, str]]:
    out: list[tuple[str, float, str]] = []
    parts: list[tuple[str, int]] = ([("sqlite", 1)] if args.sqlite else []) + [
        ("postgresql", n) for n in args.workers]
    for kind, workers in parts:
        label = f"{kind}_{workers}w" + (f"_paced{args.pace:.0f}" if args.pace else "")
        folder = workdir / label
        folder.mkdir()
        schema = f"bench_fleet_{os.getpid()}_{label}"
        db = str(folder / "bench.sqlite3") if kind == "sqlite" else new_schema(args.db, schema)
        counters = None
        if args.counters and kind != "sqlite":
            counters = folder / "counters"
            counters.mkdir()
        trace = None
        if args.trace:
            trace = folder / "trace"
            trace.mkdir()
            print(f"{label}: where the updates' time went", file=sys.stderr)
        try:
            got = await part(db, workers, args.players, args.seed, folder, args.lease, counters,
                             args.pace, trace)
        finally:
            if kind != "sqlite":
                drop_schema(args.db, schema)
        if counters is not None:
            print(f"{label}: the workers' transactions", file=sys.stderr)
            for line in summary(counters):
                print(f"  {line}", file=sys.stderr)
            for use_case in args.statements:
                print(f"{label}: the statements of {use_case}", file=sys.stderr)
                for line in statements(counters, use_case):
                    print(f"  {line}", file=sys.stderr)
            trips, applied = round_trips(counters), max(got["updates"], 1)
            out += [(f"{label}_transactions_per_update", total_transactions(counters) / applied,
                     "transactions"),
                    (f"{label}_statements_per_update", total_statements(counters) / applied,
                     "statements"),
                    (f"{label}_round_trips_per_update", trips["all"] / applied, "round trips"),
                    (f"{label}_locked_round_trips_per_update", trips["locked"] / applied,
                     "round trips")]
        out += [(f"{label}_updates", got["updates"], "count"),
                (f"{label}_burst_updates_per_s", got["burst_updates_per_s"], "updates/s"),
                (f"{label}_apply_p50", got["apply_p50_ms"], "ms"),
                (f"{label}_apply_p99", got["apply_p99_ms"], "ms"),
                (f"{label}_worker_cpu_per_update", got["worker_cpu_ms"], "ms"),
                (f"{label}_fake_cpu_per_update", got["fake_cpu_ms"], "ms")]
    if not args.failover:
        return out
    folder = workdir / "failover"
    folder.mkdir()
    schema = f"bench_fleet_{os.getpid()}_failover"
    try:
        got = await failover(new_schema(args.db, schema), args.players, args.seed, folder,
                             args.lease)
    finally:
        drop_schema(args.db, schema)
    out += [("lease", args.lease, "s"),
            ("failover_message", got["failover_message_s"], "s"),
            ("failover_deadline", got["failover_deadline_s"], "s")]
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.fleet", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", required=True, help="a PostgreSQL server's URL")
    parser.add_argument("--players", type=int, default=64, help="a power of two, 4 to 64")
    parser.add_argument("--workers", type=int, nargs="*", default=[1, 2, 4],
                        help="the PostgreSQL parts (none: SQLite only)")
    parser.add_argument("--lease", type=float, default=5.0, help="the workers' lease (s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sqlite", action=argparse.BooleanOptionalAction, default=True,
                        help="measure SQLite too (the default)")
    parser.add_argument("--counters", action="store_true",
                        help="count each PostgreSQL worker's transactions (bench.pg_counters)")
    parser.add_argument("--trace", action="store_true",
                        help="trace each update and the loop in the workers (bench.fleet_trace)")
    parser.add_argument("--statements", nargs="*", default=[], metavar="USE_CASE",
                        help="with --counters: list the statements of these use-cases")
    parser.add_argument("--pace", type=float, default=0.0, metavar="UPDATES_PER_S",
                        help="hand each wave's updates over evenly spaced at this rate, "
                             "not all at once: the latency at an offered load")
    parser.add_argument("--no-failover", dest="failover", action="store_false",
                        help="leave out the failover part")
    args = parser.parse_args(argv)
    if not is_postgres(args.db):
        parser.error("--db must be a postgresql:// URL")
    with tempfile.TemporaryDirectory(prefix="tdbot-fleet-bench-") as tmp:
        lines = asyncio.run(main_async(args, Path(tmp)))
    for name, value, unit in lines:
        print(f"{name} {value:.1f} {unit}" if unit != "count" else f"{name} {int(value)} {unit}")
    print(json.dumps({name: round(value, 2) for name, value, _ in lines}), file=sys.stderr)


if __name__ == "__main__":
    main()
