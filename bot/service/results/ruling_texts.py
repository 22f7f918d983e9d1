"""What a TD's ruling tells the people it concerns (``rulings``): both players of the
match, the rulers of a dispute, the event's group, the players of a later match it
changes.

Records (``bot/words/said.py``), written in each reader's language. A player reads what
was ruled and what happens next in plain words; the rule's paragraph is for the TDs (the
ruler's note cites it, SSSg 2016 Annex A paras 27, 28 and 30, in a knockout only:
``formats.cite``). Matches are named as the players know them: by round and opponent, or
by their players ("Ben Ong v Cai Wen", ``opponents.players_of``), not by code.
"""

from __future__ import annotations

from bot.service.events.lookup import Event
from bot.service.events.schedule import round_said
from bot.service.formats.registry import HasFormat, format_of
from bot.service.formats.traits import cite
from bot.service.results.matches import MatchView
from bot.service.results.opponents import players_of
from bot.service.results.reporting_texts import OneGame, one_game, outcome_lines, scores_of, where
from bot.words.said import Said, Value, said, stacked
from core.knockout.match import MatchState

#: Para 30's default reason when the TD gives none (stored and journalled in English).
TIE_REASON = "lots drawn by the TD"
#: The reason the players and the journal read when the TD taps Skip under "Why?".
SKIPPED_WHY = "the TD gave no reason"


def why_said(why: Said | str) -> Said | str:
    """A ruling's reason as its reader reads it: the TD's own words as typed, or the
    reason the bot gave for them (``TIE_REASON``, ``SKIPPED_WHY``) in the reader's
    language; the bot's own as its record."""
    if isinstance(why, Said):
        return why
    if why == TIE_REASON:
        return said("lots drawn by the TD")
    if why == SKIPPED_WHY:
        return said("the TD gave no reason")
    return why


def ruling_said(ruling: str, to: str = "") -> Said:
    """What a ruling did, in a TD's words; ``to``: the player a bye, a forfeit or a tied
    match went to (a dispute's record keeps no side: then the words name nobody)."""
    if ruling == "upheld":
        return said("upheld: the result stands")
    if ruling == "scores":
        return said("scores amended")
    if ruling == "void":
        return said("game voided")
    named = {"game_bye": said("game bye to {to}", to=to),
             "match_bye": said("match bye to {to}", to=to),
             "tie": said("the tied match goes to {to}", to=to),
             "forfeit": said("won by forfeit by {to}", to=to),
             "overtime": said("an overtime penalty for {to}", to=to)}
    unnamed = {"game_bye": said("game bye"), "match_bye": said("match bye"),
               "tie": said("the tied match decided"), "forfeit": said("won by forfeit"),
               "overtime": said("an overtime penalty")}
    if ruling in named:
        return named[ruling] if to else unnamed[ruling]
    return said("a ruling")


def stage_said(view: MatchView) -> Said:
    """Where a match is, as a refusal to rule on it says it ("M3 is waiting: ...")."""
    if view.left_unfinished:
        return said("left unfinished by its round's close")
    return {"waiting": said("waiting for its players"), "ready": said("ready to play"),
            "playing": said("being played"), "decided": said("decided"),
            "bye": said("a bye"), "not_needed": said("not needed")}.get(view.state,
                                                                       said("not playable"))


def act(kind: str) -> Said:
    """The TD's act that changed a later match's players, as their message names it
    (``kind`` as ``rulings.apply_correction_in`` was called)."""
    if kind.startswith("correction"):
        return said("a TD's correction")
    return said("a TD's ruling")


def cause(kind: str, feeder: MatchView) -> Said:
    """What changed a later match, named by the players of the match a TD changed:
    ``kind`` is how ``rulings.apply_correction_in`` was called ("correction of",
    "ruling on")."""
    if kind.startswith("correction"):
        return said("a TD's correction of {players}", players=players_of(feeder))
    return said("a TD's ruling on {players}", players=players_of(feeder))


def later_void(why: Said) -> Said:
    """What closes the slips of a later match a correction changed the players of."""
    return said("Void: {cause} changed who plays this match", cause=why)


