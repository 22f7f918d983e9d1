"""The outbox sender through the real PTB Application (paced by ``pacing.ChatPacer``) and the
fake Telegram.

Rules checked ("Outbox"): a sender delivers outbox rows within Telegram's limits,
marks them sent, retries failures with back-off (a 429 after its retry_after, for that chat); a message refused for good
(Forbidden: the user blocked the bot) is marked so and shown to a TD; never lost; sent
twice only if Telegram's answer is lost after it carried the call out.
"""

from __future__ import annotations

import logging
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest

from bot.fakebot import (
    FakeUser,
    bad_request,
    chat_migrated,
    forbidden,
    garbled,
    retry_after,
    server_error,
    timed_out,
)
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.platform import outbox
from bot.service.platform.actors import Actor
from bot.store import outbox_repo
from bot.telegram.harness import BotUnderTest
from bot.telegram.sender import UNEXPECTED_ATTEMPTS


async def enqueue_to(bot: BotUnderTest, users: list[FakeUser], text: str = "Hello") -> None:
    async with bot.runtime.db.transaction() as tx:
        for user in users:
            await outbox.enqueue(tx, chat_id=user.id, text_html=f"{text} <b>{user.first_name}</b>",
                                 now=bot.clock())
    bot.runtime.sender.kick()


async def states(bot: BotUnderTest) -> Counter[str]:
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all("SELECT state FROM outbox")
    return Counter(r["state"] for r in rows)


def delivered(bot: BotUnderTest) -> Counter[int]:
    """How many times each chat got a message (successful sendMessage calls)."""
    return Counter(c.params["chat_id"] for c in bot.telegram.calls("sendMessage") if c.ok)


def users(bot: BotUnderTest, n: int) -> list[FakeUser]:
    made = [bot.telegram.add_user(f"User{i}") for i in range(n)]
    for user in made:
        bot.telegram.chat_of(user)  # they have written to the bot before
    return made


async def test_a_burst_of_429s_delays_messages_but_loses_and_doubles_none(tmp_path: Path) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3", max_retries=5) as bot:
        people = users(bot, 6)
        bot.telegram.faults.add("sendMessage", retry_after(1), times=3)
        await enqueue_to(bot, people)
        await bot.settle()
        # the three chats Telegram answered 429 wait out retry_after; the others do not
        assert delivered(bot) == Counter({u.id: 1 for u in people[3:]})
        await bot.advance(timedelta(seconds=1))
        assert delivered(bot) == Counter({u.id: 1 for u in people})
        assert len([c for c in bot.telegram.calls("sendMessage") if c.status == 429]) == 3
        assert await states(bot) == Counter({"sent": 6})


async def test_a_429_makes_the_row_wait_retry_after_then_go(
    tmp_path: Path,
) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3", max_retries=0) as bot:
        (ann,) = users(bot, 1)
        bot.telegram.faults.add("sendMessage", retry_after(30))
        await enqueue_to(bot, [ann])
        await bot.settle()
        assert delivered(bot) == Counter()
        assert await states(bot) == Counter({"pending": 1})
        await bot.advance(timedelta(seconds=29))
        assert delivered(bot) == Counter()
        await bot.advance(timedelta(seconds=1))
        assert delivered(bot) == Counter({ann.id: 1})


async def test_server_errors_back_off_doubling(tmp_path: Path) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann,) = users(bot, 1)
        bot.telegram.faults.add("sendMessage", server_error(502), times=2)
        await enqueue_to(bot, [ann])
        await bot.settle()  # first failure: next try in 5 s
        await bot.advance(timedelta(seconds=4))
        assert len(bot.telegram.calls("sendMessage")) == 1
        await bot.advance(timedelta(seconds=1))  # second failure: next try in 10 s
        assert len(bot.telegram.calls("sendMessage")) == 2
        await bot.advance(timedelta(seconds=9))
        assert delivered(bot) == Counter()
        await bot.advance(timedelta(seconds=1))
        assert delivered(bot) == Counter({ann.id: 1})
        async with bot.runtime.db.transaction() as tx:
            attempts = await tx.scalar("SELECT attempts FROM outbox")
        assert attempts == 3


async def test_a_lost_answer_is_the_one_way_to_get_a_message_twice(tmp_path: Path) -> None:
    """The promise of docs/operator-guide.md: at-least-once. Telegram carried the call out,
    its answer was lost (TimedOut), so the sender cannot know and sends again."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann,) = users(bot, 1)
        bot.telegram.faults.add("sendMessage", timed_out(delivered=True))
        await enqueue_to(bot, [ann])
        await bot.settle()
        await bot.advance(timedelta(seconds=5))
        assert len(bot.telegram.sent(ann)) == 2
        assert await states(bot) == Counter({"sent": 1})


DEFINITION = """
[event]
slug = "blocked-test"
name = "Blocked Test"
format = "single"

