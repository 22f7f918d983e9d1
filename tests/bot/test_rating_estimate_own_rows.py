"""The rating line after a result (``ratings.change_after_result``) is made from the two
players' own rows, and says what rating the whole field gives (``estimate_of``): for every
player after every result of a Swiss with rated and unrated players, at NASPA's method
(the whole field rated where an unrated opponent's iterated rating is in it) and FIDE's
Elo, an open event and a local club one (Director's Manual, tournament types)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.formats.rounds import ratings
from bot.service.formats.rounds.round_division import load_rounds_event, own_results
from bot.service.people.entries import import_players
from bot.service.platform.actors import Actor
from bot.service.platform.unit import Request
from bot.service.results.reporting import enter_game
from bot.store.db import open_database
from core.ratings import player_estimate

START = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)


def definition(chess: bool, rated: str) -> str:
    return f"""
[event]
slug = "own-rows"
name = "Own Rows"
format = "rounds"
time_zone = "UTC"

[pairing]
system = "swiss"
rounds = 4
rated = "{rated}"
chess = {'true' if chess else 'false'}

[rules]
fee_reminder_days = []
"""


@pytest.mark.parametrize(("chess", "rated", "seed"), [
    (False, "open", 1), (False, "club", 2), (True, "open", 3), (True, "club", 4)])
async def test_the_line_after_each_result_is_the_whole_fields(
        tmp_path: Path, chess: bool, rated: str, seed: int) -> None:
    rng = random.Random(seed)
    # eleven players, three unrated (and a bye each round)
    ratings_of = [0 if i % 4 == 3 else rng.randint(900, 2300) for i in range(11)]
    csv = "name,rating\n" + "".join(f"Player {chr(65 + i)},{r}\n"
                                    for i, r in enumerate(ratings_of))
    db = await open_database(tmp_path / "db.sqlite3")
    cli, now = Actor.cli(), START
    alone = whole = 0
    try:
        async with db.transaction() as tx:
            event_id = (await create_event(tx, parse_definition(definition(chess, rated)),
                                           by=cli, now=now)).event_id
            await import_players(tx, event_id, csv, by=cli, now=now)
            await make_draw(tx, event_id, seed=seed, by=cli, now=now)
        for rnd in range(1, 5):
            async with db.transaction() as tx:
                await open_round_in(tx, event_id, str(rnd), by=cli, now=now,
                                    closes_at=now + timedelta(days=7))
                state = await load_rounds_event(tx, event_id)
            for m in [m for m in state.matches_of(rnd) if m.state == "playing"]:
                now += timedelta(minutes=5)
                scores = rng.choice([(420, 380), (350, 410), (400, 400)])
                await enter_game(db, Request(now, operator=True), event_id,
                                 (str(m.names[0]), str(m.names[1])), scores)
                async with db.transaction() as tx:
                    state = await load_rounds_event(tx, event_id)
                    view = ratings.estimate_of(state)
                    for n, entry in state.entries.items():
                        line = await ratings.change_after_result(tx, state.event,
                                                                 entry.person_id)
                        assert line == ratings.change_line(view.rows[n], chess), entry.name
                        if entry.rating:
                            own = await own_results(tx, state.event, state.pairing,
                                                        entry.person_id)
                            assert own is not None
                            made = player_estimate(*own, chess=chess, club=rated == "club")
                            alone += made is not None
                            whole += made is None
            now += timedelta(days=7)
    finally:
        await db.close()
    assert alone  # lines made from the two players' own rows
    assert whole or chess  # and at NASPA, some from the whole field
