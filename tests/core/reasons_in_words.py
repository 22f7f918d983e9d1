"""A pairing's reason as a TD reads it in English (``why_texts``), for the tests that pin
what a pairing system says about its pairs."""

from __future__ import annotations

from bot.service.formats.rounds.why_texts import in_english
from core.pairing.why import Why
from core.tournament import Pairings


def en(reason: Why | str | None) -> str:
    return in_english(reason or "")


def said_for(pairings: Pairings, pair: tuple[int, int]) -> str:
    """The reason for ``pair`` (or a bye, ``(player, 0)``) in English; "" where none."""
    return en(pairings.reason_for(pair))
