"""What expelling a player and filling the slot tell the players and the TDs (SSSg Annex A
paras 26, 27, 29): records (``bot/words/said.py``), written in each reader's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.events.lookup import Event
from bot.service.events.schedule import round_said
from bot.service.results.matches import MatchView, score_line
from bot.service.results.reporting_texts import OneGame
from bot.store.expulsions_repo import ExpulsionState
from bot.words.said import Said, Value, said, said_n, stacked
from core.knockout.match import MatchState

if TYPE_CHECKING:
    from bot.service.formats.seam import Expelled, Filled, Option


def unpaid(round_name: str) -> Said:
    """The bot's own reason when a round opens with a player not paid-up (SSSg para 26:
    "he will immediately be expelled"), read by each reader in their language."""
    return said("not paid-up for {round} when it opened (SSSg para 26)",
                round=round_said(round_name))


def to_expelled(event: Event, name: str, why: Said | str) -> Said:
    """The expelled player's notice. The reason is the TD's own words, quoted and said to
    be theirs: put after "you have been expelled:" it would read as the bot's, in the
    third person the TD wrote it in."""
    return said("<b>{event}</b>: {name}, you have been expelled from the tournament. The "
                "tournament director gave this reason: “{why}”. If this is a mistake, contact "
                "the TDs at once.", event=event.name, name=name, why=why)


def to_opponent(event: Event, view: MatchView, expelled: str) -> Said:
    return said("<b>{event}</b>: your opponent in {round}, {expelled}, has been expelled. The "
                "TDs will choose who takes the place (SSSg para 29), or you go through; I will "
                "tell you. Do not play until then.", event=event.name, round=round_said(view.round_name),
                expelled=expelled)


def ask_rulers(event: Event, view: MatchView, expelled: str, why: Said | str,
               options: list[Option], both: bool = False) -> Said:
    """Para 29's question to the TDs, as a plain question: who takes the expelled
    player's place, the candidates the paragraph allows, or nobody (the opponent goes
    through without playing). ``both``: the opponent was expelled too, so nobody means
    the match is not played."""
    side = view.names.index(expelled)
    other = view.label(1 - side)
    lines: list[Said] = [
        said("🚫 <b>{event}</b>: {expelled} is expelled (the reason given: “{why}”).",
             event=event.name, expelled=expelled, why=why),
        said("Who takes {expelled}'s place against <b>{other}</b> in {code} ({round})?",
             expelled=expelled, other=other, code=view.code, round=round_said(view.round_name))]
    if options:
        lines.append(said("Para 29 lets you offer it to:"))
        lines += [said("{i}. <b>{name}</b>: {reason}", i=i, name=o.name, reason=o.reason)
                  for i, o in enumerate(options, start=1)]
    else:
        lines.append(said("Nobody from the previous round can take it (para 29)."))
    if both:
        lines.append(said("{other} is expelled too: if nobody takes the place, {code} is not "
                          "played (a bye goes on).", other=other, code=view.code))
    else:
        lines.append(said("If nobody takes it, {other} goes through without playing.",
                          other=other))
    lines.append(said("Tap your choice below."))
    return stacked(*lines)


def button_label(option: Option) -> Said:
    if "opponent" in option.reason:
        return said("{name} (opponent)", name=option.name)
    return said("{name} (best loser)", name=option.name)


def nobody_label(view: MatchView, side: int, both: bool) -> Said:
    """The TDs' button for nobody taking the slot of the player on ``side``."""
    if both:
        return said("Nobody: {code} is not played", code=view.code)
    return said("Nobody: {other} goes through", other=view.label(1 - side))


def decided_note(done: Filled) -> Said:
    if done.replacement:
        return said("✅ {by} decided: {replacement} takes the slot.", by=done.by,
                    replacement=done.replacement)
    if done.not_played:
        return said("✅ {by} decided: nobody takes either slot: {match} is not played.",
                    by=done.by, match=done.match)
    return said("✅ {by} decided: nobody takes the slot: {opponent} goes through.", by=done.by,
                opponent=done.opponent)


def slot_filled(event: Event, expelled: str, other: str, newcomer: bool,
                next_match: Said) -> Said:
    """What the two players of a slot just filled read: ``other`` is the one they meet (the
    opponent, for who took the slot; who took it, for the opponent), then the match."""
    if newcomer:
        head = said("<b>{event}</b>: you take the place of {expelled}, who was expelled (SSSg "
                    "para 29); your opponent is {other}.", event=event.name, expelled=expelled,
                    other=other)
    else:
        head = said("<b>{event}</b>: {other} takes the place of {expelled}, who was expelled "
                    "(para 29).", event=event.name, other=other, expelled=expelled)
    return stacked(head, next_match)


