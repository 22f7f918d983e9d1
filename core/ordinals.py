"""A place as players say it (1st, 2nd, 3rd, 4th ... 11th ... 21st), the one rule for it.

Standings, prizes (SSSg para 8's First to Fourth), the chances of a place, a pairing's
reason ("3rd v 5th") and the live pages all name a place this way. The core picks which
form the number takes (English's 1st, {n}st, {n}nd, {n}rd, {n}th) as a phrase; each
language words each form in the catalogue (French: 1re, {n}e), so a place reads the same
wherever the bot, the pages or the command line say it. ``str(ordinal(n))`` is the English.
"""

from __future__ import annotations

from core.phrases import Phrase, phrase


def ordinal(n: int) -> Phrase:
    """Place ``n`` in words: 11th, 12th and 13th (any hundred's too) end in -th; otherwise
    the last digit picks the ending."""
    if n == 1:
        return phrase("1st")
    if 10 <= n % 100 <= 20:
        return phrase("{n}th", n=n)
    last = n % 10
    if last == 1:
        return phrase("{n}st", n=n)
    if last == 2:
        return phrase("{n}nd", n=n)
    if last == 3:
        return phrase("{n}rd", n=n)
    return phrase("{n}th", n=n)
