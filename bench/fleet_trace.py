"""Where an update's latency goes, traced in the worker itself (``python -m bench.fleet
--trace``): for each update, when the worker received it (the webhook's POST queued it),
when its handlers started (its chat's earlier updates done, the fleet's order kept), and
each of its transactions (asked, begun, committed); and beside them what held the event
loop: callbacks that ran long (each handle timed), the garbage collector's pauses, the
sender's passes and each of their transactions.

Product code is untouched: ``install`` wraps a few methods in the worker's process (the
bench puts a ``sitecustomize`` on the workers' PYTHONPATH that calls it, as for
``bench.pg_counters``) and writes what it saw as JSON to ``$TDBOT_BENCH_TRACE/<pid>.json``
when the worker exits; ``report`` reads it with the bench's queued times and says, for the
slowest updates, where their time went. Times are epoch seconds (``time.time``), the clock
the bench stamps the queued times with.
"""

from __future__ import annotations

import asyncio
import atexit
import contextvars
import gc
import json
import os
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

#: A callback that holds the loop this long (s) or longer is kept, with what it was.
LONG = 0.002

_update: contextvars.ContextVar[int | None] = contextvars.ContextVar("trace_update",
                                                                     default=None)
_received: dict[int, float] = {}
_started: dict[int, float] = {}
_done: dict[int, float] = {}
#: (update or None, label, asked, begun, body done, committed)
_tx: list[tuple[int | None, str, float, float, float, float]] = []
_long: list[tuple[float, float, str]] = []  # (start, seconds, what)
_gc: list[tuple[float, float, int]] = []  # (start, seconds, generation)
_passes: list[tuple[float, float, int]] = []  # (start, end, rows handled)
_disk: list[tuple[int | None, float, float]] = []  # waits for the log's sync: (update, from, to)
_SKIP = ("contextlib", "/bot/store/", "/platform/unit.py", "fleet_trace", "asyncio")


def _label() -> str:
    frame: Any = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if not any(part in name for part in _SKIP):
            module = name.rsplit("/bot/", 1)[-1].removesuffix(".py").replace("/", ".")
            return f"{module}:{frame.f_code.co_name}"
        frame = frame.f_back
    return "?"


#: The event loop's thread's stacks, sampled while one callback has run over ``LONG``:
#: (the callback's start, a stack's lines) -> how often.
_samples: dict[str, int] = {}
_running: list[float] = [0.0]


def _stack(frame: Any) -> str:
    lines: list[str] = []
    while frame is not None and len(lines) < 40:
        name = frame.f_code.co_filename
        lines.append(f"{'/'.join(name.rsplit('/', 2)[-2:])}:{frame.f_lineno}:"
                     f"{frame.f_code.co_name}")
        frame = frame.f_back
    return " < ".join(lines[:14])


def _sample(loop_thread: int) -> None:
    while True:
        time.sleep(0.001)
        since = _running[0]
        if since and time.time() - since > LONG:
            frame = sys._current_frames().get(loop_thread)
            if frame is not None:
                key = f"{since:.4f} {_stack(frame)}"
                _samples[key] = _samples.get(key, 0) + 1


def _time_handles() -> None:
    import threading  # lazy: as install

    run = asyncio.events.Handle._run

    def timed(self: Any) -> None:
        began = time.time()
        _running[0] = began
        try:
            run(self)
        finally:
            _running[0] = 0.0
            took = time.time() - began
            if took >= LONG:
                _long.append((began, took, repr(self)[:160]))

    asyncio.events.Handle._run = timed  # type: ignore[method-assign]
    threading.Thread(target=_sample, args=(threading.get_ident(),), daemon=True).start()


