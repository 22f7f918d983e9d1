"""What the TDs are told of memberships ending (``membership``; SSSg Annex A para 11): a
record (``bot/words/said.py``), written in each TD's language."""

from __future__ import annotations

from bot.words.said import Said, said


def ending(event: str, round_name: str, shown: str) -> Said:
    return said("<b>{event}: {round}</b> is open. Membership ends before the round closes "
                "(para 11): {names}. Ask them to renew.", event=event, round=round_name,
                names=shown)
