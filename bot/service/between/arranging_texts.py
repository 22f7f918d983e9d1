"""What arranging a game says to each player (``arranging.py``), read on a phone.

Records (``bot/words/said.py``), written in each reader's language. Every time is shown in
the reader's zone, and the message says which zone that is: their own (``/timezone``) or the
event's.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.service.between.player_zones import Zone
from bot.service.events.lookup import Event
from bot.service.events.schedule import Round, round_said
from bot.service.platform import callbacks
from bot.service.results.matches import MatchView
from bot.words.said import Said, Value, said, stacked
from core.meeting_times import BadTime, words_of


def zone_note(zone: Zone) -> Said:
    if zone.own:
        return said("Times are in your time zone, {zone}.", zone=zone.name)
    return said("Times are in {zone}, the event's time zone: /timezone Region/City sets yours.",
                zone=zone.name)


def _match(event: Event, view: MatchView) -> Said:
    """A match as its player knows it: by its round, in its event ("SF match (Club Cup)");
    its code is only a handle for the commands they type."""
    return said("<b>{round}</b> match ({event})", round=round_said(view.round_name), event=event.name)


def _bullets(times: Sequence[datetime]) -> list[Said]:
    return [said("• {time}", time=t) for t in times]


def proposal(event: Event, view: MatchView, side: int, times: Sequence[datetime], zone: Zone,
             agreed: datetime | None) -> Said:
    values: dict[str, Value] = dict(name=view.said_label(side), match=_match(event, view))
    head = (said("📅 <b>{name}</b> proposes a time for your {match}:", **values)
            if len(times) == 1
            else said("📅 <b>{name}</b> proposes these times for your {match}:", **values))
    stands = (said("(You had agreed {at}; it stands until you agree a new time.)", at=agreed)
              if agreed else None)
    return stacked(head, *_bullets(times), stands, zone_note(zone),
                   said("Tap a time to agree, or propose another."))


def proposal_buttons(match_id: int, times: Sequence[tuple[int, datetime]],
                     zone: Zone) -> list[list[tuple[Said | str, str]]]:
    rows: list[list[tuple[Said | str, str]]] = [
        [(said("✅ {time:short}", time=zone.at(at)), callbacks.arrange_agree(time_id))]
        for time_id, at in times]
    rows.append([(said("📅 Other times"), callbacks.arrange_slots(match_id)),
                 (said("↩️ Reply"), callbacks.relay_write(match_id))])
    return rows


def proposed(to: str, times: Sequence[datetime], zone: Zone) -> Said:
    return said("📅 Sent to {to}:\n{times}\n{zone} I will tell you when {to} agrees.", to=to,
                times=_bullets(times), zone=zone_note(zone))


def slots(code: str, opponent: str, zone: Zone) -> Said:
    return said("Pick a time to propose to <b>{opponent}</b>, or send /propose {match} Sat 15:00 "
                "for another ({match} is your match's code). {zone}", opponent=opponent,
                match=code, zone=zone_note(zone))


def slot_buttons(match_id: int,
                 times: Sequence[datetime]) -> list[list[tuple[Said | str, str]]]:
    buttons: list[tuple[Said | str, str]] = [
        (said("{time:short}", time=t), callbacks.arrange_propose(match_id, int(t.timestamp())))
        for t in times]
    return [buttons[i:i + 3] for i in range(0, len(buttons), 3)]


def agreed(event: Event, view: MatchView, side: int, at: datetime, zone: Zone,
           moved: datetime | None,
           remind_hours: float | None, told: bool = False) -> Said:
    """``told``: the reader agreed it themselves (a tap, /agree), and reads here that their
    opponent is told: this is their one message of it."""
    values: dict[str, Value] = dict(match=_match(event, view), other=view.said_label(1 - side), at=at)
    if moved and told:
        head = said("✅ Your {match} against <b>{other}</b> moved from {moved} to <b>{at}</b>. "
                    "I told {other}.", moved=moved, **values)
    elif moved:
        head = said("✅ Your {match} against <b>{other}</b> moved from {moved} to <b>{at}</b>.",
                    moved=moved, **values)
    elif told:
        head = said("✅ Your {match} against <b>{other}</b> is agreed for <b>{at}</b>. I told "
                    "{other}.", **values)
    else:
        head = said("✅ Your {match} against <b>{other}</b> is agreed for <b>{at}</b>.",
                    **values)
    remind = None
    if remind_hours == 1:
        remind = said("I will remind you an hour before.")
    elif remind_hours is not None:
        remind = said("I will remind you {hours:g} hours before.", hours=remind_hours)
    calendar = (said("The calendar file below updates the entry you have.") if moved
                else said("The calendar file below adds it to your calendar."))
    return stacked(head, zone_note(zone), remind, calendar)


def calendar_caption(view: MatchView, side: int, moved: bool) -> Said:
    values: dict[str, Value] = dict(round=round_said(view.round_name), other=view.said_label(1 - side))
    if moved:
        return said("📆 Your {round} match v {other} (new time)", **values)
    return said("📆 Your {round} match v {other}", **values)


def already_agreed(opponent: str, at: datetime) -> Said:
    """A second tap on a time agreed already (the first one's message said it all)."""
    return said("Your match against {opponent} is already agreed for {at}.", opponent=opponent,
                at=at)


def reminder(event: Event, view: MatchView, side: int, at: datetime) -> Said:
    return said("⏰ Your {match} against <b>{other}</b> starts at {at}. Report the result here "
                "when you have played.", match=_match(event, view), other=view.said_label(1 - side),
                at=at)


def reminder_buttons(match_id: int) -> list[list[tuple[Said | str, str]]]:
    return [[(said("✉️ Write to your opponent"), callbacks.relay_write(match_id))]]


def follow_up(event: Event, view: MatchView, side: int, at: datetime) -> Said:
    return said("Did your {match} against <b>{other}</b> at {at} happen? Report the result as "
                "usual (e.g. 412-380). If they did not turn up, tap the button: they can "
                "answer, then the TDs decide.", match=_match(event, view),
                other=view.said_label(1 - side), at=at)


def follow_up_buttons(view: MatchView, side: int,
                      time_id: int) -> list[list[tuple[Said | str, str]]]:
    return [[(said("🚫 {name} did not come", name=view.said_label(1 - side)),
              callbacks.no_show_claim(time_id))],
            [(said("📅 Propose a new time"), callbacks.arrange_slots(view.id))]]


def unarranged_notice(event: Event, rnd: Round, found: Sequence[MatchView]) -> Said:
    if rnd.closes_at:
        head = said("<b>{event}: {round}</b> closes {closes}. These matches have no agreed "
                    "time yet:", event=event.name, round=round_said(rnd.name),
                    closes=event.at(rnd.closes_at))
    else:
        head = said("<b>{event}: {round}</b> closes soon. These matches have no agreed time "
                    "yet:", event=event.name, round=round_said(rnd.name))
    listed = [said("• {match}: {first} v {second}", match=m.code, first=m.said_label(0),
                   second=m.said_label(1)) for m in found]
    return stacked(head, *listed,
                   said("/pending lists them; /matchlog CODE shows what their players said."))


def several_proposed(opponent: str, code: str, times: Sequence[datetime]) -> Said:
    """/agree with no time when the opponent proposed several: which are open."""
    return said("{name} proposed several times: say which with /agree {code} and the time, "
                "or tap it in their message:\n{times}", name=opponent, code=code,
                times=_bullets(times))


def zone_set(zone: str | None, now_there: datetime | None) -> Said:
    if zone is None or now_there is None:
        return said("Your times are shown in each event's own time zone again.")
    return said("🌍 Your times are now read and shown in {zone} (it is {now} there).", zone=zone,
                now=now_there)


def bad_time(refused: BadTime, language: str) -> Said:
    """A time the player typed that cannot be read (core says what was wrong, in English,
    by its kind), said in the reader's language with examples in it (those of
    ``language``, the reader's, when core gave none: a bad hour)."""
    typed = refused.typed
    examples = refused.examples or words_of(language)[0].examples
    if refused.kind == "clock":
        return said("'{typed}' is not a time of day: write it as 15:00 or 3pm; e.g. "
                    "{examples}", typed=typed, examples=examples)
    if refused.kind == "am_pm":
        return said("'{typed}': an am/pm hour is 1 to 12; e.g. {examples}", typed=typed,
                    examples=examples)
    if refused.kind == "clock_range":
        return said("'{typed}' is not a time of day: hours 0-23, minutes 0-59; e.g. "
                    "{examples}", typed=typed, examples=examples)
    if refused.kind == "day_too":
        return said("say the day as well as the time: {examples}", examples=examples)
    if refused.kind == "no_date":
        return said("'{typed}' is no date", typed=typed)
    if refused.kind == "day":
        return said("'{typed}' is not a day I can read: {examples}", typed=typed,
                    examples=examples)
    return said("say the day and the time: {examples}", examples=examples)
