"""The database could not be written for a while: the directors are told how long.

While the bot cannot write to its database (a full disk, a failing one, another program
holding the write lock past the busy timeout), the outbox sender cannot record what it
sent, so it sends nothing more until it can (``bot/telegram/sender.py`` says why). Once a
write works again the TDs and organisers of every event not finished, and the organisers
listed in the settings, are told when it began and ended, in their event's time zone: it
explains a silence of minutes, and that nothing was lost.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from bot.service.platform import outbox
from bot.service.platform.unit import Request, unit
from bot.store import roles_repo
from bot.store.db import Database
from bot.words.said import Said, said


def held(since: datetime, until: datetime, zone: ZoneInfo) -> Said:
    """The notice, its times on ``zone``'s clock: the end as a time of day alone when the
    outage began the same day."""
    start, end = since.astimezone(zone), until.astimezone(zone)
    if end.date() == start.date():
        return said("I could not write to my database from {start} to {end:time}. Messages "
                    "were held meanwhile and are going out now; none was lost.",
                    start=start, end=end)
    return said("I could not write to my database from {start} to {end}. Messages were held "
                "meanwhile and are going out now; none was lost.", start=start, end=end)


async def tell_directors(db: Database, req: Request, since: datetime, until: datetime,
                         organisers: frozenset[int]) -> int:
    """Use-case: write the notice of an outage from ``since`` to ``until`` for the TDs and
    organisers of every event not finished, and for the settings' ``organisers`` (Telegram
    ids) who are not among them; returns how many were written."""
    async with unit(db, req) as tx:
        told: set[int] = set()
        written = 0
        for person_id, tg_id, zone in await roles_repo.directors_of_running_events(tx):
            await outbox.enqueue(tx, person_id=person_id, now=req.now,
                                 said=held(since, until, ZoneInfo(zone)))
            written += 1
            if tg_id is not None:
                told.add(tg_id)
        for tg_id in sorted(organisers - told):
            await outbox.enqueue(tx, chat_id=tg_id, now=req.now,
                                 said=held(since, until, ZoneInfo("UTC")))
            written += 1
        return written
