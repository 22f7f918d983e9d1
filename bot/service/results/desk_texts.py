"""What the players of a round's unfinished match are told when a TD acts at the desk
(``desk``): the round extended (SSSg para 21) or the match's games voided. Records
(``bot/words/said.py``), written in each player's language."""

from __future__ import annotations

from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.events.schedule import Round
from bot.service.results.matches import MatchView
from bot.words.said import Said, said, said_n


def extended(event: Event, rnd: Round, opponent: str, closes: datetime) -> Said:
    """A player of an unfinished match: the round's new close (para 21)."""
    return said("<b>{event}</b>: the TDs extended {round}. Your match against <b>{opponent}</b> "
                "must now be finished by {closes}. /matches shows the score.",
                event=event.name, round=rnd.name, opponent=opponent, closes=closes)


def voided(event: Event, view: MatchView, side: int, games: int, why: str) -> Said:
    """A player of a match whose ``games`` a TD voided: it starts again from game 1, with a
    tile draw (para 15)."""
    return said_n("<b>{event}</b>: a TD voided the game of your {round} match against "
                  "<b>{opponent}</b>: {why}. The match starts again from game 1; draw tiles "
                  "to decide who starts, then report each game here.",
                  "<b>{event}</b>: a TD voided the {n} games of your {round} match against "
                  "<b>{opponent}</b>: {why}. The match starts again from game 1; draw tiles "
                  "to decide who starts, then report each game here.", games,
                  event=event.name, round=view.round_name, opponent=view.label(1 - side),
                  why=why)


def voided_note(why: str) -> Said:
    """On the copies of the voided match's open slips, and its rulers' notices."""
    return said("Void: a TD voided this match's games ({why})", why=why)
