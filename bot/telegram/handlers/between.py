"""Between the two players of a match (``bot/service/between/relay.py``, ``arranging.py``,
``no_shows.py``): /tell, /mute, /unmute, /share, /timezone, /propose, /agree, /noshow,
/contest, a TD's /matchlog, and their buttons. Each calls one use-case, which answers the
person itself; a button carries ids only and the service decides, at the press, whether it
is the presser's to do.

A command's words are read from the message itself (not ``context.args``), so that a
relayed message keeps its lines."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.between import arranging, no_shows, relay
from bot.service.between.relay_texts import say_which
from bot.service.people.directing import directed_event
from bot.service.platform import callbacks
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.telegram.handlers.common import AfterCommit, Handler, handled
from bot.telegram.runtime import runtime


def words_after_command(update: Update) -> str:
    """The message's text after its /command (lines kept)."""
    message = update.effective_message
    text = (message.text or "") if message is not None else ""
    command = text.split(maxsplit=1)[0] if text.strip() else ""
    return text.strip()[len(command):].strip()


def code_and_rest(update: Update, usage: str) -> tuple[str, str]:
    """'M3 the rest' -> ('M3', 'the rest'); none: ``Invalid`` with the usage."""
    words = words_after_command(update)
    code = words.split(maxsplit=1)[0] if words else ""
    if not code:
        raise Invalid(say_which(usage))
    return code, words[len(code):].strip()


# --- the relay ------------------------------------------------------------------------------


@handled
async def tell(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    code, text = code_and_rest(update, "/tell M3 YOUR MESSAGE")
    await relay.tell(runtime(context).db, req, code, text)
    return None


@handled
async def send_draft(update: Update, context: ContextTypes.DEFAULT_TYPE,
                      req: Request) -> AfterCommit | None:
    """The text after "Write to" (``replies.awaited_reply`` gives it here)."""
    message = update.effective_message
    await relay.send_draft(runtime(context).db, req, (message.text or "") if message else "")
    return None


@handled
async def cancel(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    await relay.cancel_draft(runtime(context).db, req)
    return None


def _mute(on: bool) -> Handler:
    @handled
    async def command(update: Update, context: ContextTypes.DEFAULT_TYPE,
                      req: Request) -> AfterCommit | None:
        code, _ = code_and_rest(update, "/mute M3" if on else "/unmute M3")
        await relay.mute(runtime(context).db, req, code, on)
        return None

    return command


mute = _mute(True)
unmute = _mute(False)


@handled
async def share(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    on = words_after_command(update).casefold() != "off"
    user = update.effective_user
    await relay.share(runtime(context).db, req, user.username if user else None, on)
    return None


@handled
async def match_log(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    db = runtime(context).db
    event, args = await directed_event(db, req, list(context.args or []), "matchlog")
    if not args:
        raise Invalid(say_which("/matchlog M3"))
    await relay.match_log(db, req, event.id, args[0])
    return None


# --- arranging ------------------------------------------------------------------------------


@handled
async def timezone(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    await arranging.set_zone(runtime(context).db, req, words_after_command(update))
    return None


@handled
async def propose(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    """/propose M3 TIMES, or /propose M3 alone for the next days' times as buttons; the
    service finds the match (a player's only one needs no code)."""
    await arranging.propose_typed(runtime(context).db, req, words_after_command(update))
    return None


@handled
async def agree(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    code, text = code_and_rest(update, "/agree M3 [TIME]")
    await arranging.agree_named(runtime(context).db, req, code, text or None)
    return None


# --- no-shows -------------------------------------------------------------------------------


@handled
async def no_show(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    code, _ = code_and_rest(update, "/noshow M3")
    await no_shows.claim_named(runtime(context).db, req, code)
    return None


@handled
async def contest(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    code, text = code_and_rest(update, "/contest M3 WHAT HAPPENED")
    await no_shows.contest_named(runtime(context).db, req, code, text)
    return None


# --- buttons --------------------------------------------------------------------------------


def _parsed(update: Update) -> tuple[str, str, tuple[int, ...]]:
    query = update.callback_query
    parsed = callbacks.parse_between(query.data if query else None)
    assert parsed is not None  # the handler's pattern
    return parsed


@handled
async def button(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    family, action, ids = _parsed(update)
    db = runtime(context).db
    if (family, action) == ("relay", "write"):
        await relay.start_draft(db, req, ids[0])
    elif action == "slots":
        await arranging.offer_slots(db, req, ids[0])
    elif action == "prop":
        await arranging.propose_slot(db, req, ids[0], ids[1])
    elif action == "ok":
        await arranging.agree(db, req, ids[0])
    elif action == "claim":
        await no_shows.claim(db, req, ids[0])
    elif action == "contest":
        await no_shows.contest(db, req, ids[0])
    else:
        await no_shows.rule(db, req, ids[0], callbacks.NO_SHOW_RULINGS[ids[1]])
    return None
