"""Loading the formats: the one list of the format packages, registered once.

The registry imports no format (``registry`` says why); the entry points call
``load_formats`` before they serve anything: the bot's application
(``bot.telegram.app``), the ``tdbot`` commands that open a database or read a definition
(``bot.cli.options.load_formats``), the bench and the tests (``tests/conftest.py``).
Nothing in ``bot.service`` imports this module, so the formats may use every shared
service without a circle.
"""

from __future__ import annotations

from bot.service.formats.club.format import CLUB
from bot.service.formats.knockout import format as knockout
from bot.service.formats.ladder.format import LADDER
from bot.service.formats.registry import register
from bot.service.formats.rounds.format import ROUNDS

#: Every format, in the order a definition's error lists them.
FORMATS = (*knockout.FORMATS, ROUNDS, CLUB, LADDER)


def load_formats() -> None:
    """Register every format (again: harmless)."""
    for fmt in FORMATS:
        register(fmt)
