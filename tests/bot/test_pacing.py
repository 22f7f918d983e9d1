"""Pacing to Telegram's limits (Bots FAQ: 1 message a second per chat, 20 a minute per group,
about 30 a second overall), chat by chat.

The pacer alone (``ChatPacer`` on ``VirtualTime``), then the real bot's outbox sender
against the fake Telegram with its flood control judging by the same virtual clock: a send
beyond a limit would be answered 429 there. No test sleeps for real seconds.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from telegram.error import RetryAfter

from bot.fakebot import FakeTelegram, FakeUser, FloodControl, retry_after
from bot.service.platform import outbox
from bot.telegram.clock import SimClock
from bot.telegram.harness import DEFAULT_START, BotUnderTest
from bot.telegram.pacing import (
    CHAT_INTERVAL,
    GROUP_LIMIT,
    GROUP_WINDOW,
    NO_RETRY,
    OVERALL_LIMIT,
    ChatPacer,
    VirtualTime,
)
from bot.telegram.sender import BATCH

GROUP = -100123


async def send(pacer: ChatPacer, chat: int, endpoint: str = "sendMessage") -> float:
    """One call through the pacer, as PTB makes it; returns the (virtual) time it went."""
    went: list[float] = []

    async def call() -> dict[str, Any]:
        went.append(pacer.time.monotonic())
        return {}

    await pacer.process_request(call, (), {}, endpoint, {"chat_id": chat}, None)
    return went[0]


async def test_a_private_chat_gets_one_message_a_second_and_others_do_not_wait() -> None:
    pacer = ChatPacer(VirtualTime())
    first = await send(pacer, 1)
    other = await send(pacer, 2)
    second = await send(pacer, 1)
    assert other == first  # another chat is not held up
    assert second - first >= CHAT_INTERVAL
    assert pacer.wait(1) > 0 and pacer.wait(3) == 0


async def test_a_group_gets_twenty_a_minute() -> None:
    pacer = ChatPacer(VirtualTime())
    times = [await send(pacer, GROUP) for _ in range(GROUP_LIMIT + 5)]
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
    assert min(gaps) >= CHAT_INTERVAL  # a group is a chat too
    for i in range(GROUP_LIMIT, len(times)):
        assert times[i] - times[i - GROUP_LIMIT] >= GROUP_WINDOW  # any minute: at most 20
    assert times[GROUP_LIMIT - 1] - times[0] < GROUP_WINDOW / 2  # but not spread over it


async def test_overall_thirty_a_second() -> None:
    pacer = ChatPacer(VirtualTime())
    times = [await send(pacer, chat) for chat in range(1, 2 * OVERALL_LIMIT + 1)]
    assert times[OVERALL_LIMIT - 1] == times[0]  # the first 30 chats at once
    for i in range(OVERALL_LIMIT, len(times)):
        assert times[i] - times[i - OVERALL_LIMIT] >= 1.0


async def test_a_429_holds_that_chat_only_and_a_direct_call_tries_again() -> None:
    pacer = ChatPacer(VirtualTime(), max_retries=1)
    answers: list[float] = []

    async def flooded() -> dict[str, Any]:
        answers.append(pacer.time.monotonic())
        if len(answers) == 1:
            raise RetryAfter(7)
        return {}

    await pacer.process_request(flooded, (), {}, "sendMessage", {"chat_id": 1}, None)
    assert answers[1] - answers[0] >= 7  # tried again once the hold was over
    pacer.hold(1, 30)
    assert pacer.wait(1) >= 29 and pacer.wait(2) == 0

    async def refused() -> dict[str, Any]:
        raise RetryAfter(3)

    start = pacer.time.monotonic()
    with pytest.raises(RetryAfter):  # the outbox sender's calls are not retried in the call
        await pacer.process_request(refused, (), {}, "sendMessage", {"chat_id": 2}, NO_RETRY)
    assert pacer.time.monotonic() == start and pacer.wait(2) >= 3 - 0.01


async def test_what_is_not_a_message_never_waits() -> None:
    """A pressed button's spinner stops at once (answerCallbackQuery), and its buttons go
    (editMessageReplyMarkup), whatever that chat's messages wait for."""
    pacer = ChatPacer(VirtualTime())
    pacer.hold(1, 60)
    start = pacer.time.monotonic()
    assert await send(pacer, 1, "editMessageReplyMarkup") == start

    async def answer() -> bool:
        return True

    assert await pacer.process_request(answer, (), {}, "answerCallbackQuery",
                                       {"callback_query_id": "9"}, None) is True
    assert pacer.time.monotonic() == start


