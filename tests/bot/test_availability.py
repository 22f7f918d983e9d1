"""Availability in round-based events (bot/service/formats/rounds/availability.py): a player unavailable
for a round is left out of its pairing with a requested bye worth the definition's
requested_bye_points, up to requested_byes of them; a TD reads who is available; a pair a
TD or the definition forbids is never paired together by a system that can keep them
apart (the engine's forbidden pairs, as avoid_teams uses them)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.formats.rounds import availability, round_events
from bot.service.formats.rounds.round_division import load_rounds_event
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.store.db import Database, open_database
from core.tournament import GameKind
from tests.bot.round_event import definition

NOW = datetime(2026, 3, 3, 2, 0, tzinfo=UTC)
CLI = Request(NOW, operator=True)
BYES = "requested_byes = 1\nrequested_bye_points = 0.5"


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def _event(db: Database, extra: str = BYES) -> int:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(definition(extra=extra)),
                                     by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
        return created.event_id


async def _open(db: Database, event_id: int, number: int) -> None:
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, str(number), by=Actor.cli(), now=NOW,
                            closes_at=NOW + timedelta(days=6))


async def _pairs(db: Database, event_id: int, number: int) -> set[frozenset[str]]:
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    return {frozenset(str(n) for n in m.names) for m in state.matches_of(number)
            if m.entries[1] is not None}


async def test_an_unavailable_player_gets_a_requested_bye_and_is_not_paired(db: Database) -> None:
    event_id = await _event(db)
    done = await availability.set_unavailable(db, CLI, event_id, "1", True, player="Ann")
    assert (done.player, done.unavailable, done.changed, done.used) == ("Ann Lee", True, True, 1)
    seen = await availability.availability(db, CLI, event_id, "Round 1")
    assert seen.unavailable == ("Ann Lee",) and len(seen.available) == 8
    await _open(db, event_id, 1)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    ann = next(m for m in state.matches_of(1) if m.names[0] == "Ann Lee")
    assert (ann.code, ann.state, ann.sources[1], ann.entries[1]) == ("R1-U1", "bye", "absent",
                                                                     None)
    # the other eight are paired four boards, no system bye (an even field now)
    assert len(await _pairs(db, event_id, 1)) == 4
    assert not any("Ann Lee" in p for p in await _pairs(db, event_id, 1))
    assert [m.code for m in state.matches_of(1) if m.entries[1] is None] == ["R1-U1"]
    game = next(g for g in state.division.games if g.a == state.numbers[ann.entries[0] or 0])
    assert (game.kind, game.points_a, game.score_a) == (GameKind.BYE, 0.5, 0)


async def test_the_maximum_and_the_paired_round_are_refused(db: Database) -> None:
    event_id = await _event(db)
    await availability.set_unavailable(db, CLI, event_id, "2", True, player="Ben Ong")
    with pytest.raises(Invalid, match=r"at most 1 round of Weekly Swiss <Tuesdays>; you "
                                      r"are for round 2\."):
        await availability.set_unavailable(db, CLI, event_id, "3", True, player="Ben Ong")
    undone = await availability.set_unavailable(db, CLI, event_id, "2", False, player="Ben Ong")
    assert undone.changed and undone.used == 0
    await _open(db, event_id, 1)
    with pytest.raises(Invalid, match="Round 1 is paired already"):
        await availability.set_unavailable(db, CLI, event_id, "1", True, player="Ben Ong")


async def test_no_requested_byes_unless_the_definition_allows_them(db: Database) -> None:
    event_id = await _event(db, extra="")
    with pytest.raises(Invalid, match="allows no requested byes: ask a TD"):
        await availability.set_unavailable(db, CLI, event_id, "1", True, player="Ann Lee")


async def test_a_forbidden_pair_is_kept_apart(db: Database) -> None:
    event_id = await _event(db)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    free = round_events.pair_division(state, 1).pairings.pairs
    a, b = (state.entries[n].name for n in free[0])  # a pair the system makes unforbidden
    done = await availability.forbid(db, CLI, event_id, a, b, why="siblings")
    assert done.changed and done.kept_apart and done.names == (a, b)
    await _open(db, event_id, 1)
    pairs = await _pairs(db, event_id, 1)
    assert frozenset((a, b)) not in pairs and len(pairs) == 4
    async with db.transaction() as tx:
        said = [r["why"] for r in await tx.all(
            "SELECT why FROM journal WHERE action = 'pairing.forbid'")]
    assert said == ["siblings"]


async def test_the_definitions_forbidden_pair_is_kept_apart_too(db: Database) -> None:
    event_id = await _event(db)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    a, b = (state.entries[n].name for n in round_events.pair_division(state, 1).pairings.pairs[0])
    other = await _event_slug(db, f'forbid = [["{a}", "{b}"]]')
    await _open(db, other, 1)
    assert frozenset((a, b)) not in await _pairs(db, other, 1)
    with pytest.raises(Invalid, match=r"pairing.forbid\[0\]: 'Zed' is not one of the"):
        parse_definition(definition(extra='forbid = [["Ann Lee", "Zed"]]'))


async def _event_slug(db: Database, extra: str) -> int:
    text = definition(extra=extra).replace('slug = "weekly-swiss"', 'slug = "weekly-2"')
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(text), by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
        return created.event_id
