"""What the TDs are told of memberships ending (``membership``; SSSg Annex A para 11): a
record (``bot/words/said.py``), written in each TD's language."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.service.events.schedule import round_said
from bot.words.said import Said, said


def ending(event: str, round_name: str, ending: Sequence[tuple[str, date]]) -> Said:
    """``ending``: each member's name and the day their membership ends."""
    names = [said("{name} (ends {until})", name=name, until=until) for name, until in ending]
    shown = names[0]
    for more in names[1:]:
        shown = said("{names}, {name}", names=shown, name=more)
    return said("<b>{event}: {round}</b> is open. Membership ends before the round closes "
                "(para 11): {names}. Ask them to renew.", event=event, round=round_said(round_name),
                names=shown)
