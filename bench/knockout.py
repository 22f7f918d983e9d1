"""Benchmark: seconds to build and to play through a double elimination, by field size.

    python -m bench.knockout                 # 16, 64, 128, 256 and 512 players
    python -m bench.knockout --sizes 300     # any field sizes
    python -m bench.knockout --single        # single elimination instead

For each size: *build* is ``core.knockout.double_elim.double_elimination`` (the bracket's shape,
with the lower-bracket drop order chosen to keep SSSg Annex A para 3 and put rematches off,
SSSg rules), timed cold: each size below is a different bracket size, so nothing of it is
memoised yet (a second build of the same shape is a dictionary look-up); *draw* is
``core.knockout.sssg.draw_plain`` (rank, seat and build); *simulate* is ``core.knockout.sssg.play_out``, every
match played with random best-of-3 games (ties, game byes and late byes included), the
way ``tdbot files simulate --format double`` plays. Ratings 1200-2100 from the seed.

Figures, not assertions: the machine decides the seconds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from core.knockout import sssg
from core.knockout.double_elim import double_elimination
from core.knockout.seeding import Entrant
from core.knockout.single_elim import single_elimination
from core.schedule import plain_schedule

SIZES = (16, 64, 128, 256, 512)


def run(n: int, seed: int, kind: str) -> dict[str, float]:
    rng = random.Random(seed)
    entrants = [Entrant(f"P{i:03d}", rng.randrange(1200, 2100)) for i in range(1, n + 1)]
    grand_final = "reset" if kind == "double" else "single"
    schedule = plain_schedule(3, 0, n, grand_final=grand_final)
    t0 = time.perf_counter()
    if kind == "double":
        shape = double_elimination(n, schedule, grand_final=grand_final)
    else:
        shape = single_elimination(n, schedule)
    t1 = time.perf_counter()
    event = sssg.draw_plain(entrants, seed, kind, schedule, grand_final=grand_final)
    t2 = time.perf_counter()
    played, rounds = sssg.play_out(event, random.Random(f"bench:{seed}"))
    t3 = time.perf_counter()
    champion = sssg.placements(played).top[0]
    return {
        "players": n,
        "matches": len(shape.matches),
        "rounds_of_play": len(rounds),
        "build_s": t1 - t0,
        "draw_s": t2 - t1,
        "simulate_s": t3 - t2,
        "champion": champion,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.knockout", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--sizes", type=int, nargs="*", help="player counts (default 16-512)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--single", action="store_true", help="single elimination instead")
    args = parser.parse_args(argv)
    kind = "single" if args.single else "double"
    sizes = args.sizes or SIZES
    if any(n < 2 for n in sizes):
        parser.error("--sizes: a knockout needs at least 2 players")
    print(f"{kind} elimination, seed {args.seed}, best-of-3 matches")
    print(f"{'players':>7} {'matches':>7} {'rounds':>6} {'build s':>9} {'draw s':>9} "
          f"{'simulate s':>10}  champion")  # fmt: skip
    for n in sizes:
        r = run(n, args.seed, kind)
        print(
            f"{r['players']:>7} {r['matches']:>7} {r['rounds_of_play']:>6} "
            f"{r['build_s']:>9.3f} {r['draw_s']:>9.3f} {r['simulate_s']:>10.2f}  {r['champion']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
