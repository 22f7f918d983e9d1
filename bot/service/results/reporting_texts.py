"""What the reporting use-cases tell both players (and the TDs) through the outbox:
records (``bot/words/said.py``), written in each reader's language when the row is written.

Each player reads their own copy, so it says "you" for them. The wording of who starts
follows SSSg 2016 Annex A paras 15-16; of the window, para 24. Only a knockout's messages
cite those paragraphs (``formats.cite``): the other formats do not play by SSSg's rules. A
match of one game reads as a game ("Ann Lee won 420-350"), not as a match score ("1-0
(+70)").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.events.schedule import Round, round_said
from bot.service.formats.registry import HasFormat, format_of
from bot.service.formats.traits import cite
from bot.service.platform import callbacks
from bot.service.platform.outbox import SaidButtons
from bot.service.results.length_texts import best_of
from bot.service.results.matches import MatchView, has_score, score_line
from bot.store.rounds_repo import RoundState
from bot.words import SOURCE, for_locale
from bot.words.said import Said, Value, plain, said, stacked
from core.knockout.match import (
    Decision,
    MatchGameKind,
    MatchStage,
    MatchState,
    Start,
    StartReason,
)

#: Why a side starts a game, as a player reads it, and the rule's paragraph (SSSg paras
#: 15-16).
START_WORDS = {
    StartReason.TILE_DRAW: (said("tile draw"), "para 15"),
    StartReason.ALTERNATE: (said("starts alternate"), "para 15"),
    StartReason.AHEAD_ON_WINS: (said("ahead on wins"), "para 16a"),
    StartReason.AHEAD_ON_SPREAD: (said("ahead on spread"), "para 16b"),
    StartReason.DRAW_TO_START: (said("level on wins and spread: players draw tiles"),
                                "para 16c"),
}
#: The same with the paragraph, as the command line prints it for a TD (in English).
START_WHY = {reason: f"{plain(words, for_locale(SOURCE))}, {ref}"
             for reason, (words, ref) in START_WORDS.items()}

#: How a decided match was won, when it was not simply on games (para 17, 27, 30).
DECIDED_WORDS = {
    Decision.SPREAD: (said(" on spread"), "para 17"),
    Decision.FEWER_STARTS: (said(" with fewer starts"), "para 17"),
    Decision.RULING: (said(" by a TD ruling"), "para 30"),
    Decision.MATCH_BYE: (said(" by a match bye"), "para 27"),
}


def _joined(**values: Value) -> Said:
    """Values one after another, with no words of their own (nothing to translate)."""
    return Said("".join(f"{{{name}}}" for name in values), tuple(values.items()))


def start_reason(of: HasFormat, reason: StartReason) -> Said:
    """Why a player starts a game: 'tile draw, para 15' for a knockout, 'tile draw' for
    another format, in the reader's language."""
    return _start_why(of, reason)


def kind_of_game(kind: MatchGameKind) -> Said:
    """A game not played to its end, as a refusal names what was recorded."""
    if kind is MatchGameKind.BYE:
        return said("a game bye")
    if kind is MatchGameKind.FORFEIT:
        return said("a forfeit")
    return said("a void game")


def _start_why(of: HasFormat, reason: StartReason) -> Said:
    words, ref = START_WORDS[reason]
    return _joined(reason=words, ref=cite(of, ref, ", {}"))


def decided_on(of: HasFormat, decision: Decision) -> Said | str:
    """' on spread (para 17)' (a knockout's), ' on spread', or '' for a match won on games."""
    if decision not in DECIDED_WORDS:
        return ""
    words, ref = DECIDED_WORDS[decision]
    return _joined(how=words, ref=cite(of, ref))


def decided_in_english(of: HasFormat, decision: Decision) -> str:
    """``decided_on`` as the command line prints it for a TD: ' with fewer starts (para 17)'."""
    how = decided_on(of, decision)
    return how if isinstance(how, str) else plain(how, for_locale(SOURCE))


def one_game(of: HasFormat, view: MatchView) -> bool:
    """Whether the match reads as the one game it is, not as a match (club nights, most
    round-based events and ladders play these): the event's format says
    (``seam.Format.single_game``)."""
    return format_of(of).single_game(view)


