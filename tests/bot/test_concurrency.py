"""Two people (or a person and a deadline) act on one thing at the same moment: exactly one
change wins, the other gets a clear answer, and nothing is half-written.

Each race is started with ``asyncio.gather`` on one database, so both use-cases are in
flight together and meet at the database's transaction lock (``BEGIN IMMEDIATE``), as two
updates handled concurrently by the bot do. Each race runs in both orders: which one wins
depends on who reaches the lock first (here the one started first: in the agree/dispute and
window/dispute races each order takes the other branch of the test), and both outcomes must
be whole.

The rules raced: para 23-24 (a result is reported and open to discrepancy for 24 hours),
para 19 (a TD who does not play in the match rules), para 27 (a match bye), all SSSg
Annex A; the club cup's SF M1 is Ann Lee v Dev Rao.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.platform import deadlines
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.service.results import disputes, reporting, rulings
from bot.service.results.reporting import SaidResult
from bot.store.db import Database, open_database
from tests.bot.club_chat import DEFINITION, linked_definition

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
IDS = {"Tara TD": 9001, "Uma TD": 9002, "Ann Lee": 9011, "Ben Ong": 9012, "Cai Wen": 9013,
       "Dev Rao": 9014}
EVENT = 1
BOTH_ORDERS = pytest.mark.parametrize("flip", [False, True], ids=["first-wins", "second-wins"])

_updates = iter(range(1, 1_000_000))


def person(name: str, at: datetime = NOW) -> Request:
    return Request(now=at, label=f"tg:{IDS[name]}", tg_user_id=IDS[name], tg_name=name,
                   update_id=next(_updates), chat_id=IDS[name])


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    """The club cup with two TDs who do not play, drawn, SF open (on each database: on
    PostgreSQL the use-cases meet at the same lock, then at the advisory lock)."""
    text = DEFINITION.replace('[[tds]]\nname = "Tara TD"',
                              '[[tds]]\nname = "Tara TD"\n\n[[tds]]\nname = "Uma TD"')
    database = await open_database(db_target)
    async with database.transaction() as tx:
        await create_event(tx, parse_definition(linked_definition(base=text, ids=IDS)),
                           by=Actor.cli(), now=NOW)
        await make_draw(tx, EVENT, seed=2026, by=Actor.cli(), now=NOW)
        await open_round_in(tx, EVENT, "SF", by=Actor.cli(), now=NOW, unpaid_ok=True, why="test")
    yield database
    await database.close()


async def race(first: Callable[[], Awaitable[Any]], second: Callable[[], Awaitable[Any]],
               flip: bool) -> tuple[Any, Any]:
    """Run both at once (in the given order, or flipped) and return (first's, second's)
    outcome: a result or the exception it raised."""
    a, b = (second, first) if flip else (first, second)
    out = await asyncio.gather(a(), b(), return_exceptions=True)
    return (out[1], out[0]) if flip else (out[0], out[1])


async def scalar(db: Database, sql: str, params: tuple[object, ...] = ()) -> Any:
    async with db.transaction() as tx:
        return await tx.scalar(sql, params)


async def draft(db: Database, name: str, said: SaidResult) -> int:
    """A player's slip for game 1 of M1, drafted with the starter (Ann) given; its id."""
    answer = await reporting.report_result(db, person(name), said)
    assert isinstance(answer, reporting.SlipAnswer)
    if answer.kind == "ask_starter":
        answer = await reporting.set_starter(db, person(name), answer.slip.id, 0)
    assert answer.kind == "draft", answer
    return answer.slip.id


async def submitted(db: Database) -> int:
    """Ann's confirmed slip for game 1 (412-380), open to Dev's discrepancy; its id."""
    slip = await draft(db, "Ann Lee", SaidResult(412, 380))
    done = await reporting.confirm_slip(db, person("Ann Lee"), slip)
    assert done.kind == "submitted"
    return slip


