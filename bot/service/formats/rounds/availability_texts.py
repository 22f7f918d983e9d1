"""What availability says to a player and a TD (``availability.py``), read on a phone."""

from __future__ import annotations

import html
from collections.abc import Sequence


def esc(text: object) -> str:
    return html.escape(str(text), quote=False)


def worth(points: float) -> str:
    return "half a point" if points else "no points"


def too_many(event: str, allowed: int, used: Sequence[int]) -> str:
    if allowed == 0:
        return f"{event} allows no requested byes: ask a TD if you cannot play a round"
    rounds = ", ".join(str(r) for r in used)
    return (f"you may be unavailable for at most {allowed} round(s) of {event}; you are for "
            f"round(s) {rounds}. /available ROUND undoes one")


def answer(round_name: str, unavailable: bool, changed: bool, points: float, used: int,
           allowed: int) -> str:
    if not unavailable:
        return (f"✅ You will be paired in {esc(round_name)}." if changed
                else f"You were not marked unavailable for {esc(round_name)}.")
    if not changed:
        return f"You are already unavailable for {esc(round_name)}."
    return (f"📴 Noted: you will not be paired in {esc(round_name)}; it counts as a requested "
            f"bye ({worth(points)}). You have used {used} of {allowed}. /available "
            f"{esc(round_name.split()[-1])} undoes it before the round is paired.")


def told_by_td(event: str, round_name: str, unavailable: bool, points: float) -> str:
    if unavailable:
        return (f"<b>{esc(event)}</b>: a TD noted that you cannot play {esc(round_name)}: you "
                f"will not be paired in it (a requested bye, {worth(points)}).")
    return f"<b>{esc(event)}</b>: a TD noted that you will play {esc(round_name)} after all."


def availability(event: str, round_name: str, available: Sequence[str],
                 unavailable: Sequence[str]) -> str:
    lines = [f"<b>{esc(event)}: {esc(round_name)}</b>",
             f"Available ({len(available)}): {esc(', '.join(available)) or 'nobody'}"]
    lines.append(f"Unavailable ({len(unavailable)}): {esc(', '.join(unavailable)) or 'nobody'}")
    return "\n".join(lines)