#: How a one-game match's game was won unplayed (``OneGame.how``), as a message says it.
UNPLAYED_WORDS = {"by forfeit": said("by forfeit"), "by a game bye": said("by a game bye")}


@dataclass(frozen=True)
class OneGame:
    """The one game a one-game match was, decided (``one_game``): its scores, side 0's
    first, when it was played on the board; else how it was won unplayed ("by forfeit")."""

    scores: tuple[int, int] | None
    how: str = ""

    def how_said(self) -> Said | str:
        """How it was won unplayed, in the reader's language."""
        return UNPLAYED_WORDS.get(self.how, self.how)


def _your_match(event: Event, view: MatchView, *, one_game: bool = False,
                capital: bool = False) -> Said:
    """What a player calls their match: on a ladder it is their challenge; a one-game
    match is their game."""
    if format_of(event).challenges:
        return said("Your ladder challenge") if capital else said("your ladder challenge")
    if one_game:
        return (said("Your <b>{round}</b> game", round=round_said(view.round_name)) if capital
                else said("your <b>{round}</b> game", round=round_said(view.round_name)))
    return (said("Your <b>{round}</b> match", round=round_said(view.round_name)) if capital
            else said("your <b>{round}</b> match", round=round_said(view.round_name)))


def one_game_result(event: Event, view: MatchView, state: MatchState, viewer: int,
                    game: OneGame) -> Said:
    """A decided one-game match to one of its players, as the game it was: 'You won your
    Round 2 game against Ann Lee 412-380', 'Ann Lee won your Round 2 game by forfeit
    (-75)', 'Your game against Eve Tan is a tie (400-400): half a win each' (no stop)."""
    opponent = view.label(1 - viewer)
    if game.scores is not None and game.scores[0] == game.scores[1] and state.winner is not None:
        tied = "{0}-{0}".format(game.scores[0])
        return said("{what} against {opponent} is a tie ({score}), so {through}: a tied game "
                    "goes to the player who did not start it{ref}",
                    what=_your_match(event, view, one_game=True, capital=True),
                    opponent=opponent, score=tied,
                    through=_through(event, (view.label(0), view.label(1)), state, viewer),
                    ref=cite(event, "para 17"))
    if state.winner is None:
        level = (f"{game.scores[viewer]}-{game.scores[1 - viewer]}" if game.scores is not None
                 else f"{state.spread[viewer]:+d}")
        return said("{what} against {opponent} is a tie ({score}){meaning}",
                    what=_your_match(event, view, one_game=True, capital=True),
                    opponent=opponent, score=level, meaning=tie_words(event))
    what = _your_match(event, view, one_game=True)
    if game.scores is not None:
        score: Value = f" {game.scores[state.winner]}-{game.scores[1 - state.winner]}"
    else:
        score = said(" {how} ({spread:+d})", how=game.how_said(),
                     spread=state.spread[viewer])
    if state.winner == viewer:
        return said("You won {what} against {opponent}{score}", what=what, opponent=opponent,
                    score=score)
    return said("{opponent} won {what}{score}", opponent=opponent, what=what, score=score)


def _started(names: tuple[str, str], side: int, viewer: int | None) -> Said:
    """'you started', 'Ben Ong started'."""
    return said("you started") if side == viewer else said("{name} started", name=names[side])


def _starts(names: tuple[str, str], side: int, viewer: int | None) -> Said:
    return said("you start") if side == viewer else said("{name} starts", name=names[side])


def scores_of(names: tuple[str, str], viewer: int | None, scores: tuple[int, int]) -> Said:
    """'you 412, Ben Ong 380': the reader's score first; to a TD (None), side 0's first."""
    if viewer is None:
        return said("{first} {first_score}, {second} {second_score}", first=names[0],
                    first_score=scores[0], second=names[1], second_score=scores[1])
    return said("you {mine}, {opponent} {theirs}", mine=scores[viewer],
                opponent=names[1 - viewer], theirs=scores[1 - viewer])


def game_line(
    names: tuple[str, str], viewer: int | None, game: int, scores: tuple[int, int], starter: int
) -> Said:
    """'Game 2: you 412, Ben Ong 380 (you started)': the reader's score first."""
    return said("Game {game}: {scores} ({started})", game=game,
                scores=scores_of(names, viewer, scores), started=_started(names, starter, viewer))


