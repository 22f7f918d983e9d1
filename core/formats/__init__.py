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


#: No number in a tournament file (a rating, a score, a player's number) needs more digits
#: than this; a longer one is a typo. Readers refuse it before ``int()`` reads it, which is
#: slow on a long digit string and refuses one over 4,300 digits with a message about Python.
MAX_DIGITS = 9


def too_long(tokens: list[str], line: int, what: str) -> None:
    """``FormatError`` for the first of ``tokens`` (digit strings) longer than MAX_DIGITS."""
    long = next((t for t in tokens if len(t.lstrip("+-").lstrip("0")) > MAX_DIGITS), None)
    if long is not None:
        shown = long if len(long) <= 12 else long[:9] + "..."
        raise FormatError(line, f"{what}: {shown} has more than {MAX_DIGITS} digits, more "
                                "than any tournament needs; is it a typo?")


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
