"""A knockout drawn away from any event (``tdbot files draw``, ``tdbot files simulate``): the
options each knockout takes, checked against the one chosen, and the draw the core makes.

An option the chosen knockout does not use is refused rather than ignored, so a TD never
believes it took effect: ``sssg`` plays by the SSSg rules (best-of per round by SSSg para 4
and footnote 4, a best-of-18 grand final one game up), and only a double elimination has a
lower bracket and a grand final. This module needs the core only.
"""

from __future__ import annotations

from core.knockout import sssg
from core.knockout.double_elim import DROP_ORDERS, GRAND_FINALS
from core.knockout.seeding import Entrant
from core.schedule import plain_schedule

PLAIN_ONLY = "--best-of, --step, --grand-final, --head-start and --drops"


class Refused(Exception):
    """An option the chosen knockout does not take, or a value it cannot have; the message
    names the option and says what to give."""


def draw_knockout(fmt: str, players: list[Entrant], seed: int, *, best_of: int | None,
                  step: int | None, grand_final: str | None, head_start: int | None,
                  drops: str | None, third_place: bool) -> sssg.KnockoutEvent:
    """Check the options against the knockout ``fmt``, then draw (the core's ValueError,
    about the players, passes through)."""
    if fmt not in sssg.FORMATS:
        raise Refused(f"--format {fmt!r}: unknown format; use one of {', '.join(sssg.FORMATS)}")
    given = {
        "--best-of": best_of,
        "--step": step,
        "--grand-final": grand_final,
        "--head-start": head_start,
        "--drops": drops,
    }
    if fmt == "sssg":
        for option, value in given.items():
            if value is not None:
                raise Refused(
                    f"{option}: --format sssg plays by the SSSg rules (best-of per round by "
                    f"para 4 and footnote 4, a best-of-18 grand final one game up); {PLAIN_ONLY} "
                    "are for --format single or double"
                )
    if fmt == "single":
        for option in ("--grand-final", "--head-start", "--drops"):
            if given[option] is not None:
                raise Refused(f"{option}: only a double elimination has a lower bracket and a grand final")
    grand_final = grand_final or "reset"
    if grand_final not in GRAND_FINALS:
        raise Refused(f"--grand-final {grand_final!r}: use one of {', '.join(GRAND_FINALS)}")
    if head_start is not None and grand_final != "head_start":
        raise Refused(f"--head-start: needs --grand-final head_start (the grand final is {grand_final})")
    if drops is not None and drops not in DROP_ORDERS:
        raise Refused(f"--drops {drops!r}: use one of {', '.join(DROP_ORDERS)}")
    if best_of is not None and best_of < 1:
        raise Refused(f"--best-of {best_of}: a match needs at least 1 game")
    if step is not None and step < 0:
        raise Refused(f"--step {step}: must be 0 or more")
    if head_start is not None and head_start < 1:
        raise Refused(f"--head-start {head_start}: must be 1 or more (or use --grand-final single)")
    if third_place and fmt == "double":
        raise Refused("--third-place: a double elimination's lower bracket decides third place")
    if fmt == "sssg":
        return sssg.draw_sssg(players, seed, plate_third_place=third_place)
    schedule = plain_schedule(3 if best_of is None else best_of, step or 0, len(players),
                              grand_final=grand_final, head_start=head_start or 1)
    return sssg.draw_plain(players, seed, fmt, schedule, grand_final=grand_final,
                           drops=drops or "seeding", third_place=third_place)


def places_title(fmt: str) -> str:
    """What a simulated knockout's final places are called: SSSg's top division's, or
    a plain knockout's places."""
    return "Top division" if fmt == "sssg" else "Places"
