"""Load benchmark: many players reporting at once through the real bot and the fake Telegram.

    python -m bench.load                         # 256 players, in-process fake Bot API
    python -m bench.load --players 64 --games 100 --http
    python -m bench.load --quick                 # seconds: small figures, for CI
    python -m bench.load --only rearm memory     # start-up, sweep and memory at size only

Five parts, each on a fresh database file in a temporary folder (``--only`` picks some):

1. **Season.** A single elimination of ``--players`` (best of ``--best-of``), every player's
   Telegram id in the definition, created, drawn and its first round opened through the
   service (as tests/bot/club_chat.py does), so every first-round match is open at once.
   Then the real PTB ``Application`` (``bot.telegram.harness.BotUnderTest``) runs against
   ``bot.fakebot`` -- in-process by default, or polling ``FakeBotServer`` on 127.0.0.1 with
   ``--http`` -- with the fake's flood control on (``bot/fakebot/flood.py``: 429 beyond
   30/s overall, 1/s per chat, 20/min per group). Every match is played at once, each
   person acting as soon as the message they need arrives, as in bench/crash.py: the
   winner sends ``412-380``, says who started game 1, taps Confirm; the opponent taps
   Agree (55 %), disputes and gives a reason (20 %), or leaves the slip alone. Players stop
   starting games once ``--games`` have been played. At the start every winner reports at
   once, so the first updates queue up behind each other (a round opening).
   At the end the stored games and claimed updates are counted against what was sent.

2. **Latency, and how it is measured.** The bench wraps (in this process only, product code
   untouched) ``World.push_update`` to note ``perf_counter()`` when the fake queues an
   update, ``Tx.claim_update`` to learn which update a transaction applies (the claim is in
   the same transaction as the effect, docs/architecture.md, "Nothing lost, nothing doubled"),
   ``outbox_repo.add`` to learn that it wrote outbox rows, and ``Database.transaction`` to
   note ``perf_counter()`` when a use-case asks for a transaction, when it has it (the
   lock taken, BEGIN returned: ``lock_wait`` is the time between, for the paced updates)
   and once its COMMIT has
   returned (``apply`` is BEGIN -> COMMIT). An update's latency is queued ->
   commit of the transaction that claimed it and wrote its outbox rows: the person's answer
   is then durable, whatever the sender does next. Timestamps in the rows themselves are not
   used: ``created_at`` is the handler's clock reading, taken before the work, and the bot's
   clock here is simulated. *Paced* latency leaves out the opening burst (its queueing is
   the burst's length, not the bot's speed).

3. **Outgoing messages.** Read from the fake's record of Bot API calls (``Call.at``, the
   fake's wall clock): sending methods answered 200, per second overall, and the most in
   any one-second window overall and for one chat (sliding windows), the most in any minute
   for one group, and how many sends the fake refused with 429.

4. **Start-up at scale.** 100,000 open deadline rows (``--deadlines``) written through
   ``deadlines_repo.add`` into a fresh database (one due every 20 s from a minute on), then
   the bot started on it: the time of the scheduler's start-up ``reconcile()`` (the open
   rows due within the arming horizon armed on PTB's JobQueue, read by an index range) and
   of the whole start; then 20 sweeps, the simulated clock moved one sweep interval before
   each (p50 and slowest).

5. **Memory and latency at size.** ``bench/bigstore.py`` builds, in seconds, a store of
   10,000 linked players and 100,000 stored games: ~630 finished 64-player knockouts
   written by bulk SQL in the shape the bot leaves them (its docstring says why that shape),
   and a live knockout of ``--live-players`` (1,024) made through the service, first round
   open. Then, in a child process so that its high-water mark is its own, the real bot is
   started on it and 20 matches are played out through the chat (two games each: report,
   who started, Confirm, Agree; the second Confirm decides the match and the bracket is
   moved on); each update's latency queued -> commit (measured as in part 2), the seconds
   of each step from sent to answered (the harness settles: its polling included), the RSS
   once started and ``ru_maxrss`` at the end are printed.

End to end, updates per second are bound by Telegram's limits, which the bot keeps
(``bot/telegram/pacing.py``): each step a person takes waits for a message, and a chat gets
at most one a second, the bot 30 a second in all. The bot's own speed is the opening burst
(``burst_updates_per_s``) and ``apply_p50``/``apply_p99``.

The figures are the last lines, one ``name value unit`` per line. Figures, not assertions:
the machine decides the seconds (goals: 1,000 reports/s, p99 < 20 ms, 100k deadlines armed
in < 2 s, < 200 MB; compare, do not tune).
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from bench import bigstore
from bot.fakebot import FakeTelegram, FakeUser, FloodControl, StoredMessage
from bot.fakebot.flood import SENDING_METHODS
from bot.fakebot.server import FakeBotServer
from bot.fakebot.state import ChatEvent
from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.platform.actors import Actor
from bot.store import deadlines_repo, outbox_repo
from bot.store.db import Database, Tx, open_database
from bot.telegram import scheduler as scheduler_module
from bot.telegram.app import BotOptions
from bot.telegram.harness import DEFAULT_START, BotUnderTest
from bot.telegram.pacing import RealTime

TD_ID = 40_000
FIRST_TG_ID = 40_001
#: How long a person waits for an answer before the season is called broken.
PATIENCE = 60.0


def definition(n: int, best_of: int, slug: str = "load-cup") -> str:
    players = "".join(f'\n[[players]]\nname = "P{i:05d}"\nrating = {2100 - i % 1000}\n'
                      f"telegram_id = {FIRST_TG_ID + i}\n" for i in range(n))
    return (f'[event]\nslug = "{slug}"\nname = "Load Cup"\nformat = "single"\n'
            f"best_of = {best_of}\nbest_of_step = 0\n\n"
            f'[[tds]]\nname = "Tess TD"\ntelegram_id = {TD_ID}\n{players}'
            "\n[rules]\nfee_reminder_days = []\n")


async def make_event(db: Database, n: int, best_of: int) -> list[tuple[int, int]]:
    """The event created, drawn and its first round open; each open match's Telegram ids."""
    now = DEFAULT_START
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(definition(n, best_of)),
                                     by=Actor.cli(), now=now)
        await make_draw(tx, created.event_id, seed=2026, by=Actor.cli(), now=now)
        first = await tx.scalar("SELECT code FROM rounds WHERE event_id = ? ORDER BY seq",
                                (created.event_id,))
        await open_round_in(tx, created.event_id, first, by=Actor.cli(), now=now,
                            unpaid_ok=True, why="load test", closes_at=now + timedelta(days=30))
        rows = await tx.all(
            "SELECT pa.tg_user_id, pb.tg_user_id FROM matches m"
            " JOIN rounds r ON r.id = m.round_id AND r.code = ?"
            " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
            " JOIN entries eb ON eb.id = m.entry_b JOIN people pb ON pb.id = eb.person_id"
            " WHERE m.event_id = ? AND m.state IN ('ready', 'playing') ORDER BY m.id",
            (first, created.event_id))
    return [(int(a), int(b)) for a, b in rows]


