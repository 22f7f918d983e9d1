"""Events as stored: lookups by id or slug, and the time zone they are shown in."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from bot.service.errors import NotFound
from bot.service.limits import EVENT_ID
from bot.service.unit import reading
from bot.store.db import Database, Row, Tx


@dataclass(frozen=True)
class Event:
    id: int
    slug: str
    name: str
    format: str
    time_zone: str
    currency: str
    fee_per_round: int  # minor units
    state: str
    draw_seed: int | None
    rules: dict[str, Any]

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)

    def local(self, moment: datetime) -> str:
        """A time as the event's players read it: '31 Aug 2016 23:59 (+08)'."""
        t = moment.astimezone(self.zone)
        return t.strftime("%a %d %b %Y %H:%M") + f" ({t.tzname()})"

    def money(self, minor: int) -> str:
        return f"{self.currency} {Decimal(minor) / 100:.2f}"


def _event(row: Row) -> Event:
    return Event(
        row["id"], row["slug"], row["name"], row["format"], row["time_zone"], row["currency"],
        row["fee_per_round"], row["state"], row["draw_seed"], json.loads(row["rules_json"]),
    )


async def get_event(tx: Tx, event_id: int) -> Event:
    row = await tx.one("SELECT * FROM events WHERE id = ?", (event_id,))
    if row is None:
        raise NotFound(f"no event with id {event_id}")
    return _event(row)


async def lookup_event(db: Database, ref: str | int) -> Event:
    """An event by id or slug, in a transaction of its own (the command line's lookup)."""
    async with reading(db) as tx:
        return await find_event(tx, ref)


async def find_event(tx: Tx, ref: str | int) -> Event:
    """An event by id or slug (what a TD types on the command line)."""
    if isinstance(ref, int) or (str(ref).isascii() and str(ref).isdigit()):
        return await get_event(tx, EVENT_ID.check(int(ref)))
    row = await tx.one("SELECT * FROM events WHERE slug = ?", (str(ref),))
    if row is None:
        raise NotFound(f"no event called {ref!r}; `tdbot event list` shows the events")
    return _event(row)


async def list_events(tx: Tx) -> list[Event]:
    return [_event(r) for r in await tx.all("SELECT * FROM events ORDER BY id")]