def start_line(of: HasFormat, names: tuple[str, str], viewer: int | None, game: int,
               start: Start, deciding: bool) -> Said:
    """Who starts game ``game`` and, for the deciding game, why (para 16)."""
    if deciding and start.side is None:
        return said("Next: game {game}, the deciding game. You are level on wins and spread, "
                    "so draw tiles to start{ref}.", game=game, ref=cite(of, "para 16c"))
    if start.side is None:
        return said("Next: game {game}; draw tiles to start{ref}.", game=game,
                    ref=cite(of, "para 15"))
    if deciding:
        return said("Next: game {game}, the deciding game: {starts} ({why}).", game=game,
                    starts=_starts(names, start.side, viewer),
                    why=_start_why(of, start.reason))
    return said("Next: game {game}, {starts}.", game=game,
                starts=_starts(names, start.side, viewer))


def tie_words(event: Event) -> Said:
    """What a match left level on points means outside a knockout: half a win each where a
    record has ties (a Swiss, a club night: Director's Manual's W/L/T); on a ladder the
    challenger did not win, so the defender keeps the rung (``core.ladder.match_winner``)."""
    return format_of(event).tie_words()


def where(event: Event, view: MatchView) -> Said:
    """Where a result belongs, as a message's head: the event and round ('<b>Club Cup,
    SF</b>'); a ladder's challenges share one round, whose name says nothing."""
    if format_of(event).challenges:
        return said("<b>{event}</b>", event=event.name)
    return said("<b>{event}, {round}</b>", event=event.name, round=round_said(view.round_name))


def one_game_words(event: Event, names: tuple[str, str], viewer: int,
                   scores: tuple[int, int], starter: int | None = None, *,
                   named: bool = True, capital: bool = False, meaning: bool = True) -> Said:
    """A one-game match's result to one of its players, their score first: 'you won
    420-350 v Ben Ong (you started)', 'you lost 350-420 v Ann Lee', 'you tied 400-400 with
    Eve Tan: half a win each' (``named`` False: the opponent is named already;
    ``capital``: it begins a sentence; ``meaning`` False: what a tie means is said after,
    ``tied_game``)."""
    mine, theirs = scores[viewer], scores[1 - viewer]
    started: Value = ("" if starter is None else
                      said(" ({started})", started=_started(names, starter, viewer)))
    opponent = names[1 - viewer]
    if mine == theirs:
        other: Value = said(" with {opponent}", opponent=opponent) if named else ""
        values: dict[str, Value] = dict(mine=mine, theirs=theirs, other=other,
                                        started=started,
                                        meaning=tie_words(event) if meaning else "")
        return (said("You tied {mine}-{theirs}{other}{started}{meaning}", **values) if capital
                else said("you tied {mine}-{theirs}{other}{started}{meaning}", **values))
    other = said(" v {opponent}", opponent=opponent) if named else ""
    values = dict(mine=mine, theirs=theirs, other=other, started=started)
    if mine > theirs:
        return (said("You won {mine}-{theirs}{other}{started}", **values) if capital
                else said("you won {mine}-{theirs}{other}{started}", **values))
    return (said("You lost {mine}-{theirs}{other}{started}", **values) if capital
            else said("you lost {mine}-{theirs}{other}{started}", **values))


def _score(view: MatchView, state: MatchState, side: int) -> Said:
    return said("Score: {score}", score=score_line(view, state, side))


def _outcome(event: Event, state: MatchState, names: tuple[str, str],
             viewer: int | None) -> Said | None:
    """What a decided match's result is, as a sentence without its stop ('You win the
    match on spread (para 17)', 'The match is a tie: half a win each'); None when the
    match is not decided with an outcome (still being played, or left to the TDs)."""
    if state.decision is Decision.TIE:
        return said("The match is a tie{meaning}", meaning=tie_words(event))
    if state.decided and state.winner is not None:
        how = decided_on(event, state.decision)
        if state.winner == viewer:
            return said("You win the match{how}", how=how)
        return said("{winner} wins the match{how}", winner=names[state.winner], how=how)
    return None


