"""What a TD reads after expelling a player or filling the slot (bot/service/people/expulsions.py)."""

from __future__ import annotations

from html import escape

from bot.service.people.expulsions import Expelled, Filled
from bot.store.expulsions_repo import ExpulsionState


def esc(text: object) -> str:
    return escape(str(text), quote=False)


def expelled(done: Expelled) -> str:
    head = f"🚫 Expelled <b>{esc(done.name)}</b> ({esc(done.why)}); they are told."
    if done.state == ExpulsionState.OPEN:
        return (f"{head} Their opponent {esc(done.opponent)} is told to wait: choose who "
                f"takes the slot in {esc(done.match)} in the question I sent you.")
    note = done.note[:1].upper() + done.note[1:]  # a sentence of its own here
    return f"{head} {esc(note)}." if note else head


def filled(done: Filled) -> str:
    if done.already:
        return (f"{esc(done.by)} already decided {esc(done.expelled)}'s slot in "
                f"{esc(done.match)}. Nothing changed.")
    if done.replacement:
        return (f"✅ {esc(done.replacement)} takes {esc(done.expelled)}'s slot in "
                f"{esc(done.match)} against {esc(done.opponent)}. Both are told.")
    if done.not_played:
        return (f"✅ Nobody takes {esc(done.expelled)}'s slot in {esc(done.match)}, nor that of "
                f"{esc(done.opponent)}, expelled too: {esc(done.match)} is not played and a "
                "bye goes on.")
    return (f"✅ Nobody takes {esc(done.expelled)}'s slot in {esc(done.match)}: "
            f"{esc(done.opponent)} goes through and is told.")
