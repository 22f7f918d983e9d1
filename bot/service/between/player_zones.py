"""Where a player's times are read and shown: the zone they set with ``/timezone``, else
their event's (table ``player_prefs``). A player in London and one in Singapore each read
an agreed time, a deadline or a photo's due time in their own zone, and every message says
which zone that is: arranging's with a note, another with the zone's name by the time
(``Zone.told``), /matches under its list."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.service.events.lookup import Event
from bot.store import prefs_repo
from bot.store.db import Tx
from bot.words.said import Said


@dataclass(frozen=True)
class Zone:
    """Where a person's times are read and shown: their own zone, or the event's."""

    name: str
    own: bool

    @property
    def info(self) -> ZoneInfo:
        return ZoneInfo(self.name)

    def at(self, moment: datetime) -> datetime:
        """The moment on this clock: a record's value, written in its reader's language."""
        return moment.astimezone(self.info)

    def told(self, moment: datetime) -> Said:
        """The moment on this clock as a record's value, in a message with no note of its
        zone: written in the reader's language, the person's own zone named ('Tue 03 Mar
        2026 09:00 (GMT, Europe/London)'), the event's as ``at`` reads. No words of its own:
        nothing to translate."""
        at = self.at(moment)
        return Said("{at:named}" if self.own else "{at}", (("at", at),))


async def zone_of(tx: Tx, person_id: int, event: Event) -> Zone:
    own = (await prefs_repo.get(tx, person_id)).time_zone
    return Zone(own, True) if own else Zone(event.time_zone, False)