def _if_it_stands(event: Event, state: MatchState, names: tuple[str, str],
                  viewer: int) -> Said | None:
    """The same, of a result that may still be disputed: 'If it stands, you win the match.'"""
    if state.decision is Decision.TIE:
        return said("If it stands, the match is a tie{meaning}.", meaning=tie_words(event))
    if state.decided and state.winner is not None:
        how = decided_on(event, state.decision)
        if state.winner == viewer:
            return said("If it stands, you win the match{how}.", how=how)
        return said("If it stands, {winner} wins the match{how}.", winner=names[state.winner],
                    how=how)
    return None


def outcome_lines(event: Event, view: MatchView, state: MatchState,
                  viewer: int | None, game: OneGame | None = None) -> list[Said]:
    """The score line, then who starts next or who won (para 14-17); ``game``: the one
    game a decided one-game match was, said as that game instead."""
    names = (view.label(0), view.label(1))
    side = 0 if viewer is None else viewer
    if game is not None and viewer is not None and state.decided:
        return [said("{result}.", result=one_game_result(event, view, state, viewer, game))]
    lines = []
    if has_score(state):
        lines.append(_score(view, state, side))
    outcome = _outcome(event, state, names, viewer)
    if outcome is not None:
        lines.append(said("{outcome}.", outcome=outcome))
    elif state.decided:
        lines.append(said("The match is level on games, spread and starts: the TDs decide "
                          "it{ref}.", ref=cite(event, "para 30")))
    elif state.next_game is not None and state.next_start is not None:
        lines.append(start_line(event, names, viewer, state.next_game, state.next_start,
                                state.next_is_deciding))
    return lines


def _single(event: Event, view: MatchView, state: MatchState, scores: tuple[int, int]) -> bool:
    """Whether a counted game is the whole of a one-game match, so that it reads as that
    game. A knockout's tied single game keeps the match's words: para 17 still decides it."""
    return (one_game(event, view) and len(state.counted) == 1 and not state.void
            and not (scores[0] == scores[1] and format_of(event).breaks_ties))


def _tied_one_game(event: Event, view: MatchView, state: MatchState) -> bool:
    """A one-game match whose game tied and which SSSg para 17 still decides: level on games
    and spread, "the player with fewer starts will be declared the winner", which in one
    game is the player who did not start it."""
    return (one_game(event, view) and len(state.counted) == 1 and not state.void
            and state.decision is Decision.FEWER_STARTS and state.winner is not None)


def _through(event: Event, names: tuple[str, str], state: MatchState,
             viewer: int | None) -> Said:
    """Who a tied one-game match goes to: 'you go through', 'Ann Lee goes through' (a
    bracket's), or 'you win it'."""
    assert state.winner is not None
    winner = names[state.winner]
    if format_of(event).goes_through:
        return (said("you go through") if state.winner == viewer
                else said("{winner} goes through", winner=winner))
    return said("you win it") if state.winner == viewer else said("{winner} wins it",
                                                                  winner=winner)


def tied_game(event: Event, names: tuple[str, str], state: MatchState, viewer: int | None, *,
              if_it_stands: bool = False) -> Said:
    """A tied one-game match, as its players expect it said (``_tied_one_game``): the game
    is a tie, who goes through, and the rule in plain words (para 17)."""
    values: dict[str, Value] = {"through": _through(event, names, state, viewer),
                                "ref": cite(event, "para 17")}
    if if_it_stands:
        return said("If it stands, your game is a tie, so {through}: a tied game goes to the "
                    "player who did not start it{ref}.", **values)
    return said("Your game is a tie, so {through}: a tied game goes to the player who did not "
                "start it{ref}.", **values)


def result_lines(event: Event, view: MatchView, viewer: int, game: int,
                 scores: tuple[int, int], starter: int, state: MatchState) -> list[Said]:
    """A counted game and what it did to the match: for a one-game match, the game
    ("You won 420-350 v Ben Ong"); else the game, the match score and who starts next or
    won."""
    names = (view.label(0), view.label(1))
    if _tied_one_game(event, view, state):
        return [said("{result}.", result=one_game_words(event, names, viewer, scores, starter,
                                                        capital=True, meaning=False)),
                tied_game(event, names, state, viewer)]
    if _single(event, view, state, scores):
        return [said("{result}.", result=one_game_words(event, names, viewer, scores, starter,
                                                        capital=True))]
    return [game_line(names, viewer, game, scores, starter),
            *outcome_lines(event, view, state, viewer)]


