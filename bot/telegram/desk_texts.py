"""What the TD reads after acting at their desk (bot/service/results/desk.py, /closeround).
The messages are in the catalogue (``bot.words``), in the reader's language ``lang``."""

from __future__ import annotations

from html import escape

from bot.service.events.rounds import ClosedRound
from bot.service.formats.registry import format_of
from bot.service.formats.traits import cite
from bot.service.results.desk import Extended, MatchByeGiven, MatchVoided
from bot.words import SOURCE, for_locale


def esc(text: object) -> str:
    return escape(str(text), quote=False)


def extended(done: Extended, *, lang: str = SOURCE) -> str:
    w = for_locale(lang)
    rnd, event = done.round, done.event
    closes = event.local(rnd.closes_at, w.locale) if rnd.closes_at else w._("no deadline")
    if not done.by_this_press:
        return w._("{round} was extended already: it now closes {closes}. Nothing changed.",
                   round=esc(rnd.name), closes=esc(closes))
    if done.players_told:
        return w.n_("Extended <b>{round}</b> 7 days: it now closes {closes}. {n} player(s) "
                    "of unfinished matches were told.",
                    "Extended <b>{round}</b> 7 days: it now closes {closes}. {n} player(s) "
                    "of unfinished matches were told.",
                    done.players_told, round=esc(rnd.name), closes=esc(closes))
    return w._("Extended <b>{round}</b> 7 days: it now closes {closes}.", round=esc(rnd.name),
               closes=esc(closes))


def match_bye_given(done: MatchByeGiven, *, lang: str = SOURCE) -> str:
    w = for_locale(lang)
    values = {"winner": esc(done.winner), "code": esc(done.code),
              "round": esc(done.round_name), "ref": cite(done, "para 27", "; {}")}
    if format_of(done).goes_through:
        return w._("Match bye to <b>{winner}</b> in {code} ({round}{ref}): its games are void "
                   "and {winner} goes through. Both players are told.", **values)
    return w._("Match bye to <b>{winner}</b> in {code} ({round}{ref}): its games are void and "
               "{winner} wins the match. Both players are told.", **values)


def match_voided(done: MatchVoided, *, lang: str = SOURCE) -> str:
    return for_locale(lang).n_(
        "Voided the {n} game(s) of {code} ({round}). It starts again from game 1; both "
        "players are told. Extend the round if they need the time.",
        "Voided the {n} game(s) of {code} ({round}). It starts again from game 1; both "
        "players are told. Extend the round if they need the time.",
        done.games, code=esc(done.code), round=esc(done.round_name))


def round_closed(closed: ClosedRound, *, lang: str = SOURCE) -> str:
    w = for_locale(lang)
    rnd = closed.round
    if not closed.left_unfinished:
        return w._("Closed <b>{round}</b>: every match in it is decided.", round=esc(rnd.name))
    return w.n_("Closed <b>{round}</b> with {n} match(es) unfinished: {matches}. They stay in "
                "/pending until you rule on them.",
                "Closed <b>{round}</b> with {n} match(es) unfinished: {matches}. They stay in "
                "/pending until you rule on them.",
                len(closed.left_unfinished), round=esc(rnd.name),
                matches=", ".join(esc(c) for c in closed.left_unfinished))
