"""Injected faults: a plan of what the next calls of a method answer instead of success.

Telegram answers flood control with HTTP 429 and ``retry_after``, a user who blocked
the bot with 403, its own trouble with 5xx, and sometimes not at all (a timeout). A
timeout is the nasty one: the request may or may not have been carried out, so a
fault can say ``delivered=True`` (the message was sent but the answer was lost) to
test that the bot never sends a result slip twice. Faults are consumed in the order
they were added, per method; a fault with ``chat_id`` only hits calls to that chat.

Three more answers a bot meets in the field: a slow one (``slow``: the call succeeds after
a delay, as a congested Bot API or a long rate-limit pause looks to the bot), one it cannot
read (``garbled``: the call was carried out but the answer has a field of an unexpected
type, or is not JSON at all, as seen from a Bot API emulator), and a group that became a
supergroup (``chat_migrated``: 400 with ``migrate_to_chat_id``, which PTB raises as
ChatMigrated, not BadRequest).
"""

from __future__ import annotations

from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, Literal

from bot.fakebot.errors import ApiError

FaultKind = Literal[
    "retry_after", "forbidden", "bad_request", "server_error", "timeout", "slow", "garbled",
    "chat_migrated",
]


@dataclass(frozen=True)
class Fault:
    """One failed answer. Build them with the helpers below rather than by hand."""

    kind: FaultKind
    retry_after: int = 1
    status: int = 500
    description: str = ""
    delivered: bool = False
    delay: float = 0.0
    field: str = ""  # garbled: the result field answered in an unexpected type
    value: Any = None  # garbled: what that field is answered as
    not_json: bool = False  # garbled: the whole answer is not JSON
    migrate_to: int = 0  # chat_migrated: the supergroup's new chat id

    @property
    def carried_out(self) -> bool:
        """Whether the call takes effect (a slow or garbled answer comes after it did)."""
        return self.kind in ("slow", "garbled") or (self.kind == "timeout" and self.delivered)

    def error(self) -> ApiError:
        """The error answer this fault stands for (not used for timeouts)."""
        if self.kind == "retry_after":
            return ApiError(
                429,
                f"Too Many Requests: retry after {self.retry_after}",
                retry_after=self.retry_after,
            )
        if self.kind == "forbidden":
            return ApiError(403, f"Forbidden: {self.description or 'bot was blocked by the user'}")
        if self.kind == "bad_request":
            return ApiError(400, f"Bad Request: {self.description or 'injected fault'}")
        if self.kind == "chat_migrated":
            return ApiError(400, "Bad Request: group chat was upgraded to a supergroup chat",
                            migrate_to_chat_id=self.migrate_to)
        return ApiError(self.status, self.description or HTTPStatus(self.status).phrase)


def retry_after(seconds: int = 1) -> Fault:
    """HTTP 429 flood control; python-telegram-bot raises RetryAfter(seconds)."""
    return Fault("retry_after", retry_after=seconds)


def forbidden(description: str = "bot was blocked by the user") -> Fault:
    """HTTP 403; python-telegram-bot raises Forbidden."""
    return Fault("forbidden", description=description)


def bad_request(description: str) -> Fault:
    """HTTP 400; python-telegram-bot raises BadRequest."""
    return Fault("bad_request", description=description)


def server_error(status: int = 500, description: str = "") -> Fault:
    """HTTP 5xx; python-telegram-bot raises NetworkError."""
    if not 500 <= status <= 599:
        raise ValueError(f"server_error status must be 500..599, got {status}")
    return Fault("server_error", status=status, description=description)


def timed_out(*, delivered: bool = False, delay: float = 0.0) -> Fault:
    """No answer in time; python-telegram-bot raises TimedOut.

    ``delivered=True``: the call took effect before the answer was lost. Over HTTP the
    server holds the answer ``delay`` seconds (set it above the client's read timeout).
    """
    return Fault("timeout", delivered=delivered, delay=delay)


def slow(seconds: float) -> Fault:
    """The call succeeds, but its answer comes ``seconds`` later (in-process and over HTTP)."""
    if seconds <= 0:
        raise ValueError(f"slow needs a delay above 0 seconds, got {seconds}")
    return Fault("slow", delay=seconds)


def garbled(
    field: str = "date", value: Any = "2026-03-02T09:00:00Z", *, not_json: bool = False
) -> Fault:
    """The call is carried out, but the answer cannot be read: ``{"ok": true, "result": ...}``
    with ``field`` of the result answered as ``value`` (default: a date as ISO text where the
    Bot API has a Unix time, so PTB's ``Message.de_json`` raises TypeError), or with
    ``not_json=True`` an HTTP 200 whose body is not JSON (PTB: "Invalid server response")."""
    if not not_json and not field:
        raise ValueError("garbled needs the field to answer in an unexpected type, or not_json")
    return Fault("garbled", field=field, value=value, not_json=not_json)


def chat_migrated(new_chat_id: int) -> Fault:
    """HTTP 400 with ``migrate_to_chat_id``: the group is now a supergroup; python-telegram-bot
    raises ChatMigrated (a TelegramError that is neither BadRequest nor NetworkError)."""
    return Fault("chat_migrated", migrate_to=new_chat_id)


@dataclass
class _Planned:
    method: str | None
    fault: Fault
    remaining: int
    chat_id: int | str | None
    after: int = 0  # matching calls to let through first


class FaultPlan:
    """Faults waiting for their calls. ``method=None`` hits any method but getUpdates."""

    def __init__(self) -> None:
        self._planned: list[_Planned] = []

    def add(
        self, method: str | None, fault: Fault, *, times: int = 1, chat_id: int | str | None = None,
        after: int = 0,
    ) -> None:
        """Plan ``times`` faulty answers; ``after``: let that many matching calls succeed
        first (e.g. the second piece of a long message fails, the first gets through)."""
        if times < 1:
            raise ValueError(f"times must be at least 1, got {times}")
        if after < 0:
            raise ValueError(f"after must be 0 or more, got {after}")
        self._planned.append(_Planned(method, fault, times, chat_id, after))

    def take(self, method: str, chat_id: int | str | None) -> Fault | None:
        """The fault for this call, if one is planned; it is used up."""
        for planned in self._planned:
            if planned.method is None and method == "getUpdates":
                continue
            if planned.method is not None and planned.method != method:
                continue
            if planned.chat_id is not None and str(planned.chat_id) != str(chat_id):
                continue
            if planned.after:
                planned.after -= 1
                continue
            planned.remaining -= 1
            if planned.remaining == 0:
                self._planned.remove(planned)
            return planned.fault
        return None

    def pending(self) -> int:
        """How many faulty answers are still planned (all methods)."""
        return sum(p.remaining for p in self._planned)

    def clear(self) -> None:
        self._planned.clear()