# --- instrumentation (this process only) ------------------------------------------------
_MARK: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar("mark",
                                                                               default=None)


@dataclass
class Clocks:
    """perf_counter() readings: when each update was queued and when its work committed."""

    queued: dict[int, float] = field(default_factory=dict)
    committed: dict[int, float] = field(default_factory=dict)
    asked: dict[int, float] = field(default_factory=dict)  # the claiming use-case asked for it
    began: dict[int, float] = field(default_factory=dict)  # ... and got it (BEGIN returned)

    def latencies(self, ids: list[int]) -> list[float]:
        return sorted(self.committed[i] - self.queued[i] for i in ids if i in self.committed)

    def applying(self, ids: list[int]) -> list[float]:
        return sorted(self.committed[i] - self.began[i] for i in ids if i in self.committed)

    def waiting(self, ids: list[int]) -> list[float]:
        return sorted(self.began[i] - self.asked[i] for i in ids if i in self.committed)


def instrument(clocks: Clocks, tg: FakeTelegram) -> Callable[[], None]:
    """Wrap the four places named in the module docstring; returns the undo."""
    world = tg.world
    push, claim, add = world.push_update, Tx.claim_update, outbox_repo.add
    transaction = Database.transaction

    def pushed(kind: str, payload: dict[str, Any]) -> int:
        update_id = push(kind, payload)
        clocks.queued[update_id] = time.perf_counter()
        return update_id

    async def claimed(self: Tx, update_id: int, now: Any = None) -> bool:
        mark = _MARK.get()
        if mark is not None:
            mark["update"] = update_id
        return await claim(self, update_id, now)

    async def added(tx: Tx, **kwargs: Any) -> int | None:
        mark = _MARK.get()
        if mark is not None:
            mark["outbox"] += 1
        return await add(tx, **kwargs)

    @asynccontextmanager
    async def timed(self: Database) -> AsyncIterator[Tx]:
        mark: dict[str, Any] = {"update": None, "outbox": 0, "asked": time.perf_counter()}
        token = _MARK.set(mark)
        try:
            async with transaction(self) as tx:  # type: ignore[attr-defined]
                mark["began"] = time.perf_counter()  # the lock is ours and BEGIN done
                yield tx
            if mark["update"] is not None and mark["outbox"]:
                clocks.committed[mark["update"]] = time.perf_counter()
                clocks.began[mark["update"]] = mark["began"]
                clocks.asked[mark["update"]] = mark["asked"]
        finally:
            _MARK.reset(token)

    world.push_update = pushed  # type: ignore[method-assign]
    Tx.claim_update = claimed  # type: ignore[method-assign]
    outbox_repo.add = added  # type: ignore[assignment]
    Database.transaction = timed  # type: ignore[method-assign,assignment]

    def undo() -> None:
        world.push_update = push  # type: ignore[method-assign]
        Tx.claim_update = claim  # type: ignore[method-assign]
        outbox_repo.add = add
        Database.transaction = transaction  # type: ignore[method-assign]

    return undo


