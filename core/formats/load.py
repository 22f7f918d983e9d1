"""Pick the reader for a tournament file by its name and content.

``.t`` is a tsh division file (Director's Manual, tsh Format); ``.trf`` or ``.txt`` with TRF
player lines (``001 ...``) is a FIDE TRF16 file. The text is passed in, so this stays
pure: the CLI reads the file and turns ``FormatError`` into ``FILE:LINE: message``.
"""

from __future__ import annotations

from pathlib import PurePath

from core.formats import FormatError
from core.formats.trf import looks_like_trf, read_trf
from core.formats.tsh import TshDivision, parse_tsh
from core.tournament import Division

KINDS = ("tsh", "trf")


def kind_of(text: str, filename: str) -> str:
    """'tsh' or 'trf' for this file, or ``FormatError`` saying what is accepted."""
    suffix = PurePath(filename).suffix.lower()
    if suffix == ".t":
        return "tsh"
    if suffix in (".trf", ".txt") and looks_like_trf(text):
        return "trf"
    if suffix == ".trf":
        raise FormatError(0, "no TRF player lines ('001 ...') found; is this a TRF16 file?")
    raise FormatError(
        0,
        f"cannot tell the format of {PurePath(filename).name!r}: name tsh files *.t and "
        "FIDE TRF files *.trf (or *.txt with '001' player lines)",
    )


def load_tsh_divisions(text: str, filename: str) -> tuple[TshDivision, ...]:
    """A ``.t`` file with its pending (paired, unscored) rounds, for the pairing CLI.

    A file without ``#division`` lines is one division named after the file
    (``a.t`` is division ``a``), as tsh's configuration usually names them.
    """
    return parse_tsh(text, default_name=PurePath(filename).stem or "A")


def load_divisions(text: str, filename: str) -> tuple[Division, ...]:
    """Every division in the file, whichever supported format it is in."""
    if kind_of(text, filename) == "tsh":
        return tuple(item.division for item in load_tsh_divisions(text, filename))
    return (read_trf(text, default_name=PurePath(filename).stem or "TRF"),)
