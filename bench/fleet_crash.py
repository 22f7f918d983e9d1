"""Fleet crash test: a season over the fake Bot API's webhook, three ``tdbot run`` workers on
one PostgreSQL database behind a proxy, workers killed with SIGKILL at random and started
again.

    python -m bench.fleet_crash --db postgresql://...   # an empty database (or schema)
    python -m bench.fleet_crash --db URL --kills 20 --workers 3 --seed 1

The fake Bot API (``bot.fakebot``) serves on 127.0.0.1 in this process, plays the people
(the season of ``bench.crash``: reports in the chat, confirmations, agreements, disputes
and the TD's rulings, slips left alone whose 24-hour windows are brought forward so they
fall due) and POSTs each update to the webhook the workers set, up to ``--connections``
(4) at once as Telegram does, so a chat's two updates may reach two workers together. The webhook's URL is a
proxy in this process that hands each POST to a worker picked at random (as a load
balancer would), another if that one does not answer, and 502 if none does (the fake then
sends the update again, as Telegram does). Meanwhile a random worker is killed with SIGKILL
every 0.3-1.2 s and started again at once; the others go on. The workers' leases last 2 s
(``TDBOT_LEASE_SECONDS``), so a dead worker's messages are taken over quickly.

At the end every worker runs until everything is answered, sent and fired, is stopped, and
the checks run: every update applied once; every result reported stored once; every
deadline due fired (or cancelled) once, with one journal entry; no message lost; messages
delivered twice at most one per kill; each chat's messages delivered in the order written;
every dispute the TD upheld ruled once.

Prints ``name value unit`` lines; exits 1 (listing what broke) if a check failed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import sys
import time
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp
import psycopg
from aiohttp import web

from bench.crash import TD_ID, Figures, Season, definition
from bot.fakebot import FakeTelegram
from bot.fakebot.server import FakeBotServer
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.rounds import open_round_in
from bot.service.platform.actors import Actor
from bot.store.db import open_database
from bot.store.postgres import bind
from bot.store.times import iso

TDBOT = Path(sys.executable).with_name("tdbot")
SECRET = "fleet-crash-secret"
LEASE_SECONDS = 2.0


class Proxy:
    """The load balancer: each POST to a live worker picked at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.ports: dict[int, int] = {}  # worker -> port, while it runs
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None
        self.handed: Counter[int] = Counter()

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/tg", self._post)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))

    async def stop(self) -> None:
        if self._session is not None:
            await self._session.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _post(self, request: web.Request) -> web.Response:
        body = await request.read()
        headers = {k: v for k, v in request.headers.items()
                   if k.lower() in ("content-type", "x-telegram-bot-api-secret-token")}
        workers = list(self.ports.items())
        self.rng.shuffle(workers)
        assert self._session is not None
        for worker, port in workers:
            try:
                async with self._session.post(f"http://127.0.0.1:{port}/tg", data=body,
                                              headers=headers) as answer:
                    text = await answer.read()
                    self.handed[worker] += 1
                    return web.Response(status=answer.status, body=text, content_type=answer.content_type)
            except (aiohttp.ClientError, TimeoutError):
                continue
        return web.Response(status=502, text="no worker answered")


