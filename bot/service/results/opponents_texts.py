"""Who a player meets before that player is known, in words: a match named by its players
("Ann Lee v Dev Rao") and a slot by the match whose result fills it ("the winner of Ann
Lee v Dev Rao"), as records said in each reader's language (``opponents`` says which).

A slot still to be filled is named by its players, never by the match's code: until the
result that fills it is final (SSSg para 24) the player it sends on may still change.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.events.schedule import round_said
from bot.words.said import Said, said


def players(names: Sequence[str], round_name: str) -> Said:
    """A match as a player knows it: by its players ("Ann Lee v Dev Rao"), or with one
    known, by that player and its round ("Ann Lee's Round 1 match")."""
    if len(names) >= 2:
        return said("{first} v {second}", first=names[0], second=names[1])
    if names:
        return said("{name}'s {round} match", name=names[0], round=round_said(round_name))
    return said("a {round} match", round=round_said(round_name))


def fed_by(kind: str, names: Sequence[str], round_name: str) -> Said:
    """Where a slot's player comes from, without its article ("winner of Ann Lee v Dev
    Rao", as a page's list of matches says it): ``kind`` is the slot source's,
    "winner" or "loser"."""
    if kind == "loser":
        if len(names) >= 2:
            return said("loser of {first} v {second}", first=names[0], second=names[1])
        if names:
            return said("loser of {name}'s {round} match", name=names[0],
                        round=round_said(round_name))
        return said("loser of a {round} match", round=round_said(round_name))
    if len(names) >= 2:
        return said("winner of {first} v {second}", first=names[0], second=names[1])
    if names:
        return said("winner of {name}'s {round} match", name=names[0],
                    round=round_said(round_name))
    return said("winner of a {round} match", round=round_said(round_name))


def the(slot: Said) -> Said:
    """A slot as a sentence names it: "the winner of Ann Lee v Dev Rao"."""
    return said("the {slot}", slot=slot)


def drawn_later() -> Said:
    """A top-division slot the qualifying round fills, by a draw after it (SSSg para 1)."""
    return said("a player drawn after the qualifying round")


def pair(first: Said | str, second: Said | str) -> Said:
    """Who plays a match, each named as far as it is known ("Ann Lee v the winner of Ben
    Ong v Cai Wen")."""
    return said("{first} v {second}", first=first, second=second)
