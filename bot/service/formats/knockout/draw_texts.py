"""What the draw of a knockout tells each player (``drawing``): a record
(``bot/words/said.py``), written in the player's language."""

from __future__ import annotations

from bot.service.events.schedule import round_said
from bot.service.results import length_texts
from bot.words.said import Said, said


def drawn(event: str, round_name: str, opponent: Said | str | None, best_of: int) -> Said:
    """Where the draw put the player: their first match (``opponent``), or a bye (None).
    The draw's seed is the TDs' (it lets anyone make the same draw again), not the player's."""
    if opponent is None:
        what = said("you have a bye in the {round} and go through.", round=round_said(round_name))
    else:
        what = said("your first match is in the {round} against <b>{opponent}</b>, "
                    "{best_of}.", round=round_said(round_name), opponent=opponent,
                    best_of=length_texts.best_of(best_of))
    return said("The draw for <b>{event}</b> is made: {what}", event=event, what=what)
