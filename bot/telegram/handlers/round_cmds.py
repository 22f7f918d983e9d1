"""Round-based events in the chat: /standings (anyone in the event) and /why NAME [ROUND]
(TDs), each a use-case of ``bot/service/formats/rounds/round_events.py``; and /export (TDs and organisers
of any event: ``bot/service/events/export_files.py``). The service checks who may ask and
writes the answer."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.events import export_files
from bot.service.formats.rounds import round_events
from bot.service.people.directing import directed_event, member_event
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime


@handled
async def standings(update: Update, context: ContextTypes.DEFAULT_TYPE,
                    req: Request) -> AfterCommit | None:
    """/standings [EVENT]: the table, top 10 and the asker's own line."""
    db = runtime(context).db
    event, _ = await member_event(db, req, context.args or [], "standings")
    await round_events.standings(db, req, event.id)
    return None


@handled
async def why(update: Update, context: ContextTypes.DEFAULT_TYPE,
              req: Request) -> AfterCommit | None:
    """/why NAME [ROUND]: why NAME was paired as they were (the core's reason, kept)."""
    db = runtime(context).db
    event, args = await member_event(db, req, context.args or [], "why")
    round_no = None
    if len(args) > 1 and args[-1].isdecimal():
        round_no = int(args[-1])
        args = args[:-1]
    await round_events.why(db, req, event.id, " ".join(args), round_no)
    return None


@handled
async def export(update: Update, context: ContextTypes.DEFAULT_TYPE,
                 req: Request) -> AfterCommit | None:
    """/export: the event's results and fees as CSV (a round-based event's .t, NASPA and TRF
    files too), to the TD or organiser as documents."""
    db = runtime(context).db
    event, rest = await directed_event(db, req, context.args or [], "export")
    # a slug, but of no event the asker directs: not theirs to export
    await export_files.send_files(db, req, event.id, named=rest[0] if rest else None)
    return None
