"""Benchmark: seconds to lay out and draw the bracket pictures of a finished event.

    python -m bench.pictures                  # SSSg 8, 16, 24, 40; doubles of 32 to 256
    python -m bench.pictures --sizes 64       # plain doubles of these sizes only
    python -m bench.pictures --builtin        # Pillow's own font, not DejaVu Sans

For each event: *layout* is ``bot.pictures.layout.division_layouts`` (pure geometry, the
text measured in the font), *draw* is the rest of ``bracket_pngs`` (Pillow drawing and
PNG encoding); then each picture's size in pixels and kilobytes. The bot sends these with
sendPhoto, so a figure worth watching is the time a ``/bracket`` call holds a worker.

Figures, not assertions: the machine decides the seconds.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time

from PIL import Image

from bot.pictures.bracket import Fonts, render
from bot.pictures.layout import division_layouts
from core.knockout import sssg
from core.knockout.seeding import Entrant
from core.schedule import plain_schedule

SSSG_SIZES = (8, 16, 24, 40)
DOUBLE_SIZES = (32, 64, 128, 256)


def _entrants(n: int, rng: random.Random) -> list[Entrant]:
    return [Entrant(f"Player {i:03d}", rng.randrange(1200, 2100)) for i in range(1, n + 1)]


def run(event: sssg.KnockoutEvent, fonts: Fonts) -> tuple[float, float, list[str]]:
    t0 = time.perf_counter()
    layouts = division_layouts(event, title="Benchmark", measure=fonts.measure)
    t1 = time.perf_counter()
    pngs = [(layout.name, render(layout, fonts)) for layout in layouts]
    t2 = time.perf_counter()
    sizes = []
    for name, data in pngs:
        w, h = Image.open(io.BytesIO(data)).size
        sizes.append(f"{name} {w}x{h} {len(data) // 1024} KB")
    return t1 - t0, t2 - t1, sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.pictures", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--sizes", type=int, nargs="*", help="plain double eliminations only")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--builtin", action="store_true", help="Pillow's own font")
    args = parser.parse_args(argv)
    if args.sizes and any(n < 2 for n in args.sizes):
        parser.error("--sizes: a knockout needs at least 2 players")
    fonts = Fonts.builtin() if args.builtin else Fonts.default()
    rng = random.Random(args.seed)
    events: list[tuple[str, sssg.KnockoutEvent]] = []
    if not args.sizes:
        events += [(f"sssg {n}", sssg.draw_sssg(_entrants(n, rng), args.seed)) for n in SSSG_SIZES]
    for n in args.sizes or DOUBLE_SIZES:
        schedule = plain_schedule(3, 0, n, grand_final="reset")
        events.append(
            (f"double {n}", sssg.draw_plain(_entrants(n, rng), args.seed, "double", schedule))
        )
    print(f"font: {'Pillow built-in' if fonts.files is None else fonts.files[0]}")
    print(f"{'event':<11} {'layout s':>8} {'draw s':>7}  pictures")
    for label, event in events:
        played, _ = sssg.play_out(event, random.Random(f"bench:{args.seed}"))
        lay_s, draw_s, sizes = run(played, fonts)
        print(f"{label:<11} {lay_s:>8.3f} {draw_s:>7.3f}  {'; '.join(sizes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