def voided_by(cause: Said) -> Said:
    """The bot's reason for closing a dispute of a later match a correction changed the
    players of, as a TD who rules on it too late reads it (``rulings._already``)."""
    return said("{cause} voided the match", cause=cause)


def decided_first(code: str) -> Said:
    """The bot's reason for closing a dispute of a game a ruling left after the match's
    decision (SSSg para 14: a match ends once decided), as a late ruler reads it."""
    return said("{code} was decided before this game", code=code)


def decided_before(kind: str) -> Said:
    """What closes the slip of a game a ruling left after the match's decision."""
    if kind.startswith("correction"):
        return said("Void: after a TD's correction, the match was decided before this game")
    return said("Void: after a TD's ruling, the match was decided before this game")


def settled_how(ruling: str) -> Said:
    """How a ruling on the whole match (``match_bye``, ``tie``) settled it, as a settled
    slip's note says it ("Settled: the match went to you by a match bye")."""
    if ruling == "match_bye":
        return said("by a match bye")
    return said("by a TD's ruling on the tie")


def later_match_voided(event: Event, view: MatchView, viewer: int, why: Said,
                       played: bool) -> Said:
    """A player of a later match whose players a correction changed: the games they played
    in it no longer count, or (none ``played``) the match as drawn is off (SSSg paras
    27-28); they are told their match once it is known (``next_opponent``)."""
    values: dict[str, Value] = dict(where=where(event, view), cause=why,
                                    opponent=view.said_label(1 - viewer))
    if played:
        return said("⚖️ {where}: {cause} changed who plays in your match against {opponent}, "
                    "so the games you played in it no longer count. I will tell you your "
                    "match once it is known.", **values)
    return said("⚖️ {where}: {cause} changed who plays in your match against {opponent}, so "
                "it is off for now. I will tell you your match once it is known.", **values)


def own_later_match_voided(view: MatchView, viewer: int, played: bool) -> Said:
    """A line under a correction of a player's match that no longer puts them in the later
    match ``view``."""
    values: dict[str, Value] = dict(round=round_said(view.round_name), opponent=view.said_label(1 - viewer))
    if played:
        return said("So the games you played in your {round} against {opponent} no longer "
                    "count.", **values)
    return said("So your {round} against {opponent} is off for now.", **values)


def open_again(event: Event, view: MatchView, viewer: int, was_won: int) -> Said:
    """A TD's correction or ruling undid the result of the player's match: it is open
    again, and the win it had is no longer (a one-game match said as its game)."""
    single = one_game(event, view)
    if was_won == viewer:
        return (said("Your game is open again: your win no longer stands.") if single else
                said("Your match is open again: your win no longer stands."))
    if single:
        return said("Your game is open again: {winner}'s win no longer stands.",
                    winner=view.said_label(was_won))
    return said("Your match is open again: {winner}'s win no longer stands.",
                winner=view.said_label(was_won))


