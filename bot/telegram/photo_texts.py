"""What a player or TD reads in answer to a board photo or a ruling on a missing one (SSSg
para 25). What both players are told goes through the outbox and is worded in
``bot/service/results/photo_texts.py``. Names are escaped (``esc``).
"""

from __future__ import annotations

from bot.service.formats.traits import cite
from bot.service.platform import callbacks
from bot.service.platform.unit import Reply
from bot.service.results.photos import ListRuling, PhotoAnswer, PhotoRuling, WindowGame
from bot.telegram.texts import esc


def _game(g: WindowGame) -> str:
    return f"game {g.game} v {esc(g.opponent)}"


def photo_answer(answer: PhotoAnswer) -> Reply:
    if answer.kind == "choose":
        buttons = [[(f"Game {g.game} v {g.opponent} ({g.code})",
                     callbacks.photo_pick(answer.photo_id, g.window_id))] for g in answer.games]
        return Reply("📷 Which game is this photo of? Tap it.", buttons)
    g = answer.games[0]
    if answer.kind == "unchanged":
        return Reply(f"📷 That photo is already filed under {_game(g)}.")
    if answer.discharged:
        return Reply(f"📷 Board photo of {_game(g)} received. Thank you: nothing more to "
                     "send for this game.")
    if answer.late:
        return Reply(f"📷 Board photo of {_game(g)} received after its deadline. A TD "
                     f"decides whether the game stands{cite(g, 'para 25')}; I will tell you.")
    if g.responsible:
        return Reply(f"📷 Another photo of {_game(g)} kept; the first one already counted.")
    return Reply(f"📷 Photo of {_game(g)} kept. It does not replace {esc(g.opponent)}'s: the "
                 f"rules ask {esc(g.opponent)} for the photo (the winner, or on a tie the "
                 f"starter{cite(g, 'para 25', ', {}')}), due by {esc(g.closes_at)}.")


_SETTLED = {"received": "the photo came in", "bye": "game bye to the loser",
            "waived": "photo waived", "open": "more time given"}


def ruling_answer(ruling: PhotoRuling) -> Reply | None:
    """The pressing TD is told only when someone decided before them; otherwise the edit
    of every TD's copy of the question says it."""
    if ruling.kind != "already":
        return None
    what = _SETTLED.get(ruling.state, ruling.state)
    return Reply(f"Already settled by {esc(ruling.by)}: {esc(what)} ({esc(ruling.match)} game "
                 f"{ruling.game}). Nothing changed.")


def list_answer(ruling: ListRuling) -> Reply | None:
    """Extend all / Waive all: the list's edit says what was done; the TD is told only when
    every game had been settled before."""
    if ruling.decided:
        return None
    return Reply("Every game of that list was already settled. Nothing changed.")
