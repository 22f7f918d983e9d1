"""Why a round cannot open or close now (``rounds.py``), said to the TD who asked in their
language: records (``bot/words/said.py``), each saying what to do instead, at the chat and
at the command line."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.events.schedule import round_said
from bot.service.results.matches import MatchView
from bot.store.rounds_repo import RoundState
from bot.words.said import Said, said, said_n

#: A round's state as a TD reads it.
STATES = {
    RoundState.PLANNED: said("planned"),
    RoundState.OPEN: said("open"),
    RoundState.CLOSED: said("closed"),
}


def state(value: str) -> Said | str:
    """A round's state in the reader's words."""
    return next((words for known, words in STATES.items() if known == value), value)


def named(matches: Sequence[MatchView], most: int = 5) -> Said | str:
    """Matches by code and players, the first ``most`` of them and how many more."""
    shown = ", ".join(f"{m.code} ({m.label(0)} v {m.label(1)})" for m in matches[:most])
    if len(matches) > most:
        return said_n("{matches} and {n} more", "{matches} and {n} more", len(matches) - most,
                      matches=shown)
    return shown


def already(name: str, now: str) -> Said:
    return said("{round} is already {state}", round=round_said(name), state=state(now))


def how_to_close(ref: str, example: str) -> Said:
    return said("give one: /openround {ref} until {example} in the chat, --closes {example} "
                "at the command line", ref=ref, example=example)


def no_closing_time(name: str, ref: str, example: str) -> Said:
    return said("{round} has no closing time; {how}", round=round_said(name),
                how=how_to_close(ref, example))


def closing_past(closes: str, ref: str, example: str) -> Said:
    return said("the closing time {closes} is already past; give a later one: /openround "
                "{ref} until {example} in the chat, --closes {example} at the command line",
                closes=closes, ref=ref, example=example)


def no_matches(name: str) -> Said:
    return said("{round} has no matches; make the draw first", round=round_said(name))


def waiting(name: str, matches: Sequence[MatchView]) -> Said:
    return said_n("{round} cannot open yet: {n} match waits for earlier results: {matches}",
                  "{round} cannot open yet: {n} matches wait for earlier results: {matches}",
                  len(matches), round=round_said(name), matches=named(matches))


def holds_not_expels(event: str) -> Said:
    return said("{event} holds players not paid-up for a TD (rules.unpaid = \"hold\"): opening "
                "a round expels nobody. Record their payments, open it anyway with a reason, or "
                "expel a player on their own (/expel NAME: REASON, tdbot players expel).",
                event=event)


def held_unpaid(name: str, fee: str, names: str, ref: str) -> Said:
    return said("{round} cannot open: not paid for this round ({fee}, SSSg rules para 26): "
                "{names}. Record their payments, or open it anyway as a TD decision with a "
                "reason: /openround {ref} anyway: REASON in the chat, --unpaid-ok --why REASON "
                "at the command line.", round=round_said(name), fee=fee, names=names, ref=ref)


def unpaid(name: str, fee: str, names: str, ref: str) -> Said:
    return said("{round} cannot open yet: not paid for this round ({fee}, SSSg rules para "
                "26): {names}. Para 26 expels them when it opens: to do that and choose who "
                "takes their slots (para 29), /openround {ref} expel in the chat, "
                "--expel-unpaid at the command line. To keep them in, open it anyway with a "
                "reason: /openround {ref} anyway: REASON, --unpaid-ok --why REASON. Or record "
                "their payments first.", round=round_said(name), fee=fee, names=names, ref=ref)


def stays_open(name: str, why: str | Said) -> Said:
    """A format whose round does not close (a ladder's), and why."""
    return said("{round} {why}", round=round_said(name), why=why)


def not_open(name: str, now: str) -> Said:
    return said("{round} is not open (it is {state})", round=round_said(name), state=state(now))


def unfinished(name: str, count: int, to_play: Sequence[MatchView],
               waiting: Sequence[MatchView]) -> Said:
    """Matches undecided: a TD rules on them first, or closes the round anyway with a
    reason (the command line's words; the chat says its own)."""
    parts = []
    if to_play:
        parts.append(said("{count} to play: {matches}", count=len(to_play),
                          matches=named(to_play)))
    if waiting:
        parts.append(said("{count} waiting for a player: {matches}", count=len(waiting),
                          matches=named(waiting)))
    listed = parts[0] if len(parts) == 1 else Said("{a}; {b}", (("a", parts[0]),
                                                                ("b", parts[1])))
    return said_n("{round} has {n} unfinished match, {matches}. Rule on it first, or close "
                  "the round anyway with a reason (--force --why REASON).",
                  "{round} has {n} unfinished matches, {matches}. Rule on them first, or "
                  "close it anyway with a reason (--force --why REASON).",
                  count, round=round_said(name), matches=listed)
