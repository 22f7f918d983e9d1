"""What holding a round open (``round_holds``) tells its players and the group, and the
caption of an exported file (``export_files``): records (``bot/words/said.py``), written
in each reader's language."""

from __future__ import annotations

from datetime import datetime

from bot.service.events.schedule import round_said
from bot.words.said import Said, said, said_n


def held(event: str, round_name: str, until: datetime, why: str) -> Said:
    return said("<b>{event}: {round}</b> is held open until {until}: {why}.", event=event,
                round=round_said(round_name), until=until, why=why)


def held_for_player(held: Said, opponent: str) -> Said:
    return said("{held}\nFinish your match against {opponent} by then.", held=held,
                opponent=opponent)


def held_answer(round_name: str, closes: datetime, before: datetime | None, told: int) -> Said:
    """The TD who held a round open: its new close and the old one, and how many players
    of unfinished matches were told."""
    return said_n("{round} now closes {closes} (was {before}). I told {n} player with an "
                  "unfinished match.",
                  "{round} now closes {closes} (was {before}). I told {n} players with "
                  "unfinished matches.", told, round=round_said(round_name), closes=closes,
                  before=before if before is not None else said("no date"))
