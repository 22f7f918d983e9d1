"""An event's roles in words, the one table every message names a role from: the journal's
lines, the invite links, a refusal naming who may act, the welcome of a new TD (roles:
``bot/service/people/roles.py``; SSSg Annex A para 19 names the TDs and a neutral third
party who rule on disputes)."""

from __future__ import annotations

from bot.words.said import Said, said

#: A role as people read it ("Tara (TD, organiser)", "You are a <b>TD</b> of this event").
ROLE_NAMES: dict[str, Said] = {
    "organiser": said("organiser"),
    "td": said("TD"),
    "player": said("player"),
    "adjudicator": said("neutral adjudicator"),
}

#: One who holds a role, with its article ("only a TD of this event may do that").
A_ROLE: dict[str, Said] = {
    "organiser": said("an organiser"),
    "td": said("a TD"),
    "player": said("a player"),
    "adjudicator": said("a neutral adjudicator"),
}


def role_said(role: str) -> Said | str:
    """A role's name in words; one this version does not know, as stored."""
    return ROLE_NAMES.get(role) or role