def td_entered(event: Event, view: MatchView, viewer: int, game: int, scores: tuple[int, int],
               starter: int, state: MatchState) -> Said:
    """A player's copy of a game a TD entered from a paper slip: final at once."""
    names = (view.label(0), view.label(1))
    if _tied_one_game(event, view, state):
        return stacked(said("📝 {where}: a TD entered your game: {result}.",
                            where=where(event, view),
                            result=one_game_words(event, names, viewer, scores, starter,
                                                  meaning=False)),
                       tied_game(event, names, state, viewer))
    if _single(event, view, state, scores):
        return said("📝 {where}: a TD entered your game: {result}.", where=where(event, view),
                    result=one_game_words(event, names, viewer, scores, starter))
    return stacked(said("📝 {where}: a TD entered a result.", where=where(event, view)),
                   *result_lines(event, view, viewer, game, scores, starter, state))


def slip_copy(event: Event, view: MatchView, viewer: int, reporter: int, game: int,
              scores: tuple[int, int], starter: int, state: MatchState, closes_at: datetime,
              responsible: bool) -> Said:
    """A player's copy of a submitted result slip (para 24: both players get one at once),
    in their own words ("you won 420-350 v Ben Ong"). The opponent's copy comes with Agree
    / Dispute buttons. It counts at once but is not final until the window closes (or
    the opponent agrees): a match it decides is won (or tied) "if it stands"."""
    names = (view.label(0), view.label(1))
    other = names[1 - reporter]
    tied = _tied_one_game(event, view, state)
    single = tied or _single(event, view, state, scores)
    at = where(event, view)
    lines: list[Said | None] = []
    if single:
        words = one_game_words(event, names, viewer, scores, starter, named=viewer == reporter,
                               meaning=not tied)
        lines.append(said("📝 {where}: {result}.", where=at, result=words)
                     if viewer == reporter else
                     said("📝 {where}: {reporter} reported your game: {result}.", where=at,
                          reporter=names[reporter], result=words))
    else:
        lines += [said("📝 {where}: your result slip is in.", where=at) if viewer == reporter
                  else said("📝 {where}: {reporter} reported a result.", where=at,
                            reporter=names[reporter]),
                  game_line(names, viewer, game, scores, starter)]
    if not responsible:
        lines.append(_not_responsible(event, names, reporter, viewer, scores))
    ref = cite(event, "para 24")
    if tied:
        lines.append(tied_game(event, names, state, viewer, if_it_stands=True))
    if not single:
        outcome = _if_it_stands(event, state, names, viewer)
        if outcome is None:
            lines += outcome_lines(event, view, state, viewer)
        else:
            lines += [_score(view, state, viewer) if has_score(state) else None, outcome]
    if viewer == reporter:
        lines.append(said("{opponent} can dispute it until {closes}; after that it is "
                          "final{ref}.", opponent=other, closes=closes_at, ref=ref))
    else:
        lines.append(said("Right? Tap <b>Agree</b>. Wrong? Tap <b>Dispute</b> by {closes}; "
                          "after that it is final{ref}.", closes=closes_at, ref=ref))
    return stacked(*lines)


def _not_responsible(event: Event, names: tuple[str, str], reporter: int, viewer: int,
                     scores: tuple[int, int]) -> Said:
    """Para 23 asks the winner (on a tie, the starter) to report; another's report counts,
    marked as theirs."""
    sent = said("you") if reporter == viewer else names[reporter]
    knockout = format_of(event).rulebook is not None
    if scores[0] != scores[1]:
        return (said("(Sent by {sender}; para 23 asks the winner to report, but it counts all "
                     "the same.)", sender=sent) if knockout else
                said("(Sent by {sender}; the rules ask the winner to report, but it counts "
                     "all the same.)", sender=sent))
    return (said("(Sent by {sender}; para 23 asks the player who started a tied game to "
                 "report, but it counts all the same.)", sender=sent) if knockout else
            said("(Sent by {sender}; the rules ask the player who started a tied game to "
                 "report, but it counts all the same.)", sender=sent))


