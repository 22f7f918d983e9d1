"""What a transaction costs on PostgreSQL, counted, not timed: every statement is a round
trip to the server, and those a use-case makes holding the advisory lock are what every
other use-case of every worker waits for (``bot/store/postgres.py``). So BEGIN travels with
the lock, a lookup reads a snapshot without the lock, the sender records a message sent
as bookkeeping, and a message written costs two statements (on SQLite too).

The tests that need a server take ``pg_target`` (tests/conftest.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bench.fleet import prepare
from bot.service.platform import deadlines, journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.unit import reading
from bot.store import events_repo, games_repo, matches_repo, outbox_repo, rounds_repo
from bot.store.db import Database, Tx, open_database

NOW = datetime(2016, 8, 1, 12, 0, tzinfo=UTC)
STAMP = NOW.isoformat()


@pytest.fixture
def round_trips(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every message psycopg sends and waits for (a statement, BEGIN, COMMIT, the pool's
    check of a connection), in order; the statements of a pipeline, sent together and
    answered together, count as one ("PIPELINE" and what it sent)."""
    sent: list[str] = []
    execute = psycopg.AsyncCursor.execute
    command = psycopg.AsyncConnection._exec_command
    pipeline = psycopg.AsyncPipeline.__aenter__

    async def counted_execute(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        text = query.decode() if isinstance(query, bytes) else str(query)
        if self.connection._pipeline is not None:
            sent[-1] += f"; {text}"
        else:
            sent.append(text)
        return await execute(self, query, *args, **kwargs)

    async def counted_pipeline(self: Any) -> Any:
        sent.append("PIPELINE")
        return await pipeline(self)

    def counted_command(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(query.decode() if isinstance(query, bytes) else str(query))
        return command(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.AsyncCursor, "execute", counted_execute)
    monkeypatch.setattr(psycopg.AsyncConnection, "_exec_command", counted_command)
    monkeypatch.setattr(psycopg.AsyncPipeline, "__aenter__", counted_pipeline)
    yield sent


async def test_a_use_case_costs_one_round_trip_to_begin_and_one_to_commit(
        pg_target: str, round_trips: list[str]) -> None:
    """BEGIN and the lock go in one message, and a connection used a moment ago is not
    checked again: a one-statement transaction is three round trips, not five."""
    db = await open_database(pg_target)
    try:
        async with db.transaction() as tx:  # the pool's connection, just used
            await tx.scalar("SELECT 1")
        round_trips.clear()
        async with db.transaction() as tx:
            assert await tx.scalar("SELECT 2") == 2
        assert len(round_trips) == 3, round_trips
        assert "pg_advisory_xact_lock" in round_trips[0] and "BEGIN" in round_trips[0]
        assert round_trips[2] == "COMMIT"
    finally:
        await db.close()


async def _holding_the_lock(db: Database, held: asyncio.Event,
                            release: asyncio.Event) -> None:
    async with db.transaction() as tx:
        await tx.insert("INSERT INTO people (name, created_at) VALUES ('Ann', ?)", (STAMP,))
        held.set()
        await release.wait()


async def test_a_lookup_waits_for_no_use_case_and_sees_only_what_was_committed(
        pg_target: str) -> None:
    """While a use-case of another worker holds the lock, and while one of this process
    does, a lookup (``unit.reading``) reads at once, without the use-case's half-done work,
    and may not write."""
    one, two = await open_database(pg_target), await open_database(pg_target)
    try:
        for holder in (one, two):
            held, release = asyncio.Event(), asyncio.Event()
            task = asyncio.create_task(_holding_the_lock(holder, held, release))
            await held.wait()
            try:
                async with asyncio.timeout(5):  # before: it waited for the lock's release
                    async with reading(one) as tx:
                        assert await tx.scalar("SELECT count(*) FROM people") == (
                            0 if holder is one else 1)
            finally:
                release.set()
                await task
        with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
            async with reading(one) as tx:
                await tx.execute("UPDATE people SET name = 'Ben'")
        async with one.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM people WHERE name = 'Ann'") == 2
    finally:
        await one.close()
        await two.close()


async def test_the_sender_records_a_message_sent_while_a_use_case_holds_the_lock(
        pg_target: str) -> None:
    """Telegram accepted a message: its row is marked sent (stored, with the message id)
    without waiting for the use-case another worker is running."""
    one, two = await open_database(pg_target), await open_database(pg_target)
    try:
        async with one.transaction() as tx:
            row_id = await outbox.enqueue(tx, chat_id=5, text_html="hello", now=NOW)
        assert row_id is not None
        held, release = asyncio.Event(), asyncio.Event()
        task = asyncio.create_task(_holding_the_lock(two, held, release))
        await held.wait()
        try:
            async with asyncio.timeout(5):  # before: it waited for the lock's release
                await outbox.delivered(one, row_id, 777, NOW)
        finally:
            release.set()
            await task
        async with one.transaction() as tx:
            row = await tx.one("SELECT state, message_id FROM outbox WHERE id = ?", (row_id,))
        assert row is not None and tuple(row) == ("sent", 777)
    finally:
        await one.close()
        await two.close()


async def test_a_write_whose_outcome_is_not_read_travels_with_the_next_statement(
        pg_target: str, round_trips: list[str]) -> None:
    """``Tx.write``: sent with COMMIT (or the next statement) in one round trip, and
    stored; one that fails rolls the whole transaction back."""
    db = await open_database(pg_target)
    try:
        async with db.transaction() as tx:
            await tx.insert("INSERT INTO people (name, created_at) VALUES ('Ann', ?)", (STAMP,))
        round_trips.clear()
        async with db.transaction() as tx:
            await tx.write("UPDATE people SET name = 'Ben'")
            await tx.write("INSERT INTO people (name, created_at) VALUES ('Cai', ?)", (STAMP,))
        assert len(round_trips) == 2, round_trips
        assert round_trips[1].startswith("PIPELINE; UPDATE people") and "COMMIT" in round_trips[1]
        round_trips.clear()
        async with db.transaction() as tx:
            await tx.write("UPDATE people SET name = 'Dev' WHERE name = 'Cai'")
            names = [r[0] for r in await tx.all("SELECT name FROM people ORDER BY id")]
        assert names == ["Ben", "Dev"] and len(round_trips) == 3, round_trips
        with pytest.raises(psycopg.errors.NotNullViolation):
            async with db.transaction() as tx:
                await tx.execute("UPDATE people SET name = 'Eve'")
                await tx.write("INSERT INTO people (name, created_at) VALUES (NULL, ?)", (STAMP,))
        async with db.transaction() as tx:
            names = [r[0] for r in await tx.all("SELECT name FROM people ORDER BY id")]
        assert names == ["Ben", "Dev"]
    finally:
        await db.close()


def _statements(tx: Tx) -> list[str]:
    """The statements ``tx`` runs from now on."""
    said: list[str] = []
    for name in ("execute", "write", "insert", "one", "all"):
        inner = getattr(tx, name)

        async def counted(sql: str, params: Any = (), _inner: Any = inner) -> Any:
            said.append(sql)
            return await _inner(sql, params)
        setattr(tx, name, counted)
    return said


async def test_a_message_written_costs_two_statements_and_a_used_key_writes_nothing(
        db_target: Path | str) -> None:
    """The insert checks the dedupe key itself, and one update puts the rows waiting for a
    welcome behind it: two statements, where there were four."""
    db = await open_database(db_target)
    try:
        async with db.transaction() as tx:
            person = await tx.insert(
                "INSERT INTO people (name, tg_user_id, created_at) VALUES ('Ann', 42, ?)",
                (STAMP,))
            waiting = await outbox_repo.add(
                tx, person_id=person, chat_id=None, text_html="the draw", buttons=None,
                dedupe_key=None, now=NOW, due_at=NOW)
            await tx.execute("UPDATE outbox SET awaits_welcome = 1 WHERE id = ?", (waiting,))
            said = _statements(tx)
            welcome = await outbox_repo.add(
                tx, person_id=None, chat_id=42, text_html="You are in", buttons=None,
                dedupe_key="welcome:42", now=NOW, due_at=NOW)
            assert len(set(said)) == 2, said  # SQLite's write runs as an execute
            assert await outbox_repo.add(
                tx, person_id=None, chat_id=42, text_html="You are in", buttons=None,
                dedupe_key="welcome:42", now=NOW, due_at=NOW) is None
            said.clear()  # a group's row: nobody's welcome waits there, one statement
            group = await outbox_repo.add(tx, person_id=None, chat_id=-100777, text_html="Results",
                                  buttons=None, dedupe_key=None, now=NOW, due_at=NOW)
            assert len(said) == 1 and said[0].startswith("INSERT"), said
            rows = await tx.all("SELECT id, behind, awaits_welcome FROM outbox ORDER BY id")
        assert [tuple(r) for r in rows] == [(waiting, welcome, 0), (welcome, None, 0),
                                            (group, None, 0)]
    finally:
        await db.close()


async def test_a_journal_line_and_a_deadline_travel_with_the_next_statement(
        pg_target: str, round_trips: list[str]) -> None:
    """The use-case never reads back the journal line or the deadline it writes (the
    adapter arms deadlines after the commit, ``deadlines.opened_since``): both go with the
    COMMIT in one round trip, and are stored; and the alarm clock finds the deadline."""
    db = await open_database(pg_target)
    try:
        async with db.transaction() as tx:
            await tx.scalar("SELECT 1")
        round_trips.clear()
        async with db.transaction() as tx:
            await journal.record(tx, who=Actor.cli(), action="match.confirm",
                                 subject="match:1", now=NOW, detail={"game": 1})
            await deadlines.open_deadline(tx, "slip.window", "slip:1", NOW, {"slip": 1},
                                          now=NOW)
        assert len(round_trips) == 2, round_trips
        assert round_trips[1].startswith("PIPELINE; INSERT INTO journal"), round_trips
        assert "INSERT INTO deadlines" in round_trips[1] and "COMMIT" in round_trips[1]
        async with db.transaction() as tx:
            lines = [tuple(r) for r in await tx.all("SELECT action, subject FROM journal")]
        assert lines == [("match.confirm", "match:1")]
        found = await deadlines.opened_since(db, 0)
        assert [due for _, due in found] == [NOW]
    finally:
        await db.close()


async def test_the_sender_looks_for_its_next_chat_while_a_use_case_holds_the_lock(
        pg_target: str) -> None:
    """``outbox.first_with_rows`` (which chat the sender turns to next) is a lookup: it
    reads at once while another worker's use-case holds the lock."""
    one, two = await open_database(pg_target), await open_database(pg_target)
    try:
        async with one.transaction() as tx:
            await outbox.enqueue(tx, chat_id=5, text_html="hello", now=NOW)
        held, release = asyncio.Event(), asyncio.Event()
        task = asyncio.create_task(_holding_the_lock(two, held, release))
        await held.wait()
        try:
            async with asyncio.timeout(5):  # before: it waited for the lock's release
                assert await outbox.first_with_rows(one, NOW, [4, 5]) == 1
        finally:
            release.set()
            await task
    finally:
        await one.close()
        await two.close()


async def _a_match(target: Path | str) -> tuple[Database, int]:
    """A knockout of four with its first round open (as ``bench.fleet`` sets one up)."""
    await prepare(str(target), 4, seed=1)
    db = await open_database(target)
    async with db.transaction() as tx:
        return db, int(await tx.scalar("SELECT MIN(id) FROM matches"))


async def test_a_match_brings_its_round_event_and_games_in_the_same_round_trip(
        pg_target: str, round_trips: list[str]) -> None:
    """A report reads its match, then the round, the event and the games, holding the lock
    every use-case waits for: the four reads are one round trip, not four."""
    db, match_id = await _a_match(pg_target)
    try:
        async with db.transaction() as tx:
            round_trips.clear()
            match = await matches_repo.get(tx, match_id)
            assert match is not None
            round_ = await rounds_repo.get(tx, match.round_id)
            event = await events_repo.get(tx, match.event_id)
            games = await games_repo.games_of(tx, match_id)
            assert len(round_trips) == 1, round_trips
            assert round_ is not None and round_.id == match.round_id
            assert event is not None and event.id == match.event_id
            assert games == []
    finally:
        await db.close()


async def test_what_a_match_brought_along_is_what_reading_each_gives_and_goes_stale(
        db_target: Path | str) -> None:
    """Kept from the match's read, the round, the event and the games are those read on
    their own; a game written afterwards is in the next read of the games."""
    db, match_id = await _a_match(db_target)
    try:
        async with db.transaction() as tx:
            match = await matches_repo.get(tx, match_id)
            assert match is not None
            brought = (await rounds_repo.get(tx, match.round_id),
                       await events_repo.get(tx, match.event_id),
                       await games_repo.games_of(tx, match_id))
        async with db.transaction() as tx:
            alone = (await rounds_repo.get(tx, match.round_id),
                     await events_repo.get(tx, match.event_id),
                     await games_repo.games_of(tx, match_id))
        assert brought == alone
        async with db.transaction() as tx:
            assert await matches_repo.get(tx, match_id) is not None
            await tx.execute(
                "INSERT INTO games (match_id, seq, kind, starter_side, score_a, score_b,"
                " played_at) VALUES (?, 1, 'played', 0, 412, 380, ?)", (match_id, STAMP))
            (game,) = await games_repo.games_of(tx, match_id)
            assert (game.score_a, game.score_b) == (412, 380)
    finally:
        await db.close()