class HttpBot(BotUnderTest):
    """The bot polling the fake over HTTP on 127.0.0.1 instead of in-process."""

    def __init__(self, db_path: Path, telegram: FakeTelegram, base_url: str) -> None:
        super().__init__(db_path, telegram=telegram, pace_time=RealTime())
        self.base_url = base_url

    def options(self) -> BotOptions:
        return BotOptions(token=self.telegram.token, db_path=self.db_path, clock=self.clock,
                          base_url=self.base_url, sender_idle_poll=0.05,
                          pace_time=self.pace_time, freeze_heap=True)


# --- the people ---------------------------------------------------------------------------
class Inbox:
    """The bot's messages to each person as they arrive (the fake's ``new_message``
    wrapped), so that 2 x N people wait on an event instead of scanning every message. A
    message the bot edits arrives again (the question of who started becomes the draft)."""

    def __init__(self, tg: FakeTelegram) -> None:
        self.tg = tg
        self.messages: dict[int, list[StoredMessage]] = defaultdict(list)
        self.arrived: dict[int, asyncio.Event] = defaultdict(asyncio.Event)
        world = tg.world
        original = world.new_message
        bot_id = world.bot.id

        def new_message(chat: Any, sender: FakeUser, **content: Any) -> StoredMessage:
            message = original(chat, sender, **content)
            if sender.id == bot_id and chat.type == "private":
                self.messages[chat.id].append(message)
                self.arrived[chat.id].set()
            return message

        world.new_message = new_message  # type: ignore[method-assign]
        recorded = world.record

        def record(event: ChatEvent) -> None:
            recorded(event)
            if event.kind == "edit" and event.chat.type == "private" and event.message:
                self.messages[event.chat.id].append(event.message)
                self.arrived[event.chat.id].set()

        world.record = record  # type: ignore[method-assign]

    def mark(self, who: int) -> int:
        return len(self.messages[who])

    async def wait(self, who: int, after: int,
                   want: Callable[[StoredMessage], bool]) -> StoredMessage:
        seen = after
        give_up = time.monotonic() + PATIENCE
        while True:
            got = self.messages[who]
            for message in got[seen:]:
                if want(message):
                    return message
            seen = len(got)
            event = self.arrived[who]
            event.clear()
            left = give_up - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"user {who} got no answer in {PATIENCE:.0f} s; their chat:\n"
                                   f"{self.tg.transcript(self.tg.world.users[who])[-1500:]}")
            try:
                await asyncio.wait_for(event.wait(), left)
            except TimeoutError:
                pass


