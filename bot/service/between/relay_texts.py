"""What the relay says to the players of a match (``relay.py``), as each reads it on a phone.

Records (``bot/words/said.py``), written in each reader's language. A relayed message
names the match and its event and who wrote it, never their phone or account unless they
chose to share their @username (``/share``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.events.schedule import round_said
from bot.service.platform import callbacks
from bot.service.results.matches import MatchView
from bot.store.rounds_repo import RoundState
from bot.words.said import Said, said
from core.knockout.match import MatchStage


def relayed(event: Event, view: MatchView, side: int, text: str, username: str | None) -> Said:
    """The opponent's copy: who writes, in which match, and the words."""
    who = (said("<b>{name}</b> (@{username})", name=view.said_label(side), username=username)
           if username else said("<b>{name}</b>", name=view.said_label(side)))
    return said("✉️ {who} writes about your <b>{round}</b> match ({event}):\n\n{text}\n\n"
                "Answer with the button or /tell {match} YOUR MESSAGE ({match} is your match's "
                "code). /mute {match} stops these.", who=who, match=view.code, event=event.name,
                round=round_said(view.round_name), text=text)


def reply_buttons(match_id: int) -> list[list[tuple[Said, str]]]:
    return [[(said("↩️ Reply"), callbacks.relay_write(match_id)),
             (said("📅 Propose a time"), callbacks.arrange_slots(match_id))]]


def too_many(limit: int, opponent: str, again: Said) -> Said:
    """``again``: when, in the writer's zone (``player_zones.Zone.told``)."""
    return said("you have sent {opponent} {limit} messages in the last 24 hours, the most I "
                "relay; you can write again from {again}", opponent=opponent, limit=limit,
                again=again)


def say_which(usage: str) -> Said:
    """A command that names a match was sent without its code."""
    return said("say which match: {usage} (/matches shows your matches' codes)", usage=usage)


def no_opponent_yet(round_name: str, waits: Said | str) -> Said:
    return said("your {round} match has no opponent yet: it waits for {waits}",
                round=round_said(round_name), waits=waits)


def nothing_to_arrange(view: MatchView) -> Said:
    """A match whose players have nothing left to arrange: decided, a bye, not needed, or
    left unfinished by its closed round (for the TDs to rule on)."""
    values = dict(round=round_said(view.round_name), one=view.said_label(0), other=view.said_label(1))
    if view.left_unfinished or view.round_state == RoundState.CLOSED:
        return said("your {round} match ({one} v {other}) was left unfinished when its round "
                    "closed: there is nothing left to arrange in it; the TDs rule on it",
                    **values)
    if view.state == MatchStage.DECIDED:
        return said("your {round} match ({one} v {other}) is decided: there is nothing left "
                    "to arrange in it", **values)
    if view.state == MatchStage.BYE:
        return said("your {round} match ({one} v {other}) is a bye: there is nothing to "
                    "arrange in it", **values)
    if view.state == MatchStage.NOT_NEEDED:
        return said("your {round} match ({one} v {other}) is not needed: there is nothing to "
                    "arrange in it", **values)
    return said("your {round} match ({one} v {other}) waits for its round to open: there is "
                "nothing to arrange in it yet", **values)


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


def log(event: Event, code: str, names: tuple[str, str],
        lines: Sequence[tuple[datetime, Said]]) -> Said:
    """What the players of a match said and arranged, for a TD: (when, who did what) each,
    oldest first, times in the event's zone."""
    head = said("<b>{match}: {first} v {second}</b> — what they said and arranged",
                match=code, first=names[0], second=names[1])
    if not lines:
        return said("{head}\nNothing yet: they have not written or proposed a time through me.",
                    head=head)
    return said("{head}\n{lines}", head=head, lines=[log_line(event, at, what)
                                                    for at, what in lines])


def log_line(event: Event, at: datetime, what: Said) -> Said:
    """One line of a match's log: its time on the event's clock, then who did what."""
    return said("• {at} {line}", at=event.at(at), line=what)


def _who(name: str | None) -> Said | str:
    return said("one of the TDs") if name is None else name


def log_wrote(name: str | None, text: str, *, muted: bool) -> Said:
    if muted:
        return said("{who} wrote (not delivered: muted): {text}", who=_who(name), text=text)
    return said("{who} wrote: {text}", who=_who(name), text=text)


def log_proposed(name: str | None, at: datetime) -> Said:
    return said("{who} proposed {at}", who=_who(name), at=at)


def log_agreed(name: str | None, at: datetime, *, moved: bool) -> Said:
    if moved:
        return said("{who} agreed {at} (moved later)", who=_who(name), at=at)
    return said("{who} agreed {at}", who=_who(name), at=at)


def log_claimed(name: str | None, contest: str | None, ruling: str | None) -> Said:
    """A no-show claim, with what the opponent answered and how the TDs ruled."""
    parts: list[Said] = [said("{who} claimed the opponent did not turn up", who=_who(name))]
    if contest:
        parts.append(said("contested: {words}", words=contest))
    if ruling:
        parts.append(said("ruled: {ruling}", ruling=ruling_words(ruling)))
    out = parts[0]
    for part in parts[1:]:
        out = said("{claim}; {more}", claim=out, more=part)
    return out


def ruling_words(stored: str) -> Said:
    """A no-show ruling as stored ("game: why", or "game" when the TD gave no reason:
    ``no_shows._rule_in``), in words: what was awarded, and why."""
    kind, _, why = stored.partition(": ")
    if kind == "game":
        return (said("the next game by forfeit ({why})", why=why) if why
                else said("the next game by forfeit"))
    if kind == "match":
        return said("the match ({why})", why=why) if why else said("the match")
    # extend: the only other ruling (``callbacks.NO_SHOW_RULINGS``)
    return said("the round extended ({why})", why=why) if why else said("the round extended")


def match_buttons(matches: list[tuple[int, str, Said | str]]) -> list[list[tuple[Said, str]]]:
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
