"""A round-based event's ``[pairing]`` table as the options of its pairing system: part of
the definition's schema (``definitions.PairingDef``), so it sits beside it.

The options are those ``tdbot files pair`` takes as flags (``bot/cli/pair_cmd.py``), checked by
the one copy of that mapping (``core.pairing.options``): an option the system does not take
is refused when the definition is read, naming the key as the organiser wrote it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from core.pairing.options import check_options, params_of
from core.pairing.registry import System, find_system


class Pairing(Protocol):
    """What this reads of an event's ``[pairing]`` table (``definitions.PairingDef``)."""

    @property
    def system(self) -> str: ...
    @property
    def rounds(self) -> int: ...
    @property
    def accelerated(self) -> bool: ...
    @property
    def avoid_teams(self) -> bool: ...
    @property
    def gibson(self) -> bool: ...
    @property
    def options(self) -> Mapping[str, int | bool | str]: ...


#: Keys of [pairing] that are options of the system under another name.
_KEYS = {"fixed": "gibson", "forbidden": "avoid_teams", "avoid_same_team": "avoid_teams",
         "accelerated": "accelerated", "total_rounds": "rounds"}


def _name(key: str) -> str:
    return f"pairing.{_KEYS[key]}" if key in _KEYS else f"pairing.options.{key}"


def system_options(pairing: Pairing) -> tuple[System, dict[str, Any]]:
    """The system and the options every round is paired with (the per-round ``fixed``
    Gibson pairs and ``forbidden`` team pairs are added when a round is paired). The
    event's length goes to a system that takes it (``total_rounds``: a Swiss's last two
    rounds, USCF's final round, a lagged event's KOTH rounds); a Portland Swiss with no
    ``last_swiss_round`` is Portland to the end."""
    chosen = find_system(pairing.system)
    try:
        params = params_of(chosen)
    except LookupError as exc:
        raise ValueError(str(exc)) from None
    options: dict[str, Any] = dict(chosen.preset)
    if "total_rounds" in params:
        options["total_rounds"] = pairing.rounds
    if "last_swiss_round" in params:
        options["last_swiss_round"] = pairing.rounds
    if pairing.accelerated:
        options["accelerated"] = True
    if pairing.avoid_teams and "avoid_same_team" in params:
        options["avoid_same_team"] = True
    options.update(pairing.options)
    checked = dict(options)
    if pairing.gibson:
        checked["fixed"] = ()
    if pairing.avoid_teams and "avoid_same_team" not in params:
        checked["forbidden"] = ()
    check_options(chosen, checked, _name, f'system "{chosen.name}"')
    return chosen, options