def goes_through(event: Event, view: MatchView, left: str | None, expelled: str,
                 more: bool) -> Said:
    """A match given over unplayed because of an expulsion: its winner goes on (``more``:
    they have a match left to play)."""
    if left is None:
        why = said("nobody is left to meet you there (players were expelled, para 29)")
    elif left == expelled:
        why = said("{expelled} was expelled and nobody takes the place (para 29)",
                   expelled=expelled)
    else:
        why = said("{left} moved to take the place of {expelled}, who was expelled (para 29)",
                   left=left, expelled=expelled)
    then = (said("I will tell you about your next match.") if more
            else said("You have no match left to play."))
    return said("<b>{event}</b>: you go through {round} unplayed: {why}. {then}",
                event=event.name, round=round_said(view.round_name), why=why, then=then)


def refused(expelled: str, when: str, outcome: str, you: bool) -> str:
    """Why a result, ruling or photo in an expelled player's match is refused: what the
    expulsion decided (``outcome``: "Q4 went to Terence Low"). Plain text: a refusal's
    words are escaped where they are shown. ``you``: it goes to the expelled player."""
    who, whose = ("You were", "your") if you else (f"{expelled} was", f"{expelled}'s")
    return (f"{who} expelled on {when}; {outcome}. Nothing more is recorded in {whose} "
            "matches.")


def forfeited_to(event: Event, view: MatchView, side: int, state: MatchState, games: int,
                 single: OneGame | None) -> Said:
    """The opponent (``side``) of a player expelled from a round-based event or a club
    night: the games not played are theirs by forfeit (``expulsions._forfeit_rest``), and
    the match with them; ``single``: the one game a one-game match was."""
    where: dict[str, Value] = dict(event=event.name, expelled=view.label(1 - side),
                                 round=round_said(view.round_name))
    if single is not None:
        return said("<b>{event}</b>: {expelled} has been expelled, so you win your {round} "
                    "game against them by forfeit ({spread:+d}).", spread=state.spread[side],
                    **where)
    return said_n("<b>{event}</b>: {expelled} has been expelled, so you win the game of your "
                  "{round} match not played yet by forfeit, and the match: {score}.",
                  "<b>{event}</b>: {expelled} has been expelled, so you win the {n} games of "
                  "your {round} match not played yet by forfeit, and the match: {score}.",
                  games, score=score_line(view, state, side), **where)


# --- what the TD who expelled, or filled the slot, reads ---------------------------------


def expelled_answer(done: Expelled) -> Said:
    """The TD who expelled a player: they are told; then the slot the TDs choose for (para
    29), or what the expulsion did (``done.note``, lower case: it follows a label)."""
    head = said("🚫 Expelled <b>{name}</b> ({why}); they are told.", name=done.name,
                why=done.why)
    if done.state == ExpulsionState.OPEN:
        return said("{head} Their opponent {opponent} is told to wait: choose who takes the "
                    "slot in {match} in the question I sent you.", head=head,
                    opponent=done.opponent or "", match=done.match or "")
    if done.note is None:
        return head
    return said("{head} Result: {note}.", head=head, note=done.note)


def filled_answer(done: Filled) -> Said:
    """The TD who chose who takes an expelled player's slot (para 29), or a second TD who
    pressed after the first had decided."""
    if done.already:
        return said("{by} already decided {expelled}'s slot in {match}. Nothing changed.",
                    by=done.by, expelled=done.expelled, match=done.match)
    if done.replacement:
        return said("✅ {replacement} takes {expelled}'s slot in {match} against {opponent}. "
                    "Both are told.", replacement=done.replacement, expelled=done.expelled,
                    match=done.match, opponent=done.opponent)
    if done.not_played:
        return said("✅ Nobody takes {expelled}'s slot in {match}, nor that of {opponent}, "
                    "expelled too: {match} is not played and a bye goes on.",
                    expelled=done.expelled, match=done.match, opponent=done.opponent)
    return said("✅ Nobody takes {expelled}'s slot in {match}: {opponent} goes through and is "
                "told.", expelled=done.expelled, match=done.match, opponent=done.opponent)
