"""Where a chat test's transcript goes when ``TDBOT_TRANSCRIPTS=/tmp/t`` is set: one file per
test, named for the test, so that a reader can read what people read.

A parametrised test's id holds its parameters as written ("/openround SF until"), and a
"/" in a file name is a directory that is not there: the name keeps letters, digits and
``-_.[]`` and turns every other run of characters into one "_".
"""

from __future__ import annotations

import os
import re
from pathlib import Path

_UNSAFE = re.compile(r"[^\w.\[\]-]+")


def transcript_name(current_test: str) -> str:
    """The file name for ``PYTEST_CURRENT_TEST`` ("path::test[id] (call)")."""
    test = current_test.split("::", 1)[-1].rsplit(" (", 1)[0]
    return _UNSAFE.sub("_", test).strip("_.") or "test"


def write_transcript(text: str) -> Path | None:
    """Write ``text`` under ``$TDBOT_TRANSCRIPTS`` as the current test's file (None: unset)."""
    out = os.environ.get("TDBOT_TRANSCRIPTS")
    if not out:
        return None
    Path(out).mkdir(parents=True, exist_ok=True)
    path = Path(out, transcript_name(os.environ.get("PYTEST_CURRENT_TEST", "test")) + ".txt")
    path.write_text(text)
    return path
