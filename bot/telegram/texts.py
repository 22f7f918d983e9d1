"""What the bot says, as Telegram HTML. Every piece of user-supplied text goes through
``esc`` (html.escape) before it is put into a message (project standard: escape user text).

The messages are in the catalogue (``bot.words``): each function takes the reader's
language, ``lang`` (English, the source, unless said); a constant is marked with ``N_`` and
translated where it is sent (``for_locale(lang).gettext(STRANGER)``).
"""

from __future__ import annotations

from html import escape

from bot.service.platform.errors import ServiceError
from bot.words import N_, SOURCE, for_locale
from bot.words.said import render
from bot.words.said import text as said_text


def esc(text: object) -> str:
    return escape(str(text), quote=False)




SOMETHING_WENT_WRONG = N_(
    "Sorry, something went wrong on my side and nothing was changed. "
    "Please try again in a minute; if it keeps happening, tell your tournament director."
)


SAVED_BUT_FAILED = N_(
    "Your request went through and is saved, but something went wrong on my side while "
    "answering. Send /help or /matches to see where things stand."
)


def not_saved(what: str, *, pressed: bool, lang: str = SOURCE) -> str:
    """The bot tried an update several times and its database could not be written each
    time (a full disk): the person hears what was not done, and that they may do it again.
    ``what`` is HTML (its user text escaped: ``update_described``)."""
    w = for_locale(lang)
    if pressed:
        return w._("Sorry, I could not save {what}: my database cannot be written just now, "
                   "so nothing was changed. Please press it again in a few minutes.", what=what)
    return w._("Sorry, I could not save {what}: my database cannot be written just now, "
               "so nothing was changed. Please send it again in a few minutes.", what=what)


def refused(refusal: str | ServiceError, *, lang: str = SOURCE) -> str:
    """A refusal for the person who asked, in their language: a ``ServiceError`` whose
    record is rendered in it (or whose plain text, from a module not yet converted, is
    escaped), or plain text already in it."""
    w = for_locale(lang)
    if isinstance(refusal, ServiceError) and refusal.record is not None:
        return w._("⚠️ {message}", message=render(refusal.record, w))
    text = refusal.message if isinstance(refusal, ServiceError) else refusal
    return w._("⚠️ {message}", message=esc(text))


def refusal_text(refusal: ServiceError, *, lang: str = SOURCE) -> str:
    """A refusal as plain text in the reader's language (a button's notification)."""
    if refusal.record is not None:
        return said_text(refusal.record, for_locale(lang))
    return refusal.message





#: The one answer to a refused button press, whatever was pressed (handlers/common.py,
#: ``refuse_press``): it says nothing about whose button it was or whether it exists.
BUTTON_REFUSED = N_("That button is out of date or not yours; nothing was changed.")



































