"""What a game played during a blackout tells its players (``blackouts``, ``held_games``;
SSSg para 20: no game is played during a blackout): records (``bot/words/said.py``),
written in each player's language."""

from __future__ import annotations

from bot.service.events.lookup import Event
from bot.service.events.schedule import round_said
from bot.service.formats.registry import format_of
from bot.service.formats.traits import cite
from bot.service.results.matches import MatchView
from bot.words.said import Said, said


def held(event: Event, view: MatchView, side: int, game: int, scores: tuple[int, int],
         blackout: str) -> Said:
    """The game is held until a TD checks it."""
    rulebook = format_of(event).rulebook
    return said("<b>{event}</b>: game {game} of your <b>{round}</b> match v {opponent} (you "
                "{mine}, them {theirs}) was played during <b>{blackout}</b>, when {whose} "
                "games may not be played{ref}. It does not count until a TD checks it; I will "
                "tell you. Play no further game of this match until then.", event=event.name,
                game=game, round=round_said(view.round_name), opponent=view.said_label(1 - side),
                mine=scores[side], theirs=scores[1 - side], blackout=blackout,
                whose=rulebook or said("this event's"), ref=cite(event, "para 20"))


def voided(event: Event, view: MatchView, side: int, game: int, blackout: str) -> Said:
    """A TD voided the held game."""
    return said("<b>{event}</b>: a TD voided game {game} of your <b>{round}</b> match v "
                "{opponent}, played during {blackout}{ref}. It does not count: play game "
                "{game} again, outside the blackout.", event=event.name, game=game,
                round=round_said(view.round_name), opponent=view.said_label(1 - side), blackout=blackout,
                ref=cite(event, "para 20"))