def _time_gc() -> None:
    began: list[float] = [0.0]

    def callback(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.time()
        else:
            _gc.append((began[0], time.time() - began[0], int(info.get("generation", -1))))

    gc.callbacks.append(callback)


def install() -> None:
    """Wrap this worker's update path, transactions, loop and sender (the module's
    docstring)."""
    folder = os.environ.get("TDBOT_BENCH_TRACE")
    if not folder:
        return
    from telegram import Update  # lazy: only in a worker that traces (sitecustomize)

    from bot.store import db as sqlite_db  # lazy: as above
    from bot.telegram import sender, update_queue  # lazy: as above

    put = update_queue.ApplyThenConfirm.put

    async def traced_put(self: Any, item: object) -> None:
        if isinstance(item, Update):
            _received[item.update_id] = time.time()
        await put(self, item)

    update_queue.ApplyThenConfirm.put = traced_put  # type: ignore[method-assign]

    in_chat = update_queue.InChatOrder._in_chat_order

    async def traced_in_chat(self: Any, update: object, coroutine: Any) -> None:
        if not isinstance(update, Update):
            await in_chat(self, update, coroutine)
            return
        uid = update.update_id

        async def run() -> None:
            _started[uid] = time.time()
            _update.set(uid)
            try:
                await coroutine
            finally:
                _done[uid] = time.time()

        await in_chat(self, update, run())

    update_queue.InChatOrder._in_chat_order = traced_in_chat  # type: ignore[method-assign]

    def wrapped(cls: Any, attr: str) -> None:
        inner = getattr(cls, attr)

        @asynccontextmanager
        async def run(self: Any, *args: Any) -> AsyncIterator[Any]:
            label = _label()
            asked = time.time()
            async with inner(self, *args) as tx:
                begun = time.time()
                yield tx
                body = time.time()
            claimed = "claim " if getattr(tx, "_trace_claimed", False) else ""
            _tx.append((_update.get(), claimed + label, asked, begun, body, time.time()))
        setattr(cls, attr, run)

    claim = sqlite_db.Tx.claim_update

    async def traced_claim(self: Any, *args: Any) -> bool:
        self._trace_claimed = True
        return await claim(self, *args)

    sqlite_db.Tx.claim_update = traced_claim  # type: ignore[method-assign,assignment]
    for attr in ("_transaction", "_bookkeeping", "_snapshot"):
        if attr in vars(sqlite_db.SqliteDatabase):
            wrapped(sqlite_db.SqliteDatabase, attr)
    if "postgresql" in os.environ.get("TDBOT_DB", ""):
        from bot.store import postgres  # lazy: psycopg, only on a server

        for attr in ("_transaction", "_bookkeeping", "_snapshot"):
            wrapped(postgres.PostgresDatabase, attr)

    if "_on_disk" in vars(sqlite_db.SqliteDatabase):  # the sync outside the lock
        on_disk = sqlite_db.SqliteDatabase._on_disk

        async def traced_disk(self: Any, upto: int) -> None:
            began = time.time()
            await on_disk(self, upto)
            _disk.append((_update.get(), began, time.time()))

        sqlite_db.SqliteDatabase._on_disk = traced_disk  # type: ignore[method-assign]
    deliver = sender.OutboxSender.deliver_due

    async def traced_pass(self: Any) -> int:
        began = time.time()
        handled = await deliver(self)
        _passes.append((began, time.time(), handled))
        return handled

    sender.OutboxSender.deliver_due = traced_pass  # type: ignore[method-assign]
    _time_handles()
    _time_gc()
    atexit.register(_dump, Path(folder) / f"{os.getpid()}.json")


def _dump(path: Path) -> None:
    path.write_text(json.dumps({
        "received": _received, "started": _started, "done": _done, "tx": _tx,
        "long": _long, "gc": _gc, "passes": _passes, "samples": _samples,
        "disk": _disk}), encoding="utf-8")


def _overlap(start: float, end: float, spans: list[tuple[float, float]]) -> float:
    return sum(max(0.0, min(end, b) - max(start, a)) for a, b in spans)


def report(folder: Path, queued: dict[int, float], committed: dict[int, float],
           slowest: float = 0.05) -> list[str]:
    """Where the time of the slowest ``slowest`` share of the updates went, beside the
    median update's: queued -> received by a worker -> handlers started -> its use-case's
    transaction begun (the wait for the database) -> committed, and how much of each
    update's span the loop spent in long callbacks, the collector and sender passes."""
    received: dict[int, float] = {}
    started: dict[int, float] = {}
    use_case: dict[int, tuple[float, float, float, float]] = {}  # the first that claims it
    long: list[tuple[float, float, str]] = []
    gcs: list[tuple[float, float, int]] = []
    passes: list[tuple[float, float, int]] = []
    txs: list[list[Any]] = []
    disk: dict[int, float] = {}  # update -> its waits for the log's sync (s)
    samples: dict[str, int] = {}
    for file in folder.glob("[0-9]*.json"):
        got = json.loads(file.read_text(encoding="utf-8"))
        received.update({int(k): v for k, v in got["received"].items()})
        started.update({int(k): v for k, v in got["started"].items()})
        for uid, label, asked, begun, body, done in got["tx"]:
            if uid is not None and label.startswith("claim "):
                use_case[uid] = (asked, begun, body, done)
        txs += got["tx"]
        for uid, began, ended in got.get("disk", []):
            if uid is not None:
                disk[uid] = disk.get(uid, 0.0) + ended - began
        for key, n in got.get("samples", {}).items():
            since, stack = key.split(" ", 1)
            if float(since) >= min(queued.values(), default=0.0):
                top = " < ".join(stack.split(" < ")[:6])
                samples[top] = samples.get(top, 0) + n
        long += [tuple(x) for x in got["long"]]
        gcs += [tuple(x) for x in got["gc"]]
        passes += [tuple(x) for x in got["passes"]]
    ids = sorted((u for u in queued if u in committed and u in use_case and u in started
                  and u in received), key=lambda u: committed[u] - queued[u])
    if not ids:
        return ["no update traced"]
    long_spans = [(s, s + d) for s, d, _ in long]
    gc_spans = [(s, s + d) for s, d, _ in gcs]
    pass_spans = [(a, b) for a, b, _ in passes]
    other_tx = [(t[3], t[5]) for t in txs if t[0] is None]  # sender, alarms: begun -> commit

    def row(u: int) -> list[float]:
        q, r, s = queued[u], received[u], started[u]
        asked, begun, body, done = use_case[u]
        return [1000 * x for x in (r - q, s - r, asked - s, begun - asked, body - begun,
                                   done - body, disk.get(u, 0.0), committed[u] - q, done - q,
                                   _overlap(q, done, long_spans), _overlap(q, done, gc_spans),
                                   _overlap(q, done, pass_spans), _overlap(q, done, other_tx))]

    head = ("queued->recv", "recv->start", "start->ask", "lock wait", "tx body", "COMMIT",
            "of it sync", "latency*", "to commit", "long cbs", "gc", "in passes", "other tx")
    lines = ["ms; from the worker's receiving it to its handlers' start, to its use-case asking"
             " for the database (lookups before), the use-case's transaction waiting to begin,"
             " running, committing (of which waiting for the log's sync, outside the lock); latency* is the bench's (queued -> processed_at, the"
             " use-case's clock), to commit the whole; the last four: the time of the update's"
             " span the loop spent there",
             "            " + " ".join(f"{h:>12}" for h in head)]
    tail = ids[-max(1, int(len(ids) * slowest)):]
    half = ids[len(ids) // 2 - 2: len(ids) // 2 + 3]
    for name, group in (("median 5", half), (f"slowest {len(tail)}", tail)):
        means = [sum(col) / len(group) for col in zip(*(row(u) for u in group), strict=True)]
        lines.append(f"{name:>12}" + " ".join(f"{m:12.2f}" for m in means))
    for u in tail[-5:]:
        lines.append(f"{u:>12}" + " ".join(f"{m:12.2f}" for m in row(u)))
    lines.append(f"long callbacks (>= {1000 * LONG:.0f} ms): {len(long)}, "
                 f"{1000 * sum(d for _, d, _ in long):.0f} ms in all; the longest:")
    for _s, d, what in sorted(long, key=lambda x: -x[1])[:8]:
        lines.append(f"  {1000 * d:7.1f} ms  {what}")
    lines.append("where the loop was in the waves' long callbacks (sampled every ms):")
    for stack, n in sorted(samples.items(), key=lambda kv: -kv[1])[:6]:
        lines.append(f"  {n:4d}  {stack[:300]}")
    lines.append(f"gc: {len(gcs)} collections, {1000 * sum(d for _, d, _ in gcs):.1f} ms,"
                 f" the longest {1000 * max((d for _, d, _ in gcs), default=0):.1f} ms")
    lines.append(f"sender passes: {len(passes)}, rows {sum(n for *_, n in passes)}, longest "
                 f"{1000 * max((b - a for a, b, _ in passes), default=0):.1f} ms")
    first_q = min(queued.values())
    in_waves = [t for t in txs if t[3] >= first_q]
    held = sum(t[5] - t[3] for t in in_waves)
    lines.append(f"the database held (BEGIN to COMMIT, the waves' transactions): "
                 f"{1000 * held / len(ids):.2f} ms per update, {len(in_waves) / len(ids):.1f}"
                 f" transactions per update, of which in COMMIT "
                 f"{1000 * sum(t[5] - t[4] for t in in_waves) / len(ids):.2f} ms")
    kinds: dict[str, list[float]] = {}
    for t in txs:
        kinds.setdefault(t[1], []).append(t[5] - t[3])
    lines.append("transactions (begun -> committed): n, mean ms, max ms")
    for label, held in sorted(kinds.items(), key=lambda kv: -sum(kv[1]))[:10]:
        lines.append(f"  {label[:60]:60} {len(held):5d} {1000 * sum(held) / len(held):7.2f}"
                     f" {1000 * max(held):7.2f}")
    return lines