class FleetSeason(Season):
    """``bench.crash``'s season, played against several workers on PostgreSQL."""

    def __init__(self, url: str, workdir: Path, tg: FakeTelegram, server: FakeBotServer,
                 proxy: Proxy, rng: random.Random, figures: Figures, players: int,
                 workers: int) -> None:
        super().__init__(workdir, tg, server, rng, figures, players)
        self.url = url
        self.proxy = proxy
        self.count = workers
        self.procs: dict[int, asyncio.subprocess.Process] = {}
        self.ports = {n: _free_port() for n in range(workers)}
        self.fleet_started = 0.0
        self.starts = 0

    @property
    def process(self) -> Any:
        """Some worker that runs (Season's patience counts while the bot runs)."""
        return next(iter(self.procs.values()), None) if hasattr(self, "procs") else None

    @process.setter
    def process(self, value: Any) -> None:
        pass

    def running_for(self) -> float:
        if not self.procs:
            return 0.0
        return asyncio.get_running_loop().time() - self.fleet_started

    async def start_worker(self, n: int) -> None:
        self.starts += 1
        env = {k: v for k, v in os.environ.items() if not k.startswith("TDBOT_")}
        env.update({
            "TDBOT_TOKEN": self.tg.token, "TDBOT_ORGANISERS": str(TD_ID), "TDBOT_DB": self.url,
            "TDBOT_PACE": "virtual", "TDBOT_LEASE_SECONDS": str(LEASE_SECONDS),
            "TDBOT_WORKER": f"w{n}.{self.starts}",
            "TDBOT_WEBHOOK_URL": f"http://127.0.0.1:{self.proxy.port}/tg",
            "TDBOT_WEBHOOK_SECRET": SECRET, "TDBOT_LISTEN": "127.0.0.1",
            "TDBOT_PORT": str(self.ports[n])})
        log = self.workdir / f"worker-{n}-{self.starts}.log"
        with log.open("wb") as out:
            proc = await asyncio.create_subprocess_exec(
                str(TDBOT), "run", "--base-url", self.server.base_url, cwd=self.workdir,
                env=env, stdout=asyncio.subprocess.DEVNULL, stderr=out)
        loop = asyncio.get_running_loop()
        give_up = loop.time() + 60
        while "TDBot started as" not in log.read_text(errors="replace"):
            if proc.returncode is not None or loop.time() > give_up:
                raise RuntimeError(f"worker {n} did not start:\n{log.read_text(errors='replace')}")
            await asyncio.sleep(0.02)
        while not await _listening(self.ports[n]):  # the webhook server comes up after
            if proc.returncode is not None or loop.time() > give_up:
                raise RuntimeError(f"worker {n} does not listen:\n{log.read_text(errors='replace')}")
            await asyncio.sleep(0.02)
        self.procs[n] = proc
        self.proxy.ports[n] = self.ports[n]
        self.figures.restarts += 1

    async def start(self) -> None:
        await asyncio.gather(*(self.start_worker(n) for n in range(self.count)))
        self.fleet_started = asyncio.get_running_loop().time()

    async def kill_worker(self, n: int) -> None:
        proc = self.procs.pop(n)
        self.proxy.ports.pop(n, None)
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        self.figures.kills += 1

    async def stop(self) -> None:
        for n in list(self.procs):
            proc = self.procs.pop(n)
            self.proxy.ports.pop(n, None)
            proc.send_signal(signal.SIGINT)
            await asyncio.wait_for(proc.wait(), timeout=30)

    def query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with psycopg.connect(self.url, autocommit=True) as conn:
            cur = conn.execute(*bind(sql, params))
            return list(cur.fetchall()) if cur.description is not None else []

    def bring_forward_windows(self) -> None:
        rows = self.query(
            "SELECT d.id, s.match_id, s.game_no FROM deadlines d"
            " JOIN slips s ON s.id = (d.payload_json::jsonb->>'slip_id')::bigint"
            " WHERE d.kind = 'slip.window' AND d.state = 'open'")
        chosen = [int(i) for i, m, g in rows
                  if (m, g) in self.left_alone and int(i) not in self.brought_forward
                  and self.rng.random() < 0.5]
        now = datetime.now(UTC)
        for deadline_id in chosen:
            due = now + timedelta(seconds=self.rng.uniform(-1.0, 2.0))
            self.query("UPDATE deadlines SET due_at = ? WHERE id = ?", (iso(due), deadline_id))
        self.brought_forward.update(chosen)
        self.figures.deadlines_brought_forward = len(self.brought_forward)

    # --- checks ------------------------------------------------------------------------
    def check_final(self) -> None:  # noqa: C901 - one list of checks
        f = self.figures
        f.results_reported = len(self.games)
        stored = {(m, s): (a, b) for m, s, a, b in self.query(
            "SELECT match_id, seq, score_a, score_b FROM games WHERE void = 0")}
        for key, game in self.games.items():
            if stored.get(key) != (game.score_a, game.score_b):
                self.violation(f"game {key} stored as {stored.get(key)}, reported "
                               f"{game.score_a, game.score_b}")
        f.results_present_once = sum(1 for k in self.games if k in stored)
        if set(stored) - set(self.games):
            self.violation(f"games nobody reported: {sorted(set(stored) - set(self.games))}")
        updates = [u for u in self.tg.world.history.values()
                   if "message" in u or "callback_query" in u]
        claimed = {int(r[0]) for r in self.query("SELECT update_id FROM processed_updates")}
        f.updates_applied_once = sum(1 for u in updates if u["update_id"] in claimed)
        f.updates_lost = len(updates) - f.updates_applied_once
        if f.updates_lost:
            self.violation(f"{f.updates_lost} updates never applied")
        # deadlines: every due row closed, each closing journalled once
        due = self.query("SELECT id, state FROM deadlines WHERE due_at <= ?",
                         (iso(datetime.now(UTC)),))
        f.deadlines_fired_once = sum(1 for _, s in due if s in ("fired", "cancelled"))
        if [i for i, s in due if s == "open"]:
            self.violation(f"deadlines due but still open: {[i for i, s in due if s == 'open']}")
        twice = self.query(
            "SELECT d.id, count(j.id) FROM deadlines d LEFT JOIN journal j ON j.action IN"
            " ('deadline.fired', 'deadline.cancelled', 'deadline.failed')"
            " AND (j.detail_json::jsonb->>'deadline_id')::bigint = d.id"
            " GROUP BY d.id HAVING count(j.id) <> CASE WHEN d.state = 'open' THEN 0 ELSE 1 END")
        if twice:
            self.violation(f"deadlines closed other than once: {twice[:5]}")
        # messages: none lost, duplicates at most one per kill, each chat's in order
        rows = self.query(
            "SELECT o.id, coalesce(o.chat_id, p.tg_user_id), o.text_html, o.state FROM outbox o"
            " LEFT JOIN people p ON p.id = o.person_id WHERE o.edit_of IS NULL"
            " AND o.photo_file_id IS NULL AND o.media_id IS NULL ORDER BY o.id")
        if [r for r in rows if r[3] != "sent"]:
            self.violation(f"{len([r for r in rows if r[3] != 'sent'])} messages never sent")
        expected: dict[int, list[str]] = defaultdict(list)
        for _, chat, text, _state in rows:
            expected[int(chat)].append(str(text))
        calls: dict[int, list[str]] = defaultdict(list)
        for c in self.tg.calls("sendMessage"):
            if c.ok:
                calls[int(c.params["chat_id"])].append(str(c.params["text"]))
        lost = duplicates = 0
        for chat, texts in expected.items():
            want = Counter(texts)
            got = Counter(calls[chat])
            lost += sum(max(0, n - got[t]) for t, n in want.items())
            duplicates += sum(max(0, got[t] - n) for t, n in want.items())
            seen: Counter[str] = Counter()
            delivered = []
            for text in calls[chat]:
                if seen[text] < want[text]:
                    seen[text] += 1
                    delivered.append(text)
            if delivered != texts:
                self.violation(f"chat {chat}: messages out of order")
        f.lost_messages = lost
        f.duplicates_delivered = duplicates
        if lost:
            self.violation(f"{lost} messages lost")
        if duplicates > f.kills:
            self.violation(f"{duplicates} duplicates for {f.kills} kills")
        ruled = {(int(m), int(g)): (state, int(n)) for m, g, state, n in self.query(
            "SELECT d.match_id, s.game_no, d.state, (SELECT count(*) FROM journal j"
            "  WHERE j.action = 'dispute.ruled'"
            "  AND (j.detail_json::jsonb->>'dispute_id')::bigint = d.id)"
            " FROM disputes d JOIN slips s ON s.id = d.slip_id")}
        for key in self.ruled:
            if ruled.get(key) != ("ruled", 1):
                self.violation(f"dispute on game {key} upheld by the TD is {ruled.get(key)}")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _listening(port: int) -> bool:
    try:
        _, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return False
    writer.close()
    return True


