"""/holdround ROUND until DATE: REASON -- a TD holds a round open past its close
(``bot/service/events/round_holds.py``): a knockout's (SSSg para 21, cited to its TDs only) or a
round-based event's, the formats whose rounds close on a date (``Format.dated_rounds``)."""

from __future__ import annotations

import re

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.events import round_holds
from bot.service.formats.registry import format_of
from bot.service.formats.traits import HasFormat, cite
from bot.service.people.directing import directed_event
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime
from bot.words.said import said

USAGE = "/holdround ROUND until YYYY-MM-DD: REASON"
#: ROUND until DATE[ TIME]: REASON (a time's own colon is not the reason's)
_FORM = re.compile(r"^\s*(?P<ref>.+?)\s+until\s+(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[ T][0-9]{1,2}:[0-9]{2})?)"
                   r"\s*:\s*(?P<why>\S.*)$", re.IGNORECASE | re.DOTALL)


def hold_round_args(text: str, of: HasFormat | None = None) -> tuple[str, str, str]:
    """The words after /holdround: (round, date, reason), or ``Invalid`` with the usage,
    citing para 21 only when ``of`` is a knockout (the date itself is read by the
    service)."""
    found = _FORM.match(text)
    if found is None:
        ref = cite(of, "para 21") if of is not None else ""
        raise Invalid(said("say the round, the new date and why{ref}: {usage}", ref=ref,
                           usage=USAGE))
    ref, date, reason = found.group("ref", "date", "why")
    return ref, date, reason


@handled
async def hold_round(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    db = runtime(context).db
    event, args = await directed_event(db, req, context.args or [], "holdround",
                                       only=lambda e: format_of(e).dated_rounds)
    ref, date, reason = hold_round_args(" ".join(args), event)
    await round_holds.hold_round(db, req, event.id, ref, until=date, why=reason)
    return None
