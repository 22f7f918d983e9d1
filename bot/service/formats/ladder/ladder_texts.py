"""What a challenge ladder's players read: records (``bot/words/said.py``), written in each
reader's language.

The lines about what happened are the core's own words (``core.ladder.LadderEvent.said``,
a ``core.phrases.Phrase``), in the event's time zone; these functions frame them for a
phone. The ladder's rules are the club's (the Director's Manual, *Pairing Players at
Club*, leaves a ladder's working to the club), so each message says the club's rule that
applies: what declining does, what a lapse does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.service.events.lookup import Event
from bot.service.platform import callbacks
from bot.words.said import Rendered, Said, from_core, said, stacked
from core import ladder as lad

if TYPE_CHECKING:
    from bot.service.formats.ladder.ladder_views import (
        Answered,
        Challenged,
        Joined,
        LadderView,
        TargetsView,
    )


def event_line(e: lad.LadderEvent) -> Said:
    """One line of what happened on the ladder, in the core's words."""
    return from_core(e.said)


def headed(event: Event, lines: Sequence[Said | Rendered]) -> Said:
    """The event's name over the lines."""
    return stacked(said("<b>{event}</b>", event=event.name), *lines)


def rung_now(before: int, after: int | None, total: int) -> Said:
    """A line to the player whose rung changed (the ladder's log speaks of them in the
    third person; this is to them)."""
    if after is None:
        return said("You are no longer on the ladder.")
    return said("You are now rung {after} of {total} (was {before}).", after=after,
                total=total, before=before)


def rungs_when_final() -> Said:
    """With a ladder result that counts but can still be disputed (its slip's window)."""
    return said("The rungs move once the result is final.")


def after_result() -> Said:
    """The last line a ladder player reads with their final result (their rung, if it
    moved, is the line before it)."""
    return said("/ladder shows the ladder; /challenge whom you may challenge now.")


def answer_buttons(event_id: int, number: int) -> list[list[tuple[Said | str, str]]]:
    return [[(said("✅ Accept"), callbacks.ladder("accept", event_id, number)),
             (said("✖️ Decline"), callbacks.ladder("decline", event_id, number))]]


def _decline_means(rules: lad.LadderRules, challenger: str) -> Said:
    """What declining does (club rule ``decline``)."""
    if rules.decline is lad.Decline.FORFEIT:
        return said("declining is a forfeit to {challenger}", challenger=challenger)
    return said("declining drops the challenge and nobody moves")


def _games(best_of: int) -> Said:
    if best_of == 1:
        return said("one game")
    return said("best of {n} games", n=best_of)


def challenged_you(done: Challenged, rules: lad.LadderRules) -> Said:
    return said("<b>{event}</b>: ⚔️ <b>{challenger}</b> (rung {theirs}) challenges you (rung "
                "{yours}) to {games}.\nAccept by {accept_by}, or the challenge is forfeited to "
                "{challenger}; {decline}. Tap below, or send /accept or /decline.",
                event=done.event.name, challenger=done.challenger, theirs=done.rungs[0],
                yours=done.rungs[1], games=_games(rules.best_of),
                accept_by=done.event.at(done.accept_by),
                decline=_decline_means(rules, done.challenger))


def accepted_for_challenger(event: Event, c: lad.Challenge, code: str,
                            rules: lad.LadderRules, step: lad.Step) -> Said:
    played = next(x for x in step.state.challenges if x.number == c.number)
    assert played.play_by is not None
    return said("<b>{event}</b>: <b>{challenged}</b> accepted your challenge #{number} "
                "({code}). Play it by {play_by}{lapse}. {report}", event=event.name,
                challenged=c.challenged, number=c.number, code=code,
                play_by=event.at(played.play_by), lapse=_lapse(rules),
                report=_report(rules.best_of))


def _report(best_of: int) -> Said:
    """How a challenge's result is reported: a one-game challenge is one result."""
    if best_of == 1:
        return said("Report the result here once played, your score first: "
                    "<code>412-380</code>.")
    return said("Report each game here once played, your score first: <code>412-380</code>.")


def _lapse(rules: lad.LadderRules) -> Said:
    """What a challenge not played in time becomes (club rule ``lapse``)."""
    if rules.lapse is lad.Lapse.FORFEIT:
        return said(" or it is forfeited to you")
    return said(" or it lapses and nobody moves")


def table(view: LadderView) -> Said:
    """The ladder as a monospace table: rung, name, open challenge (``?`` waiting for an
    answer, ``⚔`` accepted); the asker's line marked with ▶. The marks' legend only when
    a mark is shown: it explains nothing on a ladder with no open challenge."""
    width = max((len(name) for _, name, _ in view.rows), default=4)
    width = min(width, 22)
    out = []
    for rung, name, mark in view.rows:
        me = "▶" if name == view.me else " "
        shown = name if len(name) <= width else name[:width - 1] + "…"
        out.append(f"{me}{rung:>3}  {shown:<{width}}  {mark}".rstrip())
    rules = view.rules
    how = (said("a win leapfrogs") if rules.on_win is lad.OnWin.LEAPFROG
           else said("a win swaps"))
    foot = said("Challenge up to {reach} rung(s) up; accept within {hours} h, play within "
                "{days} days; {on_win}.", reach=str(rules.reach), hours=rules.accept_hours,
                days=rules.play_days, on_win=how)
    legend = (said("#N ? = challenge waiting for an answer, #N ⚔ = accepted.")
              if any(mark for _, _, mark in view.rows) else None)
    body: Said | str = "\n".join(out) if out else said("(nobody yet)")
    return stacked(said("<b>{event}</b>: the ladder\n<pre>{table}</pre>", event=view.event.name,
                        table=body),
                   legend, foot,
                   said("/challenge shows whom you may challenge.") if view.me else None)


