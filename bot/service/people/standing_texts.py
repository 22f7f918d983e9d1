"""What a person is told of where they stand (``standing``): /help, /start without a link,
a message no other handler takes, an edited message. Records (``bot/words/said.py``),
written in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.service.formats.registry import format_of
from bot.service.formats.traits import cite
from bot.service.people import commands
from bot.service.people.roles import Hat
from bot.words import N_
from bot.words.said import Said, paragraphs, said, stacked

#: Who TDBot is and how to join, for someone it does not know yet (a catalogue constant:
#: the words' tests spot-check that ``N_`` marks are extracted with it).
STRANGER = N_(
    "Hello! I am <b>TDBot</b>: I run Scrabble and chess competitions in this chat — "
    "long knockout events, club ladders and club nights. Players report results here and "
    "tournament directors settle disputes from their phones.\n\n"
    "<b>To join an event</b>, open the invite link your organiser or tournament director "
    "sent you (it looks like <code>t.me/…?start=…</code>). Then type /help to see what you "
    "can do."
)


def stranger(organiser: bool) -> Said:
    """Someone who holds no role yet: an organiser listed in settings learns how to create
    an event, anyone else how to join one."""
    if organiser:
        return said("Hello! You may create events here: send me the event's definition file "
                    "(<code>.toml</code>; TDBot's repository has examples, such as "
                    "<code>examples/sssg2016.toml</code>) as a document, and I "
                    "will answer with the invite links for its players and TDs.")
    return Said(STRANGER)


def welcome_back(name: str) -> Said:
    return said("Hello again, {name}! Type /help to see what you can do.", name=name)


def still_waiting(event: str) -> Said:
    return said("You have asked to join <b>{event}</b>; a tournament director will answer "
                "soon. I will tell you here.", event=event)


def not_understood() -> Said:
    return said("I did not understand that. Type /help to see what you can do here.")


def edit_ignored() -> Said:
    return said("I do not act on edited messages, so nothing was changed. If you meant "
                "something else, send it again as a new message.")


class HasPhotos(Protocol):
    """An event the person plays in, as /help's photo line reads it (``standing.Playing``)."""

    @property
    def name(self) -> str: ...
    @property
    def format(self) -> str: ...
    @property
    def photos(self) -> bool: ...


def help_text(hats: frozenset[Hat], *, can_create_events: bool, awaiting: Sequence[str] = (),
              playing: Sequence[HasPhotos] = ()) -> Said:
    """Only what this person may do ("/help shows only what that person may do"):
    the commands of their roles in the formats of their events (``commands``); ``awaiting``:
    events they asked to join that a TD has not answered yet; ``playing``: the events they
    play in, for the board photo (owed only where the event's ``board_photos`` rule asks for
    one)."""
    lines: list[Said | None] = [said("<b>What you can do here</b>")]
    lines += [said("/{command} — {summary}", command=c.name,
                   summary=commands.summary(c, hats)) for c in commands.allowed(hats)]
    if can_create_events:
        lines.append(said("Send an event definition (<code>.toml</code>) as a document to "
                          "create an event."))
    lines.append(photo_help(playing))
    if awaiting:
        return paragraphs(stacked(*lines), stacked(*[still_waiting(name) for name in awaiting]))
    if not hats:
        return paragraphs(stacked(*lines), said("You are not in an event yet: open your invite "
                                                "link to join one."))
    return stacked(*lines)


def photo_help(playing: Sequence[HasPhotos]) -> Said | None:
    """The board photo, for a player of an event that asks for one (the winner sends it, a
    tie's starter: SSSg para 25, cited only when every such event is a knockout); the
    events are named when some of the player's events ask for none (a club night's are
    played in the director's sight). None: no event of theirs asks for one."""
    owed = [p for p in playing if p.photos]
    if not owed:
        return None
    ref = cite(owed[0], "para 25") if all(format_of(p).rulebook for p in owed) else ""
    if len(owed) == len(playing):
        return said("Won a game (or started a tied one)? Send a photo of the finished board "
                    "here soon after{ref}.", ref=ref)
    events = said("<b>{event}</b>", event=owed[0].name)
    for p in owed[1:]:
        events = said("{events} or <b>{event}</b>", events=events, event=p.name)
    return said("Won a game of {events} (or started a tied one)? Send a photo of the finished "
                "board here soon after{ref}.", events=events, ref=ref)
