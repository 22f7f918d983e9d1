"""What a TD's correction of a game (``bot/service/results/corrections.py``) tells the two players.

Each player reads their own copy ("you 412, Dev Rao 380"), the game as it is now and as it
was, the TD's reason, then where the match stands (``reporting_texts.outcome_lines``; a
one-game match as the game it is, never as a match score). Records
(``bot/words/said.py``), written in each player's language; the game's words are also
written in plain English for the journal and the command line (``game_words``).
"""

from __future__ import annotations

from bot.service.events.lookup import Event
from bot.service.results.matches import MatchView
from bot.service.results.reporting_texts import OneGame, one_game, where
from bot.service.results.ruling_texts import after_change
from bot.words import SOURCE, Words, for_locale
from bot.words.said import Rendered, Said, Value, plain, said, stacked
from core.knockout.match import MatchGame, MatchGameKind, MatchState


def game_said(game: MatchGame, names: tuple[str, str], viewer: int | None = None) -> Said:
    """A game in plain words: 'Ann Lee 412, Dev Rao 380 (Ann Lee started)'; for a player
    (``viewer``) 'you 412, Dev Rao 380 (you started)', theirs first."""
    if game.kind is MatchGameKind.VOID:
        return said("void")
    if game.kind is MatchGameKind.PLAYED:
        assert game.scores is not None and game.starter is not None
        if viewer is None:
            values: dict[str, Value] = dict(first=names[0], first_score=game.scores[0],
                                            second=names[1], second_score=game.scores[1],
                                            starter=names[game.starter])
            return said("{first} {first_score}, {second} {second_score} ({starter} started)",
                        **values)
        mine: dict[str, Value] = dict(mine=game.scores[viewer], opponent=names[1 - viewer],
                                      theirs=game.scores[1 - viewer])
        if game.starter == viewer:
            return said("you {mine}, {opponent} {theirs} (you started)", **mine)
        return said("you {mine}, {opponent} {theirs} ({opponent} started)", **mine)
    assert game.awarded_to is not None
    to = game.awarded_to
    if game.kind is MatchGameKind.BYE:
        return (said("a game bye to you") if to == viewer else
                said("a game bye to {player}", player=names[to]))
    return (said("won by forfeit by you") if to == viewer else
            said("won by forfeit by {player}", player=names[to]))


def game_words(game: MatchGame, names: tuple[str, str], viewer: int | None = None,
               words: Words | None = None) -> str:
    """``game_said`` as plain text (HTML callers escape it), in English unless ``words``
    says which language: the journal's line and the command line's."""
    return plain(game_said(game, names, viewer), words or for_locale(SOURCE))


def slip_note() -> Said:
    """Under the opponent's copy of a slip still open when a TD corrects its game (its
    Agree / Dispute buttons go)."""
    return said("\n\n⚖️ A TD has corrected this game.")


def for_player(event: Event, view: MatchView, viewer: int, game: int, before: MatchGame,
               after: MatchGame, why: str, voided: list[int], state: MatchState,
               was_won: int | None = None, single: OneGame | None = None) -> Said:
    """A player's copy of a correction of game ``game`` of their match; ``voided``: the
    game numbers that no longer count since the match is decided earlier; ``was_won``:
    the side whose win the correction undid (the match is open again: what next follows);
    ``single``: the one game a decided one-game match now is (said as that game)."""
    names = (view.label(0), view.label(1))
    values: dict[str, Value] = dict(where=where(event, view), opponent=names[1 - viewer],
                                    was=game_said(before, names, viewer))
    lone = one_game(event, view)
    lines: list[Said | Rendered] = []
    if after.kind is MatchGameKind.VOID:
        lines.append(said("⚖️ {where}: a TD voided your game against <b>{opponent}</b>: {was}. It no "
                          "longer counts.", **values) if lone else
                     said("⚖️ {where}: a TD voided game {game} of your match against "
                          "<b>{opponent}</b>: {was}. It no longer counts.", game=game, **values))
    else:
        now = game_said(after, names, viewer)
        lines.append(said("⚖️ {where}: a TD corrected your game against <b>{opponent}</b>. It is now "
                          "{now}; it was {was}.", now=now, **values) if lone else
                     said("⚖️ {where}: a TD corrected game {game} of your match against "
                          "<b>{opponent}</b>. It is now {now}; it was {was}.", game=game, now=now,
                          **values))
    return stacked(*lines, *after_change(event, view, viewer, why, voided, state,
                                          was_won=was_won, single=single))