@BOTH_ORDERS
async def test_both_players_confirm_the_same_game_at_once(db: Database, flip: bool) -> None:
    ann = await draft(db, "Ann Lee", SaidResult(412, 380))
    dev = await draft(db, "Dev Rao", SaidResult(380, 412))
    out = await race(lambda: reporting.confirm_slip(db, person("Ann Lee"), ann),
                     lambda: reporting.confirm_slip(db, person("Dev Rao"), dev), flip)
    kinds = sorted(o.kind for o in out)
    assert kinds == ["both", "submitted"]  # one counted it; the other was told they agree
    assert await scalar(db, "SELECT count(*) FROM games") == 1
    assert await scalar(db, "SELECT count(*) FROM journal WHERE action = 'game.report'") == 1
    assert await scalar(db, "SELECT count(*) FROM disputes") == 0


@BOTH_ORDERS
async def test_both_players_confirm_different_results_at_once(db: Database, flip: bool) -> None:
    ann = await draft(db, "Ann Lee", SaidResult(412, 380))
    dev = await draft(db, "Dev Rao", SaidResult(380, 402))
    out = await race(lambda: reporting.confirm_slip(db, person("Ann Lee"), ann),
                     lambda: reporting.confirm_slip(db, person("Dev Rao"), dev), flip)
    assert sorted(o.kind for o in out) == ["differs", "submitted"]
    # the first confirmed counts; the other is void and opens a discrepancy (para 24)
    assert await scalar(db, "SELECT count(*) FROM games") == 1
    assert await scalar(db, "SELECT count(*) FROM slips WHERE state = 'void'") == 1
    assert await scalar(db, "SELECT count(*) FROM disputes WHERE state = 'open'") == 1
    winner = next(o for o in out if o.kind == "submitted")
    scores = await scalar(db, "SELECT score_a || '-' || score_b FROM games")
    assert scores == ("412-380" if winner.slip.id == ann else "402-380")


@BOTH_ORDERS
async def test_agree_and_dispute_pressed_at_once(db: Database, flip: bool) -> None:
    """Dev has two phones (or presses twice): Agree and Dispute on one slip at once."""
    slip = await submitted(db)
    agreed, disputed = await race(lambda: reporting.agree_slip(db, person("Dev Rao"), slip),
                                  lambda: disputes.dispute_slip(db, person("Dev Rao"), slip),
                                  flip)
    state = await scalar(db, "SELECT state FROM slips WHERE id = ?", (slip,))
    opened = await scalar(db, "SELECT count(*) FROM disputes")
    if state == "agreed":  # Agree won: the dispute press is told the slip is no longer open
        assert agreed.kind == "agreed" and disputed.kind == "unchanged"
        assert disputed.slip_state == "agreed" and opened == 0
    else:  # Dispute won: the agree press changes nothing
        assert state == "disputed" and disputed.kind == "ask_reason" and opened == 1
        assert agreed.kind == "unchanged" and agreed.slip.state == "disputed"


@BOTH_ORDERS
async def test_two_tds_rule_on_one_dispute_at_once(db: Database, flip: bool) -> None:
    slip = await submitted(db)
    await disputes.dispute_slip(db, person("Dev Rao"), slip)
    await disputes.dispute_latest(db, person("Dev Rao"), "I scored 402, not 380")
    uphold, void = await race(
        lambda: rulings.rule_game(db, person("Tara TD"), EVENT, "M1", 1, uphold=True,
                                  why="signed scoresheet"),
        lambda: rulings.rule_game(db, person("Uma TD"), EVENT, "M1", 1, void=True,
                                  why="the photo shows another game"),
        flip)
    outcomes = [o for o in (uphold, void) if not isinstance(o, BaseException)]
    refused = [o for o in (uphold, void) if isinstance(o, BaseException)]
    assert len(outcomes) == 1 and len(refused) == 1  # one ruling stands
    assert isinstance(refused[0], Invalid)
    first = "Tara TD" if outcomes[0] is uphold else "Uma TD"
    what = ("upheld: the result stands (signed scoresheet)" if outcomes[0] is uphold
            else "game voided (the photo shows another game)")
    assert refused[0].message == (f"game 1 of M1 has no open dispute. The last ruling on M1: "
                                  f"{what}, by {first}. Nothing of yours was applied.")
    assert await scalar(db, "SELECT count(*) FROM journal WHERE action = 'dispute.ruled'") == 1
    void_flag = await scalar(db, "SELECT void FROM games")
    assert void_flag == (1 if outcomes[0] is void else 0)


