"""Benchmark: how long stopping the bot takes with a backlog in the outbox.

    python -m bench.sender_stop                      # 20 in-process trials, 10 over HTTP
    python -m bench.sender_stop --trials 67 --http-trials 0 --backlog 500

In-process: the real Application on the fake Bot API (bot.telegram.harness), a backlog of
``--backlog`` messages, every answer slow (``--delay`` s) or, every other trial, a 429 whose
retry_after (30 s) the rate limiter sleeps through; the bot is stopped once the first
messages are out, and the seconds ``stop()`` took are timed. Over HTTP: ``tdbot run
--base-url`` against the fake server with the same backlog, SIGINT, and the seconds until
the process has exited. Each trial also checks that nothing was lost: sent + pending rows
equal the backlog.

Figures, not assertions: the machine decides the seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bot.fakebot import FakeTelegram, FakeUser, retry_after, slow
from bot.fakebot.server import FakeBotServer
from bot.service.platform import outbox
from bot.store.db import Database, open_database
from bot.telegram.harness import DEFAULT_START, BotUnderTest

TDBOT = Path(sys.executable).with_name("tdbot")


async def _backlog(db: Database, people: list[FakeUser]) -> None:
    async with db.transaction() as tx:
        for user in people:
            await outbox.enqueue(tx, chat_id=user.id, text_html=f"Round open, {user.id}",
                                 now=DEFAULT_START)


def _people(tg: FakeTelegram, n: int) -> list[FakeUser]:
    made = [tg.add_user(f"User{i}") for i in range(n)]
    for user in made:
        tg.chat_of(user)
    return made


async def _states(db_path: Path) -> dict[str, int]:
    db = await open_database(db_path)
    try:
        async with db.transaction() as tx:
            rows = await tx.all("SELECT state, count(*) AS n FROM outbox GROUP BY state")
    finally:
        await db.close()
    return {r["state"]: r["n"] for r in rows}


async def in_process(workdir: Path, backlog: int, delay: float, flood: bool) -> float:
    bot = BotUnderTest(workdir / "db.sqlite3")
    await bot.start()
    people = _people(bot.telegram, backlog)
    fault = retry_after(30) if flood else slow(delay)
    bot.telegram.faults.add("sendMessage", fault, times=3 if flood else 100_000)
    await _backlog(bot.runtime.db, people)
    bot.runtime.sender.kick()
    await bot.telegram.wait_for_call("sendMessage", 1 if flood else 2, timeout=30)
    t0 = time.perf_counter()
    await bot.stop()
    took = time.perf_counter() - t0
    states = await _states(bot.db_path)
    if sum(states.values()) != backlog:
        raise SystemExit(f"rows lost: {states}")
    return took


async def over_http(workdir: Path, backlog: int, delay: float) -> float:
    tg = FakeTelegram()
    people = _people(tg, backlog)
    db_path = workdir / "bot.sqlite3"
    db = await open_database(db_path)
    try:
        await _backlog(db, people)
    finally:
        await db.close()
    tg.faults.add("sendMessage", slow(delay), times=100_000)
    async with FakeBotServer(tg.world) as server:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TDBOT_")}
        env.update({"TDBOT_TOKEN": tg.token, "TDBOT_DB": str(db_path)})
        process = await asyncio.create_subprocess_exec(
            str(TDBOT), "run", "--base-url", server.base_url, cwd=workdir, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )
        await tg.wait_for_call("sendMessage", 3, timeout=60)
        t0 = time.perf_counter()
        process.send_signal(signal.SIGINT)
        await process.wait()
        took = time.perf_counter() - t0
    states = await _states(db_path)
    if sum(states.values()) != backlog or process.returncode != 0:
        raise SystemExit(f"exit {process.returncode}, rows {states}")
    return took


def _report(label: str, times: list[float]) -> None:
    if not times:
        return
    print(f"{label:<34} trials {len(times):>3}  min {min(times):6.2f} s  "
          f"median {statistics.median(times):6.2f} s  max {max(times):6.2f} s  "
          f"over 2 s: {sum(t > 2 for t in times)}")


async def main(trials: int, http_trials: int, backlog: int, delay: float) -> None:
    slow_times: list[float] = []
    flood_times: list[float] = []
    http_times: list[float] = []
    for n in range(trials):
        with tempfile.TemporaryDirectory() as tmp:
            flood = n % 2 == 1
            took = await in_process(Path(tmp), backlog, delay, flood)
            (flood_times if flood else slow_times).append(took)
    if http_trials and not TDBOT.exists():
        print("tdbot console script not installed: no HTTP trials", file=sys.stderr)
        http_trials = 0
    for _ in range(http_trials):
        with tempfile.TemporaryDirectory() as tmp:
            http_times.append(await over_http(Path(tmp), backlog, delay))
    print(f"backlog {backlog} messages, answers {delay} s slow")
    _report("stop() in-process, slow answers", slow_times)
    _report("stop() in-process, 429 pause 30 s", flood_times)
    _report("SIGINT to exit, tdbot run over HTTP", http_times)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--http-trials", type=int, default=10)
    parser.add_argument("--backlog", type=int, default=200)
    parser.add_argument("--delay", type=float, default=0.3)
    args = parser.parse_args()
    asyncio.run(main(args.trials, args.http_trials, args.backlog, args.delay))
