"""What the event's group chat is shown (``groups``): names, rounds, scores, deadlines;
never a contact, a fee or a dispute (the group is open to whoever its members let in).
Records (``bot/words/said.py``), written in the group's language."""

from __future__ import annotations

from bot.service.events.lookup import Event
from bot.service.events.schedule import Round, round_said
from bot.service.formats.registry import named
from bot.service.results.length_texts import best_of
from bot.service.results.matches import MatchView, has_score, score_line
from bot.service.results.opponents import players_of
from bot.service.results.reporting_texts import OneGame, decided_on, one_game, tie_words
from bot.words.said import Said, Value, said, stacked
from core.knockout.match import Decision, MatchStage, MatchState

#: Telegram shows a photo's caption up to 1024 characters; a round's list beyond this many
#: matches is cut with a count.
MAX_LISTED = 40


def linked(event_name: str, kind: str, fmt: str = "sssg") -> Said:
    """A group linked to an event of format ``fmt``: what it will be shown
    (``Format.group_posts``); only a bracket's group hears of /bracket."""
    of = named(fmt)
    moved = kind == "moved"
    if not of.bracket:
        if moved:
            return said("This group now follows <b>{event}</b>: I post {posts} here (its old "
                        "group no longer gets them).\nA TD sends /unlink to stop.",
                        event=event_name, posts=of.group_posts)
        return said("This group now follows <b>{event}</b>: I post {posts} here.\nA TD sends "
                    "/unlink to stop.", event=event_name, posts=of.group_posts)
    if moved:
        return said("This group now follows <b>{event}</b>: I post round openings, results and "
                    "the bracket here (its old group no longer gets them).\n/bracket shows the "
                    "bracket now; a TD sends /unlink to stop.", event=event_name)
    return said("This group now follows <b>{event}</b>: I post round openings, results and the "
                "bracket here.\n/bracket shows the bracket now; a TD sends /unlink to stop.",
                event=event_name)


def unlinked(event_name: str) -> Said:
    return said("This group no longer follows <b>{event}</b>. A TD can send /link EVENT-SLUG "
                "to follow it again.", event=event_name)


def only_tds_link() -> Said:
    """A known person without the right: a short refusal that names no event (the group
    is open to anyone its members let in)."""
    return said("Only a TD or organiser of that event can link a group to it.")


def only_tds_unlink() -> Said:
    return said("Only a TD or organiser of the event can unlink this group.")


def link_in_group() -> Said:
    """/link or /unlink in a private chat: they are for the group."""
    return said("Send this in your event's group chat: add me to the group, then send "
                "/link EVENT-SLUG there (/unlink there stops it).")


def not_linked() -> Said:
    """/bracket in a group that follows no event."""
    return said("This group follows no event yet. An organiser or TD sends /link EVENT-SLUG "
                "here.")


def round_opened(event: Event, rnd: Round, matches: list[MatchView]) -> Said:
    shown = [said("<b>{event}: {round}</b> is open until {closes}.", event=event.name,
                  round=round_said(rnd.name), closes=event.at(rnd.closes_at))
             if rnd.closes_at is not None else
             said("<b>{event}: {round}</b> is open.", event=event.name, round=round_said(rnd.name))]
    playing = [m for m in matches if m.state in (MatchStage.READY, MatchStage.PLAYING)]
    for m in playing[:MAX_LISTED]:
        shown.append(said("• {first} v {second} ({best_of})", first=m.said_label(0),
                          second=m.said_label(1), best_of=best_of(m.best_of)))
    if len(playing) > MAX_LISTED:
        shown.append(said("… and {count} more matches", count=len(playing) - MAX_LISTED))
    shown.append(said("Players: your opponent and deadline are in your private chat with me."))
    return stacked(*shown)


def match_decided(event: Event, view: MatchView, state: MatchState,
                  game: OneGame | None = None) -> Said:
    """``game``: the one game a one-game match was (it reads as that game: "Ann Lee beat
    Ben Ong 412-380", "Ann Lee beat Ben Ong by forfeit (+75)"). A knockout's match bye
    (SSSg para 27: the games played are void) is a walkover, not a score of 0-0."""
    assert state.winner is not None
    where: dict[str, Value] = dict(event=event.name, round=round_said(view.round_name))
    if state.decision is Decision.MATCH_BYE:
        return said("<b>{event}</b>, {round}: {winner} wins the match against {loser} by a "
                    "walkover (a TD's match bye).", winner=view.said_label(state.winner),
                    loser=view.said_label(1 - state.winner), **where)
    if game is not None:
        win = state.winner
        if game.scores is not None:
            return said("<b>{event}</b>, {round}: {winner} beat {loser} {won}-{lost}.",
                        winner=view.said_label(win), loser=view.said_label(1 - win),
                        won=game.scores[win], lost=game.scores[1 - win], **where)
        return said("<b>{event}</b>, {round}: {winner} beat {loser} {how} ({spread:+d}).",
                    winner=view.said_label(win), loser=view.said_label(1 - win), how=game.how_said(),
                    spread=state.spread[win], **where)
    return said("<b>{event}</b>, {round}: {score}. {winner} wins the match{how}.",
                score=score_line(view, state, state.winner), winner=view.said_label(state.winner),
                how=decided_on(event, state.decision), **where)