def what_ruled(of: HasFormat, names: tuple[str, str], viewer: int | None, ruling: str,
               scores: tuple[int, int] | None, to: str | None, *, bye_spread: int) -> Said:
    """A ruling in a few plain words, for a player (``viewer``: what it means for them) or
    a TD (None: with the rule's paragraph, SSSg paras 27, 28, 30, in a knockout)."""
    mine = to is not None and viewer is not None and names[viewer] == to
    para = {"game_bye": "para 28", "match_bye": "para 27", "tie": "para 30"}.get(ruling)
    rule: dict[str, Value] = {"rule": cite(of, para) if viewer is None and para else ""}
    other: dict[str, Value] = {"winner": to or ""}
    if ruling == "scores" and scores is not None:
        return said("the scores are {scores}", scores=scores_of(names, viewer, scores))
    if ruling == "game_bye":
        if mine:
            return said("it is a game bye to you: a win with +{spread} spread",
                        spread=bye_spread)
        return said("it is a game bye to {winner}: a win with +{spread} spread{rule}",
                    spread=bye_spread, **other, **rule)
    if ruling == "match_bye":
        if format_of(of).goes_through:
            return (said("a match bye to you: you go through, and the games played are void")
                    if mine else
                    said("a match bye to {winner}, who goes through; the games played are "
                         "void{rule}", **other, **rule))
        return (said("a match bye to you; the games played are void") if mine else
                said("a match bye to {winner}; the games played are void{rule}", **other,
                     **rule))
    if ruling == "tie":
        return (said("the tied match goes to you") if mine else
                said("the tied match goes to {winner}{rule}", **other, **rule))
    wespa = {"wespa": said(" (WESPA rules)") if viewer is None else ""}
    if ruling == "forfeit":
        return (said("you win it by forfeit") if mine else
                said("{winner} wins it by forfeit{wespa}", **other, **wespa))
    if ruling == "overtime":
        player = {"player": to or ""}
        if scores is not None:
            now = scores_of(names, viewer, scores)
            return (said("you ran overtime, 10 points off a started minute: now {scores}",
                         scores=now) if mine else
                    said("{player} ran overtime, 10 points off a started minute{wespa}: now "
                         "{scores}", scores=now, **player, **wespa))
        return (said("you ran overtime, 10 points off a started minute") if mine else
                said("{player} ran overtime, 10 points off a started minute{wespa}", **player,
                     **wespa))
    if ruling == "void":
        return said("the game is void: it does not count, and the next game you play "
                    "replaces it")
    return said("the result stands as reported")


def ruled(event: Event, view: MatchView, viewer: int, game: int, what: Said, why: Said | str,
          beyond: list[int], state: MatchState, *, was_won: int | None = None,
          single: OneGame | None = None) -> Said:
    """Both players learn a TD's ruling (``what``, ``what_ruled``), why, and where the
    match stands. ``game`` 0: the ruling is on the whole match (a match bye, a tied
    match); ``beyond``: the games the ruling left after the match's decision (SSSg para
    28); ``was_won``: the side whose win the ruling undid; ``single``: the one game a
    one-game match now is, decided: the match is said as that game."""
    head: dict[str, Value] = dict(where=where(event, view), what=what)
    if one_game(event, view):
        lines = [said("⚖️ {where}: a TD ruled on your game: {what}.", **head)]
    elif game:
        lines = [said("⚖️ {where}: a TD ruled on game {game}: {what}.", game=game, **head)]
    else:
        lines = [said("⚖️ {where}: a TD ruled on your match: {what}.", **head)]
    return stacked(*lines, *after_change(event, view, viewer, why, beyond, state,
                                          was_won=was_won, single=single))


def after_change(event: Event, view: MatchView, viewer: int, why: Said | str,
                 beyond: list[int],
                 state: MatchState, *, was_won: int | None, single: OneGame | None
                 ) -> list[Said]:
    """What follows a TD's ruling or correction of a player's match, under the line that
    says what was changed: why, the games it left after the match's decision (SSSg para
    28), the match open again if a win was undone, and where the match now stands."""
    lines = [said("Why: {why}", why=why_said(why))]
    if beyond:
        lines.append(said("The match was decided before game(s) {games}, so they no longer "
                          "count.", games=", ".join(str(n) for n in beyond)))
    if was_won is not None:
        lines.append(open_again(event, view, viewer, was_won))
    return lines + outcome_lines(event, view, state, viewer, single)


def ruled_note(of: HasFormat, who_ruled: Value, ruling: str, scores: tuple[int, int] | None,
               to: str | None, why: Said | str, bye_spread: int = 0) -> Said:
    """Under every ruler's copy of a dispute once one rules (its buttons go)."""
    if ruling == "scores" and scores is not None:
        what = said("scores amended to {first}-{second}", first=scores[0], second=scores[1])
    else:
        what = what_ruled(of, ("", ""), None, ruling, scores, to, bye_spread=bye_spread)
    return said("\n\n✅ Ruled by {ruler}: {what}. ({why})", ruler=who_ruled, what=what,
                why=why_said(why))


def result_corrected(why: Said | str) -> Said:
    """Under the group's post of a result that replaces one it was shown as final."""
    if why:
        return said("A TD corrected the result posted before ({why}).", why=why)
    return said("A TD corrected the result posted before.")
