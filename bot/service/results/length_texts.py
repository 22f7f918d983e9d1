"""How long a match is, as a message says it ("best of 3"; French "au meilleur des 3
parties", and a one-game match "en une partie", never "au meilleur des 1 parties"): a
record (``bot/words/said.py``), written in its reader's language. The bracket pictures draw
the same catalogue message."""

from __future__ import annotations

from bot.words.said import Said, said_n


def best_of(n: int) -> Said:
    """A match of ``n`` games (SSSg para 4: a knockout's rounds are best of 3, 5 or 7)."""
    return said_n("best of {n}", "best of {n}", n, n=n)
