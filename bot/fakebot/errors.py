"""The error answers of the fake Bot API.

The real Bot API answers a failed call with ``{"ok": false, "error_code": N,
"description": "..."}`` and, for flood control, ``"parameters": {"retry_after": s}``
(https://core.telegram.org/bots/api#making-requests). python-telegram-bot turns the
HTTP status and those fields into its exceptions (``BaseRequest._request_wrapper``):
403 -> Forbidden, 400 -> BadRequest, 401/404 -> InvalidToken, 409 -> Conflict,
``retry_after`` -> RetryAfter, anything else -> NetworkError. So the fake only has to
answer the same status and JSON, and the bot under test sees what it would see live.
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A Bot API error answer: HTTP status plus the description Telegram would send."""

    def __init__(
        self, status: int, description: str, *, retry_after: int | None = None,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.status,
            "description": self.description,
        }
        if self.retry_after is not None:
            body["parameters"] = {"retry_after": self.retry_after}
        if self.migrate_to_chat_id is not None:
            body["parameters"] = {"migrate_to_chat_id": self.migrate_to_chat_id}
        return body


def bad_request(what: str) -> ApiError:
    """A 400 answer; Telegram prefixes every one with "Bad Request: "."""
    return ApiError(400, f"Bad Request: {what}")


def forbidden(what: str) -> ApiError:
    """A 403 answer, e.g. "bot was blocked by the user"."""
    return ApiError(403, f"Forbidden: {what}")
