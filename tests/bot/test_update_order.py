"""Updates handled several at a time, each chat's in order (bot/telegram/update_queue.py).

A handler waits on the network (a button's answer, a direct reply): that wait must not hold
up another person's report fetched with it, and a person's own next message must wait for
it, so that what they send is applied in the order they sent it. The confirmation rules
(Telegram forgets an update only once it is applied) hold with concurrency: a webhook's
``put`` returns once its own update is handled; getUpdates confirms a batch once all of it
is.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from telegram import Chat, Message, Update, User
from telegram.request import RequestData

from bot.fakebot import methods
from bot.telegram.update_queue import ApplyThenConfirm, ConfirmWhenApplied, InChatOrder
from tests.bot.club_chat import club_cup_bot, last, say, user

WHEN = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def update(update_id: int, chat_id: int) -> Update:
    chat = Chat(chat_id, "private")
    sender = User(chat_id, "P", is_bot=False)
    return Update(update_id, message=Message(update_id, WHEN, chat, from_user=sender,
                                             text="hi"))


class Steps:
    """Handlers that note when they start and end, and wait for a gate of their own."""

    def __init__(self) -> None:
        self.log: list[str] = []
        self.gates: dict[int, asyncio.Event] = {}

    def gate(self, update_id: int) -> asyncio.Event:
        return self.gates.setdefault(update_id, asyncio.Event())

    async def handle(self, u: Update) -> None:
        self.log.append(f"start {u.update_id}")
        if u.update_id in self.gates:
            await self.gates[u.update_id].wait()
        self.log.append(f"end {u.update_id}")


async def feed(queue: ApplyThenConfirm, order: InChatOrder, steps: Steps,
               updates: list[Update]) -> list[asyncio.Task[None]]:
    """What PTB's update fetcher does with concurrent updates: a task per update, in the
    queue's order, each calling the processor and then ``task_done``."""
    for u in updates:
        await queue.put(u)
    tasks = []
    for _ in updates:
        u = await queue.get()
        assert isinstance(u, Update)

        async def run(u: Update = u) -> None:
            try:
                await order.process_update(u, steps.handle(u))
            finally:
                queue.task_done()

        tasks.append(asyncio.create_task(run()))
    return tasks


async def test_one_chat_waits_for_its_previous_update_and_other_chats_do_not() -> None:
    queue = ApplyThenConfirm()
    order = InChatOrder(queue)
    steps = Steps()
    held = steps.gate(1)  # Ann's first update waits on the network
    tasks = await feed(queue, order, steps, [update(1, 11), update(2, 12), update(3, 11)])
    for _ in range(20):
        await asyncio.sleep(0)
    # Ben (chat 12) was handled while Ann's first was held; Ann's second waits its turn
    assert steps.log == ["start 1", "start 2", "end 2"]
    held.set()
    await asyncio.gather(*tasks)
    assert steps.log == ["start 1", "start 2", "end 2", "end 1", "start 3", "end 3"]
    await queue.join()


async def test_a_chat_keeps_its_order_after_a_cancelled_wait() -> None:
    """A stop that cancels an update waiting its turn leaves that update unrun (its
    coroutine closed) and the chat's next update still runs after the first."""
    queue = ApplyThenConfirm()
    order = InChatOrder(queue)
    steps = Steps()
    held = steps.gate(1)
    tasks = await feed(queue, order, steps, [update(1, 11), update(2, 11), update(3, 11)])
    for _ in range(5):
        await asyncio.sleep(0)
    tasks[1].cancel()
    held.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    assert steps.log == ["start 1", "end 1", "start 3", "end 3"]


async def test_a_webhook_apply_returns_once_its_own_update_is_handled() -> None:
    """Webhook: Telegram's POST is answered when ``apply`` returns, which confirms the
    update; it returns once that update is handled, not before, and not later than that
    (another chat's held update does not hold it)."""
    queue = ApplyThenConfirm()
    order = InChatOrder(queue)
    steps = Steps()
    held = steps.gate(1)
    first = asyncio.create_task(queue.apply(update(1, 11)))
    second = asyncio.create_task(queue.apply(update(2, 12)))
    for _ in range(5):
        await asyncio.sleep(0)
    assert not first.done() and not second.done()  # queued, not handled: not confirmed
    tasks = []
    for _ in range(2):
        u = await queue.get()
        assert isinstance(u, Update)
        tasks.append(asyncio.create_task(order.process_update(u, steps.handle(u))))
    await asyncio.wait_for(second, 5)  # chat 12 handled: its POST is answered
    assert not first.done()  # chat 11 still handling: Telegram still holds it
    held.set()
    assert await asyncio.wait_for(first, 5) is True
    assert second.result() is True
    await asyncio.gather(*tasks)


