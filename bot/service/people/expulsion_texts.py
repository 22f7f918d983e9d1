"""What expelling a player and filling the slot tell the players and the TDs (SSSg Annex A
paras 26, 27, 29), through the outbox. Telegram HTML: every name goes through ``esc``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.events.lookup import Event
from bot.service.results.matches import MatchView, score_line
from bot.service.results.reporting_texts import OneGame
from bot.words.said import escape as esc
from core.knockout.match import MatchState

if TYPE_CHECKING:
    from bot.service.formats.seam import Filled, Option


def to_expelled(event: Event, name: str, why: str) -> str:
    """The expelled player's notice. The reason is the TD's own words, quoted and said to
    be theirs: put after "you have been expelled:" it would read as the bot's, in the
    third person the TD wrote it in."""
    return (f"<b>{esc(event.name)}</b>: {esc(name)}, you have been expelled from the "
            f"tournament. The tournament director gave this reason: “{esc(why)}”. If this "
            "is a mistake, contact the TDs at once.")


def to_opponent(event: Event, view: MatchView, expelled: str) -> str:
    return (f"<b>{esc(event.name)}</b>: your opponent in {esc(view.round_name)}, "
            f"{esc(expelled)}, has been expelled. The TDs will choose who takes the place "
            "(SSSg para 29), or you go through; I will tell you. Do not play until then.")


def ask_rulers(event: Event, view: MatchView, expelled: str, why: str,
               options: list[Option], both: bool = False) -> str:
    """Para 29's question to the TDs, as a plain question: who takes the expelled
    player's place, the candidates the paragraph allows, or nobody (the opponent goes
    through without playing). ``both``: the opponent was expelled too, so nobody means
    the match is not played."""
    side = view.names.index(expelled)
    other = esc(view.label(1 - side))
    lines = [f"🚫 <b>{esc(event.name)}</b>: {esc(expelled)} is expelled (the reason given: "
             f"“{esc(why)}”).",
             f"Who takes {esc(expelled)}'s place against <b>{other}</b> in {esc(view.code)} "
             f"({esc(view.round_name)})?"]
    if options:
        lines.append("Para 29 lets you offer it to:")
        lines += [f"{i}. <b>{esc(o.name)}</b>: {esc(o.reason)}"
                  for i, o in enumerate(options, start=1)]
    else:
        lines.append("Nobody from the previous round can take it (para 29).")
    if both:
        lines.append(f"{other} is expelled too: if nobody takes the place, {esc(view.code)} "
                     "is not played (a bye goes on).")
    else:
        lines.append(f"If nobody takes it, {other} goes through without playing.")
    lines.append("Tap your choice below.")
    return "\n".join(lines)


def button_label(option: Option) -> str:
    kind = "opponent" if "opponent" in option.reason else "best loser"
    return f"{option.name} ({kind})"


def decided_note(done: Filled) -> str:
    if done.replacement:
        what = f"{done.replacement} takes the slot"
    elif done.not_played:
        what = f"nobody takes either slot: {done.match} is not played"
    else:
        what = f"nobody takes the slot: {done.opponent} goes through"
    return f"✅ {esc(done.by)} decided: {esc(what)}."


def slot_filled(event: Event, expelled: str, other: str, newcomer: bool, next_match: str) -> str:
    """What the two players of a slot just filled read: ``other`` is the one they meet (the
    opponent, for who took the slot; who took it, for the opponent), then the match."""
    if newcomer:
        head = (f"you take the place of {esc(expelled)}, who was expelled (SSSg para 29); "
                f"your opponent is {esc(other)}.")
    else:
        head = f"{esc(other)} takes the place of {esc(expelled)}, who was expelled (para 29)."
    return f"<b>{esc(event.name)}</b>: {head}\n{next_match}"


def goes_through(event: Event, view: MatchView, left: str | None, expelled: str,
                 more: bool) -> str:
    """A match given over unplayed because of an expulsion: its winner goes on (``more``:
    they have a match left to play)."""
    if left is None:
        why = "nobody is left to meet you there (players were expelled, para 29)"
    elif left == expelled:
        why = f"{esc(expelled)} was expelled and nobody takes the place (para 29)"
    else:
        why = f"{esc(left)} moved to take the place of {esc(expelled)}, who was expelled (para 29)"
    then = ("I will tell you about your next match." if more
            else "You have no match left to play.")
    return (f"<b>{esc(event.name)}</b>: you go through {esc(view.round_name)} unplayed: "
            f"{why}. {then}")


def refused(expelled: str, when: str, outcome: str, you: bool) -> str:
    """Why a result, ruling or photo in an expelled player's match is refused: what the
    expulsion decided (``outcome``: "Q4 went to Terence Low"). Plain text: a refusal's
    words are escaped where they are shown. ``you``: it goes to the expelled player."""
    who, whose = ("You were", "your") if you else (f"{expelled} was", f"{expelled}'s")
    return (f"{who} expelled on {when}; {outcome}. Nothing more is recorded in {whose} "
            "matches.")


def forfeited_to(event: Event, view: MatchView, side: int, state: MatchState, games: int,
                 single: OneGame | None) -> str:
    """The opponent (``side``) of a player expelled from a round-based event or a club
    night: the games not played are theirs by forfeit (``expulsions._forfeit_rest``), and
    the match with them; ``single``: the one game a one-game match was."""
    expelled = esc(view.label(1 - side))
    head = f"<b>{esc(event.name)}</b>: {expelled} has been expelled, so "
    if single is not None:
        return (f"{head}you win your {esc(view.round_name)} game against them by forfeit "
                f"({state.spread[side]:+d}).")
    what = "the game" if games == 1 else f"the {games} games"
    return (f"{head}you win {what} of your {esc(view.round_name)} match not played yet by "
            f"forfeit, and the match: {esc(score_line(view, state, side))}.")
