"""What the relay says to the players of a match (``relay.py``), as each reads it on a phone.

Telegram HTML: names, event names and the relayed text go through ``esc``. A relayed message
names the match and its event and who wrote it, never their phone or account unless they
chose to share their @username (``/share``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.platform import callbacks
from bot.service.results.matches import MatchView


def esc(text: object) -> str:
    return html.escape(str(text), quote=False)


def relayed(event: Event, view: MatchView, side: int, text: str, username: str | None) -> str:
    """The opponent's copy: who writes, in which match, and the words."""
    who = f"<b>{esc(view.label(side))}</b>" + (f" (@{esc(username)})" if username else "")
    code = esc(view.code)
    return (f"✉️ {who} writes about your <b>{esc(view.round_name)}</b> match "
            f"({esc(event.name)}):\n\n{esc(text)}\n\n"
            f"Answer with the button or /tell {code} YOUR MESSAGE ({code} is your match's "
            f"code). /mute {code} stops these.")


def reply_buttons(match_id: int) -> list[list[tuple[str, str]]]:
    return [[("↩️ Reply", callbacks.relay_write(match_id)),
             ("📅 Propose a time", callbacks.arrange_slots(match_id))]]


def too_many(event: Event, limit: int, opponent: str, again: datetime) -> str:
    return (f"you have sent {opponent} {limit} messages in the last 24 hours, the most I relay; "
            f"you can write again from {event.local(again)}")


def told(code: str, to: str, delivered: bool, left: int) -> str:
    if not delivered:
        return (f"{esc(to)} has muted your messages in this match, so it was not delivered. "
                "The TDs can read it if there is a dispute.")
    more = f" ({left} more today)" if left <= 3 else ""
    return f"✅ Sent to {esc(to)}{more}."


def drafting(code: str, to: str) -> str:
    return (f"Write your message to <b>{esc(to)}</b> now: I will pass on your next message. "
            "/cancel sends nothing.")


def muted(code: str, opponent: str, on: bool, changed: bool) -> str:
    if on:
        return (f"🔕 Messages from {esc(opponent)} are muted"
                + ("" if changed else " already")
                + f": they are kept for the TDs, not sent to you. /unmute {esc(code)} undoes it.")
    return (f"🔔 Messages from {esc(opponent)} reach you again."
            if changed else f"Messages from {esc(opponent)} were not muted.")


def shared(username: str | None, had_none: bool) -> str:
    if had_none:
        return ("You have no Telegram username to share: set one in Telegram's settings, "
                "then send /share again.")
    if username is None:
        return "Your opponents no longer see your username."
    return (f"Your opponents now see @{esc(username)} on your messages, so they can write to "
            "you directly. /share off stops it.")


def log(code: str, names: tuple[str, str], lines: Sequence[tuple[str, str, str]]) -> str:
    """What the players of a match said and arranged, for a TD: (when, who, what) each,
    oldest first, times in the event's zone."""
    head = (f"<b>{esc(code)}: {esc(names[0])} v {esc(names[1])}</b> — what they said and "
            "arranged")
    if not lines:
        return head + "\nNothing yet: they have not written or proposed a time through me."
    return "\n".join([head] + ["• " + " ".join(esc(w) for w in line if w) for line in lines])


def match_buttons(matches: list[tuple[int, str, str]]) -> list[list[tuple[str, str]]]:
    """Under /matches and a round's opening: for each match being played, write to the
    opponent or propose a time (match id, code, opponent). A player knows a match by the
    opponent, so the buttons name them, not the match's code: the proposing button too
    when there are several matches."""
    several = len(matches) > 1
    return [[(f"✉️ Write to {opponent}", callbacks.relay_write(match_id)),
             (f"📅 Propose a time to {opponent}" if several else "📅 Propose a time",
              callbacks.arrange_slots(match_id))]
            for match_id, _code, opponent in matches]


def cancelled(closed: bool) -> str:
    return "Cancelled: nothing was sent." if closed else "There was nothing to cancel."
