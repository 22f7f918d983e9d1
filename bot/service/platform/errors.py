"""Errors a use-case raises. Their message is plain text that is safe to show the person
who asked (no internals); the Telegram adapter escapes it before putting it into HTML."""

from __future__ import annotations


class ServiceError(Exception):
    """A request the service refuses, with a message for the person who made it."""

    @property
    def message(self) -> str:
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
