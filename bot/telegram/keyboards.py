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
