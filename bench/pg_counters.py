"""Where a PostgreSQL worker's time goes, counted in the worker itself (``python -m
bench.fleet --counters``): per kind of transaction (the use-case or bookkeeping step that
opened it, read from the stack), how many there were, their statements, and the seconds
spent waiting to start (the process's connection and the advisory lock), in statements
(each one round trip to the server, answer read), and in the rest (Python between the
statements, and the event loop's other work meanwhile).

Product code is untouched: ``install`` wraps ``PostgresDatabase`` and ``PostgresTx`` in the
worker's process (the bench puts a ``sitecustomize`` on the workers' PYTHONPATH that calls
it) and writes the counters as JSON to ``$TDBOT_BENCH_COUNTERS/<pid>.json`` when the worker
exits; ``summary`` adds up the files.

Round trips are counted beneath, at psycopg's own calls (every statement, BEGIN, COMMIT,
the pool's check of a connection), in all and those made while the connection holds the
whole database's advisory lock (from the round trip that took it to the one that ends its
transaction, that one included): the latter is what every other use-case of every worker
waits for, and it does not depend on the machine's load (``round_trips``).
"""

from __future__ import annotations

import atexit
import json
import os
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

FIELDS = ("count", "failed", "statements", "wait_s", "statement_s", "commit_s", "total_s")


@dataclass
class Kind:
    count: int = 0
    failed: int = 0  # rolled back by an exception (a refusal, or a use-case run again)
    statements: int = 0
    wait_s: float = 0.0  # asked for the transaction -> it began (lock held)
    statement_s: float = 0.0  # in statements, the answer read
    commit_s: float = 0.0  # the use-case done -> COMMIT answered
    total_s: float = 0.0  # asked -> committed
    sql: dict[str, int] = field(default_factory=dict)  # each statement's start: how often


_KINDS: dict[str, Kind] = {}
_SKIP = ("contextlib", "/bot/store/", "/platform/unit.py", "pg_counters", "asyncio")


def _label() -> str:
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if not any(part in name for part in _SKIP):
            module = name.rsplit("/bot/", 1)[-1].removesuffix(".py").replace("/", ".")
            return f"{module}:{frame.f_code.co_name}"
        frame = frame.f_back  # type: ignore[assignment]
    return "?"


_current: list[Kind | None] = [None]

#: Round trips: all, and under the advisory lock (the module's docstring).
_TRIPS = {"all": 0, "locked": 0}
_LOCKED: set[int] = set()  # id() of the connections holding the lock now


def _trip(conn: Any, query: Any) -> None:
    """One statement sent: a round trip of its own, or (in a pipeline) part of the
    pipeline's one, counted as it begins."""
    text = bytes(query).decode(errors="replace") if isinstance(query, (bytes, bytearray)) \
        else str(query)
    head = text.lstrip().upper()
    alone = getattr(conn, "_pipeline", None) is None
    _TRIPS["all"] += alone
    if id(conn) in _LOCKED:
        _TRIPS["locked"] += alone
        if head.startswith(("COMMIT", "ROLLBACK")):
            _LOCKED.discard(id(conn))
    elif "PG_ADVISORY_XACT_LOCK(" in head:
        _LOCKED.add(id(conn))


