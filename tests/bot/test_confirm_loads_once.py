"""A player tapping Confirm on a result slip (bot/service/results/reporting.py,
``confirm_slip``) reads what the use-case needs once in its transaction: the event, the
match and its round, not once per helper that needs them. Counted on the statements the
transaction runs, so that a helper reading them again shows here."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.service.results import reporting
from bot.service.results.reporting import SaidResult
from bot.store import db as store_db
from bot.store.db import Database
from tests.bot.test_service_reporting import _setup, player

_METHODS = ("execute", "write", "insert", "one", "all")


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await _setup(db_target)
    yield database
    await database.close()


class Trace:
    """Every statement the database's transactions run while it is on."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, tuple[Any, ...]]] = []

    def count(self, pattern: str) -> int:
        return sum(1 for sql, _ in self.statements if re.search(pattern, sql))

    def reads_repeated(self) -> list[str]:
        """Reads run again, with the same parameters, while nothing was written between."""
        seen: set[tuple[str, tuple[Any, ...]]] = set()
        again = []
        for sql, params in self.statements:
            if not sql.startswith("SELECT"):
                seen.clear()
            elif (sql, params) in seen:
                again.append(sql)
            else:
                seen.add((sql, params))
        return again


@pytest.fixture
def trace(monkeypatch: pytest.MonkeyPatch) -> Iterator[Trace]:
    found = Trace()
    classes: list[type[Any]] = [store_db.SqliteTx]
    try:
        from bot.store.postgres import PostgresTx
        classes.append(PostgresTx)
    except ImportError:  # PostgreSQL's driver is optional
        pass

    def traced(method: Any) -> Any:
        async def run(self: Any, sql: str, params: Any = (), *args: Any) -> Any:
            found.statements.append((" ".join(sql.split()), tuple(params)))
            return await method(self, sql, params, *args)
        return run

    def traced_reads(method: Any) -> Any:  # several reads in one round trip: each counts
        async def run(self: Any, queries: Any) -> Any:
            found.statements.extend((" ".join(sql.split()), tuple(params))
                                    for sql, params in queries)
            return await method(self, queries)
        return run

    for cls in classes:
        for name in _METHODS:
            monkeypatch.setattr(cls, name, traced(getattr(cls, name)))
        if "reads" in vars(cls):  # PostgreSQL's own; SQLite's runs through ``all``
            monkeypatch.setattr(cls, "reads", traced_reads(vars(cls)["reads"]))
    yield found


async def _draft(db: Database, name: str, said: SaidResult, starter: int | None) -> int:
    draft = await reporting.report_result(db, player(name), said)
    assert isinstance(draft, reporting.SlipAnswer)
    if draft.kind == "ask_starter":
        assert starter is not None
        draft = await reporting.set_starter(db, player(name), draft.slip.id, starter)
    assert draft.kind == "draft", draft
    return draft.slip.id


# read on its own, or along with its match (matches_repo.get)
EVENT_READ = r"^SELECT \* FROM events WHERE id = (\?|\(SELECT event_id FROM matches WHERE id = \?\))"
MATCH_READ = r"FROM matches m JOIN rounds r .* WHERE m\.id = \?"
ROUND_READ = r"FROM rounds r .* WHERE r\.id = (\?|\(SELECT round_id FROM matches WHERE id = \?\))"


async def test_confirming_a_game_reads_the_event_the_match_and_its_round_once(
        db: Database, trace: Trace) -> None:
    slip = await _draft(db, "Ann Lee", SaidResult(412, 380, text="412-380"), starter=1)
    trace.statements.clear()
    done = await reporting.confirm_slip(db, player("Ann Lee"), slip)
    assert done.kind == "submitted" and done.slip.state == "pending"
    assert trace.reads_repeated() == []
    assert trace.count(EVENT_READ) == 1
    assert trace.count(ROUND_READ) == 1
    # once to check it, once more after the game made it ``playing``, for the answer
    assert trace.count(MATCH_READ) == 2


async def test_confirming_the_deciding_game_reads_the_event_once(
        db: Database, trace: Trace) -> None:
    """The heavier path: the match is decided, the bracket moves on and the final's
    players are told."""
    first = await _draft(db, "Ann Lee", SaidResult(412, 380, text="412-380"), starter=1)
    await reporting.confirm_slip(db, player("Ann Lee"), first)
    second = await _draft(db, "Ann Lee", SaidResult(405, 399, text="405-399"), starter=None)
    trace.statements.clear()
    done = await reporting.confirm_slip(db, player("Ann Lee"), second)
    assert done.kind == "submitted"
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT state FROM matches WHERE id = 1") == "decided"
    assert trace.reads_repeated() == []
    assert trace.count(EVENT_READ) == 1


SLIP_READ = r"^SELECT \* FROM slips WHERE id = \?"


async def test_a_slip_moved_is_not_read_again_for_the_answer(
        db: Database, trace: Trace) -> None:
    """Answering who started, confirming and agreeing each read the slip once: the write
    that moves it returns it as written (on PostgreSQL every read is a round trip while
    the other use-cases wait). The slip stored is the one answered."""
    trace.statements.clear()
    draft = await reporting.report_result(db, player("Ann Lee"),
                                          SaidResult(412, 380, text="412-380"))
    assert isinstance(draft, reporting.SlipAnswer) and draft.kind == "ask_starter"
    trace.statements.clear()
    started = await reporting.set_starter(db, player("Ann Lee"), draft.slip.id, 1)
    assert started.kind == "draft" and started.slip.starter == 1
    assert trace.count(SLIP_READ) == 1
    trace.statements.clear()
    done = await reporting.confirm_slip(db, player("Ann Lee"), draft.slip.id)
    assert done.kind == "submitted" and done.slip.state == "pending"
    assert trace.count(SLIP_READ) == 1
    trace.statements.clear()
    agreed = await reporting.agree_slip(db, player("Dev Rao"), draft.slip.id)
    assert agreed.slip.state == "agreed"
    assert trace.count(SLIP_READ) == 1
    async with db.transaction() as tx:
        row = await tx.one("SELECT state, starter_side, game_id FROM slips WHERE id = ?",
                           (draft.slip.id,))
    assert row is not None and (row[0], row[1]) == ("agreed", 1) and row[2] is not None


MATCH_VIEW_READ = r"FROM matches m JOIN rounds r"
GAMES_READ = r"^SELECT \* FROM games WHERE match_id = \?"


async def test_reporting_a_result_reads_the_match_and_its_games_once(
        db: Database, trace: Trace) -> None:
    """The player's matches, read to find which one the result is for, are the matches the
    draft then checks: the match is not read again by its id, nor its games once per helper
    (on PostgreSQL each read is a round trip while the other use-cases wait). The draft
    stored is the one answered."""
    draft = await reporting.report_result(db, player("Ann Lee"),
                                          SaidResult(412, 380, text="412-380"))
    assert isinstance(draft, reporting.SlipAnswer) and draft.kind == "ask_starter"
    assert trace.count(MATCH_VIEW_READ) == 1
    assert trace.count(GAMES_READ) == 1
    async with db.transaction() as tx:
        row = await tx.one("SELECT s.state, m.code, s.game_no, s.score_a, s.score_b FROM slips s"
                           " JOIN matches m ON m.id = s.match_id WHERE s.id = ?",
                           (draft.slip.id,))
    assert row is not None and tuple(row) == ("draft", draft.slip.code, 1, 412, 380)
