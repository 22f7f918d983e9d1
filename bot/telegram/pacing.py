"""Pacing messages to Telegram's limits, chat by chat.

Telegram's Bots FAQ ("My bot is hitting limits, how do I avoid this?"): in one chat, avoid
more than one message per second; in a group, no more than 20 messages per minute; overall,
no more than about 30 messages per second. Beyond that the Bot API answers 429 with a
``retry_after``. ``ChatPacer`` keeps every message the bot sends inside those three limits
(sliding windows: at most 1 in any second per chat, 20 in any minute per group -- groups keep
the 1 a second as well, being chats --, 30 in any second overall), and it is PTB's rate
limiter (``ApplicationBuilder.rate_limiter``), so every call goes through it:

- **Messages** (``PACED``: sendMessage, sendPhoto, editMessageText ...) wait for their chat's
  turn, never for another chat's. The outbox sender (``sender.py``) asks which chats must
  wait (``waiting_chats``), leaves them out of its read, and asks ``wait(chat)`` before each
  send, so its calls do not wait here; a direct answer (a refusal said at once) waits at
  most its own chat's turn.
- **Everything else** (answerCallbackQuery, removing the pressed message's buttons,
  setMyCommands, getUpdates) goes at once: it is not a message, and a person who pressed a
  button must see the spinner stop whatever the message queue holds.
- **A 429** holds that chat only, for Telegram's ``retry_after``. A direct call is tried
  again after it (``max_retries`` times); the outbox sender asks for no retry
  (``rate_limit_args=NO_RETRY``) and records the row's retry in the database instead, where
  it survives a restart.

Why not PTB's AIORateLimiter: it paces overall and per group but not per private chat, so a
player sent two messages within a second draws a 429; and on any 429 it holds *every* call,
answerCallbackQuery included, for ``retry_after`` + 0.1 s, so one chat's flood stalls every
button in the bot (bench.load measured 1.1 s p99 queued-to-commit). Stacked under this pacer
it would only pace twice, so it is gone.

Nothing here needs to survive a restart: after a start the chats' last sends are forgotten,
which can at worst draw one 429 per chat, and the outbox retries that row after
``retry_after`` (the database keeps it). Several workers sending for one bot keep the same
limits in the database as well (``FLEET_LIMITS``, ``bot/store/turns_repo.py``), so the
fleet as a whole keeps them; this pacer still paces each worker's own calls.

Time is injected (``PaceTime``): ``RealTime`` in production, ``VirtualTime`` in tests and the
demo, where waiting for a turn moves a counter instead of sleeping, so a test that sends a
player ten messages does not take ten seconds.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math
import time
import warnings
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Protocol

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter
from telegram.warnings import PTBDeprecationWarning

from bot.store.turns_repo import Limits

#: Bot API methods that put a message in a chat: the ones Telegram's limits count.
PACED = frozenset({
    "sendMessage", "sendPhoto", "sendDocument", "sendMediaGroup", "sendAnimation",
    "sendVideo", "sendAudio", "sendVoice", "sendSticker", "sendPoll", "sendLocation",
    "sendContact", "copyMessage", "forwardMessage", "editMessageText", "editMessageCaption",
    "editMessageMedia",
})
#: Telegram's Bots FAQ: one message a second in a chat.
CHAT_INTERVAL = 1.0
#: Telegram's Bots FAQ: 20 messages a minute in a group.
GROUP_LIMIT = 20
GROUP_WINDOW = 60.0
#: Telegram's Bots FAQ: about 30 messages a second overall.
OVERALL_LIMIT = 30
OVERALL_WINDOW = 1.0
#: Kept on top of every interval, so that rounding (ours or Telegram's) never makes a send
#: land a hair inside a window.
MARGIN = 0.01
#: The same limits, as several workers keep them in the database (``bot/store/turns_repo``).
FLEET_LIMITS = Limits(CHAT_INTERVAL, GROUP_LIMIT, GROUP_WINDOW, OVERALL_LIMIT, OVERALL_WINDOW,
                      MARGIN)
#: How often a direct call that met a 429 is tried again (after retry_after, that chat only).
MAX_RETRIES = 5
#: A chat idle this long is forgotten (its state is a few numbers, but there are many chats).
FORGET_AFTER = GROUP_WINDOW + 1.0


class PaceTime(Protocol):
    """A monotonic clock in seconds, and a way to wait on it."""

    def monotonic(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class RealTime:
    """The process's monotonic clock and ``asyncio.sleep`` (production, benchmarks)."""

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class VirtualTime:
    """Time that moves only when someone waits: ``sleep(s)`` adds ``s`` and yields once.
    For tests and the demo; give the fake's ``FloodControl`` the same ``monotonic`` and it
    judges the bot's sends by the same clock."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        await asyncio.sleep(0)


@dataclass
class _Chat:
    group: bool
    last: float = -math.inf  # when Telegram answered the last message to it
    # groups: the answers to its last GROUP_LIMIT messages (only the oldest of them counts)
    minute: deque[float] = field(default_factory=lambda: deque(maxlen=GROUP_LIMIT))
    busy: bool = False  # a message to it is under way
    held_until: float = -math.inf  # a 429's retry_after
    ready: float = -math.inf  # when its next turn comes (``_schedule``)


@dataclass(frozen=True)
class Tries:
    """A call's ``rate_limit_args``: how many times to try again after a 429 (an object,
    not a bare int: PTB drops falsy ``rate_limit_args``, so 0 would never arrive)."""

    retries: int


#: For the outbox sender: no retry inside the call, the row's retry is in the database.
NO_RETRY = Tries(retries=0)


def is_group(chat_id: int | str) -> bool:
    """Group, supergroup and channel ids are negative; a ``@name`` is a public one."""
    return isinstance(chat_id, str) or chat_id < 0


def retry_after_seconds(exc: RetryAfter) -> float:
    with warnings.catch_warnings():  # PTB 22.2+: int now, timedelta later
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        wait = exc.retry_after
    return wait.total_seconds() if isinstance(wait, timedelta) else float(wait)


class ChatPacer(BaseRateLimiter[Tries]):
    """PTB's rate limiter for the bot: messages paced per chat, per group and overall (the
    module docstring says how and why). ``rate_limit_args``: how many times to try again
    after a 429 (the outbox sender passes ``NO_RETRY``; None means ``max_retries``)."""

    def __init__(self, pace_time: PaceTime | None = None, *,
                 max_retries: int = MAX_RETRIES) -> None:
        self.time: PaceTime = pace_time or RealTime()
        self._max_retries = max_retries
        self._chats: dict[int | str, _Chat] = {}
        self._second: deque[float] = deque()  # answers to messages in the last second
        self._under_way = 0
        self._calls = 0
        # The chats whose turn is still to come (inf: a message to it is under way), and
        # their turns in a heap (time, order, chat): ``waiting_chats`` drops the turns that
        # came from its top instead of walking every chat. An entry whose time is no longer
        # the chat's turn is stale and dropped when it reaches the top.
        self._waiting: dict[int | str, float] = {}
        self._turns: list[tuple[float, int, int | str]] = []
        self._order = itertools.count()

    async def initialize(self) -> None:
        """Nothing to open: the state is a few numbers per chat, in memory."""

    async def shutdown(self) -> None:
        """Nothing to close."""

    def _chat(self, chat_id: int | str) -> _Chat:
        chat = self._chats.get(chat_id)
        if chat is None:
            chat = self._chats[chat_id] = _Chat(is_group(chat_id))
        return chat

    def wait(self, chat_id: int | str) -> float:
        """Seconds until a message to ``chat_id`` may go (0: now): its chat's turn, a 429's
        hold on it, and the overall limit."""
        now = self.time.monotonic()
        return max(self._chat_wait(chat_id, now), self._overall_wait(now))

    def waiting_chats(self) -> list[tuple[int | str, float]]:
        """The chats a message may not go to now, each with the seconds until its turn,
        the first turn first: their own turn has not come (one a second, twenty a minute in
        a group), a 429 holds them, or a message to them is under way (look again shortly:
        its answer sets the turn). Not the overall limit, which holds every chat alike
        (``wait`` adds it). The outbox sender leaves these chats out of its read, so it
        spends nothing on the many chats that wait their second under load. Cheap: the
        turns that came are dropped from the top of a heap; the chats still waiting are
        the ones listed."""
        now = self.time.monotonic()
        self._drop_turns_come(now)
        soon = CHAT_INTERVAL / 10
        return sorted(((key, soon if ready == math.inf else ready - now)
                       for key, ready in self._waiting.items()), key=lambda kv: kv[1])

    def _drop_turns_come(self, now: float) -> None:
        turns, waiting = self._turns, self._waiting
        while turns and (turns[0][0] <= now or waiting.get(turns[0][2]) != turns[0][0]):
            ready, _, key = heapq.heappop(turns)
            if waiting.get(key) == ready:
                del waiting[key]

    def _schedule(self, chat_id: int | str, chat: _Chat) -> None:
        """Work out when ``chat``'s next turn comes, after what changed it (an answer, a
        429, a message under way): at least a second after the last answer, after any 429
        hold, and for a group a minute after the oldest of its last twenty answers."""
        if chat.busy:  # its answer sets the next turn
            self._waiting[chat_id] = math.inf
            return
        ready = max(chat.held_until, chat.last + CHAT_INTERVAL + MARGIN)
        if chat.group and len(chat.minute) >= GROUP_LIMIT:
            ready = max(ready, chat.minute[-GROUP_LIMIT] + GROUP_WINDOW + MARGIN)
        chat.ready = ready
        if ready > self.time.monotonic():
            self._waiting[chat_id] = ready
            heapq.heappush(self._turns, (ready, next(self._order), chat_id))
        else:
            self._waiting.pop(chat_id, None)

    def _chat_wait(self, chat_id: int | str, now: float) -> float:
        chat = self._chats.get(chat_id)
        if chat is None:
            return 0.0
        if chat.busy:  # its answer sets the next turn; look again shortly
            return CHAT_INTERVAL / 10
        return max(0.0, chat.ready - now)

    def _overall_wait(self, now: float) -> float:
        second = self._second
        while second and second[0] <= now - OVERALL_WINDOW - MARGIN:
            second.popleft()
        over = len(second) + self._under_way - OVERALL_LIMIT + 1
        if over <= 0:
            return 0.0
        if over > len(second):  # the window is full of calls under way: look again shortly
            return OVERALL_WINDOW / 10
        return max(0.0, second[over - 1] + OVERALL_WINDOW + MARGIN - now)

    def hold(self, chat_id: int | str, seconds: float) -> None:
        """Telegram answered 429 for this chat: nothing more to it for ``seconds``."""
        chat = self._chat(chat_id)
        chat.held_until = max(chat.held_until, self.time.monotonic() + seconds)
        self._schedule(chat_id, chat)

    async def turn(self, chat_id: int | str) -> None:
        """Wait for ``chat_id``'s turn, then take it (``done`` gives it back)."""
        while (wait := self.wait(chat_id)) > 0:
            await self.time.sleep(wait)
        chat = self._chat(chat_id)
        chat.busy = True
        self._schedule(chat_id, chat)
        self._under_way += 1

    def done(self, chat_id: int | str) -> None:
        """The message to ``chat_id`` was answered (or failed): its chat's next turn counts
        from now. Counting from the answer, not the request, keeps the gap Telegram sees at
        a second or more whatever the network's delay."""
        now = self.time.monotonic()
        chat = self._chat(chat_id)
        chat.busy = False
        chat.last = now
        if chat.group:
            chat.minute.append(now)
        self._schedule(chat_id, chat)
        self._second.append(now)
        self._under_way -= 1
        self._calls += 1
        if self._calls % 1000 == 0:
            self._forget(now)

    def _forget(self, now: float) -> None:
        self._drop_turns_come(now)
        idle = [k for k, c in self._chats.items()
                if not c.busy and c.last < now - FORGET_AFTER and c.held_until < now]
        for key in idle:
            del self._chats[key]

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: Tries | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        chat_id = data.get("chat_id")
        if endpoint not in PACED or not isinstance(chat_id, int | str):
            return await callback(*args, **kwargs)
        retries = self._max_retries if rate_limit_args is None else rate_limit_args.retries
        for attempt in itertools.count():
            await self.turn(chat_id)
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as exc:
                self.hold(chat_id, retry_after_seconds(exc))
                if attempt >= retries:
                    raise
            finally:
                self.done(chat_id)
        raise AssertionError("unreachable")  # pragma: no cover