def has_button(label: str) -> Callable[[StoredMessage], bool]:
    return lambda m: any(b.get("text") == label for row in m.buttons() for b in row)


def says(words: str) -> Callable[[StoredMessage], bool]:
    return lambda m: words in (m.text or "")


@dataclass
class Season:
    tg: FakeTelegram
    inbox: Inbox
    rng: random.Random
    games_wanted: int
    games: int = 0
    updates: int = 0
    kinds: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    burst: list[int] = field(default_factory=list)  # update ids of the opening reports

    def user(self, tg_id: int) -> FakeUser:
        return self.tg.world.users[tg_id]

    def sent(self, kind: str) -> None:
        self.updates += 1
        self.kinds[kind] += 1

    async def play_game(self, a: int, b: int, won_side: int, first: bool) -> None:
        w, lo = (a, b) if won_side == 0 else (b, a)
        inbox, tg = self.inbox, self.tg
        high, low = self.rng.randint(380, 520), self.rng.randint(250, 379)
        at = inbox.mark(w)
        tg.user_sends(self.user(w), f"{high}-{low}")
        if first:
            self.burst.append(self.tg.world.last_update_id)
        self.sent("report")
        draft = await inbox.wait(w, at, lambda m: has_button("✅ Confirm")(m)
                                 or has_button("I started")(m))
        if has_button("I started")(draft):
            at = inbox.mark(w)
            tg.user_taps(self.user(w), draft, text="I started")
            self.sent("starter")
            draft = await inbox.wait(w, at, has_button("✅ Confirm"))
        at_w, at_l = inbox.mark(w), inbox.mark(lo)
        tg.user_taps(self.user(w), draft, text="✅ Confirm")
        self.sent("confirm")
        copy = await inbox.wait(lo, at_l, has_button("Agree"))
        await inbox.wait(w, at_w, says("slip is in"))
        roll = self.rng.random()
        if roll < 0.55:
            at = inbox.mark(w)
            tg.user_taps(self.user(lo), copy, text="Agree")
            self.sent("agree")
            await inbox.wait(w, at, says("agreed"))
        elif roll < 0.75:
            at = inbox.mark(lo)
            tg.user_taps(self.user(lo), copy, text="Dispute")
            self.sent("dispute")
            await inbox.wait(lo, at, says("What is wrong"))
            at = inbox.mark(lo)
            tg.user_sends(self.user(lo), f"I had {low + 20}, not {low}")
            self.sent("reason")
            await inbox.wait(lo, at, says("passed your reason"))

    async def play_match(self, a: int, b: int, best_of: int) -> None:
        wins = [0, 0]
        need = best_of // 2 + 1
        first = True
        while max(wins) < need and self.games < self.games_wanted:
            self.games += 1
            side = self.rng.randrange(2)
            await self.play_game(a, b, side, first)
            first = False
            wins[side] += 1


def sliding_max(times: list[float], window: float) -> int:
    """The most events in any window of ``window`` seconds (times sorted)."""
    best, lo = 0, 0
    for hi, t in enumerate(times):
        while times[lo] <= t - window:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


def percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(p / 100 * (len(sorted_values) - 1))))
    return sorted_values[k]


