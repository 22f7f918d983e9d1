"""The outbox (messages written in the same transaction as the change) and the
repository the sender reads it through (contract between B1 and B3)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service import outbox
from bot.service.people import add_person
from bot.store import outbox_repo
from bot.store.db import Database

NOW = datetime(2016, 8, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "t.sqlite3")
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