def targets(view: TargetsView) -> Said:
    head = said("<b>{event}</b>: you are rung {rung}.", event=view.event.name, rung=view.rung)
    if view.allowed:
        body = said("Whom do you challenge? Tap a name (or send /challenge NAME).")
    elif view.excluded:
        body = said("You cannot challenge anyone right now.")
    else:
        body = said("You cannot challenge anyone right now. {note}.", note=from_core(view.note))
    why = [said("• {name}: {reason}", name=name, reason=from_core(reason))
           for name, reason in view.excluded]
    return stacked(head, body, *why)


def target_buttons(view: TargetsView) -> list[list[tuple[Said | str, str]]]:
    return [[(name, callbacks.ladder("challenge", view.event.id, entry_id))]
            for name, entry_id in view.allowed]


def challenge_made(done: Challenged) -> Said:
    return said("<b>{event}</b>: you challenged <b>{challenged}</b> (rung {rung}), challenge "
                "#{number}. They have until {accept_by} to accept; after that it is yours by "
                "forfeit. /withdraw takes it back.", event=done.event.name,
                challenged=done.challenged, rung=done.rungs[1], number=done.number,
                accept_by=done.event.at(done.accept_by))


def answered(done: Answered) -> Said:
    """The answer to the player who accepted, declined or withdrew, to them ("You
    declined"). One who declines is told what declining does by the club's rule (club
    rule ``decline``) and where it leaves them: their rung now (the Director's Manual
    leaves a ladder's working to the club, *Pairing Players at Club*)."""
    before, after = done.rung
    if done.action == "accept":
        assert done.play_by is not None and done.match_code is not None
        lines = [said("You accepted {challenger}'s challenge #{number}: play it by {play_by}.",
                      challenger=done.other, number=done.number,
                      play_by=done.event.at(done.play_by)),
                 said("Your match is {code} ({games}). {report}", code=done.match_code,
                      games=_games(done.best_of), report=_report(done.best_of))]
    elif done.action == "withdraw":
        lines = [said("You withdrew challenge #{number} to {challenged}: nobody moves.",
                      number=done.number, challenged=done.other)]
    elif done.forfeit:
        lines = [said("You declined {challenger}'s challenge #{number}: declining is a "
                      "forfeit, so {challenger} wins it without a game.",
                      challenger=done.other, number=done.number)]
    else:
        lines = [said("You declined {challenger}'s challenge #{number}: declining drops the "
                      "challenge and nobody moves.", challenger=done.other, number=done.number)]
    if done.action == "decline":
        lines.append(rung_now(before, after, done.total) if after != before else said(
            "You keep rung {rung} of {total}.", rung=before, total=done.total))
    return headed(done.event, lines)


def joined(done: Joined, link: str | None) -> Said:
    """To the TD who added a newcomer: the newcomer's link to pass on (``link`` None where
    the bot's name is not known: their invite code, which /start takes)."""
    if link is None:
        return said("<b>{event}</b>: {name} joins the ladder at rung {rung} (newcomers start "
                    "at the bottom). Their invite code: <code>{code}</code>",
                    event=done.event.name, name=done.name, rung=done.rung, code=done.code)
    return said("<b>{event}</b>: {name} joins the ladder at rung {rung} (newcomers start at "
                "the bottom). Send them their link: {link}", event=done.event.name,
                name=done.name, rung=done.rung, link=link)


def done_for_you(text: Said) -> Said:
    """A player's own answer when a TD did it for them at the desk (``ladders.ForPlayer``):
    what they would have read, and who did it."""
    return stacked(text, said("<i>A TD did this for you.</i>"))


def closed_unplayed(number: int) -> Said:
    """Said on the slips of a challenge's match the ladder's deadlines closed unplayed."""
    return said("Challenge #{number} closed unplayed by the ladder's rules", number=number)


def void_by_expulsion(number: int, name: str, why: Said | str) -> Said:
    """Said on the slips of a challenge's match void because a player was expelled (the
    TD's reason in their words, if given)."""
    if why:
        return said("Challenge #{number} is void: {name} was expelled ({why})", number=number,
                    name=name, why=why)
    return said("Challenge #{number} is void: {name} was expelled", number=number, name=name)


def already_settled(c: lad.Challenge) -> Said:
    """To a player pressing Accept or Decline on a challenge no longer open: how it ended."""
    return said("challenge #{number} is already settled ({status})", number=c.number,
                status=from_core(lad.status_phrase(c.status)))