async def season(players: int, best_of: int, games: int, http: bool, folder: Path,
                 seed: int, flood: bool = True) -> dict[str, float]:
    db_path = folder / "season.sqlite3"
    db = await open_database(db_path)
    try:
        matches = await make_event(db, players, best_of)
    finally:
        await db.close()
    tg = FakeTelegram(bot_username="LoadCupBot", flood=FloodControl() if flood else None)
    for tg_id in [TD_ID, *range(FIRST_TG_ID, FIRST_TG_ID + players)]:
        tg.chat_of(tg.add_user(f"U{tg_id}", user_id=tg_id))
    clocks = Clocks()
    inbox = Inbox(tg)
    play = Season(tg, inbox, random.Random(seed), games)
    undo = instrument(clocks, tg)
    try:
        server = FakeBotServer(tg.world) if http else None
        if server is not None:
            await server.__aenter__()
        try:
            bot = (HttpBot(db_path, tg, server.base_url) if server is not None
                   else BotUnderTest(db_path, telegram=tg, pace_time=RealTime(), freeze_heap=True))
            async with bot:
                t0 = time.perf_counter()
                await asyncio.gather(*(play.play_match(a, b, best_of) for a, b in matches))
                await bot.settle(timeout=120)
                wall = time.perf_counter() - t0
                db = bot.runtime.db
                async with db.transaction() as tx:
                    stored = await tx.scalar("SELECT count(*) FROM games")
                    claimed = await tx.scalar("SELECT count(*) FROM processed_updates")
        finally:
            if server is not None:
                await server.__aexit__(None, None, None)
    finally:
        undo()
    if stored != play.games or claimed != play.updates:
        raise SystemExit(f"bench.load: {stored} games stored of {play.games} played, "
                         f"{claimed} updates claimed of {play.updates} sent")
    ids = sorted(clocks.queued)
    first_q = min(clocks.queued.values())
    last_c = max(clocks.committed.values())
    burst_end = max(clocks.committed[i] for i in play.burst)
    burst_start = min(clocks.queued[i] for i in play.burst)
    all_lat = clocks.latencies(ids)
    paced_ids = [i for i in ids if i not in set(play.burst)]
    paced = clocks.latencies(paced_ids)
    sends = sorted((c.at.timestamp(), c.params.get("chat_id")) for c in tg.calls()
                   if c.method in SENDING_METHODS and c.ok)
    times = [t for t, _ in sends]
    per_chat: dict[Any, list[float]] = defaultdict(list)
    for t, chat in sends:
        per_chat[chat].append(t)
    groups = [ts for chat, ts in per_chat.items() if isinstance(chat, int) and chat < 0]
    refused = sum(1 for c in tg.calls() if c.method in SENDING_METHODS and c.status == 429)
    send_span = (times[-1] - times[0]) if len(times) > 1 else 0.0
    return {
        "players": players, "matches": len(matches), "games": play.games,
        "updates": play.updates, "wall": wall,
        "updates_per_s": play.updates / (last_c - first_q),
        "burst_updates": len(play.burst),
        "burst_updates_per_s": len(play.burst) / (burst_end - burst_start),
        "latency_p50": percentile(all_lat, 50) * 1000,
        "latency_p99": percentile(all_lat, 99) * 1000,
        "paced_latency_p50": percentile(paced, 50) * 1000,
        "paced_latency_p99": percentile(paced, 99) * 1000,
        "apply_p50": percentile(clocks.applying(ids), 50) * 1000,
        "apply_p99": percentile(clocks.applying(ids), 99) * 1000,
        "lock_wait_p50": percentile(clocks.waiting(paced_ids), 50) * 1000,
        "lock_wait_p99": percentile(clocks.waiting(paced_ids), 99) * 1000,
        "messages": len(times),
        "messages_per_s": len(times) / send_span if send_span else 0.0,
        "max_overall_per_s": sliding_max(times, 1.0),
        "max_chat_per_s": max((sliding_max(ts, 1.0) for ts in per_chat.values()), default=0),
        "max_group_per_min": max((sliding_max(ts, 60.0) for ts in groups), default=0),
        "refused_429": refused,
        **{f"kind_{k}": v for k, v in play.kinds.items()},
    }


