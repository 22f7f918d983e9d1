"""Several workers on one database (bot/telegram/fleet.py), each worker a name and a real
time given to the use-cases: an outbox row leased by a live worker holds its chat and is
taken over once the lease runs out; Telegram's limits hold for the fleet (chat_turns); a
sweep leases the due deadlines it fires and another worker fires them after the lease; a
chat's updates wait, a bounded time, for the earlier ones another worker holds. Each runs
on SQLite and, with TDBOT_TEST_POSTGRES, on PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from telegram import Chat, Message, Update, User

from bot.service.platform import deadlines, outbox
from bot.service.platform.deadlines import Holder
from bot.service.platform.outbox import SendClaim
from bot.store import arrivals_repo, outbox_repo
from bot.store.db import Database, open_database
from bot.telegram.fleet import ArrivalOrder
from bot.telegram.pacing import (
    CHAT_INTERVAL,
    FLEET_LIMITS,
    GROUP_LIMIT,
    GROUP_WINDOW,
    OVERALL_LIMIT,
)

NOW = datetime(2016, 8, 1, 9, 0, tzinfo=UTC)  # the world's clock
REAL = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)  # the real clock the leases are taken by
LEASE = timedelta(seconds=20)


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def stored(db: Database, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    async with db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, params)]


async def claim(db: Database, worker: str, real: datetime, pace_at: float | None = None,
                limit: int = 50) -> tuple[list[tuple[int, str]], float | None]:
    taken = SendClaim(worker, real, LEASE, pace_at, FLEET_LIMITS)
    rows = await outbox.next_per_chat(db, limit, NOW, claim=taken)
    return [(r.chat_id, r.text_html) for r in rows], taken.next_turn


async def test_a_row_being_sent_holds_its_chat_until_its_lease_runs_out(db: Database) -> None:
    async with db.transaction() as tx:
        for text in ("Ann 1", "Ann 2"):
            await outbox.enqueue(tx, chat_id=7, text_html=text, now=NOW)
        await outbox.enqueue(tx, chat_id=8, text_html="Ben 1", now=NOW)
    assert (await claim(db, "a", REAL))[0] == [(7, "Ann 1"), (8, "Ben 1")]
    leases = await stored(db, "SELECT text_html, leased_by, leased_until FROM outbox ORDER BY id")
    until = (REAL + LEASE).isoformat()
    assert leases == [("Ann 1", "a", until), ("Ann 2", None, None), ("Ben 1", "a", until)]
    # worker b: Ann's chat is held by a's lease (her second row may not overtake her first)
    assert (await claim(db, "b", REAL + timedelta(seconds=19)))[0] == []
    # a sends Ben's row; a dies with Ann's in flight; b takes it once the lease ran out
    ben = await stored(db, "SELECT id FROM outbox WHERE text_html = 'Ben 1'")
    async with db.transaction() as tx:
        await outbox_repo.mark_sent(tx, int(ben[0][0]), 99, NOW)  # type: ignore[call-overload]
    assert (await claim(db, "b", REAL + timedelta(seconds=21)))[0] == [(7, "Ann 1")]
    assert await stored(db, "SELECT text_html, state, leased_by FROM outbox ORDER BY id") == [
        ("Ann 1", "pending", "b"), ("Ann 2", "pending", None), ("Ben 1", "sent", None)]
    # a worker takes back its own rows at any time (a pass that left them for their turn)
    assert (await claim(db, "b", REAL + timedelta(seconds=22)))[0] == [(7, "Ann 1")]


async def test_telegrams_limits_hold_for_the_whole_fleet(db: Database) -> None:
    """One message a second to a chat, 20 a minute to a group, 30 a second in all, whichever
    worker sends: the turns are taken in the database, in the claim's transaction."""
    at = 1_000_000.0
    async with db.transaction() as tx:
        for text in ("Ann 1", "Ann 2"):
            await outbox.enqueue(tx, chat_id=7, text_html=text, now=NOW)
    assert (await claim(db, "a", REAL, at))[0] == [(7, "Ann 1")]
    first = await stored(db, "SELECT id FROM outbox WHERE text_html = 'Ann 1'")
    await outbox.delivered(db, int(first[0][0]), 1, NOW,  # type: ignore[call-overload]
                           (7, at + 0.2, FLEET_LIMITS))
    turn = await stored(db, "SELECT next_at FROM chat_turns WHERE chat_id = 7")
    assert turn[0][0] == pytest.approx(at + 0.2 + CHAT_INTERVAL + FLEET_LIMITS.margin)
    rows, wait = await claim(db, "b", REAL, at + 0.9)  # another worker, within the second
    assert rows == [] and wait == pytest.approx(0.2 + CHAT_INTERVAL + FLEET_LIMITS.margin - 0.9)
    assert (await claim(db, "b", REAL, at + 1.3))[0] == [(7, "Ann 2")]
    async with db.transaction() as tx:
        await tx.execute("UPDATE outbox SET state = 'sent', leased_by = NULL WHERE chat_id = 7")

    # a group: at most 20 in a minute, whichever worker sends them
    async with db.transaction() as tx:
        for i in range(GROUP_LIMIT + 1):
            await outbox.enqueue(tx, chat_id=-5, text_html=f"club {i}", now=NOW)
    start = at + 10
    for i in range(GROUP_LIMIT):
        worker = "ab"[i % 2]
        got, _ = await claim(db, worker, REAL, start + 1.1 * i)
        assert got == [(-5, f"club {i}")]
        async with db.transaction() as tx:
            await tx.execute("UPDATE outbox SET state = 'sent', leased_by = NULL"
                             " WHERE text_html = ?", (f"club {i}",))
    rows, wait = await claim(db, "a", REAL, start + 1.1 * GROUP_LIMIT)
    assert rows == [] and wait is not None and wait > 30
    assert (await claim(db, "a", REAL, start + GROUP_WINDOW + 0.1))[0] == [(-5, f"club {GROUP_LIMIT}")]
    async with db.transaction() as tx:
        await tx.execute("UPDATE outbox SET state = 'sent', leased_by = NULL WHERE chat_id = -5")

    # in all: 30 in a second, shared by the workers
    async with db.transaction() as tx:
        for chat in range(100, 140):
            await outbox.enqueue(tx, chat_id=chat, text_html=f"to {chat}", now=NOW)
    later = start + 200
    got_a, _ = await claim(db, "a", REAL, later, limit=20)
    got_b, wait = await claim(db, "b", REAL, later + 0.1, limit=20)
    assert len(got_a) == 20 and len(got_b) == OVERALL_LIMIT - 20 and wait is not None
    assert not {c for c, _ in got_a} & {c for c, _ in got_b}
    async with db.transaction() as tx:  # the workers send what they took
        await tx.execute("UPDATE outbox SET state = 'sent', leased_by = NULL WHERE chat_id >= 100"
                         " AND leased_by IS NOT NULL")
    assert (await claim(db, "b", REAL, later + 0.5))[0] == []
    rest = (await claim(db, "b", REAL, later + 1.2))[0]
    assert sorted(c for c, _ in rest + got_a + got_b) == list(range(100, 140))


