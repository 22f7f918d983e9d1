"""What the relay says to the players of a match (``relay.py``), as each reads it on a phone.

Records (``bot/words/said.py``), written in each reader's language. A relayed message
names the match and its event and who wrote it, never their phone or account unless they
chose to share their @username (``/share``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.platform import callbacks
from bot.service.results.matches import MatchView
from bot.words.said import Said, said


def relayed(event: Event, view: MatchView, side: int, text: str, username: str | None) -> Said:
    """The opponent's copy: who writes, in which match, and the words."""
    who = (said("<b>{name}</b> (@{username})", name=view.label(side), username=username)
           if username else said("<b>{name}</b>", name=view.label(side)))
    return said("✉️ {who} writes about your <b>{round}</b> match ({event}):\n\n{text}\n\n"
                "Answer with the button or /tell {match} YOUR MESSAGE ({match} is your match's "
                "code). /mute {match} stops these.", who=who, match=view.code, event=event.name,
                round=view.round_name, text=text)


def reply_buttons(match_id: int) -> list[list[tuple[Said, str]]]:
    return [[(said("↩️ Reply"), callbacks.relay_write(match_id)),
             (said("📅 Propose a time"), callbacks.arrange_slots(match_id))]]


def too_many(limit: int, opponent: str, again: str) -> str:
    """``again``: when, in the writer's zone (``player_zones``)."""
    return (f"you have sent {opponent} {limit} messages in the last 24 hours, the most I relay; "
            f"you can write again from {again}")


def told(code: str, to: str, delivered: bool, left: int) -> Said:
    if not delivered:
        return said("{to} has muted your messages in this match, so it was not delivered. The "
                    "TDs can read it if there is a dispute.", to=to)
    if left <= 3:
        return said("✅ Sent to {to} ({left} more today).", to=to, left=left)
    return said("✅ Sent to {to}.", to=to)


def drafting(code: str, to: str) -> Said:
    return said("Write your message to <b>{to}</b> now: I will pass on your next message. "
                "/cancel sends nothing.", to=to)


def muted(code: str, opponent: str, on: bool, changed: bool) -> Said:
    if on and changed:
        return said("🔕 Messages from {opponent} are muted: they are kept for the TDs, not sent "
                    "to you. /unmute {match} undoes it.", opponent=opponent, match=code)
    if on:
        return said("🔕 Messages from {opponent} are muted already: they are kept for the TDs, "
                    "not sent to you. /unmute {match} undoes it.", opponent=opponent, match=code)
    if changed:
        return said("🔔 Messages from {opponent} reach you again.", opponent=opponent)
    return said("Messages from {opponent} were not muted.", opponent=opponent)


def shared(username: str | None, had_none: bool) -> Said:
    if had_none:
        return said("You have no Telegram username to share: set one in Telegram's settings, "
                    "then send /share again.")
    if username is None:
        return said("Your opponents no longer see your username.")
    return said("Your opponents now see @{username} on your messages, so they can write to "
                "you directly. /share off stops it.", username=username)


def log(code: str, names: tuple[str, str],
        lines: Sequence[tuple[datetime, str, str]]) -> Said:
    """What the players of a match said and arranged, for a TD: (when, who, what) each,
    oldest first, times in the event's zone."""
    head = said("<b>{match}: {first} v {second}</b> — what they said and arranged",
                match=code, first=names[0], second=names[1])
    if not lines:
        return said("{head}\nNothing yet: they have not written or proposed a time through me.",
                    head=head)
    return said("{head}\n{lines}", head=head, lines=[
        said("• {at} {line}", at=at, line=" ".join(w for w in (who, what) if w))
        for at, who, what in lines])


def match_buttons(matches: list[tuple[int, str, str]]) -> list[list[tuple[Said, str]]]:
    """Under /matches and a round's opening: for each match being played, write to the
    opponent or propose a time (match id, code, opponent). A player knows a match by the
    opponent, so the buttons name them, not the match's code: the proposing button too
    when there are several matches."""
    several = len(matches) > 1
    return [[(said("✉️ Write to {opponent}", opponent=opponent), callbacks.relay_write(match_id)),
             (said("📅 Propose a time to {opponent}", opponent=opponent) if several
              else said("📅 Propose a time"), callbacks.arrange_slots(match_id))]
            for match_id, _code, opponent in matches]


def cancelled(closed: bool) -> Said:
    return said("Cancelled: nothing was sent.") if closed else said("There was nothing to cancel.")
