"""Benchmark: games reported per second through the service and SQLite, by field size.

    python -m bench.reporting                    # 64 and 512 players, best of 3
    python -m bench.reporting --sizes 128 --best-of 5

For each size: a single-elimination event on a database file (in a temporary folder), the
draw made and the first round opened, so every first-round match (n / 2 of them) is open at
once. Then every match is played out, one game of each match in turn (the way results
arrive when many matches run together): half the matches by the players in the chat, the
other half from paper slips by the TD. What is timed is the use-cases
(``bot/service/results/reporting.py``), each its own transaction, as the adapters call them:

- *report + confirm*: ``report_result`` (the draft; a chat update, claimed), for game 1
  ``set_starter`` (para 15), and ``confirm_slip`` (the game counts, both copies and the
  24-hour window are written, para 24): one game;
- *agree*: ``agree_slip``, the opponent's Agree (every other slip; the rest stay pending);
- *tdbot game report*: ``enter_game``, a paper slip entered by a TD (final at once).

The simulated clock moves one minute per game. At the end the stored games are counted
against the games played (a benchmark that loses games measures nothing).

Each kind is also timed apart for the games that decide their match (*deciding*): such a
game makes ``settle_match`` load the event (``knockout.load_core``: the stored draw with
every decided match recorded, ``core.knockout.sssg.record_all``) and sync the bracket, so its cost
grows with the event, and an average over all games hides it.

The figures are the last lines, one ``name value unit`` per line. Figures, not assertions:
the machine decides the seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.events.schedule import rounds_of
from bot.service.platform.actors import Actor
from bot.service.platform.unit import Request
from bot.service.results import reporting
from bot.service.results.matches import core_match, matches_of_round
from bot.store.db import Database, open_database
from bot.store.matches_repo import MatchView

SIZES = (64, 512)
START = datetime(2026, 3, 2, 1, 0, tzinfo=UTC)
FIRST_TG_ID = 50_000


def definition(n: int, best_of: int) -> str:
    players = "".join(f'\n[[players]]\nname = "P{i:03d}"\nrating = {2100 - i}\n'
                      f"telegram_id = {FIRST_TG_ID + i}\n" for i in range(1, n + 1))
    return (f'[event]\nslug = "bench-{n}"\nname = "Bench {n}"\nformat = "single"\n'
            f"best_of = {best_of}\nbest_of_step = 0\n\n"
            f'[[tds]]\nname = "Tess TD"\ntelegram_id = {FIRST_TG_ID}\n{players}')


@dataclass
class Timings:
    """Seconds spent in each kind of use-case, and how many of each."""

    seconds: dict[str, float] = field(default_factory=dict)
    count: dict[str, int] = field(default_factory=dict)

    def add(self, name: str, seconds: float) -> None:
        self.seconds[name] = self.seconds.get(name, 0.0) + seconds
        self.count[name] = self.count.get(name, 0) + 1

    def rate(self, name: str) -> float:
        spent = self.seconds.get(name, 0.0)
        return self.count.get(name, 0) / spent if spent > 0 else 0.0


class Season:
    """One event on one database file, its clock, and the players' chat requests."""

    def __init__(self, db: Database, rng: random.Random) -> None:
        self.db = db
        self.rng = rng
        self.now = START
        self.update_id = 0
        self.timings = Timings()
        self.games = 0

    def chat(self, tg_id: int) -> Request:
        """A request as the chat handler makes it: a claimed update, answered in its chat."""
        self.update_id += 1
        return Request(now=self.now, label=f"tg:{tg_id}", tg_user_id=tg_id,
                       update_id=self.update_id, chat_id=tg_id)

    async def timed(self, name: str, work):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        result = await work
        self.timings.add(name, time.perf_counter() - t0)
        return result

    async def play_game(self, event_id: int, view: MatchView, tg: tuple[int, int],
                        in_chat: bool) -> bool:
        """One game of ``view``; returns whether the match is now decided."""
        async with self.db.transaction() as tx:
            state = (await core_match(tx, view.id)).state()
        assert state.next_start is not None
        starter = state.next_start.side
        if starter is None:
            starter = self.rng.randint(0, 1)
        won = self.rng.randint(0, 1)
        high = self.rng.randint(340, 520)
        low = self.rng.randint(250, high - 1)
        names = (view.names[0] or "", view.names[1] or "")
        self.now += timedelta(minutes=1)
        self.games += 1
        if not in_chat:
            scores = (high, low) if won == 0 else (low, high)
            t0 = time.perf_counter()
            entered = await reporting.enter_game(
                self.db, Request.cli(self.now), event_id, names, scores,
                starter=names[starter] if state.next_start.side is None else None)
            self.timings.add("tdbot_report", time.perf_counter() - t0)
            if entered.decided:
                self.timings.add("tdbot_report_deciding", time.perf_counter() - t0)
            return bool(entered.decided)
        t0 = time.perf_counter()
        said = reporting.SaidResult(high, low, text=f"{high}-{low}")
        answer = await reporting.report_result(self.db, self.chat(tg[won]), said)
        assert isinstance(answer, reporting.SlipAnswer), answer
        slip_id = answer.slip.id
        if answer.kind == "ask_starter":
            await reporting.set_starter(self.db, self.chat(tg[won]), slip_id,
                                        0 if starter == won else 1)
        done = await reporting.confirm_slip(self.db, self.chat(tg[won]), slip_id)
        spent = time.perf_counter() - t0
        self.timings.add("report_confirm", spent)
        assert done.kind == "submitted", done.kind
        async with self.db.transaction() as tx:
            decided = (await core_match(tx, view.id)).state().decided  # by the confirm
        if decided:
            self.timings.add("report_confirm_deciding", spent)
        if self.games % 2:
            await self.timed("agree", reporting.agree_slip(self.db, self.chat(tg[1 - won]),
                                                           slip_id))
        return decided


