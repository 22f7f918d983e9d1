"""Fee reminders before a round opens (SSSg 2016 Annex A para 26) and membership flags when
it opens (para 11)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.events.schedule import find_round
from bot.service.fees.payments import record_payment_in, unpaid
from bot.service.people.entries import import_players
from bot.service.platform import deadlines
from bot.service.platform.actors import Actor
from bot.store.db import Database, open_database

DEFINITION = """
[event]
slug = "club-ko"
name = "Club Knockout"
format = "single"
time_zone = "Asia/Singapore"
fee_per_round = 15

[[tds]]
name = "Tess"
telegram_id = 900

[[rounds]]
name = "SF"
opens = 2016-08-10
closes = 2016-08-31
"""
PLAYERS = ("name,rating,membership_until\nP1,2000,2016-08-20\nP2,1990,\nP3,1980,2017-01-01\n"
           "P4,1970,2016-12-31\n")


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def _event(db: Database, now: datetime, rules: str = "") -> int:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(DEFINITION + rules), by=Actor.cli(),
                                     now=now)
        await import_players(tx, created.event_id, PLAYERS, by=Actor.cli(), now=now)
        await make_draw(tx, created.event_id, seed=7, by=Actor.cli(), now=now)
    return created.event_id


async def _tess_told(db: Database) -> list[str]:
    async with db.transaction() as tx:
        rows = await tx.all("SELECT o.text_html FROM outbox o JOIN people p ON p.id = o.person_id"
                            " WHERE p.name = 'Tess' ORDER BY o.id")
    return [r[0] for r in rows]


async def test_unpaid_players_are_reminded_7_2_and_1_days_before_the_round_opens(
    db: Database,
) -> None:
    now = datetime(2016, 7, 1, tzinfo=UTC)
    event_id = await _event(db, now)
    opens = datetime(2016, 8, 9, 16, 0, tzinfo=UTC)  # 10 Aug 00:00 in Singapore
    async with db.transaction() as tx:
        fees = [d for d in await deadlines.open_deadlines(tx) if d.kind == "round.fee_due"]
        assert [opens - d.due_at for d in fees] == [timedelta(days=7), timedelta(days=2),
                                                    timedelta(days=1)]
        rnd = await find_round(tx, event_id, "sf")
        payer = (await unpaid(tx, rnd))[0]
        await record_payment_in(tx, payer.id, "sf", by=Actor.cli(), now=now)
        before = await tx.scalar("SELECT max(id) FROM outbox")
        assert await deadlines.fire_due(tx, fees[0].id, fees[0].due_at)
        sent = await tx.all("SELECT person_id, text_html FROM outbox WHERE id > ?", (before,))
    assert len(sent) == 3 and payer.person_id not in {p for p, _ in sent}
    assert all("the fee for SF (SGD 15.00) is due before the round opens" in t for _, t in sent)


async def test_reminders_whose_time_passed_at_the_draw_are_skipped_and_the_td_told(
    db: Database,
) -> None:
    now = datetime(2016, 8, 6, tzinfo=UTC)  # 4 days before SF opens: 7 days has passed
    await _event(db, now)
    async with db.transaction() as tx:
        fees = [d for d in await deadlines.open_deadlines(tx) if d.kind == "round.fee_due"]
    assert [d.payload.get("before_hours") for d in fees] == [48, 24]
    told = await _tess_told(db)
    assert any("fee reminders whose time had passed when the draw was made are skipped:\n"
               "SF (7 days before)\n" in t for t in told)


async def test_the_old_fee_reminder_hours_alone_still_means_one_reminder(db: Database) -> None:
    await _event(db, datetime(2016, 7, 1, tzinfo=UTC), "\n[rules]\nfee_reminder_hours = 72\n")
    async with db.transaction() as tx:
        fees = [d for d in await deadlines.open_deadlines(tx) if d.kind == "round.fee_due"]
    assert [d.payload.get("before_hours") for d in fees] == [72]


async def test_a_membership_ending_before_the_round_closes_is_flagged_when_it_opens(
    db: Database,
) -> None:
    now = datetime(2016, 8, 10, 1, 0, tzinfo=UTC)
    event_id = await _event(db, now, "\n[rules]\nfee_reminder_days = []\n")
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "sf", by=Actor.cli(), now=now, unpaid_ok=True,
                            why="fees at the venue")
    flag = [t for t in await _tess_told(db) if "Membership ends" in t]
    assert flag == ["<b>Club Knockout: SF</b> is open. Membership ends before the round closes "
                    "(para 11): P1 (ends Sat 20 Aug 2016). Ask them to renew."]


async def test_a_fee_reminder_that_fires_after_the_round_was_due_to_open_is_not_sent(
    db: Database,
) -> None:
    """The bot was down across a reminder's time and the round's opening time: "due before
    the round opens on 10 Aug" is no longer true, so the reminder goes unsent (its row
    cancelled); the TDs learn who has not paid when they open the round (para 26)."""
    now = datetime(2016, 7, 1, tzinfo=UTC)
    await _event(db, now)
    opens = datetime(2016, 8, 9, 16, 0, tzinfo=UTC)
    back = opens + timedelta(hours=3)
    async with db.transaction() as tx:
        before = await tx.scalar("SELECT max(id) FROM outbox")
    await deadlines.sweep(db, back)
    async with db.transaction() as tx:
        sent = await tx.all("SELECT text_html FROM outbox WHERE id > ?", (before,))
        states = await tx.all("SELECT state FROM deadlines WHERE kind = 'round.fee_due'"
                              " ORDER BY due_at")
    assert [r[0] for r in states] == ["cancelled", "cancelled", "cancelled"]
    assert not [r for r in sent if "the fee for SF" in r[0]], sent
