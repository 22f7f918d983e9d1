"""What arranging a game says to each player (``arranging.py``), read on a phone.

Every time is shown in the reader's zone, and the message says which zone that is: their
own (``/timezone``) or the event's. Telegram HTML: names go through ``esc``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import datetime

from bot.service.between.player_zones import Zone
from bot.service.events.lookup import Event
from bot.service.events.schedule import Round
from bot.service.platform import callbacks
from bot.service.results.matches import MatchView


def esc(text: object) -> str:
    return html.escape(str(text), quote=False)


def zone_note(zone: Zone) -> str:
    if zone.own:
        return f"Times are in your time zone, {esc(zone.name)}."
    return (f"Times are in {esc(zone.name)}, the event's time zone: /timezone Region/City "
            "sets yours.")


def _match(event: Event, view: MatchView) -> str:
    """A match as its player knows it: by its round, in its event ("SF match (Club Cup)");
    its code is only a handle for the commands they type."""
    return f"<b>{esc(view.round_name)}</b> match ({esc(event.name)})"


def short(shown: str) -> str:
    """'Sat 07 Mar 2026 15:00 (+08)' as a button says it: 'Sat 07 Mar 15:00'."""
    parts = shown.split()
    return " ".join(parts[:3] + parts[4:5]) if len(parts) >= 5 else shown


def proposal(event: Event, view: MatchView, side: int, times: Sequence[str], zone: Zone,
             agreed: str | None) -> str:
    lines = [f"📅 <b>{esc(view.label(side))}</b> proposes "
             + ("a time" if len(times) == 1 else "these times")
             + f" for your {_match(event, view)}:"]
    lines += [f"• {esc(t)}" for t in times]
    if agreed:
        lines.append(f"(You had agreed {esc(agreed)}; it stands until you agree a new time.)")
    lines.append(zone_note(zone))
    lines.append("Tap a time to agree, or propose another.")
    return "\n".join(lines)


def proposal_buttons(match_id: int, times: Sequence[tuple[int, datetime]],
                     zone: Zone) -> list[list[tuple[str, str]]]:
    rows = [[(f"✅ {short(zone.show(at))}", callbacks.arrange_agree(time_id))]
            for time_id, at in times]
    rows.append([("📅 Other times", callbacks.arrange_slots(match_id)),
                 ("↩️ Reply", callbacks.relay_write(match_id))])
    return rows


def proposed(to: str, times: Sequence[str], zone: Zone) -> str:
    listed = "\n".join(f"• {esc(t)}" for t in times)
    return (f"📅 Sent to {esc(to)}:\n{listed}\n{zone_note(zone)} I will tell you when "
            f"{esc(to)} agrees.")


def slots(code: str, opponent: str, zone: Zone) -> str:
    return (f"Pick a time to propose to <b>{esc(opponent)}</b>, or send /propose {esc(code)} "
            f"Sat 15:00 for another ({esc(code)} is your match's code). {zone_note(zone)}")


def slot_buttons(match_id: int, times: Sequence[tuple[int, str]]) -> list[list[tuple[str, str]]]:
    buttons = [(short(shown), callbacks.arrange_propose(match_id, unix)) for unix, shown in times]
    return [buttons[i:i + 3] for i in range(0, len(buttons), 3)]


def agreed(event: Event, view: MatchView, side: int, at: str, zone: Zone, moved: str | None,
           remind_hours: float | None, told: bool = False) -> str:
    """``told``: the reader agreed it themselves (a tap, /agree), and reads here that their
    opponent is told: this is their one message of it."""
    other = esc(view.label(1 - side))
    head = (f"✅ Your {_match(event, view)} against <b>{other}</b> "
            + (f"moved from {esc(moved)} to <b>{esc(at)}</b>." if moved
               else f"is agreed for <b>{esc(at)}</b>."))
    lines = [head + (f" I told {other}." if told else ""), zone_note(zone)]
    if remind_hours is not None:
        lines.append(f"I will remind you {_hours(remind_hours)} before.")
    lines.append("The calendar file below " + ("updates the entry you have." if moved
                                              else "adds it to your calendar."))
    return "\n".join(lines)


def _hours(hours: float) -> str:
    if hours == 1:
        return "an hour"
    return f"{hours:g} hours"


def calendar_caption(view: MatchView, side: int, moved: bool) -> str:
    return (f"📆 Your {esc(view.round_name)} match v {esc(view.label(1 - side))}"
            + (" (new time)" if moved else ""))


def already_agreed(opponent: str, at: str) -> str:
    """A second tap on a time agreed already (the first one's message said it all)."""
    return f"Your match against {esc(opponent)} is already agreed for {esc(at)}."


def reminder(event: Event, view: MatchView, side: int, at: str) -> str:
    return (f"⏰ Your {_match(event, view)} against <b>{esc(view.label(1 - side))}</b> "
            f"starts at {esc(at)}. Report the result here when you have played.")


def reminder_buttons(match_id: int) -> list[list[tuple[str, str]]]:
    return [[("✉️ Write to your opponent", callbacks.relay_write(match_id))]]


def follow_up(event: Event, view: MatchView, side: int, at: str) -> str:
    other = esc(view.label(1 - side))
    return (f"Did your {_match(event, view)} against <b>{other}</b> at {esc(at)} "
            "happen? Report the result as usual (e.g. 412-380). If they did not turn up, tap "
            "the button: they can answer, then the TDs decide.")


def follow_up_buttons(view: MatchView, side: int, time_id: int) -> list[list[tuple[str, str]]]:
    return [[(f"🚫 {view.label(1 - side)} did not come", callbacks.no_show_claim(time_id))],
            [("📅 Propose a new time", callbacks.arrange_slots(view.id))]]


def unarranged_notice(event: Event, rnd: Round, found: Sequence[MatchView]) -> str:
    closes = event.local(rnd.closes_at) if rnd.closes_at else "soon"
    lines = [f"<b>{esc(event.name)}: {esc(rnd.name)}</b> closes {esc(closes)}. These matches "
             "have no agreed time yet:"]
    lines += [f"• {esc(m.code)}: {esc(m.label(0))} v {esc(m.label(1))}" for m in found]
    lines.append("/pending lists them; /matchlog CODE shows what their players said.")
    return "\n".join(lines)


def zone_set(zone: str | None, now_there: str) -> str:
    if zone is None:
        return "Your times are shown in each event's own time zone again."
    return (f"🌍 Your times are now read and shown in {esc(zone)} (it is {esc(now_there)} "
            "there).")
