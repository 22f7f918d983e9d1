"""How a moment is written for the people who read it: one format for the whole project.

A time a player or a director reads is in their own zone, with the zone's short name so
that nobody has to guess whose clock it is: ``Mon 09 Mar 2026 17:00 (+08)``. The caller
converts the moment to the zone first (the bot: the event's ``time_zone``); a fixed UTC
offset shows as ``UTC+08:00`` and UTC as ``UTC``.
"""

from __future__ import annotations

from datetime import datetime


def local_text(moment: datetime, zone_name: str | None = None) -> str:
    """``moment`` as read in its own zone: 'Mon 09 Mar 2026 17:00 (+08)'; with the zone's
    name when the reader chose it and no other words say so: 'Mon 09 Mar 2026 09:00 (GMT,
    Europe/London)'."""
    shown = f"{moment.tzname()}, {zone_name}" if zone_name else moment.tzname()
    return moment.strftime("%a %d %b %Y %H:%M") + f" ({shown})"
