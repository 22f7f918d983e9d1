"""What availability says to a player and a TD (``availability.py``), read on a phone:
records (``bot/words/said.py``), written in the reader's language; a refusal is plain text."""

from __future__ import annotations

from collections.abc import Sequence

from bot.words.said import Said, said


def worth(points: float) -> Said:
    return said("half a point") if points else said("no points")


def too_many(event: str, allowed: int, used: Sequence[int]) -> str:
    if allowed == 0:
        return f"{event} allows no requested byes: ask a TD if you cannot play a round"
    rounds = ", ".join(str(r) for r in used)
    return (f"you may be unavailable for at most {allowed} round(s) of {event}; you are for "
            f"round(s) {rounds}. /available ROUND undoes one")


def answer(round_name: str, unavailable: bool, changed: bool, points: float, used: int,
           allowed: int) -> Said:
    if not unavailable:
        return (said("✅ You will be paired in {round}.", round=round_name) if changed
                else said("You were not marked unavailable for {round}.", round=round_name))
    if not changed:
        return said("You are already unavailable for {round}.", round=round_name)
    return said("📴 Noted: you will not be paired in {round}; it counts as a requested bye "
                "({worth}). You have used {used} of {allowed}. /available {number} undoes it "
                "before the round is paired.", round=round_name, worth=worth(points),
                used=used, allowed=allowed, number=round_name.split()[-1])


def told_by_td(event: str, round_name: str, unavailable: bool, points: float) -> Said:
    if unavailable:
        return said("<b>{event}</b>: a TD noted that you cannot play {round}: you will not be "
                    "paired in it (a requested bye, {worth}).", event=event, round=round_name,
                    worth=worth(points))
    return said("<b>{event}</b>: a TD noted that you will play {round} after all.", event=event,
                round=round_name)


def availability(event: str, round_name: str, available: Sequence[str],
                 unavailable: Sequence[str]) -> Said:
    nobody = said("nobody")
    return said("<b>{event}: {round}</b>\nAvailable ({count}): {available}\nUnavailable "
                "({unavailable_count}): {unavailable}", event=event, round=round_name,
                count=len(available), available=", ".join(available) or nobody,
                unavailable_count=len(unavailable),
                unavailable=", ".join(unavailable) or nobody)
