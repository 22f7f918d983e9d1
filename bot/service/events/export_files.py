"""An event's files for the people who keep its books and records: the results and the fees
as CSV (``result_sheet``, ``fee_sheet``) for every format, and a round-based event's tsh
``.t``, NASPA and FIDE TRF files (``round_events.export_text``) too.

The command line prints one (``tdbot event export EVENT --csv``, ``tdbot fees csv EVENT``);
``/export`` in the chat sends a TD or an organiser all of them as documents.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events import export_texts
from bot.service.events.lookup import Event, get_event
from bot.service.events.result_sheet import results_csv
from bot.service.fees.fee_sheet import fees_csv
from bot.service.formats.registry import format_of
from bot.service.people.roles import require_role
from bot.service.platform import journal, outbox
from bot.service.platform.errors import NotAllowed
from bot.service.platform.unit import Reply, Request, answer, reading, require_actor, unit
from bot.store import media_repo
from bot.store.db import Database, Tx

#: The sheets every event has: (file name's ending, what makes it).
SHEETS = {"results": results_csv, "fees": fees_csv}


async def _sheet(tx: Tx, event: Event, which: str) -> tuple[str, str]:
    return f"{event.slug}-{which}.csv", await SHEETS[which](tx, event)


async def read_sheet(db: Database, event_id: int, which: str) -> tuple[str, str]:
    """Use-case: one sheet of the event, (file name, text), for the command line."""
    async with reading(db) as tx:
        return await _sheet(tx, await get_event(tx, event_id), which)


@dataclass(frozen=True)
class Exported:
    event: Event
    files: list[str]


async def send_files(db: Database, req: Request, event_id: int, *,
                     named: str | None = None) -> Exported:
    """Use-case: ``/export`` (a TD or an organiser of the event): its results and fees as
    CSV and, for a round-based event, its ``.t``, NASPA-with-scores and TRF files, sent to
    the asker as documents through the outbox (written in this transaction), then an
    answer in their language naming them. ``named``: an event the asker named that is none
    of the events they direct (``event_id`` is theirs): refused, saying which is."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td", "organiser")
        if named is not None:
            event = await get_event(tx, event_id)
            raise NotAllowed(export_texts.not_yours(named, event.slug))
        assert actor.person_id is not None  # the chat's asker; the command line prints
        event = await get_event(tx, event_id)
        files = [await _sheet(tx, event, which) for which in SHEETS]
        files += await format_of(event).export_files(tx, event)
        stamp = req.now.isoformat()
        for filename, text in files:
            media = await media_repo.add_document(tx, text.encode("utf-8"), filename, req.now)
            await outbox.enqueue(tx, person_id=actor.person_id, now=req.now, media_id=media,
                                 said=export_texts.caption(event.name, filename),
                                 dedupe_key=f"export:{event_id}:{filename}:{actor.person_id}:"
                                            f"{stamp}")
        names = [name for name, _ in files]
        await journal.record(tx, who=actor, action="event.export", subject=f"event:{event_id}",
                             now=req.now, detail={"files": names})
        await answer(tx, req, Reply(export_texts.sent(event.name, names)))
        return Exported(event, names)