async def rearm(deadlines: int, folder: Path, sweeps: int = 20) -> dict[str, float]:
    """Open deadline rows through the store, then the bot's start-up arms those near; then
    the steady sweep's cost over them."""
    db_path = folder / "deadlines.sqlite3"
    db = await open_database(db_path)
    try:
        async with db.transaction() as tx:
            for i in range(deadlines):
                # one every 20 s from a minute on: none due at start-up, a few within the
                # arming horizon, the rest up to weeks away (a long event's slip windows)
                due = DEFAULT_START + timedelta(minutes=1, seconds=i * 20)
                await deadlines_repo.add(tx, "slip.window", f"slip:{i + 1}", due,
                                         {"slip_id": i + 1}, DEFAULT_START)
    finally:
        await db.close()
    timings: list[float] = []
    counts: list[int] = []
    reconcile = scheduler_module.DeadlineScheduler.reconcile

    async def timed(self: scheduler_module.DeadlineScheduler) -> int:
        t0 = time.perf_counter()
        armed = await reconcile(self)
        timings.append(time.perf_counter() - t0)
        counts.append(armed)
        return armed

    scheduler_module.DeadlineScheduler.reconcile = timed  # type: ignore[method-assign]
    try:
        bot = BotUnderTest(db_path)
        t0 = time.perf_counter()
        await bot.start()
        start = time.perf_counter() - t0
        scheduler = bot.runtime.scheduler
        horizon = scheduler.horizon
        near = sum(1 for i in range(deadlines)
                   if timedelta(minutes=1, seconds=i * 20) <= horizon)
        armed = len(scheduler.armed)
        # The sweep as it runs each minute: the clock moves one interval, the rows fallen
        # due fire (slip windows of slips that do not exist: cancelled), the near ones are
        # armed, every alarm's row checked.
        sweep_times: list[float] = []
        for _ in range(sweeps):
            bot.clock.advance(scheduler_module.SWEEP_INTERVAL)
            t0 = time.perf_counter()
            await scheduler.sweep()
            sweep_times.append(time.perf_counter() - t0)
        await bot.stop()
    finally:
        scheduler_module.DeadlineScheduler.reconcile = reconcile  # type: ignore[method-assign]
    if armed != near or counts[0] != near:
        raise SystemExit(f"bench.load: {armed} deadlines armed at start-up; {near} are due"
                         f" within the {horizon} horizon")
    sweep_times.sort()
    return {"rearm": timings[0], "startup": start, "armed": armed,
            "sweep_p50": percentile(sweep_times, 50) * 1000,
            "sweep_max": sweep_times[-1] * 1000}


async def memory_child(path: Path, reports: int) -> None:
    """Start the bot on ``path``; ``reports`` open matches of the live event are played out
    (best of 3: the winner reports two games, ``412-380``, says who started game 1 and
    confirms; the opponent agrees, the second agreement deciding the match); print the peak
    RSS, the RSS once started, and each update's seconds (sent -> answered, settled)."""
    db = await open_database(path)
    try:
        async with db.transaction() as tx:
            matches = [(int(a), int(b)) for a, b in await tx.all(
                "SELECT pa.tg_user_id, pb.tg_user_id FROM matches m"
                " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
                " JOIN entries eb ON eb.id = m.entry_b JOIN people pb ON pb.id = eb.person_id"
                " WHERE m.state IN ('ready', 'playing') ORDER BY m.id LIMIT ?", (reports,))]
    finally:
        await db.close()
    tg = FakeTelegram(bot_username="LoadCupBot")
    for a, b in matches:
        tg.chat_of(tg.add_user(f"U{a}", user_id=a))
        tg.chat_of(tg.add_user(f"U{b}", user_id=b))
    seconds: dict[str, list[float]] = defaultdict(list)
    clocks = Clocks()
    undo = instrument(clocks, tg)  # queued -> commit, as in the season (part 2)
    async with BotUnderTest(path, telegram=tg, freeze_heap=True) as bot:
        started_mb = rss_mb()
        for a, b in matches:
            winner, loser = tg.world.users[a], tg.world.users[b]
            for game in (1, 2):  # best of 3: two wins decide the match
                t0 = time.perf_counter()
                await bot.say(winner, "412-380")
                seconds["report"].append(time.perf_counter() - t0)
                if has_button("I started")(tg.last_sent(winner)):
                    t0 = time.perf_counter()
                    await bot.tap(winner, "I started")
                    seconds["starter"].append(time.perf_counter() - t0)
                for who, label, step in ((winner, "✅ Confirm", "confirm"), (loser, "Agree",
                                         "agree" if game == 1 else "agree_deciding")):
                    t0 = time.perf_counter()
                    await bot.tap(who, label)
                    seconds[step].append(time.perf_counter() - t0)
        async with bot.runtime.db.transaction() as tx:
            agreed = await tx.scalar("SELECT count(*) FROM slips WHERE state = 'agreed'")
            decided = await tx.scalar(
                "SELECT count(*) FROM matches m JOIN events e ON e.id = m.event_id"
                " WHERE e.state <> 'finished' AND m.state = 'decided'")
    undo()
    if agreed != 2 * len(matches) or decided < len(matches):
        raise SystemExit(f"bench.load: {agreed} slips agreed of {2 * len(matches)} reported,"
                         f" {decided} matches decided of {len(matches)} played")
    print(json.dumps({"maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                      "started_mb": started_mb, "seconds": seconds,
                      "committed": clocks.latencies(sorted(clocks.queued))}))