[[tds]]
name = "Tara TD"
telegram_id = 7001

[[players]]
name = "Ann Lee"
telegram_id = 7002

[[players]]
name = "Ben Ong"
telegram_id = 7003
"""


async def test_a_blocked_user_is_marked_so_and_shown_to_a_td(tmp_path: Path) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        tg = bot.telegram
        tara = tg.add_user("Tara", user_id=7001)
        ann = tg.add_user("Ann", user_id=7002)
        async with bot.runtime.db.transaction() as tx:
            await event_setup.create_event(tx, parse_definition(DEFINITION), by=Actor.cli(),
                                           now=bot.clock())
            ann_id = await tx.scalar("SELECT id FROM people WHERE tg_user_id = 7002")
        tg.chat_of(ann)
        tg.user_blocks_bot(ann)
        await bot.settle()
        async with bot.runtime.db.transaction() as tx:
            await outbox.enqueue(tx, person_id=ann_id, text_html="Your round is open",
                                 now=bot.clock())
        await bot.settle()
        assert await states(bot) == Counter({"blocked": 1})
        await bot.advance(timedelta(hours=2))
        assert len([c for c in tg.calls("sendMessage") if c.status == 403]) == 1  # not retried
        tg.user_sends(tara, "/pending")
        await bot.settle()
        report = tg.last_sent(tara).text or ""
        assert "refused for good" in report and "Ann Lee" in report and "blocked" in report


async def test_a_player_who_blocks_the_bot_after_a_forbidden_fault(tmp_path: Path) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann, ben) = users(bot, 2)
        bot.telegram.faults.add("sendMessage", forbidden(), chat_id=ann.id)
        await enqueue_to(bot, [ann, ben])
        await bot.settle()
        assert delivered(bot) == Counter({ben.id: 1})
        assert await states(bot) == Counter({"sent": 1, "blocked": 1})


async def test_a_malformed_message_is_tried_three_times_then_shown_as_refused(
    tmp_path: Path,
) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann,) = users(bot, 1)
        bot.telegram.faults.add("sendMessage", bad_request("can't parse entities"), times=5)
        await enqueue_to(bot, [ann])
        await bot.settle()
        await bot.advance(timedelta(seconds=5))
        await bot.advance(timedelta(seconds=10))
        await bot.advance(timedelta(hours=1))
        assert len(bot.telegram.calls("sendMessage")) == 3
        # Telegram refused the message itself (400): undeliverable, not "blocked by the user"
        assert await states(bot) == Counter({"undeliverable": 1})
        async with bot.runtime.db.transaction() as tx:
            assert "parse entities" in await tx.scalar("SELECT last_error FROM outbox")


async def test_an_undeliverable_message_is_shown_to_a_td_apart_from_blocked(
    tmp_path: Path,
) -> None:
    """Outbox: a message refused for good is marked so and shown to a TD; a
    BadRequest (chat not found) is 'undeliverable', a Forbidden is 'blocked'."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        tg = bot.telegram
        tara = tg.add_user("Tara", user_id=7001)
        ann = tg.add_user("Ann", user_id=7002)
        ben = tg.add_user("Ben", user_id=7003)
        async with bot.runtime.db.transaction() as tx:
            await event_setup.create_event(tx, parse_definition(DEFINITION), by=Actor.cli(),
                                           now=bot.clock())
        tg.chat_of(ann)
        tg.chat_of(ben)
        tg.user_blocks_bot(ann)
        bot.telegram.faults.add("sendMessage", bad_request("chat not found"), chat_id=ben.id,
                                times=5)
        async with bot.runtime.db.transaction() as tx:
            for tg_id in (ann.id, ben.id):
                person = await tx.scalar("SELECT id FROM people WHERE tg_user_id = ?", (tg_id,))
                await outbox.enqueue(tx, person_id=person, text_html="Round open", now=bot.clock())
        await bot.settle()
        for _ in range(3):
            await bot.advance(timedelta(minutes=5))
        assert await states(bot) == Counter({"blocked": 1, "undeliverable": 1})
        tg.user_sends(tara, "/pending")
        await bot.settle()
        report = tg.last_sent(tara).text or ""
        assert "Ann Lee (blocked the bot)" in report
        assert "Ben Ong (undeliverable): Chat not found" in report  # PTB capitalises it


async def test_a_message_over_telegrams_limit_arrives_in_pieces_buttons_last(
    tmp_path: Path,
) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann,) = users(bot, 1)
        text = "\n".join(f"<b>M{i}</b>: Player {i} v Player {i + 1}" for i in range(300))
        async with bot.runtime.db.transaction() as tx:
            await outbox.enqueue(tx, chat_id=ann.id, text_html=text, now=bot.clock(),
                                 buttons=[[("OK", "ok:1")]])
        await bot.settle()
        got = bot.telegram.sent(ann)
        assert len(got) == 3 and all(len(m.text or "") <= 4096 for m in got)
        assert [bool(m.buttons()) for m in got] == [False, False, True]
        assert "\n".join(m.text or "" for m in got).count("Player 299 v Player 300") == 1
        assert await states(bot) == Counter({"sent": 1})


