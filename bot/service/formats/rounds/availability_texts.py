"""What availability says to a player and a TD (``availability.py``), read on a phone:
records (``bot/words/said.py``), written in the reader's language, refusals included. A
round's name is said as its reader reads it (``schedule.round_said``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.events.schedule import round_said
from bot.words.said import Said, said, said_n


def worth(points: float) -> Said:
    return said("half a point") if points else said("no points")


def too_many(event: str, allowed: int, used: Sequence[int]) -> Said:
    if allowed == 0:
        return said("{event} allows no requested byes: ask a TD if you cannot play a round",
                    event=event)
    rounds = ", ".join(str(r) for r in used)
    return said_n("you may be unavailable for at most {n} round of {event}; you are for "
                  "{rounds}. /available ROUND undoes one",
                  "you may be unavailable for at most {n} rounds of {event}; you are for "
                  "{rounds}. /available ROUND undoes one", allowed, event=event,
                  rounds=said_n("round {rounds}", "rounds {rounds}", len(used), rounds=rounds))


def paired_already(round_name: str) -> Said:
    return said("{round} is paired already: say it before a round is paired; a TD can settle "
                "a match that will not be played (/pending)", round=round_said(round_name))


def which_round(command: str) -> Said:
    """``/unavailable``, ``/available`` or ``/availability`` without a round."""
    return said("say which round: /{command} 3", command=command)


def name_the_player() -> Said:
    return said("name the player with --player NAME")


def not_playing(event: str) -> Said:
    return said("you do not play in {event}", event=event)


def say_why() -> Said:
    return said("say why with --why TEXT: the journal keeps it")


def same_player(first: str, second: str, name: str) -> Said:
    return said("'{first}' and '{second}' are both {name}: name two players", first=first,
                second=second, name=name)


def answer(round_name: str, seq: int, unavailable: bool, changed: bool, points: float,
           used: int, allowed: int) -> Said:
    rnd = round_said(round_name)
    if not unavailable:
        return (said("✅ You will be paired in {round}.", round=rnd) if changed
                else said("You were not marked unavailable for {round}.", round=rnd))
    if not changed:
        return said("You are already unavailable for {round}.", round=rnd)
    return said("📴 Noted: you will not be paired in {round}; it counts as a requested bye "
                "({worth}). You have used {used} of {allowed}. /available {number} undoes it "
                "before the round is paired.", round=rnd, worth=worth(points),
                used=used, allowed=allowed, number=seq)


def told_by_td(event: str, round_name: str, unavailable: bool, points: float) -> Said:
    if unavailable:
        return said("<b>{event}</b>: a TD noted that you cannot play {round}: you will not be "
                    "paired in it (a requested bye, {worth}).", event=event,
                    round=round_said(round_name), worth=worth(points))
    return said("<b>{event}</b>: a TD noted that you will play {round} after all.", event=event,
                round=round_said(round_name))


def availability(event: str, round_name: str, available: Sequence[str],
                 unavailable: Sequence[str]) -> Said:
    nobody = said("nobody")
    return said("<b>{event}: {round}</b>\nAvailable ({count}): {available}\nUnavailable "
                "({unavailable_count}): {unavailable}", event=event,
                round=round_said(round_name), count=len(available),
                available=", ".join(available) or nobody,
                unavailable_count=len(unavailable),
                unavailable=", ".join(unavailable) or nobody)