def rss_mb() -> float:
    """This process's resident memory now (Linux), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def memory(players: int, games: int, live: int, folder: Path,
           reports: int = 20) -> dict[str, Any]:
    path = folder / "big.sqlite3"
    t0 = time.perf_counter()
    store = asyncio.run(bigstore.build(path, players=players, games=games, live_players=live,
                                       make_event=lambda db, n: make_event(db, n, 3)))
    built = time.perf_counter() - t0
    out = subprocess.run([sys.executable, "-m", "bench.load", "--memory-child", str(path),
                          "--memory-reports", str(reports)],
                         capture_output=True, text=True, timeout=1800, check=True)
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    every = sorted(figures["committed"])
    return {"maxrss_mb": figures["maxrss_mb"], "started_mb": figures["started_mb"],
            "built": built, "store": store, "mb": path.stat().st_size / 2**20,
            "report_p50": percentile(every, 50) * 1000, "report_max": every[-1] * 1000,
            "steps": {k: percentile(sorted(v), 50) * 1000
                      for k, v in figures["seconds"].items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.load",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", type=int, default=None, help="players (default 256)")
    parser.add_argument("--games", type=int, default=None,
                        help="stop after this many games (default: the first round played out)")
    parser.add_argument("--best-of", type=int, default=3, help="games per match (odd)")
    parser.add_argument("--http", action="store_true",
                        help="serve the fake Bot API on 127.0.0.1 and poll it over HTTP")
    parser.add_argument("--quick", action="store_true",
                        help="small sizes, for CI: 16 players, 1,000 deadlines, 300 players"
                             " and 3,000 games for memory")
    parser.add_argument("--no-flood", action="store_true",
                        help="switch the fake's flood control off (no 429s; the bot's own"
                             " pacer still paces sends)")
    parser.add_argument("--deadlines", type=int, default=None, help="default 100,000")
    parser.add_argument("--no-memory", action="store_true",
                        help="skip the memory part (the same as --only season rearm)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", nargs="+", choices=("season", "rearm", "memory"),
                        default=["season", "rearm", "memory"],
                        help="run only these parts (default: all three)")
    parser.add_argument("--live-players", type=int, default=None,
                        help="players of the live event in the store at size (default 1,024)")
    parser.add_argument("--memory-child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--memory-reports", type=int, default=20, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_child is not None:
        asyncio.run(memory_child(args.memory_child, args.memory_reports))
        return 0
    players = args.players or (16 if args.quick else 256)
    if players < 4:
        parser.error(f"--players: at least 4, so that several matches are open; got {players}")
    if args.best_of < 1 or args.best_of % 2 == 0:
        parser.error(f"--best-of: an odd number of games, e.g. 3; got {args.best_of}")
    games = args.games if args.games is not None else 10**9
    if games < 1:
        parser.error(f"--games: at least 1; got {games}")
    deadlines = args.deadlines or (1_000 if args.quick else 100_000)
    big_players, big_games = (300, 3_000) if args.quick else (10_000, 100_000)
    parts = set(args.only) - ({"memory"} if args.no_memory else set())
    with tempfile.TemporaryDirectory(prefix="tdbot-load-") as tmp:
        s = (asyncio.run(season(players, args.best_of, games, args.http, Path(tmp), args.seed,
                                flood=not args.no_flood)) if "season" in parts else None)
        r = asyncio.run(rearm(deadlines, Path(tmp))) if "rearm" in parts else None
        live = args.live_players or (64 if args.quick else 1_024)
        m = (memory(big_players, big_games, live, Path(tmp), reports=5 if args.quick else 20)
             if "memory" in parts else None)
    transport = "HTTP on 127.0.0.1" if args.http else "in-process"
    if s is not None:
        print(f"single elimination, {s['players']} players, {s['matches']} matches open at"
              f" once, best of {args.best_of}, fake Bot API {transport}, flood control "
              f"{'off' if args.no_flood else 'on'}, seed {args.seed}")
        kinds = ", ".join(f"{k[5:]} {int(v)}" for k, v in s.items() if k.startswith("kind_"))
        print(f"{s['games']} games, {s['updates']} updates ({kinds}) in {s['wall']:.1f} s; "
              f"{s['messages']} messages sent")
        print(f"opening burst: {s['burst_updates']} reports queued at once")
    if r is not None:
        print(f"{deadlines} open deadlines; {r['armed']} due within the arming horizon armed"
              " at start-up; sweeps with the clock moved a minute each")
    if m is not None:
        st = m["store"]
        print(f"store at size: {st.players} people linked, {st.games} games stored in"
              f" {st.events - 1} finished 64-player knockouts, a live knockout of"
              f" {st.live_players} with its first round open; {m['mb']:.0f} MB on disk,"
              f" built in {m['built']:.1f} s")
        print("sent -> answered (the harness settled, its polling included), p50: "
              + ", ".join(f"{k} {v:.0f} ms" for k, v in m["steps"].items()))
    if s is not None:
        print(f"updates_per_s {s['updates_per_s']:.1f} updates/s")
        print(f"burst_updates_per_s {s['burst_updates_per_s']:.1f} updates/s")
        print(f"latency_p50 {s['latency_p50']:.1f} ms")
        print(f"latency_p99 {s['latency_p99']:.1f} ms")
        print(f"paced_latency_p50 {s['paced_latency_p50']:.1f} ms")
        print(f"paced_latency_p99 {s['paced_latency_p99']:.1f} ms")
        print(f"apply_p50 {s['apply_p50']:.1f} ms")
        print(f"apply_p99 {s['apply_p99']:.1f} ms")
        print(f"lock_wait_p50 {s['lock_wait_p50']:.1f} ms")
        print(f"lock_wait_p99 {s['lock_wait_p99']:.1f} ms")
        print(f"messages_per_s {s['messages_per_s']:.1f} messages/s")
        print(f"max_overall_per_s {s['max_overall_per_s']} messages/s")
        print(f"max_chat_per_s {s['max_chat_per_s']} messages/s")
        print(f"max_group_per_min {s['max_group_per_min']} messages/min")
        print(f"refused_429 {s['refused_429']} calls")
    if r is not None:
        print(f"rearm_{deadlines} {r['rearm']:.3f} s")
        print(f"startup_{deadlines} {r['startup']:.3f} s")
        print(f"sweep_{deadlines}_p50 {r['sweep_p50']:.1f} ms")
        print(f"sweep_{deadlines}_max {r['sweep_max']:.1f} ms")
    if m is not None:
        print(f"rss_started_{big_players}_players_{big_games}_games {m['started_mb']:.1f} MB")
        print(f"maxrss_{big_players}_players_{big_games}_games {m['maxrss_mb']:.1f} MB")
        print(f"report_p50_at_size {m['report_p50']:.1f} ms")
        print(f"report_max_at_size {m['report_max']:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
