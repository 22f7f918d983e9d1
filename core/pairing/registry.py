"""The pairing systems by the names a TD types (``tdbot pair --system NAME``).

Modules are imported only when their system is asked for, so a system whose module is
missing or broken does not take the others down with it. ``fpN`` names FP with a
factor (``fp4``, ``fp6``...; seed 000, appendix "Factored Pairings").
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from core.tournament import Pairings

SystemFn = Callable[..., Pairings]


@dataclass(frozen=True)
class System:
    name: str
    module: str
    function: str
    summary: str
    preset: Mapping[str, Any] = field(default_factory=dict)

    def load(self) -> SystemFn:
        """The pairing function; raises ``LookupError`` saying what is missing."""
        try:
            module = importlib.import_module(self.module)
        except ImportError as exc:
            raise LookupError(f"system {self.name!r} is not available: {exc}") from exc
        fn = getattr(module, self.function, None)
        if not callable(fn):
            raise LookupError(f"system {self.name!r} is not available: "
                              f"{self.module} has no {self.function}()")
        return cast(SystemFn, fn)


SYSTEMS: dict[str, System] = {
    s.name: s
    for s in (
        System("koth", "core.pairing.koth", "pair_koth", "King of the Hill: 1v2, 3v4, ..."),
        System("fp", "core.pairing.factored", "pair_factored",
               "factored pairings, --factor N (also written fp4, fp6, ...)"),
        System("swiss", "core.pairing.swiss", "pair_swiss",
               "modified Swiss: win groups, top half v bottom half"),
        System("portland", "core.pairing.portland", "pair_portland",
               "Portland Swiss: round X from standings after X-2, FP10..KOTH, no rematches"),
        System("lagged", "core.pairing.portland", "pair_lagged",
               "lagged event: Portland Swiss rounds, then KOTH (default 5 + 3, seed 002)"),
        System("rr", "core.pairing.round_robin", "pair_round_robin",
               "round robin by player number (Clark rotation)"),
        System("double-rr", "core.pairing.round_robin", "pair_double_round_robin",
               "double round robin"),
        System("john-green", "core.pairing.john_green", "pair_john_green",
               "John Green system: 7 players, 5 RR rounds + KOTH"),
        System("snake", "core.pairing.snake", "pair_snake", "snake round-robin groups"),
        System("split-rr", "core.pairing.split_rr", "pair_split_rr", "split round robin"),
        System("speed", "core.pairing.speed", "pair_speed", "speed pairings"),
        System("quads", "core.pairing.quads", "pair_quads",
               "NSC quads from groups of --set group_size=N (seed 001)"),
        System("koth-quads", "core.pairing.quads", "pair_koth_quads",
               "KOTH quads from --set from_position=N down, KOTH above (seed 001)"),
        System("nsc2006", "core.pairing.quads", "pair_nsc2006",
               "the whole 28-round 2006 NSC schedule (seed 001)"),
        System("uscf", "core.pairing.uscf", "pair_uscf_swiss", "USCF Swiss (chess)"),
    )
}

#: The long names the issue and TDs use, for the short ones above (both are accepted).
ALIASES: dict[str, str] = {
    "round-robin": "rr",
    "double-round-robin": "double-rr",
    "split-round-robin": "split-rr",
    "uscf-swiss": "uscf",
    "king-of-the-hill": "koth",
    "modified-swiss": "swiss",
    "portland-swiss": "portland",
    "factored": "fp",
}

_FP = re.compile(r"fp(\d+)")


def find_system(name: str) -> System:
    """The system called ``name``; ``LookupError`` lists the names there are."""
    key = name.strip().lower().replace("_", "-")
    key = ALIASES.get(key, key)
    if key in SYSTEMS:
        return SYSTEMS[key]
    fp = _FP.fullmatch(key)
    if fp:
        factor = int(fp.group(1))
        return System(key, "core.pairing.factored", "pair_factored",
                      f"factored pairings FP{factor}", {"factor": factor})
    raise LookupError(f"unknown pairing system {name!r}; choose one of: {system_names()}")


def system_names() -> str:
    """Every name ``find_system`` accepts, for help texts and errors."""
    names = sorted(SYSTEMS) + [f"{long} (= {short})" for long, short in sorted(ALIASES.items())]
    return ", ".join(names) + ", or fpN (fp4, fp6, ...)"
