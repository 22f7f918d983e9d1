"""Optional flood control: answer 429 when the bot sends faster than Telegram allows.

Telegram's Bots FAQ ("My bot is hitting limits, how do I avoid this?"): in one chat,
avoid more than one message per second; in a group, no more than 20 messages per
minute; overall, no more than about 30 messages per second. Beyond that the Bot API
answers 429 with ``retry_after``. A TD bot that sends a round's pairings to every
player at once must stay under these, so a test can switch this on and check that
the bot's pacer (``bot/telegram/pacing.py``) keeps it clean. Off by default: the
planned faults (bot.fakebot.faults) are the predictable way to test retries.

Each limit is a leaky bucket (``limit`` calls, draining at ``limit / window`` per
second), the model of PTB's AIORateLimiter (aiolimiter): a bot that keeps to Telegram's
rates never sees a 429 here, a bot that floods does. Time is a monotonic
clock (real by default, injectable), not the world's clock: the limit is on how fast
calls arrive, whatever date the messages carry.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.fakebot.errors import ApiError

SENDING_METHODS = frozenset(
    {"sendMessage", "sendPhoto", "sendDocument", "copyMessage", "forwardMessage"}
)


@dataclass
class _Bucket:
    limit: int
    window: float
    level: float = 0.0
    at: float = 0.0

    def wait(self, now: float) -> float:
        """Seconds until one more call fits; drains the bucket up to ``now`` first."""
        self.level = max(0.0, self.level - (now - self.at) * self.limit / self.window)
        self.at = now
        return max(0.0, (self.level + 1 - self.limit) * self.window / self.limit)


@dataclass
class FloodControl:
    """Limits on sending methods; ``check`` raises the 429 Telegram sends."""

    per_chat: int = 1
    per_chat_window: float = 1.0
    per_group: int = 20
    per_group_window: float = 60.0
    overall: int = 30
    overall_window: float = 1.0
    monotonic: Callable[[], float] = time.monotonic
    _chats: dict[int | str, _Bucket] = field(default_factory=dict)
    _all: _Bucket | None = None

    def check(self, chat_id: int | str, is_group: bool) -> None:
        """Count one send to ``chat_id`` now, or raise 429 without counting it."""
        now = self.monotonic()
        if self._all is None:
            self._all = _Bucket(self.overall, self.overall_window)
        if chat_id not in self._chats:
            self._chats[chat_id] = (
                _Bucket(self.per_group, self.per_group_window)
                if is_group
                else _Bucket(self.per_chat, self.per_chat_window)
            )
        buckets = (self._all, self._chats[chat_id])
        wait = max(bucket.wait(now) for bucket in buckets)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise ApiError(429, f"Too Many Requests: retry after {seconds}", retry_after=seconds)
        for bucket in buckets:
            bucket.level += 1
