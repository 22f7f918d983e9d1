"""Who may rule on a match (SSSg 2016, Annex A para 19).

"Where Ricky is a player in the match, Jeremy will be designated as the adjudicator, and
vice-versa. In the event that Ricky and Jeremy are playing each other, a neutral third
party will be designated as the adjudicator." So: the event's TDs who do not play in the
match; if none is left, its neutral adjudicators who do not play in it either; failing
both, its organisers who do not play in it (para 30: what the Annex does not cover is the
organisers').
"""

from __future__ import annotations

from bot.service.events.lookup import get_event
from bot.service.formats.traits import cite
from bot.service.people.persons import get_person
from bot.service.people.roles import people_with_role, roles_of
from bot.service.platform.actors import Actor
from bot.service.platform.errors import NotAllowed, OwnMatch
from bot.service.results.matches import MatchView, get_match
from bot.store.db import Tx
from bot.words.said import said

#: The roles that may be asked to rule on a match (``rulers_of``).
RULING_ROLES = frozenset({"td", "adjudicator", "organiser"})


async def refuse_own_match(tx: Tx, actor: Actor, view: MatchView) -> None:
    """Para 19: a TD who plays in a match never rules on it (a ruling on a dispute, a
    correction, a match bye, voiding its games, its board photo, a tied match, an
    expelled opponent's slot): another TD or the neutral adjudicator does. The refusal
    names who (``rulers_of``), and cites para 19 only in a knockout (``formats.cite``).
    To someone who holds a ruling role in the event it is an ``OwnMatch``, which a button
    press shows them; to a player it is a plain refusal. The command line is no player."""
    if actor.person_id is None or actor.person_id not in view.people:
        return
    para19 = cite(await get_event(tx, view.event_id), "SSSg para 19")
    names = [(await get_person(tx, p)).name for p in await rulers_of(tx, view)]
    if not names:
        message = (f"you play in {view.code} and nobody else of this event may rule on it"
                   f"{para19}: ask the organisers to name a neutral adjudicator")
    else:
        who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
        message = f"you play in {view.code}, so {who} rules on it{para19}"
    if await roles_of(tx, view.event_id, actor.person_id) & RULING_ROLES:
        raise OwnMatch(message)
    raise NotAllowed(message)


async def eligible_adjudicators(tx: Tx, match_id: int) -> list[int]:
    """Person ids who may rule on a match, in the order to ask them."""
    m = await get_match(tx, match_id)
    playing = {p for p in m.people if p is not None}
    tds = [p for p in await people_with_role(tx, m.event_id, "td") if p not in playing]
    if tds:
        return tds
    return [p for p in await people_with_role(tx, m.event_id, "adjudicator") if p not in playing]


async def rulers_of(tx: Tx, view: MatchView) -> list[int]:
    """Who is asked to rule on a match: ``eligible_adjudicators``, else the event's
    organisers who do not play in it."""
    rulers = await eligible_adjudicators(tx, view.id)
    if rulers:
        return rulers
    playing = {p for p in view.people if p is not None}
    return [p for p in await people_with_role(tx, view.event_id, "organiser") if p not in playing]


async def ruler_name(tx: Tx, actor: Actor, view: MatchView, what: str) -> str:
    """Para 19: only one of the match's rulers (``rulers_of``) decides ``what`` ("rule on
    its photo", "fill its slot"); their name as the players read it ("a TD" for the
    command line)."""
    if actor.is_operator:
        return "a TD"
    await refuse_own_match(tx, actor, view)
    if actor.person_id not in await rulers_of(tx, view):
        para19 = cite(await get_event(tx, view.event_id), "SSSg para 19")
        raise NotAllowed(said("only a TD who does not play in this match may {what}{para}",
                              what=what, para=para19))
    return (await get_person(tx, actor.person_id)).name