@BOTH_ORDERS
async def test_a_dispute_in_the_windows_last_second(db: Database, flip: bool) -> None:
    """Dev disputes in the same second as the 24-hour window closes (para 24): either the
    dispute is raised and the window finds a disputed slip it must leave alone, or the
    window made the slip final and Dev is told it can no longer be disputed."""
    slip = await submitted(db)
    async with db.transaction() as tx:
        window = next(d for d in await deadlines.open_deadlines(tx) if d.kind == "slip.window")
    closes = window.due_at
    fired, disputed = await race(lambda: deadlines.fire(db, window.id, closes),
                                 lambda: disputes.dispute_slip(db, person("Dev Rao", closes),
                                                               slip),
                                 flip)
    state = await scalar(db, "SELECT state FROM slips WHERE id = ?", (slip,))
    if state == "final":
        assert disputed.kind == "unchanged" and disputed.slip_state == "final"
        assert await scalar(db, "SELECT count(*) FROM disputes") == 0
    else:
        assert state == "disputed" and disputed.kind == "ask_reason"
        assert await scalar(db, "SELECT count(*) FROM disputes WHERE state = 'open'") == 1
    # the window row is closed exactly once, whichever came first
    assert await scalar(db, "SELECT count(*) FROM deadlines WHERE id = ? AND state = 'open'",
                        (window.id,)) == 0
    assert fired in (True, False)


@BOTH_ORDERS
async def test_a_td_match_bye_in_the_same_second_as_the_window(db: Database, flip: bool) -> None:
    """A TD gives a match bye (para 27) as the window of the match's open slip closes: the
    bye stands (its games no longer count) whichever came first, and the slip ends final or void,
    never both."""
    slip = await submitted(db)
    async with db.transaction() as tx:
        window = next(d for d in await deadlines.open_deadlines(tx) if d.kind == "slip.window")
    at = window.due_at
    _, ruled = await race(lambda: deadlines.fire(db, window.id, at),
                          lambda: rulings.match_bye(db, person("Tara TD", at), EVENT, "M1",
                                                    "Dev Rao", why="Ann withdrew"),
                          flip)
    assert not isinstance(ruled, BaseException), ruled
    assert await scalar(db, "SELECT state || ':' || winner_side FROM matches WHERE code = 'M1'"
                        ) == "decided:1"
    assert await scalar(db, "SELECT match_bye_side FROM matches WHERE code = 'M1'") == 1
    assert await scalar(db, "SELECT state FROM slips WHERE id = ?", (slip,)) in ("final", "void")
    assert await scalar(db, "SELECT count(*) FROM journal WHERE action = 'match.decided'") == 1
    assert await scalar(db, "SELECT count(*) FROM deadlines WHERE id = ? AND state = 'open'",
                        (window.id,)) == 0


async def test_the_window_after_a_dispute_leaves_the_slip_alone(db: Database) -> None:
    """The sequential case the races rely on: a disputed slip is frozen for the TDs."""
    slip = await submitted(db)
    await disputes.dispute_slip(db, person("Dev Rao"), slip)
    async with db.transaction() as tx:
        window = next(d for d in await deadlines.open_deadlines(tx) if d.kind == "slip.window")
    assert not await deadlines.fire(db, window.id, window.due_at + timedelta(seconds=1))
    assert await scalar(db, "SELECT state FROM slips WHERE id = ?", (slip,)) == "disputed"