def result_final(event: Event, view: MatchView, state: MatchState, viewer: int, why: Said,
                 game: OneGame | None = None) -> Said:
    """A decided match's result, now final, to one of its players: ``why`` it is final
    ('Ben Ong agreed', 'nobody disputed game 2 by ...'), then the result in their words.
    ``game``: the one game a one-game match was.

    A match won on games by a player behind on spread is said by its games alone ("you
    won it 2-1"): the spread decides nothing then (SSSg para 17), and "2-1 (-60)" in a
    sentence of a win reads as a loss."""
    names = (view.label(0), view.label(1))
    # one sentence each, so that a language that agrees the adjective with the noun can
    # ("votre partie est définitive", "votre match est définitif")
    final = (said("so your challenge is final") if format_of(event).challenges else
             said("so your game is final") if game is not None else
             said("so your match is final"))
    result: Said
    if (game is not None and game.scores is not None and game.scores[0] == game.scores[1]
            and state.winner is not None):  # para 17 decided the tied game
        tied = "{0}-{0}".format(game.scores[0])
        result = said("it is a tie ({score}), so {through}: a tied game goes to the player who "
                      "did not start it{ref}", score=tied,
                      through=_through(event, names, state, viewer), ref=cite(event, "para 17"))
    elif game is not None and game.scores is not None:
        result = one_game_words(event, names, viewer, game.scores)
    elif game is not None:
        if state.winner is None:
            result = said("it is a tie{meaning}", meaning=tie_words(event))
        elif state.winner == viewer:
            result = said("you won {how} ({spread:+d})", how=game.how_said(),
                          spread=state.spread[viewer])
        else:
            result = said("{winner} won {how} ({spread:+d})", winner=names[1 - viewer],
                          how=game.how_said(), spread=state.spread[viewer])
    elif state.decision is Decision.TIE:
        result = said("it is a tie, {score}{meaning}", score=score_line(view, state, viewer),
                      meaning=tie_words(event))
    else:
        assert state.winner is not None
        win = state.winner
        score: Value = ""
        if has_score(state):
            points = f"{_points(state.points[win])}-{_points(state.points[1 - win])}"
            spread = state.spread[win]
            score = (said(" {points} ({spread:+d})", points=points, spread=spread)
                     if spread > 0 else said(" {points}", points=points))
        how = decided_on(event, state.decision)
        result = (said("you won it{score}{how}", score=score, how=how) if win == viewer else
                  said("{winner} won it{score}{how}", winner=names[win], score=score, how=how))
    return said("✅ {where}: {why}, {final}: {result}.", where=where(event, view),
                why=why, final=final, result=result)


def _points(points: float) -> str:
    return str(int(points)) if points == int(points) else str(points)


def slip_final_note(closed_at: datetime) -> Said:
    """Appended to the opponent's copy when the window passes (its buttons go)."""
    return said("\n\n✅ Final since {closed}: nobody disputed it within the window.",
                closed=closed_at)


def agreed(names: tuple[str, str], viewer: int, agreer: int, game: int,
           scores: tuple[int, int], starter: int, single: bool = False) -> Said:
    """``single``: the match is that one game (``one_game``)."""
    values: dict[str, Value] = dict(scores=scores_of(names, viewer, scores),
                                    started=_started(names, starter, viewer))
    if agreer == viewer:
        return (said("✅ You agreed: your game ({scores}, {started}) is final.", **values)
                if single else
                said("✅ You agreed: game {game} ({scores}, {started}) is final.", game=game,
                     **values))
    return (said("✅ {agreer} agreed: your game ({scores}, {started}) is final.",
                 agreer=names[agreer], **values) if single else
            said("✅ {agreer} agreed: game {game} ({scores}, {started}) is final.",
                 agreer=names[agreer], game=game, **values))


def both_reported(names: tuple[str, str], viewer: int, game: int, scores: tuple[int, int],
                  starter: int, single: bool = False) -> Said:
    line = (said("Your game v {opponent}: {scores} ({started})", opponent=names[1 - viewer],
                 scores=scores_of(names, viewer, scores),
                 started=_started(names, starter, viewer)) if single
            else game_line(names, viewer, game, scores, starter))
    return said("✅ You both reported the same result, so it is final:\n{line}", line=line)


