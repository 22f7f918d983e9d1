"""What the board-photo use-cases tell players, TDs and the ratings officer (SSSg para 25),
through the outbox: records (``bot/words/said.py``), written in each reader's language when
sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.events.schedule import round_said
from bot.service.formats.traits import HasFormat, cite
from bot.service.results.matches import MatchView, score_line
from bot.store.photos_repo import WindowState
from bot.words.said import Rendered, Said, lines, said
from core.knockout.match import MatchState


def verdict(kind: str, loser: str, until: datetime | None) -> Said:
    """What a ruling on a missing photo did (``kind``: bye, extended, waived), for the TDs'
    copies of the question."""
    if kind == "bye":
        return said("game bye to {loser}", loser=loser)
    if kind == "extended" and until is not None:
        return said("24 hours more, until {until}", until=until)
    return said("waived: the game stands")


def game_line(code: str, game: int, names: tuple[str, str],
              scores: tuple[int | None, int | None]) -> Said:
    return said("{match} game {game}: {first} {first_score}, {second} {second_score}",
                match=code, game=game, first=names[0], first_score=str(scores[0]),
                second=names[1], second_score=str(scores[1]))


def _game_line(view: MatchView, game: int, scores: tuple[int | None, int | None]) -> Said:
    return game_line(view.code, game, (view.label(0), view.label(1)), scores)


def officer_caption(event: Event, view: MatchView, game: int,
                    scores: tuple[int | None, int | None], sender: str) -> Said:
    """The caption of a photo forwarded to the ratings officer's chat."""
    return said("📷 <b>{event}</b>, {round}\n{game}\nSent by {sender}.", event=event.name,
                round=round_said(view.round_name), game=_game_line(view, game, scores), sender=sender)


def reminder(event: Event, view: MatchView, side: int, game: int, closes: Said) -> Said:
    """``closes``: in the reader's zone, named if they set it (``player_zones.Zone.told``)."""
    return said("📷 <b>{event}</b>: the board photo of game {game} v {opponent} is due by "
                "{closes}{ref}. Send the picture here.", event=event.name, game=game,
                opponent=view.label(1 - side), closes=closes, ref=cite(event, "SSSg para 25"))


def ask_tds(event: Event, view: MatchView, game: int, scores: tuple[int | None, int | None],
            responsible: int, due: datetime, spread: int) -> Said:
    return said("📷 <b>{event}</b>, {round}: no board photo of {game}.\n{responsible} was to "
                "send it by {due}{ref}. The game may go to {loser} as a bye "
                "(+{spread}{bye_ref}). Your call:", event=event.name, round=round_said(view.round_name),
                game=_game_line(view, game, scores), responsible=view.label(responsible),
                due=due, ref=cite(event, "para 25"), loser=view.label(1 - responsible),
                spread=spread, bye_ref=cite(event, "para 28", ", {}"))


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
    by: str | Said  # who settled it, once it is no longer overdue
    until: datetime  # its close (after an extension: the new one), on the event's clock


def _listed_line(g: ListedGame) -> Said:
    if g.state == WindowState.OVERDUE:
        return said("• {game}. {responsible} was to send it.",
                    game=game_line(g.code, g.game, g.names, g.scores),
                    responsible=g.names[g.responsible])
    if g.state == WindowState.RECEIVED:
        return said("• {match} game {game}: 📷 the photo came in.", match=g.code, game=g.game)
    if g.state == WindowState.OPEN:
        settled = said("more time, until {until}", until=g.until)
    else:
        settled = verdict("waived" if g.state == WindowState.WAIVED else "bye",
                          g.names[1 - g.responsible], g.until)
    return said("• {match} game {game}: {note}", match=g.code, game=g.game,
                note=decided_note(settled, g.by))


def ask_list(event: Event, games: list[ListedGame], spread: int) -> Said:
    """Several games whose photo did not come in time, in one message to a ruler."""
    waiting = sum(1 for g in games if g.state == WindowState.OVERDUE)
    end = said("Tap a game for its choices (bye, 24 hours more, waive), or extend or waive "
               "the {waiting} still open at once.", waiting=waiting) if waiting else said(
        "All decided.")
    return said("📷 <b>{event}</b>: no board photo came in time for {count} games{ref}. Each "
                "may go to its loser as a bye (+{spread}{bye_ref}).\n\n{games}\n\n{end}",
                event=event.name, count=len(games), ref=cite(event, "para 25"), spread=spread,
                bye_ref=cite(event, "para 28", ", {}"), games=lines(*map(_listed_line, games)),
                end=end)


def game_button(g: ListedGame) -> Said:
    """A game's button in a list."""
    return said("{match} game {game}: {first} v {second}", match=g.code, game=g.game,
                first=g.names[0], second=g.names[1])


def late_photo_for_tds(event: Event, view: MatchView, game: int, sender: str) -> Said:
    return said("📷 <b>{event}</b>: {sender} sent the board photo of {match} game {game} late. "
                "It is still yours to rule: the buttons on the question above still work.",
                event=event.name, sender=sender, match=view.code, game=game)