def match_reopened(event: Event, view: MatchView, before: MatchState, after: MatchState,
                   why: Said | str) -> Said:
    """A TD's correction or ruling undid a result the group was shown as final: the match
    (named by its players, as the group knows it) is open again, why, and what its players do next (paras 14-16: the next game; a
    one-game match's game is played again, said as that game)."""
    head = said("<b>{event}</b>, {round}: {players} is open again: a TD changed its "
                "result{reason}{won}.", event=event.name, round=round_said(view.round_name),
                players=players_of(view), reason=said(" ({why})", why=why) if why else "",
                won=said(", so {winner}'s win no longer stands",
                         winner=view.said_label(before.winner))
                if before.winner is not None else "")
    n = after.next_game
    if n is None:
        return head
    alone = not has_score(after)
    if one_game(event, view):
        nxt = said("They play the game again.") if alone else said("they play the game again")
    elif n == 1:
        nxt = (said("They play it again from game 1.") if alone
               else said("they play it again from game 1"))
    elif after.next_is_deciding:
        nxt = (said("Game {game} decides it.", game=n) if alone
               else said("game {game} decides it", game=n))
    else:
        nxt = (said("Game {game} is next.", game=n) if alone
               else said("game {game} is next", game=n))
    if not alone:
        nxt = said("{score}; {next}.", score=score_line(view, after, 0), next=nxt)
    return Said("{head} {next}", (("head", head), ("next", nxt)))


def players_changed(event: Event, before: MatchView, after: MatchView, why: Said,
                    now_playing: Said, result_shown: bool) -> Said:
    """A TD's act on an earlier match (``why``: "a TD's correction of Ben Ong v Cai Wen")
    changed who plays a match the group was shown (its players, or its result): what it
    was no longer stands, and who plays it now, as far as that is final (``now_playing``:
    "Ann Lee v the winner of Ben Ong v Cai Wen", ``opponents.slot_words``)."""
    where: dict[str, Value] = dict(event=event.name, round=round_said(after.round_name), cause=why,
                                   now=now_playing)
    if result_shown and before.winner is not None:
        return said("<b>{event}</b>, {round}: {winner}'s win over {loser} no longer stands: "
                    "{cause} changed who plays this match. It is now {now}.",
                    winner=before.said_label(before.winner),
                    loser=before.said_label(1 - before.winner), **where)
    return said("<b>{event}</b>, {round}: {was} is off: {cause} changed who plays this match. "
                "It is now {now}.", was=players_of(before), **where)


def walkover(event: Event, view: MatchView, winner: int, left: str | None,
             expelled: str) -> Said:
    """A knockout match given over unplayed because a player was expelled (SSSg para 29:
    nobody took the place): the results board shows who goes through and why, as it shows
    a played result. ``left``: who was to come from the other side (None: nobody)."""
    if left is None:
        why = said("nobody is left to meet them there")
    elif left == expelled:
        why = said("{expelled} was expelled and nobody takes the place", expelled=expelled)
    else:
        why = said("{left} moved to take the place of {expelled}, who was expelled", left=left,
                   expelled=expelled)
    return said("<b>{event}</b>, {round}: {winner} goes through unplayed: {why}.",
                event=event.name, round=round_said(view.round_name), winner=view.said_label(winner), why=why)


def match_tied(event: Event, view: MatchView, state: MatchState,
               game: OneGame | None = None) -> Said:
    """A match of a format whose records have ties that ended level (``reporting``)."""
    score = (f"{game.scores[0]}-{game.scores[1]}" if game is not None and game.scores is not None
             else state.score_line())
    return said("<b>{event}</b>, {round}: {first} and {second} tied ({score}){meaning}.",
                event=event.name, round=round_said(view.round_name), first=view.said_label(0),
                second=view.said_label(1), score=score, meaning=tie_words(event))
