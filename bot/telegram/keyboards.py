"""Inline keyboards. Their callback data comes from ``callbacks.py``, the one place that
builds and parses it; Telegram allows at most 64 bytes of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service import callbacks

Buttons = list[list[dict[str, str]]]


def pick_entry(code: str, choices: Sequence[tuple[int, str]]) -> Buttons:
    """One button per unclaimed entry, one per row so long names stay readable."""
    return [[{"text": name, "data": callbacks.join_pick(code, entry_id)}]
            for entry_id, name in choices]


def join_decision(request_id: int, entry_name: str) -> list[dict[str, str]]:
    """One row for a join request in a TD's /pending: approve it (naming the entry) or
    reject it."""
    return [{"text": f"Approve {entry_name}", "data": callbacks.join_decide(request_id, True)},
            {"text": "Reject", "data": callbacks.join_decide(request_id, False)}]
