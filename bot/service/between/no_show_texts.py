"""What a no-show claim says to the two players and to the TDs (``no_shows.py``).

Records (``bot/words/said.py``), written in each reader's language. The TDs' copy carries what
the two said and arranged (``relay.MatchLog``), so they rule on what was said.
"""

from __future__ import annotations

from datetime import datetime

from bot.service.between.relay import MatchLog
from bot.service.between.relay_texts import log_line
from bot.service.events.lookup import Event
from bot.service.events.schedule import round_said
from bot.service.platform import callbacks
from bot.service.results.matches import MatchView
from bot.service.results.reporting_texts import one_game
from bot.store.no_shows_repo import ClaimState
from bot.words.said import Said, Value, said, stacked

#: How many lines of the players' log a TD's message shows (the phone's screen).
LOG_LINES = 12


def claimed_already(state: ClaimState) -> Said:
    """A second claim on the same agreed time: where the first one stands."""
    if state == ClaimState.OPEN:
        return said("you claimed this already; it is waiting for your opponent's answer")
    if state == ClaimState.CONTESTED:
        return said("you claimed this already; it is contested")
    if state == ClaimState.WITH_TDS:
        return said("you claimed this already; it is with the TDs")
    return said("you claimed this already; it is ruled")


def claimed(code: str, opponent: str, until: datetime) -> Said:
    return said("🚫 Noted: {opponent} did not come to your game. They can answer until "
                "{until}; then the TDs decide, and I will tell you.", opponent=opponent,
                until=until)


def claimed_against(event: Event, view: MatchView, side: int, at: datetime,
                    until: datetime) -> Said:
    """To the player said not to have come: their match by its round, in its event."""
    return said("🚫 <b>{claimant}</b> says you did not come to your <b>{round}</b> game "
                "({event}) at {at}. If you were there, tap the button or send /contest {match} "
                "WHAT HAPPENED ({match} is your match's code) by {until}; otherwise the TDs "
                "decide on their word.", claimant=view.said_label(side), round=round_said(view.round_name),
                event=event.name, at=at, match=view.code, until=until)


def contest_buttons(claim_id: int, match_id: int) -> list[list[tuple[Said, str]]]:
    return [[(said("✋ I was there"), callbacks.no_show_contest(claim_id))],
            [(said("✉️ Write to them"), callbacks.relay_write(match_id))]]


def contested(code: str, claimant: str, added: bool) -> Said:
    if added:
        return said("Added: the TDs have your words.")
    return said("✋ Contested: {claimant}'s claim goes to the TDs with what you two wrote. Tell "
                "them what happened with /contest {match} WHAT HAPPENED.", claimant=claimant,
                match=code)


def contested_to_claimant(view: MatchView, side: int, text: str) -> Said:
    if text:
        return said("✋ {opponent} contests your no-show claim: “{words}”. The TDs decide, and "
                    "I will tell you.", opponent=view.said_label(side), words=text)
    return said("✋ {opponent} contests your no-show claim. The TDs decide, and I will tell "
                "you.", opponent=view.said_label(side))


def for_tds(event: Event, view: MatchView, side: int, at: datetime, contest: str | None,
            closes: datetime | None, log: MatchLog) -> Said:
    claimant, other = view.said_label(side), view.said_label(1 - side)
    shown: list[Said] = [
        said("🚫 <b>No-show claim</b> in {match} ({event}, {round})", match=view.code,
             event=event.name, round=round_said(view.round_name)),
        said("{claimant} says {other} did not come at the agreed time, {at}.",
             claimant=claimant, other=other, at=at)]
    if contest is None:
        shown.append(said("{other} did not answer in time.", other=other))
    elif contest:
        shown.append(said("{other} contests it: “{words}”", other=other, words=contest))
    else:
        shown.append(said("{other} contests it.", other=other))
    if closes:
        shown.append(said("The round closes {closes}.", closes=closes))
    last = log.lines[-LOG_LINES:]
    if last:
        shown.append(said("\n<b>What they said and arranged</b>") if len(last) == len(log.lines)
                     else said("\n<b>What they said and arranged</b> (last {shown} of {all})",
                               shown=len(last), all=len(log.lines)))
        shown += [log_line(event, x.at, x.what) for x in last]
    if one_game(event, view):
        shown.append(said("\nDoes {claimant} win the game by forfeit, or do you give them both "
                          "7 more days to play it?", claimant=claimant))
    else:
        shown.append(said("\nDoes {claimant} win the next game by forfeit, or the whole match, "
                          "or do you give them both 7 more days to play?", claimant=claimant))
    return stacked(*shown)


def ruling_buttons(event: Event, view: MatchView, claim_id: int,
                   claimant: str) -> list[list[tuple[Said, str]]]:
    """The TDs' answers to a claim; a one-game match has no "next game" apart from the
    match, so its one award is the game."""
    extend = [(said("Extend 7 days"), callbacks.no_show_rule(claim_id, "extend"))]
    if one_game(event, view):
        return [[(said("Forfeit win to {claimant}", claimant=claimant),
                  callbacks.no_show_rule(claim_id, "game"))], extend]
    return [[(said("Next game to {claimant}", claimant=claimant),
              callbacks.no_show_rule(claim_id, "game")),
             (said("Match to {claimant}", claimant=claimant),
              callbacks.no_show_rule(claim_id, "match"))], extend]


def reason_added(view: MatchView, side: int, text: str) -> Said:
    return said("✋ {opponent} adds about the no-show claim in {match}: “{words}”",
                opponent=view.said_label(side), match=view.code, words=text)


def default_why(view: MatchView, side: int) -> str:
    """The reason a no-show ruling records when the TD gives none (plain text: the journal's;
    the players read ``default_why_said``)."""
    return f"{view.label(1 - side)} did not come at the agreed time"


def default_why_said(view: MatchView, side: int) -> Said:
    """The reason a no-show ruling gives the players when the TD gives none."""
    return said("{name} did not come at the agreed time", name=view.said_label(1 - side))


def extended(view: MatchView, reader: int, claimant: int, closes: Said,
             why: str | Said) -> Said:
    """``closes``: in the reader's zone, named if they set it (``player_zones.Zone.told``)."""
    values: dict[str, Value] = dict(round=round_said(view.round_name), match=view.code, closes=closes,
                                    why=why)
    if reader == claimant:
        return said("The TDs ruled on your no-show claim in your <b>{round}</b> match: no "
                    "award; the round is extended to {closes} so that you can play ({why}). "
                    "Agree a new time with /propose {match}.", **values)
    return said("The TDs ruled on {claimant}'s no-show claim in your <b>{round}</b> match: no "
                "award; the round is extended to {closes} so that you can play ({why}). Agree "
                "a new time with /propose {match}.", claimant=view.said_label(claimant), **values)


def ruled(code: str, ruling: str, to: str, detail: str | datetime, by_this: bool,
          single: bool = False) -> Said:
    """The TD's answer; ``single``: the match is one game, which the forfeit decided
    (``detail`` is then the winner's spread)."""
    if not by_this:
        return said("The no-show claim in {match} was ruled already.", match=code)
    if ruling == "game" and single:
        return said("Ruled: {to} wins {match} by forfeit {detail}.", to=to, match=code,
                    detail=detail)
    if ruling == "game":
        return said("Ruled: the next game of {match} goes to {to} by forfeit ({detail}).",
                    match=code, to=to, detail=detail)
    if ruling == "match":
        return said("Ruled: {match} goes to {to} ({detail}).", match=code, to=to, detail=detail)
    return said("Ruled: the round is extended to {detail}.", detail=detail)
