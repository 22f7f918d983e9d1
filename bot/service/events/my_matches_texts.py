"""What a player reads in ``/matches`` (``readmodels.list_my_matches``): each match by its
event and round, against whom, how it stands, what to do next and by when.

Records (``bot/words/said.py``), written in the reader's language; every time is on the
player's clock, and the list names their own zone when they set one (``/timezone``).
"""

from __future__ import annotations

from bot.service.between.relay_texts import match_buttons
from bot.service.events.my_match import MyMatch, MyMatchState
from bot.service.events.schedule import round_said
from bot.service.formats.traits import cite
from bot.service.results.length_texts import best_of
from bot.words.said import Said, paragraphs, said, stacked


def _state(state: MyMatchState) -> Said:
    """A match's state as its player reads it."""
    if state == MyMatchState.WAITING:
        return said("waiting for earlier results")
    if state == MyMatchState.READY:
        return said("paired, round not open yet")
    if state == MyMatchState.PLAYING:
        return said("being played")
    if state == MyMatchState.UNFINISHED:
        return said("round closed, unfinished: a TD will rule on it")
    if state == MyMatchState.SLOT_OPEN:
        return said("your opponent was expelled: the TDs choose who takes the place")
    return said("decided")


def _one_game_result(m: MyMatch) -> Said | None:
    """A decided one-game match's result, as the game it was (not "1-0 (+32)"); None
    when it is not one."""
    if m.game is not None:
        score = f"{m.game[0]}-{m.game[1]}"
        if m.you_won is None:
            return said("Result: a tie, {score}", score=score)
        return (said("Result: you won {score}", score=score) if m.you_won
                else said("Result: you lost {score}", score=score))
    if m.unplayed_spread is not None and m.you_won is not None:
        spread = f"{m.unplayed_spread:+d}"
        return (said("Result: you won by forfeit ({spread})", spread=spread) if m.you_won
                else said("Result: you lost by forfeit ({spread})", spread=spread))
    return None


def _next(m: MyMatch) -> Said | None:
    """What comes next in a match being played: the next game, and who starts it (SSSg
    para 16: the deciding game's start is drawn, or given by the rules)."""
    if m.state != MyMatchState.PLAYING or m.next_game is None:
        return None
    if m.single:
        if m.you_start:
            return said("You start the game.")
        if m.next_starter:
            return said("{name} starts the game.", name=m.next_starter)
        return said("Draw tiles to decide who starts the game.")
    deciding: Said | str = (said(" (the deciding game{ref})", ref=cite(m, "para 16", ", {}"))
                            if m.next_is_deciding and m.best_of > 1 else "")
    if m.you_start:
        return said("Next: game {game}{deciding}, you start", game=m.next_game,
                    deciding=deciding)
    if m.next_starter:
        return said("Next: game {game}{deciding}, {name} starts", game=m.next_game,
                    deciding=deciding, name=m.next_starter)
    return said("Next: game {game}{deciding}, draw tiles to decide who starts",
                game=m.next_game, deciding=deciding)


def match_line(m: MyMatch) -> Said:
    """One match in /matches; a one-game match reads as its game: "one game", its result
    as the game's score, who starts it."""
    state = _state(m.state)
    parts: list[Said | None] = [
        said("<b>{event} — {round}</b> (match {code})", event=m.event_name,
             round=round_said(m.round_name), code=m.code),
        said("against <b>{opponent}</b>, one game: {state}", opponent=m.opponent,
             state=state) if m.single else
        said("against <b>{opponent}</b>, {best_of}: {state}", opponent=m.opponent,
             best_of=best_of(m.best_of), state=state),
    ]
    result = _one_game_result(m) if m.state == MyMatchState.DECIDED else None
    if result is not None:
        parts.append(result)
    elif m.state in (MyMatchState.PLAYING, MyMatchState.UNFINISHED,
                     MyMatchState.DECIDED) and m.score_line:
        parts.append(said("Score: {score}", score=m.score_line))
    parts.append(m.stakes)  # the format's words: what the match decides
    parts.append(_next(m))
    for game, agrees, until in m.open_slips:
        shown = "?" if until is None else until
        parts.append(said("Game {game} awaits your agreement until {until}", game=game,
                          until=shown) if agrees == "you" else
                     said("Game {game} awaits {name}'s agreement until {until}", game=game,
                          name=agrees, until=shown))
    if m.agreed_at:
        parts.append(said("Agreed time: {time}", time=m.agreed_at))
    if m.closes_at:
        parts.append(said("Deadline: {deadline}", deadline=m.closes_at))
    return stacked(*parts)


def my_matches(found: list[MyMatch], zone: str | None) -> Said:
    """/matches: every match of the player's, and the zone their times are in when the
    reader set their own (``zone``; the event's shows as its offset)."""
    if not found:
        return said("You have no matches yet. When the draw is made and your round opens, I "
                    "will tell you here.")
    shown = [match_line(m) for m in found]
    if zone is not None:
        shown.append(said("Times are in your time zone, {zone}.", zone=zone))
    return paragraphs(said("<b>Your matches</b>"), *shown)


def my_match_buttons(found: list[MyMatch]) -> list[list[tuple[Said, str]]]:
    """Under /matches: write to the opponent or propose a time, for each match being
    played."""
    return match_buttons([(m.match_id, m.code, m.opponent) for m in found
                          if m.state == MyMatchState.PLAYING])
