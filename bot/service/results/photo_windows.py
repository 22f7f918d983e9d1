"""The board-photo window of a counted game, and the event's photo rules (SSSg para 25).

"The winner of a game (or the starting player in the case of a tie) is also responsible
for sending a photo of the completed game to SA Rating Officer ... within 24 hours of the
conclusion of the game, failing which the game may be awarded as a bye to the loser."

A window opens when a game is counted: a player's slip confirmed in the chat
(``reporting``), or a paper slip a TD enters with ``tdbot game report --photo-window`` (a paper
slip's photo is otherwise the TD's business, so by default none opens). It is a row
(``photo_windows``) with two durable deadlines: a reminder to the responsible player
``photo_reminder_hours`` before it closes, and the close itself (``bot/service/results/photos.py``
handles both). This module only opens windows, so the reporting use-cases can call it
without importing the rulings the close may lead to.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service.events.lookup import Event
from bot.service.formats.traits import board_photos
from bot.service.platform import journal
from bot.service.platform.actors import Actor
from bot.service.platform.clock import iso
from bot.service.platform.deadlines import open_deadline
from bot.store import photos_repo
from bot.store.db import Tx
from core.knockout.match import MatchGame

PHOTO_REMINDER = "photo.reminder"
PHOTO_CLOSES = "photo.window"


def _rules(event: Event) -> dict[str, object]:
    rules = event.rules.get("rules", {})
    return rules if isinstance(rules, dict) else {}


def window_length(event: Event) -> timedelta:
    """SSSg para 25: 24 hours after the game, or the event's ``photo_window_hours``."""
    return timedelta(hours=int(str(_rules(event).get("photo_window_hours", 24))))


def reminder_before(event: Event) -> timedelta:
    """How long before the close the responsible player is reminded (0: never)."""
    return timedelta(hours=int(str(_rules(event).get("photo_reminder_hours", 2))))


def automatic_bye(event: Event) -> bool:
    """``photo_bye = "automatic"``: a missing photo gives the loser the game at once;
    otherwise ("ask", the default) the TDs decide, as para 25 says the game *may* go."""
    return _rules(event).get("photo_bye", "ask") == "automatic"


def photos_owed(event: Event) -> bool:
    """``board_photos``: whether this event's games owe a board photo at all (a club night,
    played in the TD's sight, by default does not: ``formats.board_photos``)."""
    return board_photos(event.format, _rules(event))


def officer_chat(event: Event) -> int | None:
    """The ratings officer's chat that receives every photo (``ratings_officer_chat``)."""
    chat = _rules(event).get("ratings_officer_chat")
    return int(str(chat)) if chat is not None else None


async def arm_window(tx: Tx, window_id: int, closes_at: datetime, event: Event, *,
                     now: datetime) -> None:
    """The reminder and the close of a window closing at ``closes_at``. Their payload names
    the close they are for, so those of a window since extended do nothing."""
    payload = {"window_id": window_id, "closes_at": iso(closes_at)}
    subject = f"photo:{window_id}"
    remind_at = closes_at - reminder_before(event)
    if reminder_before(event) > timedelta(0) and remind_at > now:
        await open_deadline(tx, PHOTO_REMINDER, subject, remind_at, payload, now=now)
    await open_deadline(tx, PHOTO_CLOSES, subject, closes_at, payload, now=now)


async def open_photo_window(tx: Tx, event: Event, match_id: int, game_id: int, game: MatchGame,
                            *, by: Actor, now: datetime) -> int | None:
    """A counted game's photo window; None for a game not won on the board (a bye or a
    forfeit has no board to photograph) or in an event that asks for no photos
    (``board_photos = false``): then nobody is asked for one and no TD is asked about one."""
    responsible = game.responsible()
    if responsible is None or not photos_owed(event):
        return None
    closes = now + window_length(event)
    window_id = await photos_repo.open_window(tx, game_id=game_id, match_id=match_id,
                                              responsible_side=responsible, now=now,
                                              closes_at=closes)
    await arm_window(tx, window_id, closes, event, now=now)
    await journal.record(tx, who=by, action="photo.window", subject=f"match:{match_id}",
                         now=now, detail={"window_id": window_id, "game_id": game_id,
                                          "responsible_side": responsible,
                                          "closes_at": iso(closes)})
    return window_id
