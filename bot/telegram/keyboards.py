"""Inline keyboards the adapter builds itself (the service's own buttons come with its
outbox rows). Callback data follows the service's scheme (bot/service/invites.py):
``join:pick:<code>:<entry id>``, ``join:approve:<request id>``, ``join:reject:<request id>``;
Telegram allows at most 64 bytes of callback data.
"""

from __future__ import annotations

from collections.abc import Sequence

Buttons = list[list[dict[str, str]]]


def pick_entry(code: str, choices: Sequence[tuple[int, str]]) -> Buttons:
    """One button per unclaimed entry, one per row so long names stay readable."""
    return [[{"text": name, "data": f"join:pick:{code}:{entry_id}"}] for entry_id, name in choices]


def join_decision(request_id: int, entry_name: str) -> list[dict[str, str]]:
    """One row for a join request in a TD's /pending: approve it (naming the entry) or
    reject it (``join:approve:<id>``, ``join:reject:<id>``, read by ``approvals.DECIDE``)."""
    return [{"text": f"Approve {entry_name}", "data": f"join:approve:{request_id}"},
            {"text": "Reject", "data": f"join:reject:{request_id}"}]
