"""Benchmark: seconds per round of modified-Swiss pairing, with quality figures.

    python -m bench.pairing            # 100, 1,000 and 10,000 players, 9 rounds each
    python -m bench.pairing --quick    # 100 and 1,000 players, 5 rounds
    python -m bench.pairing --system koth   # King of the Hill: its table repeats more
    python -m bench.pairing --system uscf   # USCF Swiss (USCF guide), colours and all

Each size is a seeded random event: ratings 600-2200, results drawn from the Elo
expectation, Scrabble-like scores. Every round is paired with ``pair_swiss`` and timed
as a whole (standings, bye, table, matching). Two parts of the last round are timed on
their own as well: the standings (``core.standings``, computed once more outside the
pairing) and the engine's matching with its explanations. Quality: repeats made (the engine should make none while
a repeat-free pairing exists, which is certain when players > 2 x rounds), and the mean
win difference between partners (0 is perfect; pull-ups make it a little above 0).
Figures, not assertions: the machine decides the seconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from core.pairing import engine
from core.pairing.byes import bye_game
from core.pairing.koth import pair_koth
from core.pairing.swiss import pair_swiss
from core.pairing.uscf import pair_uscf_swiss
from core.standings import scrabble_standings
from core.tournament import Division, Game, Player


class MatchClock:
    """Times the engine's ``match`` (table repair, matching, explanations) inside each
    pairing, so the figures can say where a round's seconds go."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.inner = engine.match

    def __call__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        try:
            return self.inner(*args, **kwargs)
        finally:
            self.seconds += time.perf_counter() - t


SYSTEMS = {"swiss": pair_swiss, "koth": pair_koth, "uscf": pair_uscf_swiss}


def simulate(n: int, rounds: int, seed: int, system: str = "swiss") -> list[dict[str, float]]:
    rng = random.Random(seed)
    clock = MatchClock()
    engine.match = clock
    players = tuple(Player(i, f"P{i}", rng.randrange(600, 2200)) for i in range(1, n + 1))
    rating = {p.number: p.rating for p in players}
    games: list[Game] = []
    division = Division("bench", players)
    met: set[tuple[int, int]] = set()
    rows = []
    for r in range(1, rounds + 1):
        t0 = time.perf_counter()
        standings = scrabble_standings(division)
        t1 = time.perf_counter()
        clock.seconds = 0.0
        pairings = SYSTEMS[system](division, r)
        t2 = time.perf_counter()
        wins = {s.number: s.wins for s in standings}
        repeats = 0
        gaps = []
        for a, b in pairings.pairs:
            key = (a, b) if a < b else (b, a)
            repeats += key in met
            met.add(key)
            gaps.append(abs(wins[a] - wins[b]))
            expected = 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
            base = rng.randrange(320, 460)
            margin = rng.randrange(1, 150)
            if rng.random() < expected:
                sa, sb = base + margin, base
            else:
                sa, sb = base, base + margin
            games.append(Game(r, a, b, float(sa > sb), float(sb > sa), sa, sb, first=a))
        games.extend(bye_game(r, p) for p in pairings.byes)
        division = Division("bench", players, tuple(games), rounds=r)
        rows.append({
            "round": r,
            "seconds": t2 - t1,
            "standings": t1 - t0,
            "matching": clock.seconds,
            "repeats": repeats,
            "gap": statistics.fmean(gaps) if gaps else 0.0,
        })
    engine.match = clock.inner
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pairing", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="100 and 1,000 players, 5 rounds")
    parser.add_argument("--sizes", type=int, nargs="*", help="player counts (default 100 1000 10000)")
    parser.add_argument("--rounds", type=int, help="rounds to pair (default 9)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--system", choices=sorted(SYSTEMS), default="swiss",
                        help="modified Swiss (default), King of the Hill (repeats avoided) "
                             "or USCF Swiss")
    args = parser.parse_args(argv)
    sizes = args.sizes or ([100, 1000] if args.quick else [100, 1000, 10000])
    rounds = args.rounds or (5 if args.quick else 9)
    title = {"swiss": "modified Swiss", "koth": "King of the Hill", "uscf": "USCF Swiss"}[args.system]
    print(f"{title}, {rounds} rounds, seed {args.seed}")
    print(f"{'players':>8} {'mean s/round':>13} {'last round s':>13} {'standings s':>12}"
          f" {'matching s':>11} {'repeats':>8} {'mean win gap':>13}")
    for n in sizes:
        rows = simulate(n, rounds, args.seed, args.system)
        mean = statistics.fmean(row["seconds"] for row in rows)
        last = rows[-1]
        print(f"{n:>8} {mean:>13.3f} {last['seconds']:>13.3f} {last['standings']:>12.3f}"
              f" {last['matching']:>11.3f}"
              f" {sum(int(row['repeats']) for row in rows):>8} "
              f"{statistics.fmean(row['gap'] for row in rows):>13.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
