"""Between the two players of a match (``bot/service/between/relay.py``, ``arranging.py``,
``no_shows.py``): /tell, /mute, /unmute, /share, /timezone, /propose, /agree, /noshow,
/contest, a TD's /matchlog, and their buttons. Each calls one use-case; a button carries
ids only and the service decides, at the press, whether it is the presser's to do.

A command's words are read from the message itself (not ``context.args``), so that a
relayed message keeps its lines."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.between import arranging, no_shows, relay
from bot.service.between import arranging_texts as arrange_say
from bot.service.between import no_show_texts as no_show_say
from bot.service.between import relay_texts as relay_say
from bot.service.people.directing import directed_event
from bot.service.platform import callbacks
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Reply, Request
from bot.telegram.handlers.common import AfterCommit, Handler, english, handled
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
        raise Invalid(f"say which match: {usage} (/matches shows your matches' codes)")
    return code, words[len(code):].strip()


# --- the relay ------------------------------------------------------------------------------


def _told(done: relay.Told | None) -> Reply | None:
    if done is None:
        return None
    return Reply(relay_say.told(done.code, done.to, done.delivered, done.left))


@handled
async def tell(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    code, text = code_and_rest(update, "/tell M3 YOUR MESSAGE")
    await relay.tell(runtime(context).db, req, code, text, render=english(_told))
    return None


@handled
async def send_draft(update: Update, context: ContextTypes.DEFAULT_TYPE,
                      req: Request) -> AfterCommit | None:
    """The text after "Write to" (``replies.awaited_reply`` gives it here)."""
    message = update.effective_message
    await relay.send_draft(runtime(context).db, req, (message.text or "") if message else "",
                           render=english(_told))
    return None


@handled
async def cancel(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    await relay.cancel_draft(runtime(context).db, req,
                             render=english(lambda closed: Reply(relay_say.cancelled(closed))))
    return None


def _mute(on: bool) -> Handler:
    @handled
    async def command(update: Update, context: ContextTypes.DEFAULT_TYPE,
                      req: Request) -> AfterCommit | None:
        code, _ = code_and_rest(update, "/mute M3" if on else "/unmute M3")
        await relay.mute(runtime(context).db, req, code, on, render=english(lambda done: Reply(
            relay_say.muted(done.code, done.opponent, done.muted, done.changed))))
        return None

    return command


mute = _mute(True)
unmute = _mute(False)


@handled
async def share(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    on = words_after_command(update).casefold() != "off"
    user = update.effective_user
    await relay.share(runtime(context).db, req, user.username if user else None, on,
                      render=english(lambda done: Reply(relay_say.shared(done.username,
                                                                          done.had_none))))
    return None


@handled
async def match_log(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    db = runtime(context).db
    event, args = await directed_event(db, req, list(context.args or []), "matchlog")
    if not args:
        raise Invalid("say which match: /matchlog M3")
    await relay.match_log(db, req, event.id, args[0],
                          render=english(lambda log: Reply(relay_say.log(log.code, log.names,
                                                                        log.shown()))))
    return None


# --- arranging ------------------------------------------------------------------------------


@handled
async def timezone(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    await arranging.set_zone(runtime(context).db, req, words_after_command(update),
                             render=english(lambda done: Reply(arrange_say.zone_set(
                                 done.zone, done.now_there))))
    return None


def _proposed(done: arranging.Proposed) -> Reply:
    return Reply(arrange_say.proposed(done.to, done.times, done.zone))


def _slots(found: arranging.Slots) -> Reply:
    return Reply(arrange_say.slots(found.code, found.opponent, found.zone),
                 arrange_say.slot_buttons(found.match_id, found.times))


def _agreed(done: arranging.Agreed) -> Reply | None:
    """Agreed by this: the message of it (with the calendar file) is the answer."""
    if done.by_this:
        return None
    return Reply(arrange_say.already_agreed(done.opponent, done.at))


@handled
async def propose(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    code, text = code_and_rest(update, "/propose M3 Sat 15:00")
    db = runtime(context).db
    if not text:  # the next days' times as buttons
        await arranging.offer_slots_named(db, req, code, render=english(_slots))
        return None
    await arranging.propose(db, req, code, text, render=english(_proposed))
    return None


@handled
async def agree(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    code, text = code_and_rest(update, "/agree M3 [TIME]")
    await arranging.agree_named(runtime(context).db, req, code, text or None, render=english(_agreed))
    return None


# --- no-shows -------------------------------------------------------------------------------


def _claimed(done: no_shows.Claimed) -> Reply:
    return Reply(no_show_say.claimed(done.code, done.opponent, done.until))


def _contested(done: no_shows.Contested) -> Reply:
    return Reply(no_show_say.contested(done.code, done.claimant, done.added))


def _ruled(done: no_shows.NoShowRuled) -> Reply:
    return Reply(no_show_say.ruled(done.code, done.ruling, done.to, done.detail, done.by_this,
                                   done.single))


@handled
async def no_show(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    code, _ = code_and_rest(update, "/noshow M3")
    await no_shows.claim_named(runtime(context).db, req, code, render=english(_claimed))
    return None


@handled
async def contest(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    code, text = code_and_rest(update, "/contest M3 WHAT HAPPENED")
    await no_shows.contest_named(runtime(context).db, req, code, text, render=english(_contested))
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
        await relay.start_draft(db, req, ids[0], render=english(lambda d: Reply(
            relay_say.drafting(d.code, d.to))))
    elif action == "slots":
        await arranging.offer_slots(db, req, ids[0], render=english(_slots))
    elif action == "prop":
        await arranging.propose_slot(db, req, ids[0], ids[1], render=english(_proposed))
    elif action == "ok":
        await arranging.agree(db, req, ids[0], render=english(_agreed))
    elif action == "claim":
        await no_shows.claim(db, req, ids[0], render=english(_claimed))
    elif action == "contest":
        await no_shows.contest(db, req, ids[0], render=english(_contested))
    else:
        await no_shows.rule(db, req, ids[0], callbacks.NO_SHOW_RULINGS[ids[1]], render=english(_ruled))
    return None
