"""What the reporting use-cases tell both players (and the TDs) through the outbox.

Telegram HTML: every name and event text goes through ``esc``. Each player reads their own
copy, so it says "you" for them. The wording of who starts follows SSSg 2016 Annex A paras
15-16; of the window, para 24. Only a knockout's messages cite those paragraphs
(``formats.cite``): the other formats do not play by SSSg's rules. A match of one game
reads as a game ("Ann Lee won 420-350"), not as a match score ("1-0 (+70)").
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from bot.service.events.lookup import Event
from bot.service.events.schedule import Round
from bot.service.formats.registry import HasFormat, format_of
from bot.service.formats.traits import cite
from bot.service.results.matches import MatchView, game_bye_spread, has_score, score_line
from bot.store.rounds_repo import RoundState
from core.knockout.match import Decision, MatchStage, MatchState, Start, StartReason

#: Why a side starts a game, as a player reads it, and the rule's paragraph (SSSg paras
#: 15-16).
START_WORDS = {
    StartReason.TILE_DRAW: ("tile draw", "para 15"),
    StartReason.ALTERNATE: ("starts alternate", "para 15"),
    StartReason.AHEAD_ON_WINS: ("ahead on wins", "para 16a"),
    StartReason.AHEAD_ON_SPREAD: ("ahead on spread", "para 16b"),
    StartReason.DRAW_TO_START: ("level on wins and spread: players draw tiles", "para 16c"),
}
#: The same with the paragraph, as the command line prints it for a TD.
START_WHY = {reason: f"{words}, {ref}" for reason, (words, ref) in START_WORDS.items()}

#: How a decided match was won, when it was not simply on games (para 17, 27, 30).
DECIDED_WORDS = {
    Decision.SPREAD: (" on spread", "para 17"),
    Decision.FEWER_STARTS: (" with fewer starts", "para 17"),
    Decision.RULING: (" by a TD ruling", "para 30"),
    Decision.MATCH_BYE: (" by a match bye", "para 27"),
}


def start_why(of: HasFormat, reason: StartReason) -> str:
    """'tile draw, para 15' for a knockout; 'tile draw' for another format."""
    words, ref = START_WORDS[reason]
    return words + cite(of, ref, ", {}")


def decided_on(of: HasFormat, decision: Decision) -> str:
    """' on spread (para 17)' (a knockout's), ' on spread', or '' for a match won on games."""
    if decision not in DECIDED_WORDS:
        return ""
    words, ref = DECIDED_WORDS[decision]
    return words + cite(of, ref)


def one_game(of: HasFormat, view: MatchView) -> bool:
    """Whether the match reads as the one game it is, not as a match (club nights, most
    round-based events and ladders play these): the event's format says
    (``seam.Format.single_game``)."""
    return format_of(of).single_game(view)


@dataclass(frozen=True)
class OneGame:
    """The one game a one-game match was, decided (``one_game``): its scores, side 0's
    first, when it was played on the board; else how it was won unplayed ("by forfeit")."""

    scores: tuple[int, int] | None
    how: str = ""


def one_game_result(event: Event, view: MatchView, state: MatchState, viewer: int,
                    game: OneGame) -> str:
    """A decided one-game match to one of its players, as the game it was: 'You won your
    Round 2 game against Ann Lee 412-380', 'Ann Lee won your Round 2 game by forfeit
    (-75)', 'Your game against Eve Tan is a tie (400-400): half a win each' (no stop)."""
    what = f"your {_match_word(event, view, one_game=True)}"
    opponent = esc(view.label(1 - viewer))
    if state.winner is None:
        score = (f"{game.scores[viewer]}-{game.scores[1 - viewer]}" if game.scores is not None
                 else f"{state.spread[viewer]:+d}")
        return f"{what[0].upper()}{what[1:]} against {opponent} is a tie ({score}){tie_words(event)}"
    if game.scores is not None:
        score = f" {game.scores[state.winner]}-{game.scores[1 - state.winner]}"
    else:
        score = f" {game.how} ({state.spread[viewer]:+d})"
    if state.winner == viewer:
        return f"You won {what} against {opponent}{score}"
    return f"{opponent} won {what}{score}"


def esc(text: object) -> str:
    return html.escape(str(text), quote=False)


def who(names: tuple[str, str], side: int, viewer: int | None) -> str:
    """A side's name, or "you" for the person reading."""
    return "you" if side == viewer else names[side]


def _starts(names: tuple[str, str], side: int, viewer: int | None) -> str:
    return "you start" if side == viewer else f"{esc(names[side])} starts"


def scores_of(names: tuple[str, str], viewer: int | None, scores: tuple[int, int]) -> str:
    """'you 412, Ben Ong 380': the reader's score first."""
    first = 0 if viewer is None else viewer
    return ", ".join(f"{esc(who(names, s, viewer))} {scores[s]}" for s in (first, 1 - first))


def game_line(
    names: tuple[str, str], viewer: int | None, game: int, scores: tuple[int, int], starter: int
) -> str:
    """'Game 2: you 412, Ben Ong 380 (you started)': the reader's score first."""
    return (f"Game {game}: {scores_of(names, viewer, scores)} "
            f"({esc(who(names, starter, viewer))} started)")


def game_ref(single: bool, game: int) -> str:
    """'game 2' of a match, or 'your game' when the match is that one game."""
    return "your game" if single else f"game {game}"


def start_line(of: HasFormat, names: tuple[str, str], viewer: int | None, game: int,
               start: Start, deciding: bool) -> str:
    """Who starts game ``game`` and, for the deciding game, why (para 16)."""
    if deciding and start.side is None:
        return (f"Next: game {game}, the deciding game. You are level on wins and spread, "
                f"so draw tiles to start{cite(of, 'para 16c')}.")
    if start.side is None:
        return f"Next: game {game}; draw tiles to start{cite(of, 'para 15')}."
    if deciding:
        return (f"Next: game {game}, the deciding game: {_starts(names, start.side, viewer)} "
                f"({start_why(of, start.reason)}).")
    return f"Next: game {game}, {_starts(names, start.side, viewer)}."


def tie_words(event: Event) -> str:
    """What a match left level on points means outside a knockout: half a win each where a
    record has ties (a Swiss, a club night: Director's Manual's W/L/T); on a ladder the
    challenger did not win, so the defender keeps the rung (``core.ladder.match_winner``)."""
    return format_of(event).tie_words()


def where(event: Event, view: MatchView) -> str:
    """Where a result belongs, as a message's head: the event and round ('<b>Club Cup,
    SF</b>'); a ladder's challenges share one round, whose name says nothing."""
    if format_of(event).challenges:
        return f"<b>{esc(event.name)}</b>"
    return f"<b>{esc(event.name)}, {esc(view.round_name)}</b>"


def one_game_words(event: Event, names: tuple[str, str], viewer: int,
                   scores: tuple[int, int], starter: int | None = None, *,
                   named: bool = True) -> str:
    """A one-game match's result to one of its players, their score first: 'you won
    420-350 v Ben Ong (you started)', 'you lost 350-420 v Ann Lee', 'you tied 400-400 with
    Eve Tan: half a win each' (``named`` False: the opponent is named already)."""
    mine, theirs = scores[viewer], scores[1 - viewer]
    started = "" if starter is None else f" ({esc(who(names, starter, viewer))} started)"
    if mine == theirs:
        other = f" with {esc(names[1 - viewer])}" if named else ""
        return f"you tied {mine}-{theirs}{other}{started}{tie_words(event)}"
    won = "won" if mine > theirs else "lost"
    other = f" v {esc(names[1 - viewer])}" if named else ""
    return f"you {won} {mine}-{theirs}{other}{started}"


def outcome_lines(event: Event, view: MatchView, state: MatchState,
                  viewer: int | None, game: OneGame | None = None) -> list[str]:
    """The score line, then who starts next or who won (para 14-17); ``game``: the one
    game a decided one-game match was, said as that game instead."""
    names = (view.label(0), view.label(1))
    side = 0 if viewer is None else viewer
    if game is not None and viewer is not None and state.decided:
        return [one_game_result(event, view, state, viewer, game) + "."]
    lines = []
    if has_score(state):
        lines.append(f"Score: {esc(score_line(view, state, side))}")
    if state.decision is Decision.TIE:
        lines.append(f"The match is a tie{tie_words(event)}.")
    elif state.decided and state.winner is not None:
        how = decided_on(event, state.decision)
        winner = "You win" if state.winner == viewer else f"{esc(names[state.winner])} wins"
        lines.append(f"{winner} the match{how}.")
    elif state.decided:
        lines.append("The match is level on games, spread and starts: the TDs decide it"
                     f"{cite(event, 'para 30')}.")
    elif state.next_game is not None and state.next_start is not None:
        lines.append(start_line(event, names, viewer, state.next_game, state.next_start,
                                state.next_is_deciding))
    return lines


def _single(event: Event, view: MatchView, state: MatchState, scores: tuple[int, int]) -> bool:
    """Whether a counted game is the whole of a one-game match, so that it reads as that
    game. A knockout's tied single game keeps the match's words: para 17 still decides it."""
    return (one_game(event, view) and len(state.counted) == 1 and not state.void
            and not (scores[0] == scores[1] and format_of(event).breaks_ties))


def result_lines(event: Event, view: MatchView, viewer: int, game: int,
                 scores: tuple[int, int], starter: int, state: MatchState) -> list[str]:
    """A counted game and what it did to the match: for a one-game match, the game
    ("You won 420-350 v Ben Ong"); else the game, the match score and who starts next or
    won."""
    names = (view.label(0), view.label(1))
    if _single(event, view, state, scores):
        words = one_game_words(event, names, viewer, scores, starter)
        return [words[0].upper() + words[1:] + "."]
    return [game_line(names, viewer, game, scores, starter),
            *outcome_lines(event, view, state, viewer)]


def td_entered(event: Event, view: MatchView, viewer: int, game: int, scores: tuple[int, int],
               starter: int, state: MatchState) -> str:
    """A player's copy of a game a TD entered from a paper slip: final at once."""
    names = (view.label(0), view.label(1))
    if _single(event, view, state, scores):
        return (f"📝 {where(event, view)}: a TD entered your game: "
                f"{one_game_words(event, names, viewer, scores, starter)}.")
    lines = [
        f"📝 {where(event, view)}: a TD entered a result.",
        *result_lines(event, view, viewer, game, scores, starter, state),
    ]
    return "\n".join(lines)


def _pending_outcome(event: Event, state: MatchState, names: tuple[str, str],
                     viewer: int) -> str | None:
    """What a decided match's result is, as a sentence without its stop ('You win the
    match on spread (para 17)', 'The match is a tie: half a win each'); None when the
    match is not decided with an outcome (still being played, or left to the TDs)."""
    if state.decision is Decision.TIE:
        return f"The match is a tie{tie_words(event)}"
    if state.decided and state.winner is not None:
        winner = "You win" if state.winner == viewer else f"{esc(names[state.winner])} wins"
        return f"{winner} the match{decided_on(event, state.decision)}"
    return None


def slip_copy(event: Event, view: MatchView, viewer: int, reporter: int, game: int,
              scores: tuple[int, int], starter: int, state: MatchState, closes_at: str,
              responsible: bool) -> str:
    """A player's copy of a submitted result slip (para 24: both players get one at once),
    in their own words ("you won 420-350 v Ben Ong"). The opponent's copy comes with Agree
    / Dispute buttons. It counts at once but is not final until the window closes (or
    the opponent agrees): a match it decides is won (or tied) "if it stands"."""
    names = (view.label(0), view.label(1))
    other = names[1 - reporter]
    single = _single(event, view, state, scores)
    if single:
        words = one_game_words(event, names, viewer, scores, starter, named=viewer == reporter)
        lines = [f"📝 {where(event, view)}: {words}." if viewer == reporter else
                 f"📝 {where(event, view)}: {esc(names[reporter])} reported your game: {words}."]
    else:
        head = ("your result slip is in." if viewer == reporter else
                f"{esc(names[reporter])} reported a result.")
        lines = [f"📝 {where(event, view)}: {head}", game_line(names, viewer, game, scores,
                                                             starter)]
    if not responsible:
        asked = "the winner" if scores[0] != scores[1] else "the player who started a tied game"
        rule = "para 23 asks" if format_of(event).rulebook is not None else "the rules ask"
        lines.append(f"(Sent by {esc(who(names, reporter, viewer))}; {rule} {asked} to "
                     "report, but it counts all the same.)")
    final = f"after that it is final{cite(event, 'para 24')}."
    outcome = None if single else _pending_outcome(event, state, names, viewer)
    if not single:
        lines += [line for line in outcome_lines(event, view, state, viewer)
                  if outcome is None or line.startswith("Score: ")]
    if outcome is not None:
        lowered = outcome.startswith(("You ", "The "))  # a name keeps its capital
        lines.append(f"If it stands, {outcome[0].lower() if lowered else outcome[0]}"
                     f"{outcome[1:]}.")
    if viewer == reporter:
        lines.append(f"{esc(other)} can dispute it until {esc(closes_at)}; {final}")
    else:
        lines.append(f"Right? Tap <b>Agree</b>. Wrong? Tap <b>Dispute</b> by {esc(closes_at)}; "
                     f"{final}")
    return "\n".join(lines)


def result_final(event: Event, view: MatchView, state: MatchState, viewer: int, why: str,
                 game: OneGame | None = None) -> str:
    """A decided match's result, now final, to one of its players: ``why`` it is final
    ('Ben Ong agreed', 'nobody disputed game 2 by ...'), then the result in their words.
    ``game``: the one game a one-game match was."""
    names = (view.label(0), view.label(1))
    what = ("your challenge" if format_of(event).challenges else
            "your game" if game is not None else "your match")
    if game is not None and game.scores is not None:
        result = one_game_words(event, names, viewer, game.scores)
    elif game is not None:
        by = "you" if state.winner == viewer else esc(names[1 - viewer])
        result = (f"{by} won {game.how} ({state.spread[viewer]:+d})" if state.winner is not None
                  else f"it is a tie{tie_words(event)}")
    elif state.decision is Decision.TIE:
        result = f"it is a tie, {esc(score_line(view, state, viewer))}{tie_words(event)}"
    else:
        assert state.winner is not None
        win = state.winner
        by = "you" if win == viewer else esc(names[win])
        score = ""
        if has_score(state):
            points = f"{_points(state.points[win])}-{_points(state.points[1 - win])}"
            score = f" {points} ({state.spread[win]:+d})"
        result = f"{by} won it{score}{decided_on(event, state.decision)}"
    return f"✅ {where(event, view)}: {why}, so {what} is final: {result}."


def _points(points: float) -> str:
    return str(int(points)) if points == int(points) else str(points)


def slip_final_note(closed_at: str) -> str:
    """Appended to the opponent's copy when the window passes (its buttons go)."""
    return f"\n\n✅ Final since {esc(closed_at)}: nobody disputed it within the window."


def agreed(names: tuple[str, str], viewer: int, agreer: int, game: int,
           scores: tuple[int, int], starter: int, single: bool = False) -> str:
    """``single``: the match is that one game (``one_game``)."""
    by = "You agreed" if agreer == viewer else f"{esc(names[agreer])} agreed"
    return (f"✅ {by}: {game_ref(single, game)} ({scores_of(names, viewer, scores)}, "
            f"{esc(who(names, starter, viewer))} started) is final.")


def both_reported(names: tuple[str, str], viewer: int, game: int, scores: tuple[int, int],
                  starter: int, single: bool = False) -> str:
    line = game_line(names, viewer, game, scores, starter)
    if single:
        line = f"Your game v {esc(names[1 - viewer])}: " + line.split(": ", 1)[1]
    return f"✅ You both reported the same result, so it is final:\n{line}"


def next_match(event: Event, rnd: Round, view: MatchView, opponent: str,
               known: bool | None = None) -> str:
    """Where a player plays next: round, opponent (or where they come from), best-of and
    whether they can play it now. ``known``: the opponent is theirs for good (by default,
    once the match is no longer waiting for a player; ``opponents``)."""
    line = (f"Your next match: <b>{esc(rnd.name)}</b> against <b>{esc(opponent)}</b>,"
            f" best of {view.best_of}.")
    if not (view.state != MatchStage.WAITING if known is None else known):
        return line + " I will tell you when your opponent is known."
    if rnd.state == RoundState.OPEN:
        deadline = f" Deadline: {esc(event.local(rnd.closes_at))}." if rnd.closes_at else ""
        return (line + " Its round is open, so you can play it now: draw tiles to decide who "
                "starts game 1." + deadline)
    return line + " You can play it once its round opens; I will tell you."


def match_ready(event: Event, rnd: Round, view: MatchView, opponent: str) -> str:
    """A match whose two players just became known for good (its feeder's result is
    final)."""
    return f"<b>{esc(event.name)}</b>: " + next_match(event, rnd, view, opponent, True)


def match_decided(event: Event, view: MatchView, state: MatchState, side: int,
                  game: OneGame | None = None) -> str:
    """The end of a player's match, told on its own (a TD's ruling decided it); what comes
    next follows it in the same message (``news``). ``game``: the one game a one-game
    match was (it reads as that game)."""
    assert state.winner is not None
    if game is not None:
        cheer = "🏆 " if state.winner == side else ""
        return (f"<b>{esc(event.name)}</b>: {cheer}"
                f"{one_game_result(event, view, state, side, game)}.")
    names = (view.label(0), view.label(1))
    what = _match_word(event, view)
    if state.winner == side:
        head = f"🏆 You won your {what} against {esc(names[1 - side])}"
    else:
        head = f"{esc(names[1 - side])} won your {what}"
    line = score_line(view, state, side)
    how = decided_on(event, state.decision)
    return f"<b>{esc(event.name)}</b>: {head}{how}: {esc(line)}."


def match_tied(event: Event, view: MatchView, state: MatchState, side: int,
               game: OneGame | None = None) -> str:
    """A match of a format whose records have ties that ended level, told on its own."""
    if game is not None:
        return f"<b>{esc(event.name)}</b>: {one_game_result(event, view, state, side, game)}."
    what = _match_word(event, view)
    score = score_line(view, state, side)
    return (f"<b>{esc(event.name)}</b>: your {what} against {esc(view.label(1 - side))} is a "
            f"tie ({esc(score)}){tie_words(event)}.")


def _match_word(event: Event, view: MatchView, *, one_game: bool = False) -> str:
    """What a player calls their match: on a ladder it is their challenge; a one-game
    match is their game."""
    if format_of(event).challenges:
        return "ladder challenge"
    return f"<b>{esc(view.round_name)}</b> {'game' if one_game else 'match'}"


def goes_to_division(division: str) -> str:
    """A qualifying player whose division is drawn when the qualifying round is over
    (SSSg para 3)."""
    return (f"You go to the <b>{esc(division)}</b>, which is drawn when the qualifying round "
            "is over; I will tell you your match.")


def last_match(event: Event, won: bool) -> str:
    cheer = " Congratulations!" if won else " Thank you for playing."
    return f"That was your last match in {esc(event.name)}.{cheer}"


def tied_for_tds(event: Event, view: MatchView, state: MatchState) -> str:
    """A match para 17 leaves tied goes to the organisers (para 30), with winner buttons."""
    return (f"<b>{esc(event.name)}, {esc(view.round_name)} ({esc(view.code)})</b>: "
            f"{esc(view.label(0))} v {esc(view.label(1))} ended level on games, spread and "
            f"starts ({esc(state.score_line())}). Para 17 does not settle it: the organisers "
            "decide it (para 30). Tap who wins; I will then ask why.")


def agreed_note() -> str:
    """Appended to the opponent's copy when they agree (its buttons go)."""
    return "\n\n✅ You agreed: it is final."


def both_reported_note() -> str:
    return "\n\n✅ Final: you reported the same result."


def disputed_note() -> str:
    return "\n\n⚖️ Disputed: a TD will rule."


def _phone(name: str, phone: str) -> str:
    return f"{esc(name)} ({esc(phone)})" if phone else f"{esc(name)} (no phone on record)"


def dispute_for_player(event: Event, view: MatchView, viewer: int, game: int, disputer: str,
                       raised_it: bool, rulers: list[tuple[str, str]], ask_reason: bool,
                       differs: bool = False) -> str:
    """Both players learn that the slip is frozen and who will rule (para 19); the one who
    disputed it without saying why is asked why. ``differs``: the dispute is a second
    report of the game that did not agree with the first."""
    head_of = f"⚖️ {where(event, view)}: "
    opponent = esc(view.label(1 - viewer))
    single = one_game(event, view)
    yours = "your game" if single else f"game {game} of your match"
    if differs and raised_it:
        head = (f"your result{'' if single else f' for game {game}'} differs from "
                f"{opponent}'s slip, so yours is not counted: {opponent}'s counts until a TD "
                "rules.")
    elif differs:
        head = (f"{esc(disputer)} reported {'your game' if single else f'game {game}'} "
                "differently from your slip. Yours counts until a TD rules.")
    elif raised_it:
        head = (f"You disputed {yours} against {opponent}. It counts as reported until a TD "
                "rules.")
    else:
        head = (f"{esc(disputer)} disputed {yours}. It counts as reported until a TD rules.")
    lines = [head_of + head[0].upper() + head[1:]]
    para19 = cite(event, "para 19")
    if not rulers:
        lines.append("No TD or adjudicator of this event is free to rule on your match"
                     f"{para19}: please tell the organisers.")
    else:
        who_rules = ", ".join(_phone(n, p) for n, p in rulers)
        lines.append(f"{who_rules} will rule{para19}." if len(rulers) == 1 else
                     f"One of {who_rules} will rule{para19}.")
    if raised_it and ask_reason:
        lines.append("What is wrong with it? Tell me in your next message, e.g. <i>I had "
                     "390, not 380</i>, and I will pass it on.")
    return "\n".join(lines)


RULINGS = {
    "upheld": "the result stands as reported",
    "void": "the game is void: it does not count, and the next game you play replaces it",
}


def _what(of: Event, names: tuple[str, str], viewer: int | None, ruling: str,
          scores: tuple[int, int] | None, to: str | None) -> str:
    """A ruling in a few words, for a player (``viewer``) or a TD (None)."""
    winner = "you" if to is not None and viewer is not None and names[viewer] == to else to
    if ruling == "scores" and scores is not None:
        return f"the scores are {scores_of(names, viewer, scores)}"
    if ruling == "game_bye":
        return (f"it is a game bye to {esc(winner)}: a win with +{game_bye_spread(of)} spread"
                f"{cite(of, 'para 28')}")
    if ruling == "match_bye":
        through = ", who goes through" if format_of(of).goes_through else ""
        return (f"a match bye to {esc(winner)}{through}; the games played are void"
                f"{cite(of, 'para 27')}")
    if ruling == "tie":
        return f"the tied match goes to {esc(winner)}{cite(of, 'para 30')}"
    if ruling == "forfeit":
        wins = "you win" if winner == "you" else f"{esc(winner)} wins"
        return f"{wins} it by forfeit (WESPA rules)"
    if ruling == "overtime":
        who_over = "you" if winner == "you" else esc(to)
        shown = f": now {scores_of(names, viewer, scores)}" if scores is not None else ""
        return f"{who_over} ran overtime, 10 points off a started minute (WESPA rules){shown}"
    return RULINGS.get(ruling, esc(ruling))


def beyond_decision(ruling: str, game: int, voided: list[int]) -> list[int]:
    """The games a ruling left beyond the match's decision (para 28: once decided, later
    games do not count), out of ``voided``, every game that no longer counts. A voided
    game is not one of them: it no longer counts because it was voided, whether or not
    the match is decided; nor are a match bye's games (para 27 voids them all)."""
    if ruling == "match_bye":
        return []
    return [n for n in voided if not (ruling == "void" and n == game)]


def ruled(event: Event, view: MatchView, viewer: int, game: int, ruling: str,
          scores: tuple[int, int] | None, why: str, voided: list[int],
          state: MatchState, *, to: str | None = None, was_won: int | None = None,
          single: OneGame | None = None) -> str:
    """Both players learn a TD's ruling, and where the match stands. ``game`` 0: the
    ruling is on the whole match (a match bye, a tied match); ``was_won``: the side whose
    win the ruling undid (the match is open again). ``single``: the one game a one-game
    match now is, decided: the match is said as that game."""
    names = (view.label(0), view.label(1))
    what = _what(event, names, viewer, ruling, scores, to)
    on = ("your game" if one_game(event, view) else f"game {game}" if game
          else "your match")
    lines = [f"⚖️ {where(event, view)}: a TD ruled on {on}: {what}.", f"Why: {esc(why)}"]
    beyond = beyond_decision(ruling, game, voided)
    if beyond:
        shown = ", ".join(str(n) for n in beyond)
        lines.append(f"The match was decided earlier, so game(s) {shown} no longer count"
                     f"{cite(event, 'para 28')}.")
    if was_won is not None:
        lines.append(open_again(event, view, viewer, was_won))
    lines += outcome_lines(event, view, state, viewer, single)
    return "\n".join(lines)


def result_corrected(why: str) -> str:
    """Under the group's post of a result that replaces one it was shown as final."""
    reason = f" ({esc(why)})" if why else ""
    return f"A TD corrected the result posted before{reason}."


def open_again(event: Event, view: MatchView, viewer: int, was_won: int) -> str:
    """A TD's correction or ruling undid the result of the player's match: it is open
    again, and the win it had is no longer (a one-game match said as its game)."""
    whose = "your" if was_won == viewer else f"{esc(view.label(was_won))}'s"
    what = "game" if one_game(event, view) else "match"
    return f"Your {what} is open again: {whose} win no longer stands."


def ruled_note(of: Event, who_ruled: str, ruling: str, scores: tuple[int, int] | None,
               to: str | None, why: str) -> str:
    """Appended to every ruler's copy of a dispute once one rules (its buttons go)."""
    if ruling == "scores" and scores is not None:
        what = f"scores amended to {scores[0]}-{scores[1]}"
    else:
        what = _what(of, ("", ""), None, ruling, scores, to)
    return f"\n\n✅ Ruled by {esc(who_ruled)}: {what}. ({esc(why)})"


def later_match_voided(event: Event, view: MatchView, viewer: int, cause: str,
                       played: bool) -> str:
    """A later match whose players a correction changed: its games no longer count, or,
    with none ``played``, the match as drawn is off (there is nothing to stop counting)."""
    head = (f"⚖️ <b>{esc(event.name)}, {esc(view.round_name)}</b>: {esc(cause)} changed who "
            f"plays {esc(view.code)}, so ")
    return head + _later_off(event, view, viewer, played) + " I will tell you your match."


def own_later_match_voided(event: Event, view: MatchView, viewer: int, played: bool) -> str:
    """A line under a correction of a player's match that no longer puts them in the later
    match ``view``: the games they played in it no longer count, or it is off."""
    if not played:
        return "So " + _later_off(event, view, viewer, played)
    return (f"So the games you played in {esc(view.code)} ({esc(view.round_name)}) against "
            f"{esc(view.label(1 - viewer))} no longer count{cite(event, 'paras 27-28')}.")


def _later_off(event: Event, view: MatchView, viewer: int, played: bool) -> str:
    opponent = esc(view.label(1 - viewer))
    if played:
        return (f"the games you played in it against {opponent} no longer count"
                f"{cite(event, 'paras 27-28')}.")
    return (f"your {esc(view.round_name)} against {opponent} is off for now"
            f"{cite(event, 'paras 27-28')}.")


def opponent_open(event: Event, rnd: Round, feeder: MatchView, cause: str, *,
                  decided: bool) -> str:
    """A player of a later match whose opponent comes from ``feeder``, named by its players
    (its code means nothing to the reader): a TD's act (``cause``, "a TD's correction")
    reopened it, or changed its result while a slip of it can still be disputed, so whom
    they meet is not known, or not final, yet."""
    head = f"<b>{esc(event.name)}</b>: "
    players = esc(f"{feeder.label(0)} v {feeder.label(1)}")
    if decided:
        changed = (f"{esc(cause)} changed the result of {players}" if cause
                   else f"the result of {players} changed")
        return (head + f"{changed}, and it can still be disputed, so your "
                f"<b>{esc(rnd.name)}</b> opponent is not settled yet. I will tell you once "
                "it is.")
    reopened = f"{esc(cause)} reopened {players}" if cause else f"{players} is open again"
    return (head + f"{reopened}, so your <b>{esc(rnd.name)}</b> opponent is not known yet. "
            "I will tell you once it is decided.")


def opponent_now(event: Event, rnd: Round, view: MatchView, feeder: MatchView, opponent: str,
                 instead_of: str | None) -> str:
    """A player of a later match whose opponent ``feeder`` decides, told before that it was
    open: it is decided again (or a TD changed who went through, ``instead_of`` the one
    they were told before), and final, so they learn whom they meet and when."""
    head = f"<b>{esc(event.name)}</b>: "
    players = esc(f"{feeder.label(0)} v {feeder.label(1)}")
    following = next_match(event, rnd, view, opponent, True)
    if instead_of is None:
        return head + f"{players} is decided. " + following
    return (head + f"a TD changed the result of {players}, so your <b>{esc(rnd.name)}</b> "
            f"opponent is now <b>{esc(opponent)}</b>, not {esc(instead_of)}.\n" + following)
