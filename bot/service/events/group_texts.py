"""What the event's group chat is shown (``groups``): names, rounds, scores, deadlines;
never a contact, a fee or a dispute (the group is open to whoever its members let in).
Every user-supplied text is escaped."""

from __future__ import annotations

from bot.service.events.lookup import Event
from bot.service.events.schedule import Round
from bot.service.formats.registry import named
from bot.service.results.matches import MatchView, has_score, score_line
from bot.service.results.reporting_texts import (
    OneGame,
    decided_on,
    esc,
    one_game,
    tie_words,
)
from core.knockout.match import MatchStage, MatchState

ONLY_TDS_LINK = "Only a TD or organiser of that event can link a group to it."
ONLY_TDS_UNLINK = "Only a TD or organiser of the event can unlink this group."
#: Telegram shows a photo's caption up to 1024 characters; a round's list beyond this many
#: matches is cut with a count.
MAX_LISTED = 40


def linked(event_name: str, kind: str, fmt: str = "sssg") -> str:
    """A group linked to an event of format ``fmt``: what it will be shown
    (``Format.group_posts``); only a bracket's group hears of /bracket."""
    moved = " (its old group no longer gets them)" if kind == "moved" else ""
    of = named(fmt)
    if not of.bracket:
        return (f"This group now follows <b>{esc(event_name)}</b>: I post {of.group_posts} "
                f"here{moved}.\nA TD sends /unlink to stop.")
    return (f"This group now follows <b>{esc(event_name)}</b>: I post round openings, results "
            f"and the bracket here{moved}.\n/bracket shows the bracket now; a TD sends /unlink "
            "to stop.")


def unlinked(event_name: str) -> str:
    return (f"This group no longer follows <b>{esc(event_name)}</b>. A TD can send "
            "/link EVENT-SLUG to follow it again.")


LINK_IN_GROUP = ("Send this in your event's group chat: add me to the group, then send "
                 "/link EVENT-SLUG there (/unlink there stops it).")
NOT_LINKED = "This group follows no event yet. An organiser or TD sends /link EVENT-SLUG here."


def round_opened(event: Event, rnd: Round, matches: list[MatchView]) -> str:
    closes = f" until {esc(event.local(rnd.closes_at))}" if rnd.closes_at is not None else ""
    lines = [f"<b>{esc(event.name)}: {esc(rnd.name)}</b> is open{closes}."]
    playing = [m for m in matches if m.state in (MatchStage.READY, MatchStage.PLAYING)]
    for m in playing[:MAX_LISTED]:
        lines.append(f"• {esc(m.label(0))} v {esc(m.label(1))} (best of {m.best_of})")
    if len(playing) > MAX_LISTED:
        lines.append(f"… and {len(playing) - MAX_LISTED} more matches")
    lines.append("Players: your opponent and deadline are in your private chat with me.")
    return "\n".join(lines)


def match_decided(event: Event, view: MatchView, state: MatchState,
                  game: OneGame | None = None) -> str:
    """``game``: the one game a one-game match was (it reads as that game: "Ann Lee beat
    Ben Ong 412-380", "Ann Lee beat Ben Ong by forfeit (+75)")."""
    assert state.winner is not None
    where = f"<b>{esc(event.name)}</b>, {esc(view.round_name)}: "
    if game is not None:
        win = state.winner
        score = (f"{game.scores[win]}-{game.scores[1 - win]}" if game.scores is not None
                 else f"{game.how} ({state.spread[win]:+d})")
        return f"{where}{esc(view.label(win))} beat {esc(view.label(1 - win))} {score}."
    how = decided_on(event, state.decision)
    return (f"{where}{esc(score_line(view, state, state.winner))}. "
            f"{esc(view.label(state.winner))} wins the match{how}.")


def match_reopened(event: Event, view: MatchView, before: MatchState, after: MatchState,
                   why: str) -> str:
    """A TD's correction or ruling undid a result the group was shown as final: the match
    is open again, why, and what its players do next (paras 14-16: the next game; a
    one-game match's game is played again, said as that game)."""
    where = f"<b>{esc(event.name)}</b>, {esc(view.round_name)}: "
    won = ""
    if before.winner is not None:
        won = f", so {esc(view.label(before.winner))}'s win no longer stands"
    reason = f" ({esc(why)})" if why else ""
    lines = [f"{where}{esc(view.code)} is open again: a TD changed its result{reason}{won}."]
    n = after.next_game
    if n is not None:
        nxt = ("they play the game again" if one_game(event, view) else
               "they play it again from game 1" if n == 1 else
               f"game {n} decides it" if after.next_is_deciding else f"game {n} is next")
        if has_score(after):
            lines.append(f"{esc(score_line(view, after, 0))}; {nxt}.")
        else:
            lines.append(f"{nxt[0].upper()}{nxt[1:]}.")
    return " ".join(lines)


def walkover(event: Event, view: MatchView, winner: int, left: str | None,
             expelled: str) -> str:
    """A knockout match given over unplayed because a player was expelled (SSSg para 29:
    nobody took the place): the results board shows who goes through and why, as it shows
    a played result. ``left``: who was to come from the other side (None: nobody)."""
    if left is None:
        why = "nobody is left to meet them there"
    elif left == expelled:
        why = f"{esc(expelled)} was expelled and nobody takes the place"
    else:
        why = f"{esc(left)} moved to take the place of {esc(expelled)}, who was expelled"
    return (f"<b>{esc(event.name)}</b>, {esc(view.round_name)}: {esc(view.label(winner))} "
            f"goes through unplayed: {why}.")


def match_tied(event: Event, view: MatchView, state: MatchState,
               game: OneGame | None = None) -> str:
    """A match of a format whose records have ties that ended level (``reporting``)."""
    score = (f"{game.scores[0]}-{game.scores[1]}" if game is not None and game.scores is not None
             else state.score_line())
    return (f"<b>{esc(event.name)}</b>, {esc(view.round_name)}: {esc(view.label(0))} and "
            f"{esc(view.label(1))} tied ({esc(score)}){tie_words(event)}.")