async def run(n: int, best_of: int, seed: int, folder: Path) -> dict[str, float]:
    db = await open_database(folder / f"bench-{n}.sqlite3")
    try:
        season = Season(db, random.Random(seed))
        async with db.transaction() as tx:
            created = await create_event(tx, parse_definition(definition(n, best_of)),
                                         by=Actor.cli(), now=START)
            event_id = created.event_id
            await make_draw(tx, event_id, seed=seed, by=Actor.cli(), now=START)
            first = (await rounds_of(tx, event_id))[0]
            await open_round_in(tx, event_id, first.code, by=Actor.cli(), now=START,
                                closes_at=START + timedelta(days=30))
            views = [v for v in await matches_of_round(tx, first.id) if v.state != "bye"]
            tg_of = {row[0]: row[1] for row in await tx.all(
                "SELECT id, tg_user_id FROM people WHERE tg_user_id IS NOT NULL")}
        live = list(enumerate(views))
        while live:
            still = []
            for i, view in live:
                tg = (tg_of[view.people[0]], tg_of[view.people[1]])
                if not await season.play_game(event_id, view, tg, in_chat=i % 2 == 0):
                    still.append((i, view))
            live = still
        async with db.transaction() as tx:
            stored = await tx.scalar("SELECT count(*) FROM games")
            decided = await tx.scalar(
                "SELECT count(*) FROM matches WHERE round_id = ? AND state = 'decided'",
                (first.id,))
        if stored != season.games or decided != len(views):
            raise SystemExit(f"bench.reporting: {stored} games stored of {season.games} played,"
                             f" {decided} of {len(views)} matches decided")
        t = season.timings
        return {"players": n, "matches": len(views), "games": season.games,
                "report_confirm": t.rate("report_confirm"), "agree": t.rate("agree"),
                "tdbot_report": t.rate("tdbot_report"),
                "report_confirm_deciding": t.rate("report_confirm_deciding"),
                "tdbot_report_deciding": t.rate("tdbot_report_deciding"),
                "chat_games": t.count.get("report_confirm", 0),
                "paper_games": t.count.get("tdbot_report", 0)}
    finally:
        await db.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.reporting", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--sizes", type=int, nargs="*", help="player counts (default 64 512)")
    parser.add_argument("--best-of", type=int, default=3, help="games per match (odd)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    sizes = args.sizes or SIZES
    if any(n < 4 for n in sizes):
        parser.error("--sizes: at least 4 players, so that both kinds of report are timed")
    if args.best_of < 1 or args.best_of % 2 == 0:
        parser.error("--best-of: an odd number of games, e.g. 7")
    results = []
    with tempfile.TemporaryDirectory(prefix="tdbot-bench-") as tmp:
        for n in sizes:
            results.append(asyncio.run(run(n, args.best_of, args.seed, Path(tmp))))
    print(f"single elimination, first round only, best of {args.best_of}, seed {args.seed}, "
          "SQLite file; games (agree: slips) per second, 'deciding': the games that decide "
          "their match")
    print(f"{'players':>7} {'matches':>7} {'games':>6} {'in chat':>7} {'paper':>6} "
          f"{'report+confirm':>14} {'deciding':>8} {'agree':>7} {'game report':>12} "
          f"{'deciding':>8}")
    for r in results:
        print(f"{r['players']:>7} {r['matches']:>7} {r['games']:>6} {r['chat_games']:>7} "
              f"{r['paper_games']:>6} {r['report_confirm']:>14.1f} "
              f"{r['report_confirm_deciding']:>8.1f} {r['agree']:>7.1f} "
              f"{r['tdbot_report']:>12.1f} {r['tdbot_report_deciding']:>8.1f}")
    for r in results:
        n = r["players"]
        print(f"report_confirm_{n} {r['report_confirm']:.1f} games/s")
        print(f"report_confirm_deciding_{n} {r['report_confirm_deciding']:.1f} games/s")
        print(f"agree_{n} {r['agree']:.1f} slips/s")
        print(f"tdbot_report_{n} {r['tdbot_report']:.1f} games/s")
        print(f"tdbot_report_deciding_{n} {r['tdbot_report_deciding']:.1f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
