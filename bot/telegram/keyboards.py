"""Inline keyboards. Their callback data comes from ``callbacks.py``, the one place that
builds and parses it; Telegram allows at most 64 bytes of it. The labels are names (an
entry's, a language's in itself), the same in every language.
"""

from __future__ import annotations

Buttons = list[list[dict[str, str]]]






