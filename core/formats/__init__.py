"""Tournament file formats: tsh ``.t``, NASPA submission files and FIDE TRF.

Every reader takes text and returns ``core.tournament.Division`` values; every writer
takes divisions and returns text. Nothing here touches the file system, so the CLI and
the bot share the same code and the tests need no files but fixtures.
"""

from __future__ import annotations

import re

_DIGITS = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[+-]?[0-9]+")


def is_digits(text: str) -> bool:
    """Whether ``text`` is a number written with the ASCII digits 0-9 only. Every number a
    reader takes from a file is checked with this before ``int()``: ``str.isdigit()`` also
    accepts "²", which ``int()`` refuses, and ``int()`` accepts "١٢" and "1_000", which no
    tournament program writes."""
    return _DIGITS.fullmatch(text) is not None


def is_signed_digits(text: str) -> bool:
    """``is_digits`` with an optional leading + or - (tsh scores may be negative)."""
    return _SIGNED.fullmatch(text) is not None


class FormatError(ValueError):
    """A line of an input file that cannot be read.

    ``line`` is 1-based (0 when the problem is not tied to one line) so that the CLI
    can print ``FILE:LINE: message`` and a TD can go straight to the bad row.
    """

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.message = message