async def test_a_failed_message_holds_back_later_ones_to_the_same_chat(tmp_path: Path) -> None:
    """Messages to one person arrive in the order they were written (docs/architecture.md, "One report,
    end to end": a player must not read "SF is open" before "the draw is made"): a row that
    failed and waits for its retry keeps that chat's later rows waiting; other chats go on."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        ann, ben = users(bot, 2)
        bot.telegram.faults.add("sendMessage", server_error(502), chat_id=ann.id)
        async with bot.runtime.db.transaction() as tx:
            for text in ("first", "second", "third"):
                await outbox.enqueue(tx, chat_id=ann.id, text_html=text, now=bot.clock())
            await outbox.enqueue(tx, chat_id=ben.id, text_html="for Ben", now=bot.clock())
        bot.runtime.sender.kick()
        await bot.settle()
        assert [m.text for m in bot.telegram.sent(ann)] == []
        assert [m.text for m in bot.telegram.sent(ben)] == ["for Ben"]
        await bot.advance(timedelta(seconds=5))  # the first one's retry
        assert [m.text for m in bot.telegram.sent(ann)] == ["first", "second", "third"]


async def test_messages_missed_while_blocked_arrive_when_the_person_writes_again(
    tmp_path: Path,
) -> None:
    """Outbox: a message is never lost; one refused because the person blocked
    the bot is shown to a TD, once per person however many there are. When the person
    unblocks and writes to the bot, what they missed is delivered, in order, and leaves
    the TD's list."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        tg = bot.telegram
        tara = tg.add_user("Tara", user_id=7001)
        ann = tg.add_user("Ann", user_id=7002)
        async with bot.runtime.db.transaction() as tx:
            await event_setup.create_event(tx, parse_definition(DEFINITION), by=Actor.cli(),
                                           now=bot.clock())
        tg.chat_of(ann)
        tg.user_blocks_bot(ann)
        async with bot.runtime.db.transaction() as tx:
            person = await tx.scalar("SELECT id FROM people WHERE tg_user_id = ?", (ann.id,))
            for text in ("The draw is made", "SF is open"):
                await outbox.enqueue(tx, person_id=person, text_html=text, now=bot.clock())
        await bot.settle()
        assert await states(bot) == Counter({"blocked": 2})
        tg.user_sends(tara, "/pending")
        await bot.settle()
        report = tg.last_sent(tara).text or ""
        assert report.count("Ann Lee (blocked the bot)") == 1 and "2 messages" in report

        tg.user_unblocks_bot(ann)
        tg.user_sends(ann, "hello again")
        await bot.settle()
        texts = [m.text or "" for m in tg.sent(ann)]
        assert texts[:2] == ["The draw is made", "SF is open"], texts
        tg.user_sends(tara, "/pending")
        await bot.settle()
        assert "Ann Lee" not in (tg.last_sent(tara).text or "")


async def test_a_long_message_failing_midway_sends_each_piece_once(tmp_path: Path) -> None:
    """Outbox: a message is sent twice only if the bot dies between Telegram's
    answer and recording it. A long message goes out in pieces; when a later piece fails,
    the retry sends only the pieces not yet delivered."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann,) = users(bot, 1)
        text = "\n".join(f"<b>M{i}</b>: Player {i} v Player {i + 1}" for i in range(300))
        bot.telegram.faults.add("sendMessage", server_error(502), after=1)
        async with bot.runtime.db.transaction() as tx:
            await outbox.enqueue(tx, chat_id=ann.id, text_html=text, now=bot.clock())
        await bot.settle()
        assert len(bot.telegram.sent(ann)) == 1
        await bot.advance(timedelta(seconds=5))
        got = "\n".join(m.text or "" for m in bot.telegram.sent(ann))
        assert len(bot.telegram.sent(ann)) == 3
        assert got.count("Player 0 v Player 1\n") == 1 and got.count("Player 299 v") == 1
        assert await states(bot) == Counter({"sent": 1})


@pytest.mark.parametrize(
    "fault",
    [garbled("message_id", "seven"), garbled(not_json=True)],
    ids=["id-as-text", "not-json"],
)
async def test_a_message_telegram_took_is_sent_once_even_if_its_answer_cannot_be_read(
    tmp_path: Path, fault: object, caplog: pytest.LogCaptureFixture,
) -> None:
    """Seen with a Bot API emulator that answered a field in an unexpected type: the same
    welcome four times in 40 s. Telegram answered ok, so the message is sent: recorded
    without a message id, with a warning, and never sent again."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann,) = users(bot, 1)
        bot.telegram.faults.add("sendMessage", fault, times=10)  # type: ignore[arg-type]
        with caplog.at_level(logging.WARNING, logger="bot.telegram.sender"):
            await enqueue_to(bot, [ann])
            await bot.settle()
            for _ in range(6):
                await bot.advance(timedelta(minutes=1))
        assert len(bot.telegram.sent(ann)) == 1
        assert await states(bot) == Counter({"sent": 1})
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT message_id FROM outbox") is None
        assert "answer could not be read" in caplog.text


