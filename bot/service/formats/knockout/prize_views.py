"""What the prize use-cases answer (``prizes``), as their wording reads it
(``prize_texts``): kept apart so that the wording needs none of the use-cases."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events.lookup import Event
from core import prizes
from core.phrases import Phrase


@dataclass(frozen=True)
class Prizes:
    """The prize report of an event, its lines in no language yet (``prize_texts`` words
    them), and whether para 8's guarantees wait for a division's final places."""

    event: Event
    report: prizes.PrizeReport
    lines: tuple[Phrase, ...]
    guarantees_wait: bool


@dataclass(frozen=True)
class CostEntered:
    event: Event
    amount: str
    note: str
    total: str
