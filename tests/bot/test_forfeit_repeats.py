"""A pair whose game was forfeited was paired: the Swiss does not pair them again while
another pairing exists (USCF guide: "avoiding pairing players together who have played
each other before"; Director's Manual, "Modified-Swiss Pairings": no repeats before the
last two rounds). Checked on the stored matches of the round paired after the forfeit."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.formats.rounds.round_division import load_rounds_event
from bot.service.platform.actors import Actor
from bot.service.platform.unit import Request
from bot.service.results import reporting, rulings
from bot.store.db import Database, open_database
from core.pairing.uscf import pair_uscf_swiss
from core.tournament import Division, Game, GameKind, Player

NOW = datetime(2026, 3, 3, 2, 0, tzinfo=UTC)
NAMES = ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao", "Eve Tan", "Fay Koh")
CHESS_SWISS = """
[event]
slug = "chess-swiss"
name = "Chess Swiss"
format = "rounds"
time_zone = "Asia/Singapore"

[pairing]
system = "uscf"
rounds = 3

[rules]
fee_reminder_days = []

[[tds]]
name = "Tara TD"
""" + "".join(f'\n[[players]]\nname = "{n}"\nrating = {1900 - 50 * i}\n'
              for i, n in enumerate(NAMES))


async def _pairs(db: Database, number: int) -> list[frozenset[str]]:
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, 1)
    return [frozenset(map(str, m.names)) for m in state.matches_of(number)
            if m.entries[1] is not None]


async def _round(db: Database, number: int, minutes: int) -> None:
    async with db.transaction() as tx:
        await open_round_in(tx, 1, str(number), by=Actor.cli(),
                            now=NOW + timedelta(minutes=minutes),
                            closes_at=NOW + timedelta(days=6 * number))


async def test_a_forfeited_pair_is_not_paired_again(tmp_path: Path) -> None:
    """Round 1 (top half against bottom half): Ann v Dev, and Dev never comes: Ann wins by
    forfeit. After round 2 the two are level; round 3 would put them together again had
    the forfeit not counted as their meeting (it did, before)."""
    db = await open_database(tmp_path / "t.sqlite3")
    try:
        async with db.transaction() as tx:
            await create_event(tx, parse_definition(CHESS_SWISS), by=Actor.cli(), now=NOW)
            await make_draw(tx, 1, seed=1, by=Actor.cli(), now=NOW)
        await _round(db, 1, 0)
        ann_dev = frozenset(("Ann Lee", "Dev Rao"))
        assert ann_dev in await _pairs(db, 1)
        async with db.transaction() as tx:
            state = await load_rounds_event(tx, 1)
        code = next(m.code for m in state.matches_of(1) if frozenset(map(str, m.names)) == ann_dev)
        await rulings.match_bye(db, Request.cli(NOW + timedelta(minutes=1)), 1, code, "Ann Lee",
                                why="Dev Rao did not come")
        minutes = 2
        winners = ({"Ben Ong", "Cai Wen"}, {"Ann Lee", "Dev Rao", "Fay Koh"})
        for number, won in enumerate(winners, start=1):
            if number > 1:
                await _round(db, number, minutes)
            for pair in await _pairs(db, number):
                if pair == ann_dev and number == 1:
                    continue
                [win] = pair & won
                [lose] = pair - won
                minutes += 1
                await reporting.enter_game(db, Request.cli(NOW + timedelta(minutes=minutes)),
                                           1, (win, lose), (400, 350))
        await _round(db, 3, minutes + 1)
        third = await _pairs(db, 3)
        assert len(third) == 3 and ann_dev not in third, third
        async with db.transaction() as tx:
            assert (await load_rounds_event(tx, 1)).division.times_met(1, 4) == 1
    finally:
        await db.close()


def test_the_uscf_swiss_counts_a_forfeit_as_a_meeting() -> None:
    """The core on its own: 1 and 4 forfeited in round 1 and stand where round 3 would
    pair them; they are kept apart, and a pairing without a repeat is found."""
    players = tuple(Player(i, f"P{i}", 2000 - 10 * i) for i in range(1, 7))
    games = (Game(1, 1, 4, 1.0, 0.0, kind=GameKind.FORFEIT), Game(1, 5, 2, 0.0, 1.0, first=5),
             Game(1, 3, 6, 1.0, 0.0, first=3), Game(2, 2, 1, 0.0, 1.0, first=2),
             Game(2, 4, 3, 1.0, 0.0, first=4), Game(2, 6, 5, 1.0, 0.0, first=6))
    paired = pair_uscf_swiss(Division("d", players, games, 2), 3)
    met = {frozenset((g.a, g.b)) for g in games if g.b is not None}
    assert not [p for p in paired.pairs if frozenset(p) in met], paired.pairs
