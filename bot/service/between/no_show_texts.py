"""What a no-show claim says to the two players and to the TDs (``no_shows.py``).

Telegram HTML: names and the players' words go through ``esc``. The TDs' copy carries what
the two said and arranged (``relay.MatchLog``), so they rule on what was said.
"""

from __future__ import annotations

import html

from bot.service.between.relay import MatchLog
from bot.service.events.lookup import Event
from bot.service.platform import callbacks
from bot.service.results.matches import MatchView
from bot.service.results.reporting_texts import one_game

#: A claim's state as its claimant reads it.
STATES = {"open": "waiting for your opponent's answer", "contested": "contested",
          "with_tds": "with the TDs", "ruled": "ruled"}
#: How many lines of the players' log a TD's message shows (the phone's screen).
LOG_LINES = 12


def esc(text: object) -> str:
    return html.escape(str(text), quote=False)


def _game(event: Event, view: MatchView) -> str:
    """A match as its player knows it: by its round, in its event."""
    return f"<b>{esc(view.round_name)}</b> game ({esc(event.name)})"


def claimed(code: str, opponent: str, until: str) -> str:
    return (f"🚫 Noted: {esc(opponent)} did not come to your game. They can "
            f"answer until {esc(until)}; then the TDs decide, and I will tell you.")


def claimed_against(event: Event, view: MatchView, side: int, at: str, until: str) -> str:
    code = esc(view.code)
    return (f"🚫 <b>{esc(view.label(side))}</b> says you did not come to your "
            f"{_game(event, view)} at {esc(at)}. If you were there, tap the button or send "
            f"/contest {code} WHAT HAPPENED ({code} is your match's code) by {esc(until)}; "
            "otherwise the TDs decide on their word.")


def contest_buttons(claim_id: int, match_id: int) -> list[list[tuple[str, str]]]:
    return [[("✋ I was there", callbacks.no_show_contest(claim_id))],
            [("✉️ Write to them", callbacks.relay_write(match_id))]]


def contested(code: str, claimant: str, added: bool) -> str:
    if added:
        return "Added: the TDs have your words."
    return (f"✋ Contested: {esc(claimant)}'s claim goes to the TDs with what you "
            f"two wrote. Tell them what happened with /contest {esc(code)} WHAT HAPPENED.")


def contested_to_claimant(view: MatchView, side: int, text: str) -> str:
    said = f": “{esc(text)}”" if text else ""
    return (f"✋ {esc(view.label(side))} contests your no-show claim{said}. "
            "The TDs decide, and I will tell you.")


def for_tds(event: Event, view: MatchView, side: int, at: str, contest: str | None,
            closes: str | None, log: MatchLog) -> str:
    claimant, other = esc(view.label(side)), esc(view.label(1 - side))
    lines = [f"🚫 <b>No-show claim</b> in {esc(view.code)} ({esc(event.name)}, "
             f"{esc(view.round_name)})",
             f"{claimant} says {other} did not come at the agreed time, {esc(at)}."]
    if contest is None:
        lines.append(f"{other} did not answer in time.")
    else:
        lines.append(f"{other} contests it" + (f": “{esc(contest)}”" if contest else "."))
    if closes:
        lines.append(f"The round closes {esc(closes)}.")
    shown = log.lines[-LOG_LINES:]
    if shown:
        lines.append("")
        lines.append("<b>What they said and arranged</b>"
                     + (f" (last {len(shown)} of {len(log.lines)})" if len(shown) < len(log.lines)
                        else ""))
        lines += ["• " + " ".join(esc(w) for w in (event.local(x.at), x.who, x.text) if w)
                  for x in shown]
    lines.append("")
    if one_game(event, view):
        lines.append(f"Does {claimant} win the game by forfeit, or do you give them both 7 "
                     "more days to play it?")
    else:
        lines.append(f"Does {claimant} win the next game by forfeit, or the whole match, or do "
                     "you give them both 7 more days to play?")
    return "\n".join(lines)


def ruling_buttons(event: Event, view: MatchView, claim_id: int,
                   claimant: str) -> list[list[tuple[str, str]]]:
    """The TDs' answers to a claim; a one-game match has no "next game" apart from the
    match, so its one award is the game."""
    extend = [("Extend 7 days", callbacks.no_show_rule(claim_id, "extend"))]
    if one_game(event, view):
        return [[(f"Forfeit win to {claimant}", callbacks.no_show_rule(claim_id, "game"))],
                extend]
    return [[(f"Next game to {claimant}", callbacks.no_show_rule(claim_id, "game")),
             (f"Match to {claimant}", callbacks.no_show_rule(claim_id, "match"))], extend]


def reason_added(view: MatchView, side: int, text: str) -> str:
    return (f"✋ {esc(view.label(side))} adds about the no-show claim in {esc(view.code)}: "
            f"“{esc(text)}”")


def default_why(view: MatchView, side: int) -> str:
    return f"{view.label(1 - side)} did not come at the agreed time"


def extended(view: MatchView, reader: int, claimant: int, closes: str, why: str) -> str:
    who = "your" if reader == claimant else f"{esc(view.label(claimant))}'s"
    return (f"The TDs ruled on {who} no-show claim in your <b>{esc(view.round_name)}</b> "
            f"match: no award; the round is extended to {esc(closes)} so that you can play "
            f"({esc(why)}). Agree a new time with /propose {esc(view.code)}.")


def ruled(code: str, ruling: str, to: str, detail: str, by_this: bool,
          single: bool = False) -> str:
    """The TD's answer; ``single``: the match is one game, which the forfeit decided
    (``detail`` is then the winner's spread)."""
    if not by_this:
        return f"The no-show claim in {esc(code)} was ruled already."
    if ruling == "game" and single:
        return f"Ruled: {esc(to)} wins {esc(code)} by forfeit {esc(detail)}."
        return f"Ruled: the next game of {esc(code)} goes to {esc(to)} by forfeit ({esc(detail)})."
    if ruling == "match":
        return f"Ruled: {esc(code)} goes to {esc(to)} ({esc(detail)})."
    return f"Ruled: the round is extended to {esc(detail)}."
