"""The formats an event may have, by their ``[event] format`` key: the one place that
maps an event to what its format does (``seam.Format``).

The formats that come with the bot are named here (``BUILT_IN``: each key and the object
its package makes, as an entry point names one) and loaded the first time an event of
that format is asked about, not before: ``tdbot event list`` then loads no format, and
``tdbot game report`` on a knockout only the knockouts' package. This module imports no
format package at its top: each uses the shared services (reporting, rulings, groups),
which ask this registry, so importing them here would close the circle the registry
exists to break. A format that does not come with the bot (a test's own) is registered
(``register``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Protocol, cast

from bot.service.formats.seam import Format

#: The formats that come with the bot, in the order a definition's error lists them: each
#: ``[event] format`` key and "module:object", the format its package makes.
BUILT_IN: dict[str, str] = {
    "sssg": "bot.service.formats.knockout.format:SSSG",
    "single": "bot.service.formats.knockout.format:SINGLE",
    "double": "bot.service.formats.knockout.format:DOUBLE",
    "rounds": "bot.service.formats.rounds.format:ROUNDS",
    "club": "bot.service.formats.club.format:CLUB",
    "ladder": "bot.service.formats.ladder.format:LADDER",
}

#: The formats loaded or registered so far, by key.
_FORMATS: dict[str, Format] = {}


class HasFormat(Protocol):
    """An event, or a view that carries its event's format."""

    @property
    def format(self) -> str: ...


def _load(name: str) -> Format:
    """The built-in format ``name``, its package imported now if it was not yet."""
    module, _, attribute = BUILT_IN[name].partition(":")
    fmt = cast(Format, getattr(import_module(module), attribute))
    if fmt.name != name:
        raise LookupError(f"{BUILT_IN[name]} is the format {fmt.name!r}, not {name!r}")
    _FORMATS[name] = fmt
    return fmt


def register(fmt: Format) -> None:
    """Make ``fmt`` the format of every event whose ``format`` key is ``fmt.name``
    (registering the same object again is harmless; another under a taken name, a
    built-in one included, is not)."""
    held = _FORMATS.get(fmt.name)
    if held is None and fmt.name in BUILT_IN:
        held = _load(fmt.name)
    if held is not None and held is not fmt:
        raise ValueError(f"format {fmt.name!r} is registered already")
    _FORMATS[fmt.name] = fmt


def unregister(name: str) -> None:
    """Forget the format ``name`` (a test's own format, once the test is over)."""
    _FORMATS.pop(name, None)


def names() -> tuple[str, ...]:
    """The ``format`` keys a definition may give: the built-in ones, then those registered
    (loading none of them)."""
    return tuple(dict.fromkeys([*BUILT_IN, *_FORMATS]))


def formats() -> tuple[Format, ...]:
    """Every format, each built-in one loaded."""
    return tuple(named(name) for name in names())


def load_all() -> None:
    """Load every built-in format now: the bot does at start, as it serves events of every
    format, so that no player's first message waits for a format's package to load."""
    formats()


def named(name: str) -> Format:
    """The format ``name``, its package loaded on first use."""
    held = _FORMATS.get(name)
    if held is not None:
        return held
    if name in BUILT_IN:
        return _load(name)
    raise LookupError(f"no format {name!r} is known (known: {', '.join(names())})")


def format_of(of: HasFormat) -> Format:
    """The format of an event (or of anything that carries its event's format)."""
    return named(of.format)