async def open_deadlines(db: Database, count: int) -> None:
    async with db.transaction() as tx:
        for n in range(count):
            await deadlines.open_deadline(tx, "no.such.kind", f"thing:{n}", NOW, now=NOW)


async def test_a_sweep_leases_what_it_fires_and_another_worker_fires_it_after_the_lease(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    await open_deadlines(db, 3)
    # worker a's sweep leases the three due rows, fires one, and dies
    fired: list[int] = []
    real_fire = deadlines.fire

    async def dies_after_one(db_: Database, deadline_id: int, now: datetime,
                             holder: Holder | None = None) -> bool:
        if fired:
            raise SystemExit("killed")
        fired.append(deadline_id)
        return await real_fire(db_, deadline_id, now, holder)

    monkeypatch.setattr(deadlines, "fire", dies_after_one)
    with pytest.raises(SystemExit):
        await deadlines.sweep(db, NOW, Holder("a", REAL, LEASE))
    monkeypatch.setattr(deadlines, "fire", real_fire)
    rows = await stored(db, "SELECT id, state, leased_by FROM deadlines ORDER BY id")
    assert [(s, w) for _, s, w in rows] == [("failed", "a"), ("open", "a"), ("open", "a")]
    # worker b, within a's lease: its sweep and its alarms leave them to a
    assert await deadlines.sweep(db, NOW, Holder("b", REAL + timedelta(seconds=5), LEASE)) == 0
    holder = Holder("b", REAL + timedelta(seconds=5), LEASE)
    assert not await deadlines.fire(db, int(rows[1][0]), NOW, holder)  # type: ignore[call-overload]
    assert holder.until == REAL + LEASE
    assert [s for _, s, _ in await stored(db, "SELECT id, state, leased_by FROM deadlines ORDER BY id")] == [
        "failed", "open", "open"]
    # once the lease ran out, b takes them (each closed once: here 'failed', an unknown kind)
    await deadlines.sweep(db, NOW, Holder("b", REAL + timedelta(seconds=21), LEASE))
    assert await stored(db, "SELECT state, leased_by FROM deadlines ORDER BY id") == [
        ("failed", "a"), ("failed", "b"), ("failed", "b")]
    closing = await stored(db, "SELECT count(*) FROM journal WHERE action = 'deadline.failed'")
    assert closing == [(3,)]


def update(update_id: int, chat: int) -> Update:
    user = User(chat, "Ann", False)
    message = Message(update_id, NOW, Chat(chat, "private"), from_user=user, text="hi")
    return Update(update_id, message=message)


async def test_a_chats_later_update_waits_for_the_earlier_one_another_worker_holds(
        db: Database) -> None:
    """Worker b gets Ann's update 11 before worker a gets her update 10 (Telegram had both
    in flight): b applies 11 only once a has handled 10. An update for another chat (12,
    Ben's) does not wait for Ann's."""
    a = ArrivalOrder(lambda: db, "a", most_wait=5.0, poll=0.005)
    b = ArrivalOrder(lambda: db, "b", most_wait=5.0, poll=0.005)
    applied: list[int] = []
    await a.before(update(9, 1))  # an earlier update, handled: where the ids start
    await a.after(update(9, 1))

    async def handle(order: ArrivalOrder, u: Update) -> None:
        await order.before(u)
        applied.append(u.update_id)
        await asyncio.sleep(0.05)
        await order.after(u)

    later = asyncio.create_task(handle(b, update(11, 1)))
    await asyncio.sleep(0.05)
    assert applied == []  # id 10 has not arrived anywhere: it may be Ann's
    earlier = asyncio.create_task(handle(a, update(10, 1)))
    await asyncio.gather(later, earlier, handle(a, update(12, 2)))
    assert applied == [10, 12, 11]
    assert await stored(db, "SELECT update_id, chat_key, worker, done FROM arrivals"
                            " ORDER BY update_id") == [
        (9, "1", "a", 1), (10, "1", "a", 1), (11, "1", "b", 1), (12, "2", "a", 1)]


async def test_an_update_whose_predecessor_never_comes_goes_after_a_bounded_wait(
        db: Database) -> None:
    """Id 20 never arrives (it was another chat's and is late, or its worker died): 21
    waits at most ``most_wait``, then is applied."""
    order = ArrivalOrder(lambda: db, "a", most_wait=0.2, poll=0.01)
    await order.before(update(19, 1))
    await order.after(update(19, 1))
    await asyncio.wait_for(order.before(update(21, 1)), timeout=5)
    assert await stored(db, "SELECT update_id, done FROM arrivals ORDER BY update_id") == [
        (19, 1), (21, 0)]


async def test_a_waiting_update_is_woken_when_the_earlier_one_is_handled(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """The later update does not look again and again: it asks the database once, and
    goes when the earlier update's worker says it is handled (its notice), however long
    the looks' interval (``fleet.ArrivalOrder``)."""
    asked: list[int] = []
    real_earlier = arrivals_repo.earlier

    async def counted(tx: Any, update_id: int, *args: Any) -> arrivals_repo.Earlier:
        asked.append(update_id)
        return await real_earlier(tx, update_id, *args)

    monkeypatch.setattr(arrivals_repo, "earlier", counted)
    a = ArrivalOrder(lambda: db, "a", most_wait=30.0, poll=30.0, fallback=30.0)
    b = ArrivalOrder(lambda: db, "b", most_wait=30.0, poll=30.0, fallback=30.0)
    await a.before(update(30, 1))
    for _ in range(100):  # on PostgreSQL, its listening connection is up
        if db.hears_all(arrivals_repo.CHANNEL):
            break
        await asyncio.sleep(0.05)
    later = asyncio.create_task(b.before(update(31, 1)))
    await asyncio.sleep(0.1)
    assert not later.done()  # Ann's 30 is not handled yet
    await a.after(update(30, 1))
    await asyncio.wait_for(later, 5)
    assert asked.count(31) == 1


async def test_on_postgresql_a_worker_is_woken_by_anothers_notice(pg_target: str) -> None:
    """Two workers, each with its own database connections: the notice that Ann's update
    30 was handled reaches the other worker through PostgreSQL (LISTEN/NOTIFY), and her
    update 31 goes at once, long before its next look."""
    first, second = await open_database(pg_target), await open_database(pg_target)
    try:
        a = ArrivalOrder(lambda: first, "a", most_wait=30.0, poll=30.0, fallback=30.0)
        b = ArrivalOrder(lambda: second, "b", most_wait=30.0, poll=30.0, fallback=30.0)
        await a.before(update(40, 1))
        later = asyncio.create_task(b.before(update(41, 1)))
        for _ in range(100):  # b listens before a says anything
            await asyncio.sleep(0.05)
            if second.hears_all(arrivals_repo.CHANNEL):
                break
        assert second.hears_all(arrivals_repo.CHANNEL)
        await asyncio.sleep(0.1)
        assert not later.done()
        await a.after(update(40, 1))
        await asyncio.wait_for(later, 5)
    finally:
        await first.close()
        await second.close()


async def test_on_postgresql_claims_skip_the_rows_another_transaction_holds(
        pg_target: str) -> None:
    """Claims run outside the use-cases' lock and lock the rows they take FOR UPDATE SKIP
    LOCKED: while another transaction holds a deadline and an outbox row (a use-case
    cancelling one, another worker's claim), a sweep's claim and a sender's claim take the
    others at once and leave those; once released, the next claim takes them."""
    import psycopg

    db = await open_database(pg_target)
    try:
        await open_deadlines(db, 3)
        async with db.transaction() as tx:
            for chat in (7, 8):
                await outbox.enqueue(tx, chat_id=chat, text_html=f"to {chat}", now=NOW)
        ids = [int(r[0]) for r in await stored(db, "SELECT id FROM deadlines ORDER BY id")]
        rows = [int(r[0]) for r in await stored(db, "SELECT id FROM outbox ORDER BY id")]
        with psycopg.connect(pg_target) as other:  # holds deadline 1 and Ann's row
            other.execute("SELECT 1 FROM deadlines WHERE id = %s FOR UPDATE", (ids[0],))
            other.execute("SELECT 1 FROM outbox WHERE id = %s FOR UPDATE", (rows[0],))
            async with db.bookkeeping() as tx:
                from bot.store import deadlines_repo

                taken = await asyncio.wait_for(deadlines_repo.claim_due(
                    tx, NOW, "a", REAL, REAL + LEASE), timeout=10)
            assert taken == ids[1:]
            got, _ = await asyncio.wait_for(claim(db, "a", REAL), timeout=10)
            assert got == [(8, "to 8")]
            other.rollback()
        async with db.bookkeeping() as tx:
            assert await deadlines_repo.claim_due(tx, NOW, "b", REAL, REAL + LEASE) == ids[:1]
        assert (await claim(db, "b", REAL))[0] == [(7, "to 7")]
        assert await stored(db, "SELECT leased_by FROM deadlines ORDER BY id") == [
            ("b",), ("a",), ("a",)]
    finally:
        await db.close()
