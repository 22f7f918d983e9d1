"""A TD's match bye gives the named player the win in every format.

A knockout's is SSSg para 27: the player goes through, the games played void. A round-based
event, a club night and a ladder have no bye of a whole match: theirs is the forfeit an
expelled player's opponent gets (``core.knockout.match.forfeit_match``): the games played are void
and the player wins the games they need by forfeit, with the event's forfeit spread. Never
a 0-0 tie with half a point each, and whichever way the TD gives it (``tdbot rule bye``,
the round's "match bye to ..." button, a dispute's "Match bye to ..." button).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.formats.club import club_nights
from bot.service.formats.rounds.round_events import read_standings
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.service.results import desk, reporting, rulings
from bot.service.results.matches import matches_of_event
from bot.store.db import Database, open_database
from bot.store.matches_repo import MatchView
from tests.bot.round_event import definition as swiss

NOW = datetime(2026, 3, 3, 4, 0, tzinfo=UTC)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_database(tmp_path / "t.sqlite3")
    yield database
    await database.close()


def cli(minutes: int = 0) -> Request:
    return Request.cli(NOW + timedelta(minutes=minutes))


async def _swiss(db: Database, extra: str = "") -> tuple[int, MatchView]:
    """The weekly Swiss drawn and round 1 open; its first match being played."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(swiss(extra=extra)), by=Actor.cli(),
                                     now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
        await open_round_in(tx, created.event_id, "1", by=Actor.cli(), now=NOW,
                            closes_at=NOW + timedelta(days=6))
        playing = [m for m in await matches_of_event(tx, created.event_id)
                   if m.state == "playing"]
    return created.event_id, playing[0]


async def _all(db: Database, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    async with db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, args)]


async def _row(db: Database, match_id: int) -> tuple[Any, ...]:
    [row] = await _all(db, "SELECT state, winner_side, match_bye_side FROM matches WHERE id = ?",
                       (match_id,))
    return row


async def _games(db: Database, match_id: int) -> list[tuple[Any, ...]]:
    return await _all(db, "SELECT kind, bye_side, void FROM games WHERE match_id = ? ORDER BY seq",
                      (match_id,))


async def _told(db: Database, match: MatchView) -> list[str]:
    rows = await _all(db, "SELECT text_html FROM outbox WHERE person_id IN (?, ?) ORDER BY id",
                      (match.people[0], match.people[1]))
    return [str(r[0]) for r in rows]


def _standing(rows: list[dict[str, Any]], name: str) -> tuple[float, float, int]:
    row = next(r for r in rows if r["name"] == name)
    return row["wins"], row["losses"], row["spread"]


async def test_a_swiss_match_bye_is_a_win_by_forfeit_not_a_tie(db: Database) -> None:
    """``tdbot rule bye``: the named player wins R1's match by the forfeit spread (75), the
    stored match names them the winner, the standings give them a win, and both players
    are told who won, not that it was a tie."""
    event_id, m = await _swiss(db)
    winner, loser = str(m.names[1]), str(m.names[0])
    ruled = await rulings.match_bye(db, cli(1), event_id, m.code, winner, why="no show")
    assert (ruled.winner, ruled.score_line) == (winner, "0-1 (-75)")
    assert await _row(db, m.id) == ("decided", 1, None)
    assert await _games(db, m.id) == [("forfeit", 1, 0)]
    rows = (await read_standings(db, event_id)).rows
    assert _standing(rows, winner) == (1.0, 0.0, 75)
    assert _standing(rows, loser) == (0.0, 1.0, -75)
    told = "\n".join(await _told(db, m))
    assert "is a tie" not in told and "half a win" not in told, told
    assert f"You won your <b>Round 1</b> game against {loser} by forfeit (+75)" in told
    assert f"{winner} won your <b>Round 1</b> game by forfeit (-75)" in told
    # given again to the same player, it would change nothing: refused, nothing written
    with pytest.raises(Invalid, match=f"{m.code} already went to {winner} by forfeit"):
        await rulings.match_bye(db, cli(2), event_id, m.code, winner, why="again")
    assert await _games(db, m.id) == [("forfeit", 1, 0)]