async def test_the_chats_that_must_wait_are_known_without_a_walk_and_leave_in_turn() -> None:
    """``waiting_chats``: each chat's own turn, a 429 hold, a message under way, a group's
    minute; never the overall limit (it holds every chat alike). The first turn first."""
    pacer = ChatPacer(VirtualTime())
    def chats() -> list[int | str]:
        return [chat for chat, _ in pacer.waiting_chats()]

    assert pacer.waiting_chats() == []
    pacer.hold(2, 5)
    await send(pacer, 1)
    assert chats() == [1, 2]  # the first turn first
    assert pacer.waiting_chats()[0][1] == pytest.approx(CHAT_INTERVAL, abs=0.02)
    await pacer.time.sleep(CHAT_INTERVAL + 0.02)
    assert chats() == [2] and pacer.wait(1) == 0
    assert pacer.waiting_chats()[0][1] == pytest.approx(5 - CHAT_INTERVAL, abs=0.05)
    await pacer.time.sleep(5)
    assert pacer.waiting_chats() == []
    await pacer.turn(3)  # under way: its answer sets its turn
    assert pacer.waiting_chats() == [(3, CHAT_INTERVAL / 10)]
    pacer.done(3)
    for _ in range(GROUP_LIMIT):
        await send(pacer, GROUP)
    await pacer.time.sleep(CHAT_INTERVAL + 0.02)
    assert pacer.waiting_chats() == [(GROUP, pytest.approx(pacer.wait(GROUP)))]  # 20 spent
    for chat in range(100, 100 + OVERALL_LIMIT):
        await send(pacer, chat)
    assert pacer.wait(99) > 0 and 99 not in chats()


# --- through the real bot --------------------------------------------------------------
class Judged:
    """The fake Telegram with flood control on the pacer's virtual clock, and a record of
    every send it let through: (virtual time, chat)."""

    def __init__(self, tmp_path: Path) -> None:
        self.time = VirtualTime()
        self.flood = FloodControl(monotonic=self.time.monotonic)
        check = self.flood.check
        self.sends: list[tuple[float, int | str]] = []

        def judged(chat_id: int | str, is_group: bool) -> None:
            check(chat_id, is_group)
            self.sends.append((self.time.monotonic(), chat_id))

        self.flood.check = judged  # type: ignore[method-assign]
        clock = SimClock(DEFAULT_START)
        self.bot = BotUnderTest(tmp_path / "db.sqlite3", pace_time=self.time, clock=clock,
                                telegram=FakeTelegram(bot_username="PaceBot", clock=clock,
                                                      flood=self.flood))

    def times(self, chat: int | str) -> list[float]:
        return [t for t, c in self.sends if c == chat]

    def refused(self) -> int:
        return sum(1 for c in self.bot.telegram.calls() if c.status == 429)


def people(tg: FakeTelegram, n: int) -> list[FakeUser]:
    made = [tg.add_user(f"User{i}") for i in range(n)]
    for user in made:
        tg.chat_of(user)
    return made


async def enqueue(bot: BotUnderTest, *queues: tuple[int, list[str]]) -> None:
    """Queue each chat's texts, in one transaction (the sender sees all or none)."""
    async with bot.runtime.db.transaction() as tx:
        for chat, texts in queues:
            for text in texts:
                await outbox.enqueue(tx, chat_id=chat, text_html=text, now=bot.clock())


async def test_the_sender_paces_each_chat_keeps_its_order_and_lets_others_go(
    tmp_path: Path,
) -> None:
    judged = Judged(tmp_path)
    async with judged.bot as bot:
        ann, ben = people(bot.telegram, 2)
        assert bot.app is not None
        await bot.app.bot.send_message(ann.id, "A direct answer")  # Ann's turn: a second on
        long = "\n".join(f"Line {i}: {'x' * 60}" for i in range(150))  # three pieces
        mine = [f"Ann {i}" for i in range(BATCH + 5)] + [long, "Ann last"]
        # more of Ann's than a pass reads, and all before Ben's
        await enqueue(bot, (ann.id, mine), (ben.id, ["Ben 0", "Ben 1"]))
        await bot.settle()

        assert judged.refused() == 0
        got = [m.text or "" for m in bot.telegram.sent(ann)]
        assert got[:BATCH + 6] == ["A direct answer"] + mine[:BATCH + 5]
        assert "Line 0:" in got[-4] and "Line 149:" in got[-2] and got[-1] == "Ann last"
        ann_t, ben_t = judged.times(ann.id), judged.times(ben.id)
        assert min(b - a for a, b in zip(ann_t, ann_t[1:], strict=False)) >= CHAT_INTERVAL
        assert ben_t[0] < ann_t[1]  # Ann's turn and her long queue do not hold Ben up
        assert ben_t[1] < ann_t[2]
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM outbox WHERE state = 'sent'") == len(
                mine) + 2


