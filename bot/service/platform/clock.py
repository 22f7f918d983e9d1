"""Checks on the ``now`` every use-case receives, and the one stored time format.

The functions live in ``bot/store/times.py`` (the store writes times too, and must not
import the service); use-cases import them from here.
"""

from __future__ import annotations

from bot.store.times import iso, parse, utc

__all__ = ["iso", "parse", "utc"]