def agreed_why(names: tuple[str, str], reader: int, agreer: int, game: int,
               scores: tuple[int, int], single: bool) -> Said:
    """Why a result is final, to one of its players, when the opponent agreed: 'Ben Ong
    agreed to game 2 (you 412, Ben Ong 380)', 'you agreed to game 2'."""
    if reader == agreer:
        return said("you agreed") if single else said("you agreed to game {game}", game=game)
    if single:
        return said("{agreer} agreed", agreer=names[agreer])
    return said("{agreer} agreed to game {game} ({scores})", agreer=names[agreer], game=game,
                scores=scores_of(names, reader, scores))


def both_reported_why(single: bool, game: int) -> Said:
    return (said("you both reported it the same way") if single else
            said("you both reported game {game} the same way", game=game))


def undisputed_why(single: bool, game: int, closed: datetime) -> Said:
    return (said("nobody disputed it by {closed}", closed=closed) if single else
            said("nobody disputed game {game} by {closed}", game=game, closed=closed))


def ruled_why() -> Said:
    return said("a TD ruled")


def next_match(event: Event, rnd: Round, view: MatchView, opponent: Said | str,
               known: bool | None = None) -> Said:
    """Where a player plays next: round, opponent (or where they come from), best-of and
    whether they can play it now. ``known``: the opponent is theirs for good (by default,
    once the match is no longer waiting for a player; ``opponents``)."""
    head: dict[str, Value] = dict(round=round_said(rnd.name), opponent=opponent, best_of=best_of(view.best_of))
    if not (view.state != MatchStage.WAITING if known is None else known):
        return said("Your next match: <b>{round}</b> against <b>{opponent}</b>, "
                    "{best_of}. I will tell you when your opponent is known.", **head)
    if rnd.state == RoundState.OPEN:
        if rnd.closes_at:
            return said("Your next match: <b>{round}</b> against <b>{opponent}</b>, "
                        "{best_of}. Its round is open, so you can play it now: draw tiles to "
                        "decide who starts game 1. Deadline: {closes}.",
                        closes=event.at(rnd.closes_at), **head)
        return said("Your next match: <b>{round}</b> against <b>{opponent}</b>, "
                    "{best_of}. Its round is open, so you can play it now: draw tiles to "
                    "decide who starts game 1.", **head)
    return said("Your next match: <b>{round}</b> against <b>{opponent}</b>, "
                "{best_of}. You can play it once its round opens; I will tell you.", **head)


def match_ready(event: Event, rnd: Round, view: MatchView, opponent: Said | str) -> Said:
    """A match whose two players just became known for good (its feeder's result is
    final)."""
    return said("<b>{event}</b>: {next}", event=event.name,
                next=next_match(event, rnd, view, opponent, True))


def match_decided(event: Event, view: MatchView, state: MatchState, side: int,
                  game: OneGame | None = None) -> Said:
    """The end of a player's match, told on its own (a TD's ruling decided it); what comes
    next follows it in the same message (``news``). ``game``: the one game a one-game
    match was (it reads as that game)."""
    assert state.winner is not None
    if game is not None:
        result = one_game_result(event, view, state, side, game)
        return (said("<b>{event}</b>: 🏆 {result}.", event=event.name, result=result)
                if state.winner == side else
                said("<b>{event}</b>: {result}.", event=event.name, result=result))
    values: dict[str, Value] = dict(
        event=event.name, what=_your_match(event, view), opponent=view.label(1 - side),
        how=decided_on(event, state.decision), score=score_line(view, state, side))
    if state.winner == side:
        return said("<b>{event}</b>: 🏆 You won {what} against {opponent}{how}: {score}.",
                    **values)
    return said("<b>{event}</b>: {opponent} won {what}{how}: {score}.", **values)


def match_tied(event: Event, view: MatchView, state: MatchState, side: int,
               game: OneGame | None = None) -> Said:
    """A match of a format whose records have ties that ended level, told on its own."""
    if game is not None:
        return said("<b>{event}</b>: {result}.", event=event.name,
                    result=one_game_result(event, view, state, side, game))
    return said("<b>{event}</b>: {what} against {opponent} is a tie ({score}){meaning}.",
                event=event.name, what=_your_match(event, view),
                opponent=view.label(1 - side), score=score_line(view, state, side),
                meaning=tie_words(event))


def goes_to_division(division: str) -> Said:
    """A qualifying player whose division is drawn when the qualifying round is over
    (SSSg para 3)."""
    return said("You go to the <b>{division}</b>, which is drawn when the qualifying round "
                "is over; I will tell you your match.", division=division)