@pytest.mark.parametrize(
    "fault", [garbled(), garbled("chat", "private")], ids=["date-as-text", "chat-as-text"])
async def test_an_answer_odd_only_in_a_field_the_sender_does_not_read_records_its_id(
    tmp_path: Path, fault: object, caplog: pytest.LogCaptureFixture,
) -> None:
    """The sender reads only the message id of Telegram's answer (it is not turned into
    PTB's ``Message``): a field of another type elsewhere in it changes nothing, the
    message is recorded with its id (so a later edit of it can be made) and no warning."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann,) = users(bot, 1)
        bot.telegram.faults.add("sendMessage", fault, times=10)  # type: ignore[arg-type]
        with caplog.at_level(logging.WARNING, logger="bot.telegram.sender"):
            await enqueue_to(bot, [ann])
            await bot.settle()
        (message,) = bot.telegram.sent(ann)
        assert await states(bot) == Counter({"sent": 1})
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT message_id FROM outbox") == message.message_id
        assert "answer could not be read" not in caplog.text


async def test_a_failure_neither_refusal_nor_network_is_tried_five_times_then_shown_to_a_td(
    tmp_path: Path,
) -> None:
    """A group that became a supergroup answers 400 with migrate_to_chat_id (PTB:
    ChatMigrated, not BadRequest). Retrying forever helps nobody: after UNEXPECTED_ATTEMPTS
    tries, with back-off, the message is undeliverable, with the reason, in the TD's list."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann,) = users(bot, 1)
        bot.telegram.faults.add("sendMessage", chat_migrated(-1009876), times=100)
        await enqueue_to(bot, [ann])
        await bot.settle()
        for wait in (5, 10, 20, 40):  # retry_delay: 5 s, doubling
            assert await states(bot) == Counter({"pending": 1})
            await bot.advance(timedelta(seconds=wait - 1))
            calls = len(bot.telegram.calls("sendMessage"))
            await bot.advance(timedelta(seconds=1))
            assert len(bot.telegram.calls("sendMessage")) == calls + 1
        await bot.advance(timedelta(hours=2))
        assert len(bot.telegram.calls("sendMessage")) == UNEXPECTED_ATTEMPTS == 5
        assert await states(bot) == Counter({"undeliverable": 1})
        async with bot.runtime.db.transaction() as tx:
            (shown,) = await outbox_repo.refused(tx)
            attempts = await tx.scalar("SELECT attempts FROM outbox")
        assert shown["state"] == "undeliverable" and "-1009876" in shown["last_error"]
        assert attempts == 5


async def test_a_row_the_sender_cannot_build_is_given_up_without_a_call(tmp_path: Path) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann,) = users(bot, 1)
        async with bot.runtime.db.transaction() as tx:  # as an older, buggy version wrote it
            await outbox.enqueue(tx, chat_id=ann.id, text_html="Broken", now=bot.clock())
            await tx.execute("UPDATE outbox SET buttons_json = '[[{\"label\": \"OK\"}]]'")
        await bot.settle()
        for _ in range(5):
            await bot.advance(timedelta(minutes=2))
        assert bot.telegram.calls("sendMessage") == []
        assert await states(bot) == Counter({"undeliverable": 1})
        async with bot.runtime.db.transaction() as tx:
            assert "KeyError" in await tx.scalar("SELECT last_error FROM outbox")


async def test_network_failures_are_retried_for_as_long_as_it_takes(tmp_path: Path) -> None:
    """Only unexpected failures are bounded: Telegram being unreachable for a while (5xx,
    time-outs) is retried until it works, and the message arrives once."""
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        (ann,) = users(bot, 1)
        bot.telegram.faults.add("sendMessage", server_error(502), times=4)
        bot.telegram.faults.add("sendMessage", timed_out(), times=4)
        await enqueue_to(bot, [ann])
        await bot.settle()
        for _ in range(9):
            await bot.advance(timedelta(hours=1))
        assert delivered(bot) == Counter({ann.id: 1})
        async with bot.runtime.db.transaction() as tx:
            row = await tx.one("SELECT state, attempts, unexpected_failures FROM outbox")
        assert row is not None and tuple(row) == ("sent", 9, 0)
