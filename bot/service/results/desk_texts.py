"""What the players of a round's unfinished match are told when a TD acts at the desk
(``desk``): the round extended (SSSg para 21) or the match's games voided. Records
(``bot/words/said.py``), written in each player's language."""

from __future__ import annotations

from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.events.schedule import Round, round_said
from bot.service.formats.registry import format_of
from bot.service.formats.traits import HasFormat, cite
from bot.service.results.matches import MatchView
from bot.words.said import Said, Value, said, said_n


def extended(event: Event, rnd: Round, opponent: str, closes: datetime) -> Said:
    """A player of an unfinished match: the round's new close (para 21)."""
    return said("<b>{event}</b>: the TDs extended {round}. Your match against <b>{opponent}</b> "
                "must now be finished by {closes}. /matches shows the score.",
                event=event.name, round=round_said(rnd.name), opponent=opponent, closes=closes)


def voided(event: Event, view: MatchView, side: int, games: int, why: str | Said) -> Said:
    """A player of a match whose ``games`` a TD voided: it starts again from game 1, with a
    tile draw (para 15)."""
    return said_n("<b>{event}</b>: a TD voided the game of your {round} match against "
                  "<b>{opponent}</b>: {why}. The match starts again from game 1; draw tiles "
                  "to decide who starts, then report each game here.",
                  "<b>{event}</b>: a TD voided the {n} games of your {round} match against "
                  "<b>{opponent}</b>: {why}. The match starts again from game 1; draw tiles "
                  "to decide who starts, then report each game here.", games,
                  event=event.name, round=round_said(view.round_name), opponent=view.said_label(1 - side),
                  why=why)


def voided_note(why: str | Said) -> Said:
    """On the copies of the voided match's open slips, and its rulers' notices."""
    return said("Void: a TD voided this match's games ({why})", why=why)


# --- what the TD at the desk reads -------------------------------------------------------


def extended_answer(round_name: str, closes: datetime | None, by_this_press: bool,
                    players_told: int) -> Said:
    """The TD who pressed Extend: the round's new close, or that another press moved it
    already (nothing changed)."""
    when: Said | datetime = closes if closes is not None else said("no deadline")
    if not by_this_press:
        return said("{round} was extended already: it now closes {closes}. Nothing changed.",
                    round=round_said(round_name), closes=when)
    if players_told:
        return said_n("Extended <b>{round}</b> 7 days: it now closes {closes}. {n} player(s) "
                      "of unfinished matches were told.",
                      "Extended <b>{round}</b> 7 days: it now closes {closes}. {n} player(s) "
                      "of unfinished matches were told.",
                      players_told, round=round_said(round_name), closes=when)
    return said("Extended <b>{round}</b> 7 days: it now closes {closes}.", round=round_said(round_name),
                closes=when)


def match_bye_given(of: HasFormat, code: str, round_name: str, winner: str) -> Said:
    """The TD who gave a match bye (SSSg para 27, cited in a knockout only): in a format
    whose winner goes on (a bracket), they go through."""
    values: dict[str, Value] = {"winner": winner, "code": code, "round": round_said(round_name),
                                "ref": cite(of, "para 27", "; {}")}
    if format_of(of).goes_through:
        return said("Match bye to <b>{winner}</b> in {code} ({round}{ref}): its games are void "
                    "and {winner} goes through. Both players are told.", **values)
    return said("Match bye to <b>{winner}</b> in {code} ({round}{ref}): its games are void and "
                "{winner} wins the match. Both players are told.", **values)


def match_voided(code: str, round_name: str, games: int) -> Said:
    """The TD who voided a match's games."""
    return said_n("Voided the {n} game(s) of {code} ({round}). It starts again from game 1; "
                  "both players are told. Extend the round if they need the time.",
                  "Voided the {n} game(s) of {code} ({round}). It starts again from game 1; "
                  "both players are told. Extend the round if they need the time.",
                  games, code=code, round=round_said(round_name))


#: The reason a TD's press of a desk button at a round's close gives the journal and the
#: players (the press says nothing else).
BUTTON_WHY = said("the round's deadline passed with the match unfinished (TD decision)")
#: The reason the journal gives for a round extended by the desk's button.
EXTEND_WHY = said("Extend 7 days button")
