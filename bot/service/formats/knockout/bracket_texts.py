"""The captions of a knockout's bracket pictures (``brackets``): records
(``bot/words/said.py``), written in the reader's language."""

from __future__ import annotations

from bot.words.said import Said, said, stacked


def bracket_now(event: str, link: Said | None) -> Said:
    """The caption of the pictures a player or the group asked for, with the live page's
    link if the event has one."""
    return stacked(said("<b>{event}</b>: the bracket now", event=event), link)


def first_picture(caption: Said, label: str, *, several: bool) -> Said:
    """The first picture's caption: ``caption``, and, when the event has several pictures,
    the picture's name."""
    return stacked(caption, Said("{label}", (("label", label),)) if several else None)


def picture(event: str, label: str) -> Said:
    """A further picture's caption: the event and the picture's name."""
    return said("<b>{event}</b>: {picture}", event=event, picture=label)
