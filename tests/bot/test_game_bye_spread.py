"""A game bye in a round-based event is worth the event's own bye (Director's Manual, "Odd
Number of Players": +50 by default, ``[pairing] bye_spread``), not SSSg's +100 (Annex A
para 28): the TDs' offer when a board photo is missing, the stored result and the standings
all use the one value (``Definition._game_bye``, read by ``matches.game_bye_spread``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.formats.rounds.round_events import read_standings
from bot.service.platform import deadlines
from bot.service.platform.actors import Actor
from bot.service.platform.unit import Request
from bot.service.results import photos, reporting
from bot.service.results.matches import match_state, matches_of_event
from bot.service.results.reporting import SaidResult
from bot.store.db import Database, open_database
from tests.bot.round_event import IDS, definition

NOW = datetime(2026, 3, 3, 2, 0, tzinfo=UTC)
_updates = iter(range(1, 10_000))


def person(name: str, at: datetime) -> Request:
    return Request(now=at, label=f"tg:{IDS[name]}", tg_user_id=IDS[name], tg_name=name,
                   update_id=next(_updates), chat_id=IDS[name])


async def _open(db_target: Path | str, text: str | None = None) -> Database:
    db = await open_database(db_target)
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(text or definition(ids=True)),
                                     by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
        await open_round_in(tx, created.event_id, "1", by=Actor.cli(), now=NOW,
                            closes_at=NOW + timedelta(days=6))
    return db


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await _open(db_target)
    yield database
    await database.close()


async def _photo_missing(db: Database) -> tuple[int, str, str, str]:
    """The first pair of round 1 plays, its winner sends no photo and the window closes:
    (match id, winner, loser, the question the TD is asked)."""
    async with db.transaction() as tx:
        m = next(m for m in await matches_of_event(tx, 1) if m.state == "playing")
    winner, loser = str(m.names[0]), str(m.names[1])
    draft = await reporting.report_result(db, person(winner, NOW), SaidResult(400, 350))
    if draft.kind == "ask_starter":
        await reporting.set_starter(db, person(winner, NOW), draft.slip.id, 0)
    await reporting.confirm_slip(db, person(winner, NOW), draft.slip.id)
    await reporting.agree_slip(db, person(loser, NOW), draft.slip.id)
    closes = NOW + timedelta(hours=25)
    async with db.transaction() as tx:
        [window] = [d for d in await deadlines.open_deadlines(tx) if d.kind == "photo.window"]
        mark = int(await tx.scalar("SELECT COALESCE(MAX(id), 0) FROM outbox"))
    assert await deadlines.fire(db, window.id, closes)
    async with db.transaction() as tx:
        [question] = [str(r[0]) for r in await tx.all(
            "SELECT text_html FROM outbox WHERE id > ? AND person_id = "
            "(SELECT id FROM people WHERE name = 'Tara TD')", (mark,))]
    return m.id, winner, loser, question


async def test_a_missing_photo_offers_and_gives_the_events_bye_spread(db: Database) -> None:
    match_id, winner, loser, question = await _photo_missing(db)
    assert f"The game may go to {loser} as a bye (+50)" in question, question
    async with db.transaction() as tx:
        [window] = [r[0] for r in await tx.all("SELECT id FROM photo_windows")]
    await photos.rule_photo_button(db, person("Tara TD", NOW + timedelta(hours=26)), window,
                                   "bye")
    async with db.transaction() as tx:
        assert (await match_state(tx, match_id)).score_line() == "0-1 (-50)"
        assert await tx.scalar("SELECT winner_side FROM matches WHERE id = ?", (match_id,)) == 1
    rows = {r["name"]: (r["wins"], r["spread"]) for r in (await read_standings(db, 1)).rows}
    assert rows[loser] == (1.0, 50) and rows[winner] == (0.0, -50)


async def test_a_definition_may_still_set_its_own_game_bye(db_target: Path | str) -> None:
    db = await _open(db_target, definition(ids=True, extra="bye_spread = 75\n").replace(
        "[rules]\n", "[rules]\ngame_bye_spread = 100\n"))
    try:
        _, _, loser, question = await _photo_missing(db)
        assert f"The game may go to {loser} as a bye (+100)" in question, question
    finally:
        await db.close()
    assert parse_definition(definition(extra="bye_spread = 75\n")).rules.game_bye_spread == 75
