"""What creating an event from its definition says to the organiser who sent it
(``event_setup``): records (``bot/words/said.py``), written in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.service.platform import callbacks
from bot.service.platform.outbox import SaidButtons
from bot.service.platform.role_words import role_said
from bot.words.said import Said, paragraphs, said, said_n, stacked


def _role(role: str) -> Said | str:
    return role_said(role)


def event_created(event: str, slug: str, player_link: str,
                  personal: Sequence[tuple[str, str, str]],
                  lapsed: Sequence[tuple[str, date]]) -> Said:
    """The organiser's copy of every invite link: the player link, then the personal ones
    (role, name, link); and the rounds whose dates are past (name, the day each closed),
    with the button that moves them (``created_buttons``)."""
    shown = [
        said("Created <b>{event}</b> (<code>{slug}</code>).", event=event, slug=slug),
        said("<b>Player link</b> (players pick their name, a TD approves):\n{link}",
             link=player_link),
    ]
    if personal:
        shown.append(stacked(
            said("<b>Personal links</b> (each links one person at once; send privately):"),
            *[said("{role} {person}: {link}", role=_role(role), person=person, link=link)
              for role, person, link in personal]))
    if lapsed:
        rounds = said("{round} closed {day}", round=lapsed[0][0], day=lapsed[0][1])
        for name, day in lapsed[1:]:
            rounds = said("{rounds}; {round} closed {day}", rounds=rounds, round=name, day=day)
        shown.append(said("⚠️ Its dates are past: {rounds}, so these rounds cannot open as "
                          "dated. Tap <b>Start it today</b> to move every date by the same "
                          "number of days so that the first is today (the gaps stay), as "
                          "<code>tdbot event create FILE --start today</code> does.",
                          rounds=rounds))
    return paragraphs(*shown)


def created_buttons(event_id: int, first: date) -> SaidButtons:
    """"Start it today" under an event whose dates are past, to move them from ``first``,
    the definition's earliest date."""
    return [[(said("Start it today"), callbacks.event_today(event_id, first))]]


def dates_moved(event: str, days: int, was: date, first: date) -> Said:
    """What "Start it today" did: every date moved ``days``, the earliest from ``was`` to
    ``first``."""
    return said_n("📅 Every date of <b>{event}</b> moved {days:+d} days: the schedule starts "
                  "{first} (it started {was}), the gaps between the dates as they were.",
                  "📅 Every date of <b>{event}</b> moved {days:+d} days: the schedule starts "
                  "{first} (it started {was}), the gaps between the dates as they were.",
                  abs(days), days=days, event=event, first=first, was=was)


def dates_moved_already(event: str, first: date) -> Said:
    """A second press of "Start it today": a press before it moved the dates."""
    return said("The dates of <b>{event}</b> were moved already: its schedule "
                "starts {first}.", event=event, first=first)


# --- a definition file the chat cannot take -------------------------------------------------


def organisers_only(tg_user_id: int | None) -> Said:
    """A person not listed as an organiser sent a definition: what to ask for, with the id
    the bot's host needs (Telegram does not show it to its user)."""
    if tg_user_id is None:
        return said("Only the organisers named in this bot's settings can create events. If "
                    "you run an event, ask the person who hosts the bot to add your Telegram "
                    "id to TDBOT_ORGANISERS.")
    return said("Only the organisers named in this bot's settings can create events. If you "
                "run an event, ask the person who hosts the bot to add your Telegram id to "
                "TDBOT_ORGANISERS. Your Telegram id is {id}.", id=tg_user_id)


def too_big(file: str, kb: int) -> Said:
    return said("{file}: too big for an event definition (over {kb} KB)", file=file, kb=kb)


def not_fetched(file: str) -> Said:
    return said("{file}: I could not fetch this file from Telegram; please send it again.",
                file=file)


def not_utf8(file: str) -> Said:
    return said("{file}: not UTF-8 text; save the file as UTF-8", file=file)
