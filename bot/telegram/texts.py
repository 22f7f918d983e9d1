"""What the bot says, as Telegram HTML. Every piece of user-supplied text goes through
``esc`` (html.escape) before it is put into a message (project standard: escape user text).

The messages are in the catalogue (``bot.words``): each function takes the reader's
language, ``lang`` (English, the source, unless said); a constant is marked with ``N_`` and
translated where it is sent (``for_locale(lang).gettext(STRANGER)``).
"""

from __future__ import annotations

import re
from html import escape

from bot.service.platform.errors import ServiceError
from bot.words import N_, SOURCE, Words, for_locale
from bot.words.said import Said, render
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
        return w._("⚠️ {message}", message=_sentence(render(refusal.record, w), refusal.record, w))
    text = refusal.message if isinstance(refusal, ServiceError) else refusal
    return w._("⚠️ {message}", message=esc(text[:1].upper() + text[1:]))


def refusal_text(refusal: ServiceError, *, lang: str = SOURCE) -> str:
    """A refusal as plain text in the reader's language (a button's notification)."""
    if refusal.record is not None:
        w = for_locale(lang)
        return _sentence(said_text(refusal.record, w), refusal.record, w)
    return refusal.message[:1].upper() + refusal.message[1:]


def _sentence(out: str, record: Said, w: Words) -> str:
    """A refusal as a sentence in the chat: its first letter a capital. The catalogue words
    many refusals in lower case because the command line prints them after "error: "; only
    a refusal whose own words begin it is changed (one that begins with a name or a code put
    into it keeps that as typed). A refusal not yet a record is the code's own words."""
    return out[:1].upper() + out[1:] if _begins_with_own_words(record, w) else out


def _begins_with_own_words(record: Said, w: Words) -> bool:
    """Whether the record's first word is the catalogue's, in lower case: its message's, or
    that of a record put first in it ("{what} must be a whole number", what "the seed")."""
    message = w.gettext(record.message)
    if (first := _FIRST_VALUE.match(message)) is not None:
        value = record.named().get(first.group(1))
        return isinstance(value, Said) and _begins_with_own_words(value, w)
    return message[:1].islower()


#: A message that begins with a value: "{what} must be ...".
_FIRST_VALUE = re.compile(r"\{(\w+)\}")





#: The one answer to a refused button press, whatever was pressed (handlers/common.py,
#: ``refuse_press``): it says nothing about whose button it was or whether it exists.
BUTTON_REFUSED = N_("That button is out of date or not yours; nothing was changed.")



































