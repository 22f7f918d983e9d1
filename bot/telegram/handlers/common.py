"""The one way a handler applies an update: through one service use-case.

docs/architecture.md, "Nothing lost, nothing doubled": Telegram re-sends updates after a crash, so the
use-case records the update id in the same transaction as its effect (``bot/service/platform/unit.py``);
a re-sent update finds its id taken and does nothing. What the use-case wants said, the
answer to the person included, is written to the outbox in that transaction and delivered
by the sender after commit.

A ``ServiceError`` rolled the transaction back (the claim too) and its message is shown to
the person, in their language (``texts.refused``). Any other exception before the commit goes to the error handler
(``errors.py``, "nothing was changed"); one after the commit is answered here with the
truth: the change is saved.

Except a failure that may pass (``bot.store.errors.may_pass``: the disk is full or failing,
another program held the write lock past the busy timeout). Answering it as a bug would
confirm the update to Telegram, which then forgets it: the person's report would be lost
although nothing is wrong with it. So the update is tried again, ``UPDATE_TRIES`` times in
all with a doubling wait (two minutes), and stays with Telegram meanwhile (it is confirmed
only once handled, ``update_queue.py``); only if every try fails is the person told what
was not saved, and the update let go.
"""

from __future__ import annotations

import logging
import textwrap
from collections.abc import Awaitable, Callable, Coroutine
from functools import wraps
from typing import Any, TypeVar

from telegram import Message, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.logsafe import user_text
from bot.service.platform import journal
from bot.service.platform.errors import NotAllowed, NotFound, OwnMatch, ServiceError
from bot.service.platform.unit import (
    AlreadyApplied,
    Receipt,
    Request,
    reader_language,
    reading,
)
from bot.store.errors import may_pass
from bot.telegram import texts
from bot.telegram.runtime import after_commit, now, runtime
from bot.telegram.webhook_reply import TAP_REPLY, TapReply
from bot.words import SOURCE, for_locale
from bot.words.said import said

#: What a handler body may return: an action to run after commit (a Bot API call that is not a
#: message, like setting a command menu: it must not run while the transaction holds the
#: database, and it is harmless to lose).
AfterCommit = Callable[[], Awaitable[None]]
log = logging.getLogger("bot.telegram")
T = TypeVar("T")
#: Bot API, answerCallbackQuery: the text of its notification is 0-200 characters.
TOAST_MAX = 200

#: How many times in all an update is tried while the database cannot be written, and the
#: wait before the second try (doubling after each: 1, 2, 4 ... 64 s, about two minutes).
UPDATE_TRIES = 8
FIRST_WAIT = 1.0

#: What an update from no person (a channel's post) is told: nobody there reads a language.
NOT_A_PERSON = said("I can only answer people, not channels.")

Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]
#: A handler body in the use-case shape: it calls one service use-case with the request.
Body = Callable[[Update, ContextTypes.DEFAULT_TYPE, Request], Awaitable[AfterCommit | None]]


def request_of(update: Update, context: ContextTypes.DEFAULT_TYPE) -> Request:
    """The service's view of an update: who wrote, when, which update, which chat answers."""
    user = update.effective_user
    chat = update.effective_chat
    if user is None:
        raise ServiceError(NOT_A_PERSON)
    private = chat is not None and chat.type == ChatType.PRIVATE
    return Request(
        now=now(context), operator=False, label=f"tg:{user.id}", tg_user_id=user.id,
        tg_name=user.full_name, tg_language=user.language_code if private else None,
        organiser=user.id in runtime(context).organisers,
        update_id=update.update_id, chat_id=chat.id if chat is not None else None,
        receipt=Receipt(),
    )


