"""What ``/export`` says (``export_files.py``): records (``bot/words/said.py``), written in
the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from bot.words.said import Said, said


def sent(event: str, files: Sequence[str]) -> Said:
    """The answer to ``/export``: the files follow as documents."""
    return said("<b>{event}</b>: the results and fees so far, sent to you here as files: "
                "{files}.", event=event, files=", ".join(files))


def caption(event: str, filename: str) -> Said:
    """The caption of one file sent."""
    return said("{event}: {file}", event=event, file=filename)


def not_yours(typed: str, slug: str) -> Said:
    """``/export`` named an event the asker does not direct."""
    return said("/export {typed}: you are not a TD or organiser of an event called that; "
                "/export {slug} sends yours", typed=typed, slug=slug)
