"""What a challenge ladder's players read (Telegram HTML; every name escaped).

The lines about what happened are the core's own (``core.ladder.LadderEvent.text``), in
the event's time zone; these functions frame them for a phone.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.service.events.lookup import Event
from bot.service.platform import callbacks
from core import ladder as lad

if TYPE_CHECKING:
    from bot.service.formats.ladder.ladder_views import (
        Answered,
        Challenged,
        Joined,
        LadderView,
        TargetsView,
    )


def esc(text: object) -> str:
    return html.escape(str(text), quote=False)


def lines(event: Event, said: Sequence[str]) -> str:
    return f"<b>{esc(event.name)}</b>\n" + "\n".join(esc(s) for s in said)


def rung_now(before: int, after: int | None, total: int) -> str:
    """A line to the player whose rung changed (the ladder's log speaks of them in the
    third person; this is to them)."""
    if after is None:
        return "You are no longer on the ladder."
    return f"You are now rung {after} of {total} (was {before})."


def rungs_when_final() -> str:
    """With a ladder result that counts but can still be disputed (its slip's window)."""
    return "The rungs move once the result is final."


def after_result() -> str:
    """The last line a ladder player reads with their final result (their rung, if it
    moved, is the line before it)."""
    return "/ladder shows the ladder; /challenge whom you may challenge now."


def answer_buttons(event_id: int, number: int) -> list[list[tuple[str, str]]]:
    return [[("✅ Accept", callbacks.ladder("accept", event_id, number)),
             ("✖️ Decline", callbacks.ladder("decline", event_id, number))]]


def _decline_means(rules: lad.LadderRules, challenger: str) -> str:
    if rules.decline is lad.Decline.FORFEIT:
        return f"declining is a forfeit to {esc(challenger)}"
    return "declining drops the challenge and nobody moves"


def challenged_you(done: Challenged, rules: lad.LadderRules) -> str:
    games = "one game" if rules.best_of == 1 else f"best of {rules.best_of} games"
    return (f"<b>{esc(done.event.name)}</b>: ⚔️ <b>{esc(done.challenger)}</b> (rung "
            f"{done.rungs[0]}) challenges you (rung {done.rungs[1]}) to {games}.\n"
            f"Accept by {esc(done.event.local(done.accept_by))}, or the challenge is "
            f"forfeited to {esc(done.challenger)}; {_decline_means(rules, done.challenger)}. "
            "Tap below, or send /accept or /decline.")


def accepted_for_challenger(event: Event, c: lad.Challenge, code: str,
                            rules: lad.LadderRules, step: lad.Step) -> str:
    played = next(x for x in step.state.challenges if x.number == c.number)
    assert played.play_by is not None
    return (f"<b>{esc(event.name)}</b>: <b>{esc(c.challenged)}</b> accepted your challenge "
            f"#{c.number} ({code}). Play it by {esc(event.local(played.play_by))}"
            f"{_lapse(rules)}. {_report(rules.best_of)}")


def _report(best_of: int) -> str:
    """How a challenge's result is reported: a one-game challenge is one result."""
    what = "the result" if best_of == 1 else "each game"
    return f"Report {what} here once played, your score first: <code>412-380</code>."


def _lapse(rules: lad.LadderRules) -> str:
    if rules.lapse is lad.Lapse.FORFEIT:
        return " or it is forfeited to you"
    return " or it lapses and nobody moves"


def table(view: LadderView) -> str:
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
    how = "leapfrog" if rules.on_win is lad.OnWin.LEAPFROG else "swap"
    foot = (f"Challenge up to {rules.reach} rung(s) up; accept within {rules.accept_hours} h, "
            f"play within {rules.play_days} days; a win {how}s.")
    legend = ("#N ? = challenge waiting for an answer, #N ⚔ = accepted.\n"
              if any(mark for _, _, mark in view.rows) else "")
    body = "\n".join(out) if out else "(nobody yet)"
    return (f"<b>{esc(view.event.name)}</b>: the ladder\n<pre>{esc(body)}</pre>\n"
            f"{esc(legend)}{esc(foot)}"
            + ("\n/challenge shows whom you may challenge." if view.me else ""))


def targets(view: TargetsView) -> str:
    head = f"<b>{esc(view.event.name)}</b>: you are rung {view.rung}."
    if view.allowed:
        body = "Whom do you challenge? Tap a name (or send /challenge NAME)."
    else:
        body = "You cannot challenge anyone right now."
        if not view.excluded:
            body += f" {esc(view.note)}."
    why = "".join(f"\n• {esc(name)}: {esc(reason)}" for name, reason in view.excluded)
    return f"{head}\n{body}{why}"


def target_buttons(view: TargetsView) -> list[list[tuple[str, str]]]:
    return [[(name, callbacks.ladder("challenge", view.event.id, entry_id))]
            for name, entry_id in view.allowed]


def challenge_made(done: Challenged) -> str:
    return (f"<b>{esc(done.event.name)}</b>: you challenged <b>{esc(done.challenged)}</b> "
            f"(rung {done.rungs[1]}), challenge #{done.number}. They have until "
            f"{esc(done.event.local(done.accept_by))} to accept; after that it is yours by "
            "forfeit. /withdraw takes it back.")


def answered(done: Answered) -> str:
    """The answer to the player who accepted, declined or withdrew: the ladder log's lines,
    with their own name as "You" (the log speaks of them in the third person)."""
    mine = done.me + " "
    said = ["You " + line[len(mine):] if done.me and line.startswith(mine) else line
            for line in done.lines]
    text = lines(done.event, said)
    if done.action == "accept":
        games = "one game" if done.best_of == 1 else f"best of {done.best_of} games"
        text += f"\nYour match is {done.match_code} ({games}). {_report(done.best_of)}"
    return text


def joined(done: Joined, link: str) -> str:
    return (f"<b>{esc(done.event.name)}</b>: {esc(done.name)} joins the ladder at rung "
            f"{done.rung} (newcomers start at the bottom). Send them their link: {esc(link)}")


def done_for_you(text_html: str) -> str:
    """A player's own answer when a TD did it for them at the desk (``ladders.ForPlayer``):
    what they would have read, and who did it."""
    return f"{text_html}\n<i>A TD did this for you.</i>"
