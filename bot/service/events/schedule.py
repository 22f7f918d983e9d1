"""The rounds of an event: finding the one a TD names, and the times of the schedule
(the period each round is played in, SSSg para 6)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

from bot.service.events.knockout_rounds import round_words
from bot.service.platform.errors import Invalid, NotFound
from bot.store import rounds_repo
from bot.store.db import Tx
from bot.store.rounds_repo import Round
from bot.words.said import Said, said
from core.knockout import round_names

__all__ = ["LADDER_ROUND", "Round", "as_moment", "club_round", "find_round", "get_round", "numbered", "parse_closing",
           "round_code", "round_number", "round_said", "rounds_of"]


def numbered(number: int) -> str:
    """The name the draw gives a round it makes from its number, "Round 3" (a round-based
    event's rounds, ``round_events.make_rounds``): what is stored and what a TD may type."""
    return f"Round {number}"


def club_round(night: int, number: int) -> str:
    """The name a club night gives a round it pairs, "night 1 round 2" (``formats/club``),
    read mid-sentence in every slip and ruling, so in lower case."""
    return f"night {night} round {number}"


#: The one round a ladder's challenges are played in (``formats/ladder``).
LADDER_ROUND = "Ladder challenges"

_CLUB_ROUND = re.compile(r"night (\d+) round (\d+)")


def round_number(name: str) -> int | None:
    """The number of a round named by ``numbered`` ("round 3" in any case), else None (a
    name an organiser wrote, "Final", "Qual Rd")."""
    words = name.strip().casefold().split()
    if len(words) == 2 and words[0] == "round" and words[1].isdecimal():
        return int(words[1])
    return None


def round_said(name: str) -> Said | str:
    """A round's name as a player reads it: one the bot made in the reader's language (from
    its number, "Round 3", "Ronde 3"; a club night's, "night 1 round 2"; a ladder's; a
    knockout's, as its draw names it, "Grand Final", "Grande finale",
    ``core.knockout.round_names``); one the organiser wrote in the definition as written."""
    number = round_number(name)
    if number is not None:
        return said("Round {number}", number=number)
    club = _CLUB_ROUND.fullmatch(name)
    if club is not None:
        return said("night {night} round {round}", night=int(club.group(1)),
                    round=int(club.group(2)))
    if name == LADDER_ROUND:
        return said("Ladder challenges")
    knockout = round_names.parse(name)
    return name if knockout is None else round_words(knockout)


def round_code(name: str) -> str:
    """A round's code, what a TD types and what a payment names its round by: the slug of
    its name ("Qual Rd" -> "qual-rd"). The draw gives each round it makes this code, so a
    round named in the definition has it before the draw too."""
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")


async def get_round(tx: Tx, round_id: int) -> Round:
    rnd = await rounds_repo.get(tx, round_id)
    if rnd is None:
        raise NotFound(said("no round with id {round}", round=round_id))
    return rnd


async def rounds_of(tx: Tx, event_id: int) -> list[Round]:
    return await rounds_repo.of_event(tx, event_id)


async def find_round(tx: Tx, event_id: int, ref: str) -> Round:
    """A round by its code or its name, case-insensitive (what a TD types)."""
    key = ref.strip().casefold()
    for rnd in await rounds_of(tx, event_id):
        # a round-based event's "Round 3" is also just "3"
        if key in (rnd.code.casefold(), rnd.name.casefold()) or (
                key.isdecimal() and round_number(rnd.name) == int(key)):
            return rnd
    names = ", ".join(f"{r.code} ({r.name})" for r in await rounds_of(tx, event_id))
    if not names:
        raise NotFound(said("no round '{round}' in this event; rounds: none yet (make the draw)",
                            round=ref))
    raise NotFound(said("no round '{round}' in this event; rounds: {rounds}", round=ref,
                        rounds=names))


def as_moment(value: date | datetime, zone: ZoneInfo, *, end: bool) -> datetime:
    """A schedule date as a moment in the event's time zone: a bare date opens at 00:00 and
    closes at 23:59 (SSSg "Schedule and Details": a round is played in a stipulated period,
    para 6, so its last day is whole)."""
    if not isinstance(value, datetime):
        value = datetime.combine(value, time(23, 59) if end else time(0, 0))
    return value if value.tzinfo is not None else value.replace(tzinfo=zone)


def parse_closing(text: str, zone: ZoneInfo) -> datetime:
    """A closing time a TD types: ``2016-09-30`` (the end of that day) or
    ``2016-09-30T18:00`` / ``2016-09-30 18:00``, in the event's time zone."""
    text = text.strip()
    try:
        value: date | datetime = (
            date.fromisoformat(text) if len(text) == 10 else datetime.fromisoformat(text)
        )
    except ValueError:
        raise Invalid(said("closing time '{typed}': write it as YYYY-MM-DD (the end of that "
                           "day) or YYYY-MM-DDTHH:MM", typed=text)) from None
    moment = as_moment(value, zone, end=True)
    try:  # stored in UTC: the first and last days of year 1 and 9999 may not convert
        moment.astimezone(UTC)
    except OverflowError:
        raise Invalid(said("closing time '{typed}' is out of range; give a date in this "
                           "century, YYYY-MM-DD", typed=text)) from None
    return moment
