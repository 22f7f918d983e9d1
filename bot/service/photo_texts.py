"""What the board-photo use-cases tell players, TDs and the ratings officer (SSSg para 25),
through the outbox. Telegram HTML: every name goes through ``esc``.
"""

from __future__ import annotations

from bot.service.events import Event
from bot.service.formats import cite
from bot.service.matches import MatchView, score_line
from bot.service.reporting_texts import esc
from core.match import MatchState

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