def _count_trips() -> None:
    import psycopg  # lazy: only in a worker that counts (sitecustomize)

    cursor_execute = psycopg.AsyncCursor.execute
    cursor_many = psycopg.AsyncCursor.executemany
    exec_command = psycopg.AsyncConnection._exec_command

    async def execute(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        _trip(self.connection, query)
        return await cursor_execute(self, query, *args, **kwargs)

    async def executemany(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        _trip(self.connection, query)
        return await cursor_many(self, query, *args, **kwargs)

    def command(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        _trip(self, query)
        return exec_command(self, query, *args, **kwargs)

    pipeline_enter = psycopg.AsyncPipeline.__aenter__

    async def pipeline(self: Any) -> Any:
        _TRIPS["all"] += 1
        _TRIPS["locked"] += id(self._conn) in _LOCKED
        return await pipeline_enter(self)

    psycopg.AsyncPipeline.__aenter__ = pipeline  # type: ignore[method-assign]
    psycopg.AsyncCursor.execute = execute  # type: ignore[method-assign]
    psycopg.AsyncCursor.executemany = executemany  # type: ignore[method-assign]
    psycopg.AsyncConnection._exec_command = command  # type: ignore[method-assign,assignment]


def install() -> None:
    """Wrap the PostgreSQL backend of this process (see the module's docstring)."""
    folder = os.environ.get("TDBOT_BENCH_COUNTERS")
    if not folder:
        return
    from bot.store import postgres  # lazy: only in a worker that counts (sitecustomize)

    _count_trips()

    def counted(name: str) -> Any:
        inner = getattr(postgres.PostgresTx, name)

        async def run(self: Any, *args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return await inner(self, *args, **kwargs)
            finally:
                kind = getattr(self, "_bench_kind", None)
                if kind is not None:
                    kind.statements += 1
                    kind.statement_s += time.perf_counter() - began
                    said = " ".join(str(args[0]).split())[:90] if args else name
                    kind.sql[said] = kind.sql.get(said, 0) + 1
        return run

    for name in ("execute", "write", "insert", "insert_rows", "one", "all"):
        setattr(postgres.PostgresTx, name, counted(name))
    if "reads" in vars(postgres.PostgresTx):  # several reads in one round trip: each counts
        reads = postgres.PostgresTx.reads

        async def counted_reads(self: Any, queries: Any) -> Any:
            began = time.perf_counter()
            try:
                return await reads(self, queries)
            finally:
                kind = getattr(self, "_bench_kind", None)
                if kind is not None:
                    kind.statements += len(queries)
                    kind.statement_s += time.perf_counter() - began
                    for sql, _ in queries:
                        said = " ".join(str(sql).split())[:90]
                        kind.sql[said] = kind.sql.get(said, 0) + 1

        postgres.PostgresTx.reads = counted_reads  # type: ignore[method-assign]

    def wrapped(attr: str, prefix: str) -> Any:
        inner = getattr(postgres.PostgresDatabase, attr)

        @asynccontextmanager
        async def run(self: Any, *args: Any) -> AsyncIterator[Any]:
            kind = _KINDS.setdefault(prefix + _label(), Kind())
            asked = time.perf_counter()
            try:
                async with inner(self, *args) as tx:
                    kind.wait_s += time.perf_counter() - asked
                    tx._bench_kind = kind
                    yield tx
                    done = time.perf_counter()
            except BaseException:
                kind.failed += 1
                raise
            kind.commit_s += time.perf_counter() - done
            kind.count += 1
            kind.total_s += time.perf_counter() - asked
        return run

    postgres.PostgresDatabase._transaction = wrapped("_transaction", "")  # type: ignore[method-assign]
    postgres.PostgresDatabase._bookkeeping = wrapped("_bookkeeping", "bookkeeping ")  # type: ignore[method-assign]
    if "_snapshot" in vars(postgres.PostgresDatabase):  # not in older versions
        postgres.PostgresDatabase._snapshot = wrapped("_snapshot", "snapshot ")  # type: ignore[method-assign]
    atexit.register(_dump, Path(folder) / f"{os.getpid()}.json")


def _dump(path: Path) -> None:
    path.write_text(json.dumps({k: asdict(v) for k, v in _KINDS.items()}), encoding="utf-8")
    path.with_suffix(".trips").write_text(json.dumps(_TRIPS), encoding="utf-8")


def round_trips(folder: Path) -> dict[str, int]:
    """The workers' round trips added up: all, and under the advisory lock."""
    total = {"all": 0, "locked": 0}
    for file in folder.glob("*.trips"):
        for name, n in json.loads(file.read_text(encoding="utf-8")).items():
            total[name] += n
    return total


def summary(folder: Path) -> list[str]:
    """The workers' counters added up, one line per kind of transaction, most time first."""
    kinds: dict[str, Kind] = {}
    for file in folder.glob("*.json"):
        for label, values in json.loads(file.read_text(encoding="utf-8")).items():
            kind = kinds.setdefault(label, Kind())
            for name in FIELDS:
                setattr(kind, name, getattr(kind, name) + values[name])
            for said, n in values["sql"].items():
                kind.sql[said] = kind.sql.get(said, 0) + n
    lines = [f"{'transaction':58} {'n':>6} {'failed':>6} {'stmts/tx':>8} {'wait ms':>8} {'stmts ms':>8} "
             f"{'per stmt':>8} {'commit':>8} {'rest ms':>8} {'total ms':>8}"]
    for label, k in sorted(kinds.items(), key=lambda kv: -kv[1].total_s):
        if not k.count:
            continue
        rest = k.total_s - k.wait_s - k.statement_s - k.commit_s
        lines.append(
            f"{label[:58]:58} {k.count:6d} {k.failed:6d} {k.statements / k.count:8.1f} "
            f"{1000 * k.wait_s / k.count:8.2f} {1000 * k.statement_s / k.count:8.2f} "
            f"{1000 * k.statement_s / max(k.statements, 1):8.3f} "
            f"{1000 * k.commit_s / k.count:8.2f} {1000 * rest / k.count:8.2f} "
            f"{1000 * k.total_s / k.count:8.2f}")
    return lines


def statements(folder: Path, label: str) -> list[str]:
    """The statements of the transactions whose label contains ``label``, per transaction."""
    kinds = [json.loads(f.read_text(encoding="utf-8")) for f in folder.glob("*.json")]
    said: dict[str, float] = {}
    count = 0
    for worker in kinds:
        for name, values in worker.items():
            if label in name:
                count += values["count"] + values["failed"]
                for sql, n in values["sql"].items():
                    said[sql] = said.get(sql, 0) + n
    return [f"{n / max(count, 1):5.2f}  {sql}" for sql, n in
            sorted(said.items(), key=lambda kv: -kv[1])]


def total_transactions(folder: Path) -> int:
    """Every transaction the workers ran (committed or rolled back), all kinds together."""
    return sum(values["count"] + values["failed"] for f in folder.glob("*.json")
               for values in json.loads(f.read_text(encoding="utf-8")).values())


def total_statements(folder: Path) -> int:
    """Every statement the workers sent, all transactions together."""
    return sum(values["statements"] for f in folder.glob("*.json")
               for values in json.loads(f.read_text(encoding="utf-8")).values())
