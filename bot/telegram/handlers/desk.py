"""The TD's desk in the chat: the buttons of a round's close and of /pending (extend the
round, a match bye, void a match: bot/service/results/desk.py), and /closeround.

The handler's pattern is ``callbacks.is_desk``; the service checks the TD's role, so a
forwarded button is refused to anyone else.
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.events import rounds
from bot.service.people.directing import directed_event
from bot.service.platform import callbacks
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.service.results import desk
from bot.service.results.desk_texts import BUTTON_WHY, EXTEND_WHY
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.handlers.td import cut
from bot.telegram.runtime import runtime
from bot.words.said import said


@handled
async def desk_button(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    query = update.callback_query
    parsed = callbacks.parse_desk(query.data if query else None)
    assert parsed is not None  # the handler's pattern
    action, ident, extra = parsed
    db = runtime(context).db
    if action == "extend":
        assert extra is not None
        await desk.extend_round(db, req, ident, extends_from=extra, why=EXTEND_WHY)
    elif action == "bye":
        assert extra is not None
        await desk.give_match_bye(db, req, ident, extra, why=BUTTON_WHY)
    else:
        await desk.void_match(db, req, ident, why=BUTTON_WHY)
    return None


@handled
async def close_round(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """/closeround ROUND [anyway: REASON]: a TD closes a round, early too, once every match
    is decided; with matches undecided only "anyway" and a reason close it (they stay in
    /pending), as ``--force --why`` does at the command line."""
    db = runtime(context).db
    event, args = await directed_event(db, req, context.args or [], "closeround")
    ref, anyway, reason = cut(" ".join(args), "anyway")
    reason = reason.lstrip(":").strip()
    if not ref:
        raise Invalid(said("say which round: /closeround ROUND [anyway: REASON]"))
    if anyway and not reason:
        raise Invalid(said("say why you close it with matches undecided: "
                           "/closeround ROUND anyway: REASON"))
    try:
        await rounds.close_round(db, req, event.id, ref, force=bool(anyway), why=reason)
    except Invalid as exc:
        if "--force --why" not in exc.message:
            raise
        raise Invalid(exc.message.replace("(--force --why REASON)",
                                          f"(/closeround {ref} anyway: REASON)")) from None
    return None