async def killer(season: FleetSeason, kills: int) -> None:
    """Kill a random running worker every 0.3-1.2 s (one at least is left running) and start
    it again at once, beside the others; bring some slip windows forward meanwhile, so
    deadlines fall due while workers die."""
    restarts: set[asyncio.Task[None]] = set()
    while season.figures.kills < kills:
        await asyncio.sleep(season.rng.uniform(0.3, 1.2))
        if len(season.procs) < 2:
            continue
        if season.done:
            season.figures.kills_after_the_season += 1
        victim = season.rng.choice(sorted(season.procs))
        await season.kill_worker(victim)
        season.bring_forward_windows()
        task = asyncio.create_task(season.start_worker(victim))
        restarts.add(task)
        task.add_done_callback(restarts.discard)
    await asyncio.gather(*restarts)


async def quiesce(season: FleetSeason, timeout: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    give_up = loop.time() + timeout
    while loop.time() < give_up:
        forward = ",".join(str(i) for i in season.brought_forward) or "0"
        busy = season.query(
            "SELECT (SELECT count(*) FROM outbox WHERE state = 'pending')"
            " + (SELECT count(*) FROM deadlines WHERE state = 'open'"
            f"    AND (due_at <= ? OR id IN ({forward})))", (iso(datetime.now(UTC)),))
        if season.tg.pending_updates() == 0 and busy[0][0] == 0:
            return
        await asyncio.sleep(0.1)
    season.violation("the fleet did not settle within the time allowed")


async def run(url: str, workers: int, kills: int, seed: int, players: int,
              workdir: Path, connections: int = 4) -> tuple[Figures, Counter[int]]:
    figures = Figures()
    rng = random.Random(seed)
    tg = FakeTelegram(bot_username="FleetCupBot")
    tg.add_user("Tara", user_id=TD_ID)
    for i in range(players):
        tg.add_user(f"P{i + 1:02d}", user_id=7001 + i)
    for user in list(tg.world.users.values()):
        tg.chat_of(user)
    db = await open_database(url)
    now = datetime.now(UTC)
    async with db.transaction() as tx:
        if await tx.scalar("SELECT count(*) FROM events"):
            raise SystemExit(f"{db.shown}: not empty; give an empty database or schema")
        created = await event_setup.create_event(
            tx, parse_definition(definition(players, now)), by=Actor.cli(), now=now)
        await make_draw(tx, created.event_id, seed=seed, by=Actor.cli(), now=now)
        first = await tx.scalar("SELECT code FROM rounds WHERE event_id = ? ORDER BY seq",
                                (created.event_id,))
        await open_round_in(tx, created.event_id, first, by=Actor.cli(), now=now,
                            unpaid_ok=True, why="fleet crash test")
    await db.close()
    proxy = Proxy(rng)
    await proxy.start()
    try:
        async with FakeBotServer(tg.world, webhook_connections=connections) as server:
            season = FleetSeason(url, workdir, tg, server, proxy, rng, figures, players, workers)
            await season.start()
            try:
                await asyncio.gather(season.play(), killer(season, kills))
                await quiesce(season)
            finally:
                await season.stop()
            season.check_final()
    finally:
        await proxy.stop()
    return figures, proxy.handed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.fleet_crash", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", required=True, help="an empty PostgreSQL database (a URL)")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=16, help="a power of two, 2 to 64")
    parser.add_argument("--connections", type=int, default=4,
                        help="updates the fake posts at once (Telegram: max_connections)")
    args = parser.parse_args(argv)
    if not re.match(r"postgres(ql)?://", args.db):
        parser.error("--db must be a postgresql:// URL")
    import tempfile

    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tdbot-fleet-") as tmp:
        figures, handed = asyncio.run(run(args.db, args.workers, args.kills, args.seed,
                                          args.players, Path(tmp), args.connections))
    for name in ("kills", "kills_after_the_season", "restarts", "updates_sent",
                 "updates_applied_once", "updates_lost", "retries", "results_reported",
                 "results_present_once", "deadlines_brought_forward", "deadlines_fired_once",
                 "disputes_raised", "disputes_ruled", "duplicates_delivered", "lost_messages"):
        unit = "messages" if name in ("duplicates_delivered", "lost_messages") else "count"
        print(f"{name} {getattr(figures, name)} {unit}")
    print(f"workers_that_took_updates {len([n for n in handed.values() if n])} count")
    print(f"violations {len(figures.violations)} count")
    print(f"seconds {time.perf_counter() - t0:.1f} s")
    for what in figures.violations:
        print(f"VIOLATION {what}", file=sys.stderr)
    if figures.violations:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
