"""The pairing systems by the names a TD types (``tdbot files pair --system NAME``).

Modules are imported only when their system is asked for, so a system whose module is
missing or broken does not take the others down with it. ``fpN`` names FP with a
factor (``fp4``, ``fp6``...; Director's Manual, appendix "Factored Pairings").
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from core.pairing.tables import NotATable, TableBlock
from core.tournament import Pairings

SystemFn = Callable[..., Pairings]
BlockFn = Callable[..., TableBlock]


@dataclass(frozen=True)
class System:
    name: str
    module: str
    function: str
    summary: str
    preset: Mapping[str, Any] = field(default_factory=dict)
    #: a table system: the function (in ``module``) saying which rounds its table fixes
    block: str = ""
    #: not a table system: why its rounds wait for results
    results: str = ""

    def _get(self, function: str) -> Callable[..., Any]:
        try:
            module = importlib.import_module(self.module)
        except ImportError as exc:
            raise LookupError(f"system {self.name!r} is not available: {exc}") from exc
        fn = getattr(module, function, None)
        if not callable(fn):
            raise LookupError(f"system {self.name!r} is not available: "
                              f"{self.module} has no {function}()")
        return cast(Callable[..., Any], fn)

    def load(self) -> SystemFn:
        """The pairing function; raises ``LookupError`` saying what is missing."""
        return cast(SystemFn, self._get(self.function))

    def load_block(self) -> BlockFn:
        """The table function of a table system (:mod:`core.pairing.tables`); raises
        ``NotATable`` saying why a system that pairs on results has none."""
        if not self.block:
            raise NotATable(f"{self.name} is not a table system: {self.results}")
        return cast(BlockFn, self._get(self.block))


KOTH_RESULTS = "it pairs each round on the standings after the round before"
FP_RESULTS = "it pairs each round on the standings after the round before (1 v 1+N, ...)"
PORTLAND_RESULTS = "it pairs round X on the standings after round X-2"

SYSTEMS: dict[str, System] = {
    s.name: s
    for s in (
        System("koth", "core.pairing.koth", "pair_koth", "King of the Hill: 1v2, 3v4, ...",
               results=KOTH_RESULTS),
        System("fp", "core.pairing.factored", "pair_factored",
               "factored pairings, --factor N (also written fp4, fp6, ...)", results=FP_RESULTS),
        System("swiss", "core.pairing.swiss", "pair_swiss",
               "modified Swiss: win groups, top half v bottom half",
               results="it pairs each round within win groups of the standings so far"),
        System("portland", "core.pairing.portland", "pair_portland",
               "Portland Swiss: round X from standings after X-2, FP10..KOTH, no rematches",
               results=PORTLAND_RESULTS),
        System("lagged", "core.pairing.portland", "pair_lagged",
               "lagged event: Portland Swiss rounds, then KOTH (default 5 + 3, ABG rules)",
               results=PORTLAND_RESULTS),
        System("rr", "core.pairing.round_robin", "pair_round_robin",
               "round robin by player number (Clark rotation)", block="round_robin_block"),
        System("double-rr", "core.pairing.round_robin", "pair_double_round_robin",
               "double round robin", block="double_round_robin_block"),
        System("john-green", "core.pairing.john_green", "pair_john_green",
               "John Green system: 7 players, 5 RR rounds + KOTH", block="john_green_block"),
        System("snake", "core.pairing.snake", "pair_snake", "snake round-robin groups",
               block="snake_block"),
        System("split-rr", "core.pairing.split_rr", "pair_split_rr", "split round robin",
               block="split_rr_block"),
        System("speed", "core.pairing.speed", "pair_speed", "speed pairings",
               block="speed_block"),
        System("quads", "core.pairing.quads", "pair_quads",
               "NSC quads from groups of --set group_size=N (NSC 2006 notes)", block="quads_block"),
        System("koth-quads", "core.pairing.quads", "pair_koth_quads",
               "KOTH quads from --set from_position=N down, KOTH above (NSC 2006 notes)",
               results="the players above from_position are paired King of the Hill each "
                       "round on the standings (NSC 2006 notes, session 8)"),
        System("nsc2006", "core.pairing.quads", "pair_nsc2006",
               "the whole 28-round 2006 NSC schedule (NSC 2006 notes)", block="nsc2006_block"),
        System("uscf", "core.pairing.uscf", "pair_uscf_swiss", "USCF Swiss (chess)",
               results="it pairs each round within score groups of the standings so far, "
                       "with colours from the games played (USCF guide)"),
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
                      f"factored pairings FP{factor}", {"factor": factor}, results=FP_RESULTS)
    raise UnknownSystem(name)


class UnknownSystem(LookupError):
    """A name ``find_system`` does not know: ``typed`` as written; its English message
    lists the names there are (the command line's), and the service words it for each
    reader from ``typed`` and ``listed_names``."""

    def __init__(self, typed: str) -> None:
        super().__init__(f"unknown pairing system {typed!r}; choose one of: {system_names()}")
        self.typed = typed


def listed_names() -> str:
    """Every name ``find_system`` accepts but the factored ones (fpN), a long name with its
    short one: "koth, ..., king-of-the-hill (= koth)"."""
    names = sorted(SYSTEMS) + [f"{long} (= {short})" for long, short in sorted(ALIASES.items())]
    return ", ".join(names)


def system_names() -> str:
    """Every name ``find_system`` accepts, for help texts and errors (in English: the
    command line's)."""
    return listed_names() + ", or fpN (fp4, fp6, ...)"