async def test_the_rounds_match_bye_button_gives_the_win_too(db: Database) -> None:
    """The "match bye to ..." button the TDs get at a round's deadline (``desk``) is the
    same rule: a round-based event's match goes to the named side by forfeit."""
    event_id, m = await _swiss(db)
    given = await desk.give_match_bye(db, cli(1), m.id, 0, why="Eve never came")
    assert given.winner == m.label(0)
    assert await _row(db, m.id) == ("decided", 0, None)
    assert await _games(db, m.id) == [("forfeit", 0, 0)]
    assert _standing((await read_standings(db, event_id)).rows, m.label(0)) == (1.0, 0.0, 75)


async def test_a_longer_swiss_match_voids_its_games_and_forfeits_the_rest(db: Database) -> None:
    """Best of 3, the first player won game 1; a match bye to the other voids that game
    (as a match bye voids the games played) and they win games 1 and 2 by forfeit: 2-0,
    +150."""
    event_id, m = await _swiss(db, extra="best_of = 3")
    a, b = str(m.names[0]), str(m.names[1])
    await reporting.enter_game(db, cli(1), event_id, (a, b), (400, 350), starter=a)
    ruled = await rulings.match_bye(db, cli(2), event_id, m.code, b, why="a left the club")
    assert (ruled.winner, ruled.score_line) == (b, "0-2 (-150)")
    assert await _row(db, m.id) == ("decided", 1, None)
    assert await _games(db, m.id) == [("played", None, 1), ("forfeit", 1, 0), ("forfeit", 1, 0)]
    assert _standing((await read_standings(db, event_id)).rows, b) == (1.0, 0.0, 150)


async def test_a_club_nights_match_bye_is_a_win_by_forfeit(db: Database) -> None:
    from tests.bot.test_service_club_nights import CLUB

    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(CLUB.format(method="koth",
                                                                      bye="spread")),
                                     by=Actor.cli(), now=NOW)
    event_id = created.event_id
    await club_nights.start_night(db, cli(), event_id)
    for name in ("Ann", "Ben", "Cai", "Eve"):
        await club_nights.check_in_member(db, cli(1), event_id, name)
    await club_nights.pair_round(db, cli(2), event_id)
    async with db.transaction() as tx:
        m = next(m for m in await matches_of_event(tx, event_id) if m.state in ("ready", "playing"))
    await rulings.match_bye(db, cli(3), event_id, m.code, str(m.names[0]), why="no show")
    assert await _row(db, m.id) == ("decided", 0, None)
    assert await _games(db, m.id) == [("forfeit", 0, 0)]


async def test_a_ladder_challenges_match_bye_moves_the_rungs(tmp_path: Path) -> None:
    """A challenge given to the challenger by a TD is a win: the challenger takes the
    rung, as a win on the board would (a tie would leave the defender there)."""
    from tests.bot.ladder_chat import ladder_bot, order, say, tap

    async with ladder_bot(tmp_path) as bot:
        before = await order(bot)
        await say(bot, "Eve Tan", "/challenge Ben")
        await tap(bot, "Ben Ong", "✅ Accept")
        event_id = bot.event_id  # type: ignore[attr-defined]
        await rulings.match_bye(bot.runtime.db, Request.cli(bot.clock()), event_id, "L1",
                                "Eve Tan", why="Ben did not turn up")
        await bot.settle()
        async with bot.runtime.db.transaction() as tx:
            row = await tx.one("SELECT id, state, winner_side FROM matches WHERE code = 'L1'")
        assert row is not None
        eve = 0 if "Eve" in str(await _name_of(bot.runtime.db, row["id"], 0)) else 1
        assert (row["state"], row["winner_side"]) == ("decided", eve)
        assert await order(bot) != before
        assert (await order(bot)).index("Eve Tan") < before.index("Eve Tan")


async def _name_of(db: Database, match_id: int, side: int) -> str:
    column = "entry_a" if side == 0 else "entry_b"
    [(name,)] = await _all(db, f"SELECT p.name FROM matches m JOIN entries e ON e.id = m.{column}"
                               " JOIN people p ON p.id = e.person_id WHERE m.id = ?", (match_id,))
    return str(name)
