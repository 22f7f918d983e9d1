"""What a TD reads after expelling a player or filling the slot (bot/service/people/expulsions.py).
The messages are in the catalogue (``bot.words``), in the reader's language ``lang``."""

from __future__ import annotations

from html import escape

from bot.service.people.expulsions import Expelled, Filled
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


def filled(done: Filled, *, lang: str = SOURCE) -> str:
    w = for_locale(lang)
    if done.already:
        return w._("{by} already decided {expelled}'s slot in {match}. Nothing changed.",
                   by=esc(done.by), expelled=esc(done.expelled), match=esc(done.match))
    if done.replacement:
        return w._("✅ {replacement} takes {expelled}'s slot in {match} against {opponent}. "
                   "Both are told.", replacement=esc(done.replacement),
                   expelled=esc(done.expelled), match=esc(done.match),
                   opponent=esc(done.opponent))
    if done.not_played:
        return w._("✅ Nobody takes {expelled}'s slot in {match}, nor that of {opponent}, "
                   "expelled too: {match} is not played and a bye goes on.",
                   expelled=esc(done.expelled), match=esc(done.match),
                   opponent=esc(done.opponent))
    return w._("✅ Nobody takes {expelled}'s slot in {match}: {opponent} goes through and is "
               "told.", expelled=esc(done.expelled), match=esc(done.match),
               opponent=esc(done.opponent))
