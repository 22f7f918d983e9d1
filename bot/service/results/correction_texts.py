"""What a TD's correction of a game (``bot/service/results/corrections.py``) tells the two players.

Each player reads their own copy ("you 412, Dev Rao 380"), the game as it is now and as it
was, the TD's reason, then where the match stands (``reporting_texts.outcome_lines``). A
game that no longer counts after the match was decided earlier cites SSSg para 14 in a
knockout only (``formats.cite``). Telegram HTML: every name and the reason go through
``esc``.
"""

from __future__ import annotations

from bot.service.events.lookup import Event
from bot.service.formats.traits import cite
from bot.service.results.matches import MatchView
from bot.service.results.reporting_texts import one_game, open_again, outcome_lines
from bot.words.said import english
from bot.words.said import escape as esc
from core.knockout.match import MatchGame, MatchGameKind, MatchState


def game_words(game: MatchGame, names: tuple[str, str], viewer: int | None = None) -> str:
    """A game in plain words (HTML callers escape it): 'Ann Lee 412, Dev Rao 380 (Ann Lee
    started)'; for a player (``viewer``) 'you 412, Dev Rao 380 (you started)', theirs first."""
    def who(side: int) -> str:
        return "you" if side == viewer else names[side]

    if game.kind is MatchGameKind.VOID:
        return "void"
    if game.kind is MatchGameKind.PLAYED:
        assert game.scores is not None and game.starter is not None
        first = 0 if viewer is None else viewer
        scores = ", ".join(f"{who(s)} {game.scores[s]}" for s in (first, 1 - first))
        return f"{scores} ({who(game.starter)} started)"
    assert game.awarded_to is not None
    if game.kind is MatchGameKind.BYE:
        return f"a game bye to {who(game.awarded_to)}"
    return f"won by forfeit by {who(game.awarded_to)}"


def slip_note() -> str:
    """Appended to the opponent's copy of a slip still open when a TD corrects its game
    (its Agree / Dispute buttons go)."""
    return "\n\n⚖️ A TD has corrected this game."


def for_player(event: Event, view: MatchView, viewer: int, game: int, before: MatchGame,
               after: MatchGame, why: str, voided: list[int], state: MatchState,
               was_won: int | None = None) -> str:
    """A player's copy of a correction of game ``game`` of their match; ``voided``: the
    game numbers that no longer count since the match is decided earlier; ``was_won``:
    the side whose win the correction undid (the match is open again: what next follows)."""
    names = (view.label(0), view.label(1))
    opponent = f"<b>{esc(names[1 - viewer])}</b>"
    which = (f"your game against {opponent}" if one_game(event, view)
             else f"game {game} of your match against {opponent}")
    was = esc(game_words(before, names, viewer))
    head = f"⚖️ <b>{esc(event.name)}, {esc(view.round_name)}</b>: "
    if after.kind is MatchGameKind.VOID:
        lines = [head + f"a TD voided {which}: {was}. It no longer counts."]
    else:
        now = esc(game_words(after, names, viewer))
        lines = [head + f"a TD corrected {which}. It is now {now}; it was {was}."]
    lines.append(f"Why: {esc(why)}")
    if voided:
        shown = ", ".join(str(n) for n in voided)
        lines.append(f"The match was decided earlier, so game(s) {shown} no longer count"
                     f"{cite(event, 'para 14')}.")
    if was_won is not None:
        lines.append(english(open_again(event, view, viewer, was_won)))
    lines += [english(line) for line in outcome_lines(event, view, state, viewer)]
    return "\n".join(lines)
