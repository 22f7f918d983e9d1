"""The formats an event may have, by their ``[event] format`` key: the one place that
maps an event to what its format does (``seam.Format``).

The formats are registered here, and this module imports none of them: each format
package uses the shared services (reporting, rulings, groups), which ask this registry,
so a registry importing the packages would close the circle it exists to break. The
entry points load them once (``formats.loading.load_formats``: the bot's application at
start, the ``tdbot`` commands that open a database or read a definition, the bench and
the tests), and a test may register a format of its own.
"""

from __future__ import annotations

from typing import Protocol

from bot.service.formats.seam import Format

_FORMATS: dict[str, Format] = {}


class HasFormat(Protocol):
    """An event, or a view that carries its event's format."""

    @property
    def format(self) -> str: ...


def register(fmt: Format) -> None:
    """Make ``fmt`` the format of every event whose ``format`` key is ``fmt.name``
    (registering the same object again is harmless; another under a taken name is not)."""
    held = _FORMATS.get(fmt.name)
    if held is not None and held is not fmt:
        raise ValueError(f"format {fmt.name!r} is registered already")
    _FORMATS[fmt.name] = fmt


def unregister(name: str) -> None:
    """Forget the format ``name`` (a test's own format, once the test is over)."""
    _FORMATS.pop(name, None)


def names() -> tuple[str, ...]:
    """The ``format`` keys a definition may give, in the order they were registered."""
    return tuple(_FORMATS)


def formats() -> tuple[Format, ...]:
    """Every registered format."""
    return tuple(_FORMATS.values())


def named(name: str) -> Format:
    """The format registered as ``name``."""
    try:
        return _FORMATS[name]
    except KeyError:
        raise LookupError(
            f"no format {name!r} is registered (known: {', '.join(_FORMATS) or 'none'}); "
            "the entry point loads them with bot.service.formats.loading.load_formats()"
        ) from None


def format_of(of: HasFormat) -> Format:
    """The format of an event (or of anything that carries its event's format)."""
    return named(of.format)
