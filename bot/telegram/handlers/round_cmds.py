"""Round-based events in the chat: /standings (anyone in the event) and /why NAME [ROUND]
(TDs), each a use-case of ``bot/service/formats/rounds/round_events.py``; and /export (TDs and organisers
of any event: ``bot/service/events/export_files.py``). The service checks who may ask."""

from __future__ import annotations

import html

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.events import export_files
from bot.service.events.export_files import Exported
from bot.service.formats.rounds import round_events
from bot.service.formats.rounds.round_events import Reason
from bot.service.people.directing import directed_event, member_event
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.unit import Reply, Request
from bot.telegram.handlers.common import AfterCommit, english, handled
from bot.telegram.runtime import runtime


@handled
async def standings(update: Update, context: ContextTypes.DEFAULT_TYPE,
                    req: Request) -> AfterCommit | None:
    """/standings [EVENT]: the table, top 10 and the asker's own line."""
    db = runtime(context).db
    event, _ = await member_event(db, req, context.args or [], "standings")
    await round_events.standings(db, req, event.id, render=english(lambda view: Reply(view.said())))
    return None


def why_text(found: list[Reason]) -> str:
    lines = []
    for r in found:
        against = f"v {html.escape(r.opponent)}" if r.opponent else "bye"
        rule = " (Gibson rule)" if r.gibson else ""
        lines.append(f"<b>{html.escape(r.round)}: {html.escape(r.name)} {against}</b>{rule}\n"
                     f"{html.escape(r.reason)}\n(players by number, as in the .t file: "
                     f"{html.escape(r.numbers)})")
    return "\n".join(lines)


@handled
async def why(update: Update, context: ContextTypes.DEFAULT_TYPE,
              req: Request) -> AfterCommit | None:
    """/why NAME [ROUND]: why NAME was paired as they were (the core's reason, kept)."""
    db = runtime(context).db
    event, args = await member_event(db, req, context.args or [], "why")
    round_no = None
    if len(args) > 1 and args[-1].isdigit():
        round_no = int(args[-1])
        args = args[:-1]
    if not args:
        raise Invalid("say whose pairing: /why NAME [ROUND], e.g. /why Ann 3")
    await round_events.why(db, req, event.id, " ".join(args), round_no,
                           render=english(lambda found: Reply(why_text(found))))
    return None


def exported_text(done: Exported) -> str:
    return (f"<b>{html.escape(done.event.name)}</b>: the results and fees so far, sent to you "
            f"here as files: {html.escape(', '.join(done.files))}.")


@handled
async def export(update: Update, context: ContextTypes.DEFAULT_TYPE,
                 req: Request) -> AfterCommit | None:
    """/export: the event's results and fees as CSV (a round-based event's .t, NASPA and TRF
    files too), to the TD or organiser as documents."""
    db = runtime(context).db
    event, rest = await directed_event(db, req, context.args or [], "export")
    if rest:  # a slug, but of no event the asker directs: not theirs to export
        raise NotAllowed(f"/export {rest[0]}: you are not a TD or organiser of an event "
                         f"called that; /export {event.slug} sends yours")
    await export_files.send_files(db, req, event.id,
                                  render=english(lambda done: Reply(exported_text(done))))
    return None
