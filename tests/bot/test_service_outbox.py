"""The outbox (messages written in the same transaction as the change) and the
repository the sender reads it through (contract between B1 and B3)."""

from __future__ import annotations

import re
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
from bot.service.people.entries import entries_of, import_players
from bot.service.people.invites import (
    create_invite,
    decide_join_request,
    redeem_invite,
    request_entry,
)
from bot.service.people.persons import add_person
from bot.service.platform import outbox
from bot.service.platform.actors import Actor
from bot.store import outbox_repo
from bot.store.db import Database, Tx, open_database

NOW = datetime(2016, 8, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def test_rows_are_due_in_order_and_reach_the_persons_private_chat(db: Database) -> None:
    async with db.transaction() as tx:
        ann = await add_person(tx, "Ann", NOW, tg_user_id=1001)
        await outbox.enqueue(tx, person_id=ann, text_html="<b>one</b>", now=NOW,
                             buttons=[[("Agree", "slip:1:agree"), ("Dispute", "slip:1:dispute")]])
        await outbox.enqueue(tx, chat_id=-500, text_html="two", now=NOW + timedelta(seconds=1))
        await outbox.enqueue(tx, chat_id=-500, text_html="later", now=NOW,
                             due_at=NOW + timedelta(hours=1))
    async with db.transaction() as tx:
        rows = await outbox_repo.due(tx, 10, NOW + timedelta(seconds=5))
    assert [(r.chat_id, r.text_html) for r in rows] == [(1001, "<b>one</b>"), (-500, "two")]
    assert rows[0].buttons == [[{"text": "Agree", "data": "slip:1:agree"},
                                {"text": "Dispute", "data": "slip:1:dispute"}]]
    assert rows[1].buttons == []


async def test_a_person_without_telegram_gets_the_message_once_linked(db: Database) -> None:
    async with db.transaction() as tx:
        bob = await add_person(tx, "Bob", NOW)
        await outbox.enqueue(tx, person_id=bob, text_html="your round is open", now=NOW)
        assert await outbox_repo.due(tx, 10, NOW) == []
        await tx.execute("UPDATE people SET tg_user_id = 2002 WHERE id = ?", (bob,))
        assert [r.chat_id for r in await outbox_repo.due(tx, 10, NOW)] == [2002]


async def test_dedupe_key_makes_a_repeat_harmless(db: Database) -> None:
    async with db.transaction() as tx:
        first = await outbox.enqueue(tx, chat_id=1, text_html="hi", now=NOW, dedupe_key="k")
        again = await outbox.enqueue(tx, chat_id=1, text_html="hi", now=NOW, dedupe_key="k")
        assert first is not None and again is None
        assert await tx.scalar("SELECT count(*) FROM outbox") == 1


async def test_sent_failed_and_blocked(db: Database) -> None:
    async with db.transaction() as tx:
        a = await outbox.enqueue(tx, chat_id=1, text_html="a", now=NOW)
        b = await outbox.enqueue(tx, chat_id=2, text_html="b", now=NOW)
        c = await outbox.enqueue(tx, chat_id=3, text_html="c", now=NOW)
        assert a and b and c
        assert await outbox_repo.mark_sent(tx, a, 77, NOW)
        assert not await outbox_repo.mark_sent(tx, a, 78, NOW)  # already sent: no second record
        assert await outbox_repo.mark_failed(tx, b, "timed out", NOW + timedelta(seconds=30))
        assert await outbox_repo.mark_blocked(tx, c, NOW)
        assert await outbox_repo.due(tx, 10, NOW) == []
        retry = await outbox_repo.due(tx, 10, NOW + timedelta(seconds=30))
        assert [(r.id, r.attempts) for r in retry] == [(b, 1)]
        assert await outbox_repo.next_due_at(tx) == NOW + timedelta(seconds=30)
        assert await tx.scalar("SELECT message_id FROM outbox WHERE id = ?", (a,)) == 77
        d = await outbox.enqueue(tx, chat_id=4, text_html="d", now=NOW)
        assert d and await outbox_repo.mark_undeliverable(tx, d, NOW, "chat not found")
        assert not await outbox_repo.mark_blocked(tx, d, NOW)  # already refused for good
        refused = await outbox_repo.refused(tx)
        assert [(r["id"], r["state"]) for r in refused] == [(c, "blocked"), (d, "undeliverable")]


async def test_an_edit_waits_for_the_message_it_edits(db: Database) -> None:
    """The edit rows of ``decide_join_request``: due only once the original was sent, and
    then carrying the original's message id; never for a message refused for good."""
    async with db.transaction() as tx:
        first = await outbox.enqueue(tx, chat_id=1, text_html="ask", now=NOW, dedupe_key="j:1")
        other = await outbox.enqueue(tx, chat_id=2, text_html="ask", now=NOW, dedupe_key="j:2")
        assert first and other
        await outbox_repo.mark_blocked(tx, other, NOW)
        copies = await outbox_repo.by_dedupe_prefix(tx, "j:")
        assert [c.id for c in copies] == [first, other]
        edits = [await outbox.enqueue_edit(tx, c, text_html="decided", now=NOW) for c in copies]
        assert edits[0] is not None and edits[1] is None  # a refused message is not edited
        assert [r.id for r in await outbox_repo.due(tx, 10, NOW)] == [first]
        await outbox_repo.mark_sent(tx, first, 55, NOW)
        (edit,) = await outbox_repo.due(tx, 10, NOW)
        assert (edit.id, edit.edit_of, edit.edit_message_id, edit.chat_id) == (
            edits[0], first, 55, 1)
        await outbox_repo.mark_sent(tx, edit.id, 55, NOW)
        assert [r["id"] for r in await outbox_repo.refused(tx)] == [other]


async def test_a_rolled_back_change_sends_nothing(db: Database) -> None:
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await outbox.enqueue(tx, chat_id=1, text_html="never", now=NOW)
            raise RuntimeError("the change failed")
    async with db.transaction() as tx:
        assert await outbox_repo.due(tx, 10, NOW) == []


@pytest.mark.parametrize(
    "kwargs",
    [
        {"text_html": "x"},  # no recipient
        {"person_id": 1, "chat_id": 1, "text_html": "x"},  # two recipients
        {"chat_id": 1, "text_html": "  "},  # nothing to say
        {"chat_id": 1, "text_html": "x", "buttons": [[{"text": "go"}]]},  # button without action
        {"chat_id": 1, "text_html": "x", "buttons": [[("b", "d" * 65)]]},  # over Telegram's 64 bytes
    ],
)
async def test_malformed_messages_are_refused(db: Database, kwargs: dict[str, object]) -> None:
    async with db.transaction() as tx:
        with pytest.raises(ValueError):
            await outbox.enqueue(tx, now=NOW, **kwargs)  # type: ignore[arg-type]


EVENT = """
[event]
slug = "order-ko"
name = "Order Knockout"
format = "single"
time_zone = "Asia/Singapore"

[[tds]]
name = "Tess"
telegram_id = 900

[[rounds]]
name = "SF"
opens = 2016-08-01
closes = 2016-08-31
"""
PLAYERS = "name,rating\n" + "".join(f"P{i},{2000 - 10 * i}\n" for i in range(1, 5))
PLAYER_TG = 5001


async def _round_open_before_p1_has_telegram(db: Database) -> tuple[int, int]:
    """An event whose draw is made and first round open while P1 has no Telegram account:
    P1's draw notice and round notice wait in the outbox. Returns (event id, P1's entry)."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(EVENT), by=Actor.cli(), now=NOW)
        event_id = created.event_id
        await import_players(tx, event_id, PLAYERS, by=Actor.cli(), now=NOW)
        await make_draw(tx, event_id, seed=3, by=Actor.cli(), now=NOW)
        rnd = await find_round(tx, event_id, "SF")
        for e in await unpaid(tx, rnd):
            await record_payment_in(tx, e.id, rnd.code, by=Actor.cli(), now=NOW)
        await open_round_in(tx, event_id, "SF", by=Actor.cli(), now=NOW)
        (p1,) = [e for e in await entries_of(tx, event_id) if e.name == "P1"]
    return event_id, p1.id


async def _texts_for(tx: Tx, chat_id: int, now: datetime) -> list[str]:
    return [r.text_html for r in await outbox_repo.due(tx, 100, now) if r.chat_id == chat_id]


async def test_a_player_approved_after_the_round_opened_reads_the_approval_first(
    db: Database,
) -> None:
    """Seen: a player approved after the round opened got the draw notice and "Qual Rd is
    open" (queued while they had no Telegram account) before "A TD approved your entry"."""
    event_id, p1 = await _round_open_before_p1_has_telegram(db)
    async with db.transaction() as tx:
        waiting = await tx.scalar(
            "SELECT count(*) FROM outbox o JOIN people p ON p.id = o.person_id"
            " WHERE p.name = 'P1'")
        assert waiting == 2  # the draw notice and the round notice
        code = await create_invite(tx, event_id, "player", by=Actor.cli(), now=NOW)
        await request_entry(tx, code, p1, tg_user_id=PLAYER_TG, tg_name="Pat", now=NOW)
    later = NOW + timedelta(minutes=5)
    async with db.transaction() as tx:
        await decide_join_request(tx, 1, True, by=Actor.cli(), now=later)
    async with db.transaction() as tx:
        texts = await _texts_for(tx, PLAYER_TG, later)
        assert len(texts) == 3, texts
        assert "A TD approved your entry" in texts[0]
        assert "first match" in texts[1] and "SF" in texts[2], texts
        # what is written after the link goes after what waited for it
        await outbox.enqueue(tx, person_id=await _person(tx, PLAYER_TG), text_html="later",
                             now=later)
        assert (await _texts_for(tx, PLAYER_TG, later))[3] == "later"


async def _person(tx: Tx, tg_user_id: int) -> int:
    person = await tx.scalar("SELECT id FROM people WHERE tg_user_id = ?", (tg_user_id,))
    assert person is not None
    return int(person)


async def test_a_personal_link_puts_the_joined_message_first(db: Database) -> None:
    """``/start <personal code>``: the handler writes "you joined" after ``redeem_invite``,
    in the same transaction, to the chat; what waited for the person goes behind it."""
    event_id, p1 = await _round_open_before_p1_has_telegram(db)
    async with db.transaction() as tx:
        person = await tx.scalar("SELECT person_id FROM entries WHERE id = ?", (p1,))
        code = await create_invite(tx, event_id, "player", person_id=person, by=Actor.cli(),
                                   now=NOW)
    async with db.transaction() as tx:
        await redeem_invite(tx, code, tg_user_id=PLAYER_TG, tg_name="P1", now=NOW)
        await outbox.enqueue(tx, chat_id=PLAYER_TG, text_html="You joined", now=NOW)
    async with db.transaction() as tx:
        texts = await _texts_for(tx, PLAYER_TG, NOW)
    assert texts[0] == "You joined" and len(texts) == 3


async def test_waiting_rows_stay_behind_a_welcome_that_failed(db: Database) -> None:
    """The welcome's retry holds what waited for it, as any failed row holds its chat's
    later rows; a person linked with nothing written next gets the rows in written order."""
    async with db.transaction() as tx:
        bob = await add_person(tx, "Bob", NOW)
        cy = await add_person(tx, "Cy", NOW)
        for text in ("draw", "round open"):
            await outbox.enqueue(tx, person_id=bob, text_html=text, now=NOW)
            await outbox.enqueue(tx, person_id=cy, text_html=f"{text} (Cy)", now=NOW)
        assert await outbox.await_welcome(tx, bob) == 2
        await tx.execute("UPDATE people SET tg_user_id = 2002 WHERE id = ?", (bob,))
        welcome = await outbox.enqueue(tx, person_id=bob, text_html="welcome", now=NOW)
        assert await outbox.await_welcome(tx, cy) == 2
        await tx.execute("UPDATE people SET tg_user_id = 3003 WHERE id = ?", (cy,))
        assert await outbox.await_welcome(tx, bob) == 0  # linked already: nothing waits
    async with db.transaction() as tx:
        assert [r.text_html for r in await outbox_repo.due(tx, 10, NOW)] == [
            "draw (Cy)", "round open (Cy)", "welcome", "draw", "round open"]
        assert welcome is not None
        await outbox_repo.mark_failed(tx, welcome, "timed out", NOW + timedelta(seconds=5))
        assert await _texts_for(tx, 2002, NOW) == []
        assert await _texts_for(tx, 2002, NOW + timedelta(seconds=5)) == [
            "welcome", "draw", "round open"]


def test_the_outbox_service_holds_no_sql() -> None:
    """SQL lives only in bot/store (docs/architecture.md, "Layers"): the service's outbox delegates
    every statement to bot/store/outbox_repo.py."""
    source = Path(outbox.__file__).read_text(encoding="utf-8")
    calls = re.findall(r"\btx\.(?:execute|insert|one|all|scalar)\(", source)
    statements = re.findall(r"\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM)\b", source)
    assert calls == [] and statements == []


async def test_next_per_chat_walks_past_long_queues_in_order(db: Database) -> None:
    """Each chat's first deliverable row, chats in the order of those rows, found by one
    walk along the pending rows that reads them in chunks (``Tx.chunks``): a chat with a
    queue longer than a chunk neither repeats nor hides the chats written after it; a chat
    whose first row failed and waits for its retry gives none; a row not yet due holds
    nothing back."""
    later = NOW + timedelta(hours=1)
    async with db.transaction() as tx:
        held = await outbox.enqueue(tx, chat_id=-1, text_html="failed", now=NOW)
        assert held is not None
        await outbox_repo.mark_failed(tx, held, "boom", later)
        await outbox.enqueue(tx, chat_id=-1, text_html="held behind it", now=NOW)
        await outbox.enqueue(tx, chat_id=-2, text_html="tomorrow", now=NOW, due_at=later)
        await outbox.enqueue(tx, chat_id=-2, text_html="today", now=NOW)
        for i in range(600):  # longer than a chunk
            await outbox.enqueue(tx, chat_id=-3, text_html=f"long {i}", now=NOW)
        for chat in range(10, 20):
            await outbox.enqueue(tx, chat_id=chat, text_html=f"to {chat}", now=NOW)
    async with db.transaction() as tx:
        rows = await outbox_repo.next_per_chat(tx, 50, NOW)
        assert [(r.chat_id, r.text_html) for r in rows] == [
            (-2, "today"), (-3, "long 0"), *((c, f"to {c}") for c in range(10, 20))]
        first_three = await outbox_repo.next_per_chat(tx, 3, NOW)
        assert [r.chat_id for r in first_three] == [-2, -3, 10]
        assert len(await outbox_repo.due(tx, 1000, NOW)) == 1 + 600 + 10


async def test_next_per_chat_leaves_out_the_chats_it_is_told_whole(db: Database) -> None:
    """The chats waiting for their turn are left out inside SQLite: none of their rows is
    read (not even a later one behind a row not read), and the others go as before."""
    async with db.transaction() as tx:
        for chat in (-1, 7, 8):
            for i in range(3):
                await outbox.enqueue(tx, chat_id=chat, text_html=f"{chat}: {i}", now=NOW)
        failed = await outbox.enqueue(tx, chat_id=9, text_html="9: failed", now=NOW)
        assert failed is not None
        await outbox_repo.mark_failed(tx, failed, "boom", NOW + timedelta(hours=1))
        await outbox.enqueue(tx, chat_id=9, text_html="9: behind it", now=NOW)
    async with db.transaction() as tx:
        rows = await outbox_repo.next_per_chat(tx, 50, NOW, leave_out=[7, 9, "@club"])
        assert [r.text_html for r in rows] == ["-1: 0", "8: 0"]
        rows = await outbox_repo.next_per_chat(tx, 1, NOW, leave_out=[-1])
        assert [r.text_html for r in rows] == ["7: 0"]
        rows = await outbox_repo.next_per_chat(tx, 50, NOW)
        assert [r.text_html for r in rows] == ["-1: 0", "7: 0", "8: 0"]


async def test_a_message_written_reads_only_the_rows_waiting_for_a_welcome(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every message written to a person moves what waits for their welcome behind it
    (``outbox_repo._welcome_goes_first``); in a large event thousands of rows wait on
    Telegram's pace, and reading them all cost milliseconds a message. The statement
    reads the rows waiting for a welcome along their partial index (migration 0039)."""
    database = await open_database(tmp_path / "w.sqlite3")
    written: list[tuple[str, tuple[object, ...]]] = []
    try:
        async with database.transaction() as tx:
            for i in range(50):  # a group's backlog
                await outbox.enqueue(tx, chat_id=-100, text_html=f"news {i}", now=NOW)
            real_write = tx.write

            async def spy(sql: str, params: tuple[object, ...] = ()) -> None:
                written.append((sql, tuple(params)))
                await real_write(sql, params)

            monkeypatch.setattr(tx, "write", spy)
            await outbox.enqueue(tx, chat_id=42, text_html="your match", now=NOW)
            monkeypatch.undo()
            (sql, params), = [w for w in written if "awaits_welcome = 0" in w[0]]
            plan = " ".join(str(r[3]) for r in await tx.all(f"EXPLAIN QUERY PLAN {sql}", params))
        assert "outbox_awaiting_welcome" in plan, plan
        assert "outbox_due" not in plan, plan
    finally:
        await database.close()