def decided_note(verdict: Said, by: str | Said) -> Said:
    return said("✅ {by} decided: {verdict}.", by=by, verdict=verdict)


def decided_question(question_html: str, verdict: Said, by: str) -> Said:
    """A TD's copy of the question as sent, with what was decided under it."""
    return said("{question}\n\n{note}", question=Rendered(question_html),
                note=decided_note(verdict, by))


def bye_for_player(event: Event, view: MatchView, viewer: int, game: int, responsible: int,
                   by: str, state: MatchState) -> Said:
    if viewer == responsible:
        what = said("no board photo of game {game} came in time, so the game goes to "
                    "{opponent} as a bye{ref}", game=game, opponent=view.label(1 - viewer),
                    ref=cite(event, "para 25"))
    else:
        what = said("{opponent} sent no board photo of game {game} in time, so the game is "
                    "yours as a bye{ref}", opponent=view.label(1 - viewer), game=game,
                    ref=cite(event, "para 25"))
    return said("📷 <b>{event}</b>, {round}: {what}. Decided by {by}.\nScore: {score}",
                event=event.name, round=round_said(view.round_name), what=what, by=by,
                score=score_line(view, state, viewer))


def extended_for_player(event: Event, view: MatchView, viewer: int, game: int,
                        responsible: int, until: Said) -> Said:
    if viewer == responsible:
        return said("📷 <b>{event}</b>: a TD gave you until {until} to send the board photo "
                    "of game {game} v {opponent}. Send the picture here.", event=event.name,
                    until=until, game=game, opponent=view.label(1 - viewer))
    return said("📷 <b>{event}</b>: a TD gave {opponent} until {until} to send the board "
                "photo of game {game}. Nothing to do for you.", event=event.name,
                opponent=view.label(1 - viewer), until=until, game=game)


def waived_for_player(event: Event, view: MatchView, viewer: int, game: int) -> Said:
    return said("📷 <b>{event}</b>: a TD waived the board photo of game {game} v "
                "{opponent}; the game stands as reported.", event=event.name, game=game,
                opponent=view.label(1 - viewer))


# --- what the sender of a photo, or the ruler who pressed, reads ----------------------


def _game(game: int, opponent: str) -> Said:
    return said("game {game} v {opponent}", game=game, opponent=opponent)


def which_game() -> Said:
    """A photo that may show one of several games waiting for one: the sender picks."""
    return said("📷 Which game is this photo of? Tap it.")


def pick_label(game: int, opponent: str, round_name: str) -> Said:
    """A game's button under ``which_game``."""
    return said("Game {game} v {opponent} ({round})", game=game, opponent=opponent,
                round=round_said(round_name))


def already_filed(game: int, opponent: str) -> Said:
    return said("📷 That photo is already filed under {game}.", game=_game(game, opponent))


def received(game: int, opponent: str) -> Said:
    """The responsible player's photo, in time: nothing more is owed."""
    return said("📷 Board photo of {game} received. Thank you: nothing more to send for this "
                "game.", game=_game(game, opponent))


def received_late(of: HasFormat, game: int, opponent: str) -> Said:
    """The responsible player's photo after the window closed: the TDs rule (para 25)."""
    return said("📷 Board photo of {game} received after its deadline. A TD decides whether "
                "the game stands{ref}; I will tell you.", game=_game(game, opponent),
                ref=cite(of, "para 25"))


def another_kept(game: int, opponent: str) -> Said:
    return said("📷 Another photo of {game} kept; the first one already counted.",
                game=_game(game, opponent))


def kept_not_theirs(of: HasFormat, game: int, opponent: str, due: Said) -> Said:
    """The other player's photo: kept, but para 25 asks the winner (or on a tie the
    starter) for it."""
    return said("📷 Photo of {game} kept. It does not replace {opponent}'s: the rules ask "
                "{opponent} for the photo (the winner, or on a tie the starter{ref}), due by "
                "{due}.", game=_game(game, opponent), opponent=opponent,
                ref=cite(of, "para 25", ", {}"), due=due)


def settled_as(state: WindowState) -> Said:
    """How a window no longer overdue was settled."""
    if state == WindowState.RECEIVED:
        return said("the photo came in")
    if state == WindowState.BYE:
        return said("game bye to the loser")
    if state == WindowState.WAIVED:
        return said("photo waived")
    return said("more time given")


def settled_before(by: str | Said, state: WindowState, match: str, game: int) -> Said:
    """A ruler who pressed after someone else had decided: nothing changed."""
    return said("Already settled by {by}: {what} ({match} game {game}). Nothing changed.",
                by=by, what=settled_as(state), match=match, game=game)


def list_settled_before() -> Said:
    """Extend all / Waive all pressed when every game of the list had been settled."""
    return said("Every game of that list was already settled. Nothing changed.")


def the_player() -> Said:
    """Who settled a window whose photo came in."""
    return said("the player")


def someone() -> Said:
    """Who settled a window, when no name was kept."""
    return said("someone")
