"""Button callback data: built and parsed here only, so a button and the handler that
answers it cannot disagree.

The join buttons (bot/service/invites.py): a player picks their entry after a general
player link (``join:pick:<code>:<entry id>``); a TD approves or rejects a join request
(``join:approve:<request id>``, ``join:reject:<request id>``). Telegram allows at most 64
bytes of callback data; invite codes are 12 URL-safe characters, so these fit.

Each ``parse_*`` answers None for data that is not well formed (an old button, or data a
client forged); the handlers' patterns are the ``is_*`` tests, so such a press falls
through to the catch-all answer that the button is out of date.
"""

from __future__ import annotations

_PICK = "join:pick:"
_DECIDE = {"approve": True, "reject": False}


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def join_pick(code: str, entry_id: int) -> str:
    return f"{_PICK}{code}:{entry_id}"


def parse_join_pick(data: object) -> tuple[str, int] | None:
    """(invite code, entry id) of a "this is me" button."""
    if not isinstance(data, str) or not data.startswith(_PICK):
        return None
    code, sep, entry = data.removeprefix(_PICK).partition(":")
    entry_id = _number(entry)
    if not code or not sep or entry_id is None:
        return None
    return code, entry_id


def join_decide(request_id: int, approve: bool) -> str:
    return f"join:{'approve' if approve else 'reject'}:{request_id}"


def parse_join_decide(data: object) -> tuple[int, bool] | None:
    """(request id, approve?) of a TD's Approve / Reject button."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) != 3 or parts[0] != "join" or parts[1] not in _DECIDE:
        return None
    request_id = _number(parts[2])
    return None if request_id is None else (request_id, _DECIDE[parts[1]])


def is_join_pick(data: object) -> bool:
    return parse_join_pick(data) is not None


def is_join_decide(data: object) -> bool:
    return parse_join_decide(data) is not None