def last_match(event: Event, won: bool) -> Said:
    if won:
        return said("That was your last match in {event}. Congratulations!", event=event.name)
    return said("That was your last match in {event}. Thank you for playing.",
                event=event.name)


def tied_for_tds(event: Event, view: MatchView, state: MatchState) -> Said:
    """A match para 17 leaves tied goes to the organisers (para 30), with winner buttons."""
    return said("<b>{event}, {round} ({match})</b>: {first} v {second} ended level on games, "
                "spread and starts ({score}). Para 17 does not settle it: the organisers "
                "decide it (para 30). Tap who wins; I will then ask why.", event=event.name,
                round=round_said(view.round_name), match=view.code, first=view.label(0),
                second=view.label(1), score=state.score_line())


def agree_buttons(slip_id: int) -> SaidButtons:
    """Under the opponent's copy of a slip (para 24: they may raise a discrepancy)."""
    return [[(said("Agree"), callbacks.slip("agree", slip_id)),
             (said("Dispute"), callbacks.slip("dispute", slip_id))]]


def agreed_note() -> Said:
    """Appended to the opponent's copy when they agree (its buttons go)."""
    return said("\n\n✅ You agreed: it is final.")


def both_reported_note() -> Said:
    return said("\n\n✅ Final: you reported the same result.")


def disputed_note() -> Said:
    return said("\n\n⚖️ Disputed: a TD will rule.")


def beyond_decision(ruling: str, game: int, voided: list[int]) -> list[int]:
    """The games a ruling left beyond the match's decision (para 28: once decided, later
    games do not count), out of ``voided``, every game that no longer counts. A voided
    game is not one of them: it no longer counts because it was voided, whether or not
    the match is decided; nor are a match bye's games (para 27 voids them all)."""
    if ruling == "match_bye":
        return []
    return [n for n in voided if not (ruling == "void" and n == game)]


def opponent_open(event: Event, rnd: Round, feeder: MatchView, cause: Said | str, *,
                  decided: bool) -> Said:
    """A player of a later match whose opponent comes from ``feeder``, named by its players
    (its code means nothing to the reader): a TD's act (``cause``, "a TD's correction")
    reopened it, or changed its result while a slip of it can still be disputed, so whom
    they meet is not known, or not final, yet."""
    values: dict[str, Value] = dict(event=event.name, round=round_said(rnd.name), cause=cause,
                                    first=feeder.label(0), second=feeder.label(1))
    if decided:
        if cause:
            return said("<b>{event}</b>: {cause} changed the result of {first} v {second}, and "
                        "it can still be disputed, so your <b>{round}</b> opponent is not "
                        "settled yet. I will tell you once it is.", **values)
        return said("<b>{event}</b>: the result of {first} v {second} changed, and it can "
                    "still be disputed, so your <b>{round}</b> opponent is not settled yet. "
                    "I will tell you once it is.", **values)
    if cause:
        return said("<b>{event}</b>: {cause} reopened {first} v {second}, so your "
                    "<b>{round}</b> opponent is not known yet. I will tell you once it is "
                    "decided.", **values)
    return said("<b>{event}</b>: {first} v {second} is open again, so your <b>{round}</b> "
                "opponent is not known yet. I will tell you once it is decided.", **values)


def opponent_now(event: Event, rnd: Round, view: MatchView, feeder: MatchView, opponent: Said | str,
                 instead_of: str | None) -> Said:
    """A player of a later match whose opponent ``feeder`` decides, told before that it was
    open: it is decided again (or a TD changed who went through, ``instead_of`` the one
    they were told before), and final, so they learn whom they meet and when."""
    following = next_match(event, rnd, view, opponent, True)
    values: dict[str, Value] = dict(event=event.name, first=feeder.label(0),
                                    second=feeder.label(1), next=following)
    if instead_of is None:
        return said("<b>{event}</b>: {first} v {second} is decided. {next}", **values)
    return said("<b>{event}</b>: a TD changed the result of {first} v {second}, so your "
                "<b>{round}</b> opponent is now <b>{opponent}</b>, not {before}.\n{next}",
                round=round_said(rnd.name), opponent=opponent, before=instead_of, **values)
