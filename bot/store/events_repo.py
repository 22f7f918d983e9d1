"""The events table: one competition each, created from a definition file."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any
from zoneinfo import ZoneInfo

from bot.store.db import Row, Tx
from bot.store.times import iso
from core.times import local_text


class EventState(StrEnum):
    """An event's state: taking entries, drawn, running, finished."""

    REGISTRATION = "registration"
    DRAWN = "drawn"
    RUNNING = "running"
    FINISHED = "finished"


@dataclass(frozen=True)
class Event:
    id: int
    slug: str
    name: str
    format: str
    time_zone: str
    currency: str
    fee_per_round: int  # minor units
    state: EventState
    draw_seed: int | None
    rules_json: str = field(repr=False)  # the validated definition as stored
    bot_username: str | None = None  # the bot its invite links are for, if known
    language: str = "en"  # what its group reads: the definition's [event] language

    @cached_property
    def rules(self) -> Mapping[str, Any]:
        """The validated definition the event was created from (read-only), parsed when
        first read. It names every player, so at 10,000 players it is a megabyte of JSON:
        most readers of an event want only its name, format or time zone, and the ones
        that read the rules share one parse of the same text (``_parsed``)."""
        return _parsed(self.rules_json)

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)

    def local(self, moment: datetime, locale: str = "en") -> str:
        """A time as the event's players read it, in ``locale``'s words (English unless
        told): 'Wed 31 Aug 2016 23:59 (+08)'."""
        return local_text(moment.astimezone(self.zone), locale)

    def at(self, moment: datetime) -> datetime:
        """A moment on the event's clock: a record's value (``bot/words/said.py``), written
        in its reader's language with the zone's name."""
        return moment.astimezone(self.zone)

    def money(self, minor: int) -> str:
        return f"{self.currency} {Decimal(minor) / 100:.2f}"


@lru_cache(maxsize=4)
def _parsed(rules_json: str) -> Mapping[str, Any]:
    """One parse per stored text (the text is the key, so an edited definition is parsed
    afresh); a few live events at a time, so a few entries."""
    return MappingProxyType(json.loads(rules_json))


def _event(row: Row) -> Event:
    return Event(
        row["id"], row["slug"], row["name"], row["format"], row["time_zone"], row["currency"],
        row["fee_per_round"], EventState(row["state"]), row["draw_seed"], row["rules_json"],
        row["bot_username"], row["language"],
    )


async def get(tx: Tx, event_id: int) -> Event | None:
    """The event, read once per transaction while ``events`` is not written: a use-case
    such as a confirmed slip needs it in every helper it calls."""
    kept = tx.remembered(("event", event_id), ("events",))
    if kept is None:
        row = await tx.one("SELECT * FROM events WHERE id = ?", (event_id,))
        if row is None:
            return None
        kept = keep(tx, row)
    return kept


def is_kept(tx: Tx, event_id: int) -> bool:
    """Whether the next ``get`` of the event in this transaction reads nothing."""
    return tx.remembered(("event", event_id), ("events",)) is not None


def keep(tx: Tx, row: Row) -> Event:
    """An event read in this transaction (by ``get``, or along with a match of it:
    ``matches_repo.get``), kept for the next ``get`` of it."""
    found = _event(row)
    tx.remember(("event", found.id), ("events",), found)
    return found


async def by_slug(tx: Tx, slug: str) -> Event | None:
    row = await tx.one("SELECT * FROM events WHERE slug = ?", (slug,))
    return None if row is None else _event(row)


async def all_events(tx: Tx) -> list[Event]:
    return [_event(r) for r in await tx.all("SELECT * FROM events ORDER BY id")]


async def add(
    tx: Tx, *, slug: str, name: str, format: str, time_zone: str, currency: str,
    fee_per_round: int, rules: dict[str, Any], created_by: int | None, now: datetime,
    bot_username: str | None = None, language: str = "en",
) -> int:
    """A new event, open for registration."""
    return await tx.insert(
        "INSERT INTO events (slug, name, format, time_zone, currency, fee_per_round, rules_json,"
        " state, created_by, created_at, bot_username, language)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, 'registration', ?, ?, ?, ?)",
        (slug, name, format, time_zone, currency, fee_per_round,
         json.dumps(rules, sort_keys=True), created_by, iso(now), bot_username, language),
    )


async def set_running(tx: Tx, event_id: int) -> None:
    """An event that runs from its creation (a challenge ladder: no draw)."""
    await tx.execute("UPDATE events SET state = 'running' WHERE id = ?", (event_id,))


async def set_rules_before_draw(tx: Tx, event_id: int, rules: dict[str, Any]) -> bool:
    """Replace the definition of an event not yet drawn (its dates moved); False once it
    is drawn (its rounds were made from the definition then)."""
    changed = await tx.execute(
        "UPDATE events SET rules_json = ? WHERE id = ? AND state = 'registration'",
        (json.dumps(rules, sort_keys=True), event_id),
    )
    return changed == 1
