"""What a TD reads after expelling a player (bot/service/people/expulsions.py).
The messages are in the catalogue (``bot.words``), in the reader's language ``lang``."""

from __future__ import annotations

from html import escape

from bot.service.people.expulsions import Expelled
from bot.store.expulsions_repo import ExpulsionState
from bot.words import SOURCE, for_locale
from bot.words.said import render


def esc(text: object) -> str:
    return escape(str(text), quote=False)


def expelled(done: Expelled, *, lang: str = SOURCE) -> str:
    w = for_locale(lang)
    head = w._("🚫 Expelled <b>{name}</b> ({why}); they are told.", name=esc(done.name),
               why=esc(done.why))
    if done.state == ExpulsionState.OPEN:
        return w._("{head} Their opponent {opponent} is told to wait: choose who takes the "
                   "slot in {match} in the question I sent you.", head=head,
                   opponent=esc(done.opponent), match=esc(done.match))
    if done.note is None:
        return head
    note = render(done.note, w)
    return w._("{head} {note}.", head=head, note=note[:1].upper() + note[1:])  # a sentence
