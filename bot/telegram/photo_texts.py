"""What a player or TD reads in answer to a board photo or a ruling on a missing one (SSSg
para 25). What both players are told goes through the outbox and is worded in
``bot/service/results/photo_texts.py``. Names are escaped (``esc``). The messages are in
the catalogue (``bot.words``), in the reader's language ``lang``.
"""

from __future__ import annotations

from bot.service.formats.traits import cite
from bot.service.platform import callbacks
from bot.service.platform.unit import Reply
from bot.service.results.photos import ListRuling, PhotoAnswer, PhotoRuling, WindowGame
from bot.telegram.texts import esc
from bot.words import N_, SOURCE, Words, for_locale
from bot.words.said import render


def _game(g: WindowGame, w: Words) -> str:
    return w._("game {game} v {opponent}", game=g.game, opponent=esc(g.opponent))


def photo_answer(answer: PhotoAnswer, lang: str = SOURCE) -> Reply:
    w = for_locale(lang)
    if answer.kind == "choose":
        buttons = [[(w._("Game {game} v {opponent} ({round})", game=g.game,
                         opponent=g.opponent, round=g.round_name),
                     callbacks.photo_pick(answer.photo_id, g.window_id))] for g in answer.games]
        return Reply(w._("📷 Which game is this photo of? Tap it."), buttons)
    g = answer.games[0]
    game = _game(g, w)
    if answer.kind == "unchanged":
        return Reply(w._("📷 That photo is already filed under {game}.", game=game))
    if answer.discharged:
        return Reply(w._("📷 Board photo of {game} received. Thank you: nothing more to "
                         "send for this game.", game=game))
    if answer.late:
        return Reply(w._("📷 Board photo of {game} received after its deadline. A TD "
                         "decides whether the game stands{ref}; I will tell you.", game=game,
                         ref=cite(g, "para 25")))
    if g.responsible:
        return Reply(w._("📷 Another photo of {game} kept; the first one already counted.",
                         game=game))
    return Reply(w._("📷 Photo of {game} kept. It does not replace {opponent}'s: the rules ask "
                     "{opponent} for the photo (the winner, or on a tie the starter{ref}), due "
                     "by {due}.", game=game, opponent=esc(g.opponent),
                     ref=cite(g, "para 25", ", {}"), due=render(g.closes_at, w)))


_SETTLED = {"received": N_("the photo came in"), "bye": N_("game bye to the loser"),
            "waived": N_("photo waived"), "open": N_("more time given")}


def ruling_answer(ruling: PhotoRuling, lang: str = SOURCE) -> Reply | None:
    """The pressing TD is told only when someone decided before them; otherwise the edit
    of every TD's copy of the question says it."""
    if ruling.kind != "already":
        return None
    w = for_locale(lang)
    settled = _SETTLED.get(ruling.state)
    what = w.gettext(settled) if settled else ruling.state
    return Reply(w._("Already settled by {by}: {what} ({match} game {game}). Nothing changed.",
                     by=esc(ruling.by), what=esc(what), match=esc(ruling.match),
                     game=ruling.game))


def list_answer(ruling: ListRuling, lang: str = SOURCE) -> Reply | None:
    """Extend all / Waive all: the list's edit says what was done; the TD is told only when
    every game had been settled before."""
    if ruling.decided:
        return None
    return Reply(for_locale(lang)._("Every game of that list was already settled. Nothing "
                                    "changed."))
