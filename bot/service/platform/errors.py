"""Errors a use-case raises. Each carries what to tell the person who asked (no internals):
a record (``bot/words/said.py``), which the chat writes in the reader's language, or, in a
module not yet converted, a plain English sentence (``tests/test_refusal_shape.py`` lists
those). ``str(exc)`` and ``message`` are always the English as plain text: what the CLI
prints and the log keeps."""

from __future__ import annotations

from bot.words.said import Said, english_text


class ServiceError(Exception):
    """A request the service refuses, with a message for the person who made it: a record
    (``said(...)``), or plain English text."""

    def __init__(self, message: str | Said | None = None, /) -> None:
        self.record: Said | None = message if isinstance(message, Said) else None
        text = english_text(message) if isinstance(message, Said) else message
        super().__init__(*(() if text is None else (text,)))

    @property
    def message(self) -> str:
        """The refusal in English, as plain text."""
        return str(self.args[0]) if self.args else self.__class__.__name__


class NotAllowed(ServiceError):
    """The person lacks the role this needs (e.g. a player using a TD command)."""


class NotFound(ServiceError):
    """The thing named does not exist (unknown event, match, invite code...)."""


class Invalid(ServiceError):
    """The request is malformed or breaks a rule; the message says which and how to fix it."""


class OwnMatch(NotAllowed):
    """A TD (or adjudicator, organiser) of the event acts on a match they play in (SSSg
    Annex A para 19: another rules on it). Unlike other refusals of a button press, its
    message is shown to the presser: it names only their own match and who rules on it,
    which they are told anyway, and "that button is not yours" would not say why."""