def handled(body: Body) -> Handler:
    """Wrap a handler body into a PTB callback: the body calls a use-case, which claims the
    update in its own transaction. A refusal (``ServiceError``) rolled that transaction
    back and is shown to the person; a re-sent update (``AlreadyApplied``) does nothing.
    After a commit the sender and the alarms are woken, then the body's after-commit action
    (a cosmetic Bot API call) runs; a failure there is reported as what it is: the change
    was saved. A transaction that failed for a reason that may pass is tried again (the
    module's docstring says why), up to ``UPDATE_TRIES`` times."""

    @wraps(body)
    async def handler(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        wait = FIRST_WAIT
        for attempt in range(1, UPDATE_TRIES + 1):
            if not await _apply(body, update, context, last=attempt == UPDATE_TRIES):
                return
            log.warning("update %s: the database could not be written (try %d of %d); "
                        "trying again in %.0f s", update.update_id, attempt, UPDATE_TRIES, wait)
            await runtime(context).time.sleep(wait)
            wait *= 2

    return handler


async def _apply(body: Body, update: Update, context: ContextTypes.DEFAULT_TYPE, *,
                 last: bool) -> bool:
    """One try of ``body`` for ``update``; True if it is to be tried again (its transaction
    failed for a reason that may pass, and this was not the ``last`` try)."""
    try:
        req = request_of(update, context)
    except ServiceError as exc:
        await tell(update, texts.refused(exc))  # no user: no language known
        return False
    try:
        then = await body(update, context, req)
        await _answer_callback(update, context)
        await after_commit(context)
        if then is not None:
            await then()
    except AlreadyApplied:
        await _answer_callback(update, context)
    except (NotAllowed, NotFound) as exc:
        await _know_language(context, req)
        if update.callback_query is None:
            await tell(update, texts.refused(exc, lang=req.language))
        else:  # a press that is not the presser's, or of nothing: one neutral answer
            await refuse_press(update, context, req, exc.message,
                               shown=exc if isinstance(exc, OwnMatch) else None)
    except ServiceError as exc:
        await _answer_callback(update, context)
        await _know_language(context, req)
        await tell(update, texts.refused(exc, lang=req.language))
    except Exception as exc:
        if not req.receipt.committed and may_pass(exc):
            if not last:
                return True
            log.error("update %s: the database could not be written in %d tries (%s); "
                      "given up, and the person told", update.update_id, UPDATE_TRIES, exc)
            await _answer_callback(update, context)
            what, pressed = update_described(update, req.language)
            await tell(update, texts.not_saved(what, pressed=pressed, lang=req.language))
            return False
        if not req.receipt.committed:
            raise  # rolled back: the error handler says that nothing was changed
        # The change is saved; only what came after failed (waking the sender, a
        # cosmetic edit). Say so, never "nothing was changed".
        log.exception("update %s: failed after its change was saved", update.update_id)
        await tell(update, for_locale(req.language).gettext(texts.SAVED_BUT_FAILED))
    return False


async def _know_language(context: ContextTypes.DEFAULT_TYPE, req: Request) -> None:
    """The language a refusal is written in: the one the use-case's transaction found, or,
    for a refusal made before any began (a command's words, which event it means), the
    reader's as it would have found it (their choice, the group's), read now."""
    if req.receipt.language is None and req.tg_user_id is not None:
        try:
            async with reading(runtime(context).db) as tx:
                req.receipt.language = await reader_language(tx, req)
        except Exception as exc:  # the refusal is still told, in Telegram's language
            log.warning("update for tg:%s: the reader's language could not be read (%s)",
                        req.tg_user_id, exc)


def update_described(update: Update, lang: str = SOURCE) -> tuple[str, bool]:
    """What the person did, in their own terms, for a message saying it was not done (HTML,
    their text escaped and cut short): their message, their file, or the button they
    pressed (its label, read from the message it is on). True for a button press."""
    w = for_locale(lang)
    query = update.callback_query
    if query is not None:
        markup = query.message.reply_markup if isinstance(query.message, Message) else None
        labels = [button.text for row in (markup.inline_keyboard if markup else ())
                  for button in row if button.callback_data == query.data]
        return (w._("your press of “{label}”", label=texts.esc(labels[0])) if labels
                else w._("your button press")), True
    message = update.effective_message
    if message is not None and message.document is not None:
        return w._("your file “{name}”",
                   name=texts.esc(message.document.file_name or "")), False
    if message is not None and message.photo:
        return w._("your photo"), False
    if message is not None and message.text:
        shown = textwrap.shorten(message.text, 60, placeholder=" …")
        return w._("your message “{text}”", text=texts.esc(shown)), False
    return w._("what you sent"), False


async def refuse_press(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request,
                       reason: str, *, shown: ServiceError | None = None) -> None:
    """A refused button press: not the presser's (another person's slip, a ruling on a
    match they play in, SSSg para 19), of something that does not exist, or data no
    button carries (a forged or garbled press: the Bot API lets a client send any data).
    The service decides who may act, never the button's data; the press goes in the
    journal (who pressed what, and why it was refused), and the answer is the same
    neutral text whatever was pressed, so a forger learns nothing about other people's
    slips, disputes or ids (``reason``, in English, is for the journal). ``shown``: a
    refusal that is the presser's own business (a TD's own match, ``OwnMatch``), their
    answer instead, in their language."""
    query = update.callback_query
    data = query.data if query is not None else None
    log.info("update %s: refused the press of %s by tg:%s: %s", update.update_id,
             user_text(data), req.tg_user_id, user_text(reason))
    await journal.refused_press(runtime(context).db, req, data, reason)
    answer = (texts.refusal_text(shown, lang=req.language) if shown is not None
              else for_locale(req.language).gettext(texts.BUTTON_REFUSED))
    if query is not None:
        try:
            await answer_press(update, context, answer[:TOAST_MAX])
        except TelegramError:  # an expired query: the chat message below still answers
            pass
    await tell(update, texts.refused(shown if shown is not None else answer,
                                     lang=req.language))


async def tell(update: Update, text_html: str) -> None:
    """A direct, non-durable answer (refusals); durable messages go through the outbox."""
    chat = update.effective_chat
    if chat is not None:
        await chat.send_message(text_html, parse_mode=ParseMode.HTML)


async def _answer_callback(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    # Telegram shows a spinner on the button until the query is answered; answering twice
    # is refused by Telegram, so only the wrapper answers.
    if update.callback_query is not None:
        try:
            await answer_press(update, context)
        except Exception:  # an expired query: the effect already happened, nothing to do
            pass


async def answer_press(update: Update, context: ContextTypes.DEFAULT_TYPE,
                       text: str | None = None) -> None:
    """Answer the button press ``update`` carries (``text``: its notice): in the webhook's
    answer when that can carry it (``webhook_reply.TapReply.carry`` says when and why),
    else by a call of its own."""
    replies = context.bot_data.get(TAP_REPLY)
    if isinstance(replies, TapReply) and replies.carry(update, text):
        return
    if update.callback_query is not None:
        await update.callback_query.answer(text)
