"""What the TD reads after acting at their desk (bot/service/results/desk.py, /closeround)."""

from __future__ import annotations

from html import escape

from bot.service.events.rounds import ClosedRound
from bot.service.formats.traits import cite, is_knockout
from bot.service.results.desk import Extended, MatchByeGiven, MatchVoided


def esc(text: object) -> str:
    return escape(str(text), quote=False)


def extended(done: Extended) -> str:
    rnd, event = done.round, done.event
    closes = event.local(rnd.closes_at) if rnd.closes_at else "no deadline"
    if not done.by_this_press:
        return (f"{esc(rnd.name)} was extended already: it now closes {esc(closes)}. "
                "Nothing changed.")
    told = f" {done.players_told} player(s) of unfinished matches were told." if done.players_told else ""
    return f"Extended <b>{esc(rnd.name)}</b> 7 days: it now closes {esc(closes)}.{told}"


def match_bye_given(done: MatchByeGiven) -> str:
    return (f"Match bye to <b>{esc(done.winner)}</b> in {esc(done.code)} ({esc(done.round_name)}"
            f"{cite(done, 'para 27', '; {}')}): its games are void and {esc(done.winner)} "
            f"{'goes through' if is_knockout(done.format) else 'wins the match'}. Both players "
            "are told.")


def match_voided(done: MatchVoided) -> str:
    return (f"Voided the {done.games} game(s) of {esc(done.code)} ({esc(done.round_name)}). "
            "It starts again from game 1; both players are told. Extend the round if they "
            "need the time.")


def round_closed(closed: ClosedRound) -> str:
    rnd = closed.round
    if not closed.left_unfinished:
        return f"Closed <b>{esc(rnd.name)}</b>: every match in it is decided."
    left = ", ".join(esc(c) for c in closed.left_unfinished)
    return (f"Closed <b>{esc(rnd.name)}</b> with {len(closed.left_unfinished)} match(es) "
            f"unfinished: {left}. They stay in /pending until you rule on them.")
