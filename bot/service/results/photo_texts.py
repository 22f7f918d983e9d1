"""What the board-photo use-cases tell players, TDs and the ratings officer (SSSg para 25),
through the outbox. Telegram HTML: every name goes through ``esc``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events.lookup import Event
from bot.service.formats.traits import cite
from bot.service.results.matches import MatchView, score_line
from bot.service.results.reporting_texts import esc
from bot.store.photos_repo import WindowState
from core.knockout.match import MatchState

#: What each ruling on a missing photo did, for the TDs' copies of the question.
VERDICTS = {"bye": "game bye to {loser}", "extended": "24 hours more, until {until}",
            "waived": "waived: the game stands"}


def game_line(view: MatchView, game: int, scores: tuple[int | None, int | None]) -> str:
    return (f"{esc(view.code)} game {game}: {esc(view.label(0))} {scores[0]}, "
            f"{esc(view.label(1))} {scores[1]}")


def officer_caption(event: Event, view: MatchView, game: int,
                    scores: tuple[int | None, int | None], sender: str) -> str:
    """The caption of a photo forwarded to the ratings officer's chat."""
    return (f"📷 <b>{esc(event.name)}</b>, {esc(view.round_name)}\n"
            f"{game_line(view, game, scores)}\nSent by {esc(sender)}.")


def reminder(event: Event, view: MatchView, side: int, game: int, closes: str) -> str:
    return (f"📷 <b>{esc(event.name)}</b>: the board photo of game {game} v "
            f"{esc(view.label(1 - side))} is due by {esc(closes)}{cite(event, 'SSSg para 25')}. "
            "Send the picture here.")


def ask_tds(event: Event, view: MatchView, game: int, scores: tuple[int | None, int | None],
            responsible: int, due: str, spread: int) -> str:
    return (f"📷 <b>{esc(event.name)}</b>, {esc(view.round_name)}: no board photo of "
            f"{game_line(view, game, scores)}.\n{esc(view.label(responsible))} was to send it "
            f"by {esc(due)}{cite(event, 'para 25')}. The game may go to "
            f"{esc(view.label(1 - responsible))} as a bye (+{spread}{cite(event, 'para 28', ', {}')})."
            " Your call:")


@dataclass(frozen=True)
class ListedGame:
    """One game of a list of missing photos as it stands (``state``: the window's)."""

    window_id: int
    code: str
    game: int
    scores: tuple[int | None, int | None]
    names: tuple[str, str]
    responsible: int  # the side that owed the photo
    state: WindowState
    by: str  # who settled it, once it is no longer overdue
    until: str  # its close (after an extension: the new one)


def _listed_line(g: ListedGame) -> str:
    game = (f"{esc(g.code)} game {g.game}: {esc(g.names[0])} {g.scores[0]}, "
            f"{esc(g.names[1])} {g.scores[1]}")
    if g.state == WindowState.OVERDUE:
        return f"• {game}. {esc(g.names[g.responsible])} was to send it."
    if g.state == WindowState.RECEIVED:
        return f"• {esc(g.code)} game {g.game}: 📷 the photo came in."
    verdict = (f"more time, until {g.until}" if g.state == WindowState.OPEN else
               VERDICTS.get(g.state, g.state).format(loser=g.names[1 - g.responsible],
                                                     until=g.until))
    return f"• {esc(g.code)} game {g.game}: {decided_note(verdict, g.by)}"


def ask_list(event: Event, games: list[ListedGame], spread: int) -> str:
    """Several games whose photo did not come in time, in one message to a ruler."""
    waiting = sum(1 for g in games if g.state == WindowState.OVERDUE)
    lines = [f"📷 <b>{esc(event.name)}</b>: no board photo came in time for {len(games)} "
             f"games{cite(event, 'para 25')}. Each may go to its loser as a bye "
             f"(+{spread}{cite(event, 'para 28', ', {}')}).", ""]
    lines += [_listed_line(g) for g in games]
    lines.append("")
    lines.append("Tap a game for its choices (bye, 24 hours more, waive), or extend or waive "
                 f"the {waiting} still open at once." if waiting else "All decided.")
    return "\n".join(lines)


def game_button(g: ListedGame) -> str:
    """A game's button in a list (plain text: Telegram shows a button's label as is)."""
    return f"{g.code} game {g.game}: {g.names[0]} v {g.names[1]}"


def late_photo_for_tds(event: Event, view: MatchView, game: int, sender: str) -> str:
    return (f"📷 <b>{esc(event.name)}</b>: {esc(sender)} sent the board photo of "
            f"{esc(view.code)} game {game} late. It is still yours to rule: the buttons on "
            "the question above still work.")


def decided_note(verdict: str, by: str) -> str:
    return f"✅ {esc(by)} decided: {esc(verdict)}."


def bye_for_player(event: Event, view: MatchView, viewer: int, game: int, responsible: int,
                   by: str, state: MatchState) -> str:
    if viewer == responsible:
        what = (f"no board photo of game {game} came in time, so the game goes to "
                f"{esc(view.label(1 - viewer))} as a bye{cite(event, 'para 25')}")
    else:
        what = (f"{esc(view.label(1 - viewer))} sent no board photo of game {game} in time, "
                f"so the game is yours as a bye{cite(event, 'para 25')}")
    return (f"📷 <b>{esc(event.name)}</b>, {esc(view.round_name)}: {what}. Decided by "
            f"{esc(by)}.\nScore: {esc(score_line(view, state, viewer))}")


def extended_for_player(event: Event, view: MatchView, viewer: int, game: int,
                        responsible: int, until: str) -> str:
    if viewer == responsible:
        return (f"📷 <b>{esc(event.name)}</b>: a TD gave you until {esc(until)} to send the "
                f"board photo of game {game} v {esc(view.label(1 - viewer))}. Send the picture "
                "here.")
    return (f"📷 <b>{esc(event.name)}</b>: a TD gave {esc(view.label(1 - viewer))} until "
            f"{esc(until)} to send the board photo of game {game}. Nothing to do for you.")


def waived_for_player(event: Event, view: MatchView, viewer: int, game: int) -> str:
    return (f"📷 <b>{esc(event.name)}</b>: a TD waived the board photo of game {game} v "
            f"{esc(view.label(1 - viewer))}; the game stands as reported.")
