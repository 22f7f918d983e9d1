"""Tournament file formats: tsh ``.t``, NASPA submission files and FIDE TRF.

Every reader takes text and returns ``core.tournament.Division`` values; every writer
takes divisions and returns text. Nothing here touches the file system, so the CLI and
the bot share the same code and the tests need no files but fixtures.
"""

from __future__ import annotations


class FormatError(ValueError):
    """A line of an input file that cannot be read.

    ``line`` is 1-based (0 when the problem is not tied to one line) so that the CLI
    can print ``FILE:LINE: message`` and a TD can go straight to the bad row.
    """

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.message = message