async def test_a_webhook_update_cut_off_by_a_stop_is_not_confirmed() -> None:
    """An update whose handler a stop cancels, and one cancelled while waiting for its
    chat's earlier one, never ran to their end: ``apply`` says so, and the webhook answers
    no 200 (Telegram posts them again)."""
    queue = ApplyThenConfirm()
    order = InChatOrder(queue)
    steps = Steps()
    steps.gate(1)  # never opened: update 1 is still in its handler at the stop
    first = asyncio.create_task(queue.apply(update(1, 11)))
    second = asyncio.create_task(queue.apply(update(2, 11)))
    tasks = []
    for _ in range(2):
        u = await queue.get()
        assert isinstance(u, Update)
        tasks.append(asyncio.create_task(order.process_update(u, steps.handle(u))))
    for _ in range(5):
        await asyncio.sleep(0)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    assert await asyncio.wait_for(first, 5) is False
    assert await asyncio.wait_for(second, 5) is False
    assert steps.log == ["start 1"]


class Recorded:
    """A request that notes its calls, standing for the network."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    @property
    def read_timeout(self) -> float | None:
        return 5.0

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         **timeouts: Any) -> tuple[int, bytes]:
        self.calls.append(url)
        return 200, b'{"ok": true, "result": []}'


async def test_get_updates_waits_until_every_queued_update_is_handled() -> None:
    """Long polling: the next getUpdates' offset confirms the batch before it, so it is not
    sent while any update of that batch is still being handled."""
    queue = ApplyThenConfirm()
    order = InChatOrder(queue)
    steps = Steps()
    held = steps.gate(1)
    network = Recorded()
    polling = ConfirmWhenApplied(network, queue)  # type: ignore[arg-type]
    tasks = await feed(queue, order, steps, [update(1, 11), update(2, 12)])
    poll = asyncio.create_task(polling.do_request("https://x/getUpdates", "POST"))
    for _ in range(20):
        await asyncio.sleep(0)
    assert network.calls == []  # update 1 is still being handled
    held.set()
    await asyncio.gather(*tasks)
    await asyncio.wait_for(poll, 5)
    assert network.calls == ["https://x/getUpdates"]


async def test_a_press_waiting_on_telegram_holds_up_nobody_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the bot: Ann's press is applied and the bot's answer to it (answerCallbackQuery)
    hangs at Telegram. Ben's report, fetched with it, is applied and answered meanwhile;
    Ann's own next message waits for her press, then is answered."""
    gate = asyncio.Event()
    held = asyncio.Event()
    answer = methods.METHODS["answerCallbackQuery"]

    async def slow_answer(world: Any, params: Any, uploads: Any) -> Any:
        held.set()
        await gate.wait()
        return await answer(world, params, uploads)

    async with club_cup_bot(tmp_path) as bot:
        assert "Who started?" in await say(bot, "Ann Lee", "412-380")
        monkeypatch.setitem(methods.METHODS, "answerCallbackQuery", slow_answer)
        ann, ben = user(bot, "Ann Lee"), user(bot, "Ben Ong")
        # one getUpdates batch: nothing here lets the bot run before all three are queued
        bot.telegram.tap_label(ann, "I started")
        bot.telegram.user_sends(ben, "400-350")
        bot.telegram.user_sends(ann, "/matches")
        try:
            await asyncio.wait_for(held.wait(), 10)
            await bot.telegram.wait_until(lambda: "Who started?" in last(bot, "Ben Ong"),
                                          timeout=10, what="Ben's report to be answered")
            # her press was applied (its Confirm comes through the outbox, maybe a moment later)
            await bot.telegram.wait_until(lambda: "Confirm" in str(bot.telegram.buttons_of(ann)),
                                          timeout=10, what="Ann's press to be applied")
            assert "Your matches" not in last(bot, "Ann Lee")  # her next message waits
        finally:
            gate.set()
        await bot.settle()
        assert bot.telegram.pending_updates() == 0
        assert last(bot, "Ann Lee").startswith("Your matches")  # answered after the press
