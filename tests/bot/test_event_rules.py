"""An event's rules (its validated definition, ``events.rules_json``) as the service reads
them (bot/store/events_repo.py).

The definition names every player, so at 10,000 players it is a megabyte of JSON and a
reported game reads its event several times: the rules are parsed when first read, one
parse of a stored text is shared, and what is shared cannot be written to (a caller
changing it would change every later reader's event)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.event_setup import create_event
from bot.service.events.lookup import get_event
from bot.service.platform.actors import Actor
from bot.store import events_repo
from bot.store.db import open_database

NOW = datetime(2016, 7, 30, 4, 0, tzinfo=UTC)
DEFINITION = """
[event]
slug = "rules"
name = "Rules Cup"
format = "single"

[rules]
slip_window_hours = 12
"""


async def test_rules_are_parsed_once_per_text_and_read_only(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "t.sqlite3")
    try:
        async with db.transaction() as tx:
            created = await create_event(tx, parse_definition(DEFINITION), by=Actor.cli(),
                                         now=NOW)
            events_repo._parsed.cache_clear()
            first = await get_event(tx, created.event_id)
            second = await get_event(tx, created.event_id)
            assert events_repo._parsed.cache_info().currsize == 0  # nobody read the rules
            assert first.rules["rules"]["slip_window_hours"] == 12
            assert second.rules is first.rules
            assert events_repo._parsed.cache_info().misses == 1
            with pytest.raises(TypeError):
                first.rules["rules"] = {}  # type: ignore[index]
    finally:
        await db.close()