async def test_a_group_and_a_crowd_stay_within_limits(tmp_path: Path) -> None:
    judged = Judged(tmp_path)
    async with judged.bot as bot:
        tg = bot.telegram
        olga = tg.add_user("Olga")
        group = tg.add_group("Club", members=[olga])
        crowd = people(tg, 45)
        await enqueue(bot, (group.id, [f"Post {i}" for i in range(GROUP_LIMIT + 2)]),
                      *((user.id, [f"Hi {user.id}"]) for user in crowd))
        await bot.settle()

        assert judged.refused() == 0
        posts = judged.times(group.id)
        assert len(posts) == GROUP_LIMIT + 2
        assert posts[GROUP_LIMIT] - posts[0] >= GROUP_WINDOW
        everyone = sorted(t for t, _ in judged.sends)
        assert all(everyone[i] - everyone[i - OVERALL_LIMIT] >= 1.0
                   for i in range(OVERALL_LIMIT, len(everyone)))
        assert max(t for t, c in judged.sends if c != group.id) < 3.0  # the crowd: no minute


async def test_a_429_for_one_chat_holds_that_chat_only(tmp_path: Path) -> None:
    judged = Judged(tmp_path)
    async with judged.bot as bot:
        ann, ben = people(bot.telegram, 2)
        bot.telegram.faults.add("sendMessage", retry_after(5), chat_id=ann.id)
        await enqueue(bot, (ann.id, ["Ann 1", "Ann 2"]), (ben.id, ["Ben 1", "Ben 2"]))
        await bot.settle()
        assert [m.text for m in bot.telegram.sent(ben)] == ["Ben 1", "Ben 2"]
        assert bot.telegram.sent(ann) == []  # both wait: the second behind the first
        await bot.advance(timedelta(seconds=4))
        assert bot.telegram.sent(ann) == []
        await bot.advance(timedelta(seconds=1))
        assert [m.text for m in bot.telegram.sent(ann)] == ["Ann 1", "Ann 2"]
        assert Counter(m.chat.id for m in bot.telegram.sent(ann)) == Counter({ann.id: 2})


async def test_a_chat_waiting_its_turn_or_held_by_a_429_is_not_read_while_others_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pass leaves the chats that must wait out of its read (inside SQLite): none of their
    rows is read while another chat's row goes; once their turn comes their rows go, in
    order."""
    reads: list[tuple[list[int | str], list[tuple[int, str]]]] = []
    read = outbox.next_per_chat

    async def spy(db: Any, limit: int, now: Any, leave_out: Any = (), **claim: Any) -> Any:
        rows = await read(db, limit, now, leave_out, **claim)
        reads.append((list(leave_out), [(r.chat_id, r.text_html) for r in rows]))
        return rows

    monkeypatch.setattr(outbox, "next_per_chat", spy)
    judged = Judged(tmp_path)
    async with judged.bot as bot:
        ann, ben, cat = people(bot.telegram, 3)
        assert bot.app is not None
        pacer = bot.app.bot.rate_limiter
        assert isinstance(pacer, ChatPacer)
        await bot.app.bot.send_message(ann.id, "A direct answer")  # Ann: a second on
        pacer.hold(cat.id, 5)  # Telegram answered 429 for Cat
        held_from = judged.time.monotonic()
        await enqueue(bot, (ann.id, ["Ann 1", "Ann 2"]), (cat.id, ["Cat 1", "Cat 2"]),
                      (ben.id, ["Ben 1"]))
        await bot.settle()

        assert any(ann.id in out and cat.id in out and rows == [(ben.id, "Ben 1")]
                   for out, rows in reads)
        assert all(chat not in out for out, rows in reads for chat, _ in rows)
        assert [m.text for m in bot.telegram.sent(ann)] == ["A direct answer", "Ann 1", "Ann 2"]
        assert [m.text for m in bot.telegram.sent(cat)] == ["Cat 1", "Cat 2"]
        ann_t, cat_t = judged.times(ann.id), judged.times(cat.id)
        assert min(b - a for a, b in zip(ann_t, ann_t[1:], strict=False)) >= CHAT_INTERVAL
        assert cat_t[0] - held_from >= 5 and judged.refused() == 0
