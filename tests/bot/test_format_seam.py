"""A format is one package and one registration: the tests' own ``highscore`` format
(``tests/bot/formats_fixture``), registered by this test only, is drawn, opened, reported
and settled through the shared flow, which asks the format (``formats.registry``) at each
step and never which format it is."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.formats import registry
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.service.results import reporting
from bot.service.results.matches import matches_of_event
from bot.store.db import Database, open_database
from tests.bot.club_chat import club_cup_bot, report_game, tap, user
from tests.bot.formats_fixture.format import HIGHSCORE

NOW = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
PLAYERS = ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao")
DEFINITION = """
[event]
slug = "shootout"
name = "Shoot-out"
format = "highscore"
""" + "".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS)


@pytest.fixture
def highscore() -> Iterator[None]:
    registry.register(HIGHSCORE)
    yield
    registry.unregister(HIGHSCORE.name)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_database(tmp_path / "t.sqlite3")
    yield database
    await database.close()


async def _told(db: Database, person: int | None) -> str:
    async with db.transaction() as tx:
        rows = await tx.all("SELECT text_html FROM outbox WHERE person_id = ? ORDER BY id",
                            (person,))
    return "\n".join(str(r[0]) for r in rows)


async def test_a_format_of_its_own_package_reports_settles_and_says_where_next(
        db: Database, highscore: None) -> None:
    """Drawn by the format (one round of one-game matches), opened by the shared round
    opening, a TD's slip settles H1: the higher score wins and goes through, with no
    photo owed, and each player is told, in the format's words, where they go next."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(DEFINITION), by=Actor.cli(), now=NOW)
        drawn = await make_draw(tx, created.event_id, seed=7, by=Actor.cli(), now=NOW)
        await open_round_in(tx, created.event_id, "round-1", by=Actor.cli(), now=NOW,
                            closes_at=NOW + timedelta(days=3))
    assert [m[0] for m in drawn.matches] == ["H1", "H2"]
    entered = await reporting.enter_game(db, Request.cli(NOW + timedelta(minutes=5)),
                                         created.event_id, ("Ben Ong", "Ann Lee"), (402, 388))
    assert entered.game == 1
    async with db.transaction() as tx:
        h1 = next(m for m in await matches_of_event(tx, created.event_id) if m.code == "H1")
        windows = await tx.all("SELECT id FROM photo_windows WHERE match_id = ?", (h1.id,))
    assert (h1.state, h1.winner, h1.label(1)) == ("decided", 1, "Ben Ong")  # stored
    assert windows == []  # the format owes no photos
    assert "You go through to the next round of Shoot-out." in await _told(db, h1.people[1])
    assert "You are out of Shoot-out." in await _told(db, h1.people[0])


async def test_in_the_chat_the_winner_reports_and_each_player_is_told_where_next(
        tmp_path: Path, highscore: None) -> None:
    """Through the bot: Ben reports H1 (the draw said Ann starts, so nobody is asked), Ann
    agrees, and each reads the format's words on where they go; no photo is asked for."""
    ids = "".join(f'\n[[players]]\nname = "{n}"\ntelegram_id = {9011 + i}\n'
                  for i, n in enumerate(PLAYERS))
    definition = DEFINITION.split("[[players]]")[0] + ids
    async with club_cup_bot(tmp_path, definition, open_sf=False) as bot:
        async with bot.runtime.db.transaction() as tx:
            await open_round_in(tx, bot.event_id, "round-1",  # type: ignore[attr-defined]
                                by=Actor.cli(), now=bot.clock(),
                                closes_at=bot.clock() + timedelta(days=3))
        await bot.settle()
        await report_game(bot, "Ben Ong", "402-388")
        await tap(bot, "Ann Lee", "Agree")
        ben, ann = ("\n".join(m.text or "" for m in bot.telegram.sent(user(bot, name)))
                    for name in ("Ben Ong", "Ann Lee"))
        async with bot.runtime.db.transaction() as tx:
            row = await tx.one("SELECT state, winner_side FROM matches WHERE code = 'H1'")
            photos = await tx.scalar("SELECT COUNT(*) FROM photo_windows")
    assert tuple(row) == ("decided", 1)
    assert photos == 0
    assert "If it stands, you go through to the next round of Shoot-out." in ben, ben
    assert "If it stands, you are out of Shoot-out." in ann, ann
    assert "photo" not in ben + ann


async def test_the_format_is_known_only_while_registered(db: Database) -> None:
    """Without its registration an event of the format is refused when its definition is
    read, naming the formats that are registered."""
    with pytest.raises(Invalid, match="event.format: must be one of 'sssg'.* or 'ladder'"):
        parse_definition(DEFINITION)
