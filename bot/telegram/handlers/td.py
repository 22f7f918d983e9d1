"""TD commands in the chat: /pending, /invites, /openround (and /draw, see ``draw``).

roles are checked -- "a player cannot use TD commands". The service re-checks every
permission (``require_role``); this module only finds which event the TD means: the one they
direct, or the one named first (``/openround club-cup Final``) when they direct several.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.events import draw as draw_service
from bot.service.events import readmodels, rounds
from bot.service.people import invites
from bot.service.people.directing import directed_event
from bot.service.platform.errors import Invalid
from bot.service.platform.limits import SEED
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.runtime import runtime
from bot.words.said import said


@handled
async def pending(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """What awaits a TD (the service's read model ``td_inbox``, one copy of its queries):
    join requests (with their Approve / Reject buttons), disputes, fees, messages Telegram
    refused for good ("is marked so and shown to a TD"), deadlines that could not
    fire, unfinished matches (those of closed rounds with their match-bye and void buttons),
    tied matches and results awaiting agreement."""
    db = runtime(context).db
    event, _ = await directed_event(db, req, context.args or [], "pending")
    await readmodels.pending(db, req, event.id)
    return None


@handled
async def list_invites(
    update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request
) -> AfterCommit | None:
    """/invites: the event's invite links, for a TD to hand out."""
    db = runtime(context).db
    event, _ = await directed_event(db, req, context.args or [], "invites")
    await invites.invite_links(db, req, event.id, bot_username=context.bot.username)
    return None


def cut(text: str, word: str) -> tuple[str, bool, str]:
    """``text`` split at the first ``word`` standing alone: (before, found, after)."""
    parts = re.split(rf"\s+{word}\b", f" {text}", maxsplit=1, flags=re.IGNORECASE)
    after = parts[1].strip() if len(parts) == 2 else ""
    return parts[0].strip(), len(parts) == 2, after


@dataclass(frozen=True)
class OpenRoundArgs:
    ref: str
    closing: str | None
    expel: bool
    anyway: bool
    reason: str


def open_round_args(text: str) -> OpenRoundArgs:
    """The words after /openround: ROUND [until DATE] [expel | anyway: REASON], or
    ``Invalid`` saying which part is missing (the date itself is read by the service)."""
    head, anyway, reason = cut(text, "anyway")
    head, expel, after = cut(head, "expel")
    ref, until, closing = cut(f"{head} {after}".strip(), "until")
    if not ref:
        raise Invalid(said("say which round: /openround ROUND [until YYYY-MM-DD] "
                           "[expel | anyway: REASON]"))
    if until and not closing:
        raise Invalid(said("give the closing date after until: /openround ROUND until "
                           "YYYY-MM-DD"))
    reason = reason.lstrip(":").strip()
    if anyway and not reason:
        raise Invalid(said("say why you open it with fees unpaid: /openround ROUND anyway: "
                           "REASON"))
    return OpenRoundArgs(ref, closing or None, expel, anyway, reason)


@handled
async def open_round(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/openround ROUND [until DATE] [expel | anyway: REASON]. "until" sets the closing time
    (a TD on a phone must be able to open a round whose planned date has passed, as
    ``--closes`` does at the command line); "expel" confirms that players not paid-up are
    expelled as it opens (SSSg para 26); "anyway" opens it with them in, a TD decision whose
    reason goes to the journal."""
    db = runtime(context).db
    event, args = await directed_event(db, req, context.args or [], "openround")
    asked = open_round_args(" ".join(args))
    await rounds.open_round(
        db, req, event.id, asked.ref, closing=asked.closing, unpaid_ok=asked.anyway,
        expel_unpaid=asked.expel,
        why=asked.reason,
    )
    return None


@handled
async def draw(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/draw [SEED]: the seed is recorded so anyone can re-run and check the draw (SSSg
    Annex A paras 1 and 3: fixtures by random draw); without one the bot picks it."""
    db = runtime(context).db
    event, args = await directed_event(db, req, context.args or [], "draw")
    seed = SEED.parse(args[0]) if args else secrets.randbelow(1_000_000)
    await draw_service.draw_event(db, req, event.id, seed=seed)
    return None
