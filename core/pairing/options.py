"""A pairing system's options, checked against what its function takes, and the Gibson
rule's fixed pairs for a round: one copy for ``tdbot files pair`` (options typed as flags) and
round-based events (options written in the event definition's ``[pairing]`` table).

Options are handed to a system only when its function takes them, so a misplaced option is
an error naming the option and the system rather than being silently ignored. How an
option is named in an error is the caller's (``name_of``): ``--total-rounds`` at the
command line, ``pairing.total_rounds`` in a definition.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from core.pairing.gibson import (
    NASPA_MANUAL_SPREAD_LIMITS,
    NSC_2006_SPREAD_LIMITS,
    GibsonDecision,
    gibson_fixed_pairs,
)
from core.pairing.registry import System
from core.tournament import Division

#: The Gibson rule's spread limits by name: none (Director's Manual's advice: spread is not a
#: factor), nsc2006 (NSC 2006 notes, 500/700/900) or manual (Director's Manual's caveat, 500/800/900).
GIBSON_SPREADS: Mapping[str, Mapping[int, int] | None] = {
    "none": None, "nsc2006": NSC_2006_SPREAD_LIMITS, "manual": NASPA_MANUAL_SPREAD_LIMITS,
}
#: Parameters every system takes that are not options.
NOT_OPTIONS = ("division", "round_number")

NameOf = Callable[[str], str]


def parse_value(text: str) -> Any:
    """A typed option value: yes/no words as booleans, whole numbers as ints, else text."""
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def params_of(system: System) -> Mapping[str, inspect.Parameter]:
    """The parameters of the system's pairing function (``LookupError`` if unavailable)."""
    return inspect.signature(system.load()).parameters


def options_text(params: Mapping[str, inspect.Parameter], name_of: NameOf) -> str:
    """The options a system function takes, as the caller's user would write them."""
    names = [name_of(key) for key in params if key not in NOT_OPTIONS]
    return ", ".join(names) if names else "no options"


def _type_error(shown: str, value: Any, annotation: Any) -> str | None:
    wanted = str(annotation)
    if wanted.startswith("bool") and not isinstance(value, bool):
        return f"{shown}={value}: give yes or no"
    if wanted.startswith("int") and (isinstance(value, bool) or not isinstance(value, int)):
        return f"{shown}={value}: give a whole number"
    if wanted == "str" and not isinstance(value, str):
        return f"{shown}={value}: give a word, e.g. {shown}=snake"
    return None


def check_options(system: System, options: Mapping[str, Any], name_of: NameOf,
                  system_ref: str, *, listed_of: NameOf | None = None,
                  needed_of: NameOf | None = None) -> None:
    """Raise ``ValueError`` with a message in the caller's words when an option does not
    apply to ``system`` (``system_ref`` names it: ``--system swiss``), has the wrong kind
    of value, or one the system needs is missing. ``listed_of`` and ``needed_of`` name an
    option in the list of those a system takes and in "needs ..." (default ``name_of``)."""
    params = params_of(system)
    for key in options:
        if key not in params or key in NOT_OPTIONS:
            raise ValueError(f"{name_of(key)} does not apply to {system_ref}; "
                             f"it takes {options_text(params, listed_of or name_of)}")
    for key, value in options.items():
        wrong = _type_error(name_of(key), value, params[key].annotation)
        if wrong:
            raise ValueError(wrong)
    for key, param in params.items():
        if param.kind == param.KEYWORD_ONLY and param.default is param.empty \
                and key not in options:
            raise ValueError(f"{system_ref} needs {(needed_of or name_of)(key)}")


def gibson_decision(division: Division, number: int, scored: int, *, prize_places: int,
                    rounds_left: int, top_places: int = 1,
                    spread: str = "none") -> GibsonDecision:
    """What the Gibson rule fixes for round ``number`` (Director's Manual, "The Gibson Rule"), on
    the standings after ``scored`` rounds with results. With lagged pairing the round
    being played while this one is paired is still to be won or lost, and so one of the
    ``rounds_left`` (which counts this round)."""
    if spread not in GIBSON_SPREADS:
        raise ValueError(f"spread limits {spread!r}: choose one of {', '.join(GIBSON_SPREADS)}")
    known = min(scored, number - 1)
    return gibson_fixed_pairs(division.up_to_round(known), rounds_left=rounds_left,
                              prize_places=prize_places, top_places=top_places,
                              spread_limits=GIBSON_SPREADS[spread])
