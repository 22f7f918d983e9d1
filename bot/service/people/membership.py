"""Membership of the association (SSSg 2016, Annex A para
11: entrants must be members). An entry may carry the date its membership ends (the players
CSV's ``membership_until``); when a round opens, the TDs are told who in it has a
membership that ends before the round closes, so they can ask them to renew."""

from __future__ import annotations

from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.events.schedule import Round
from bot.service.people import membership_texts
from bot.service.people.roles import people_with_role
from bot.service.platform import outbox
from bot.store import entries_repo
from bot.store.db import Tx


async def flag_memberships(tx: Tx, event: Event, rnd: Round, closes: datetime,
                           now: datetime) -> list[str]:
    """Tell the TDs whose membership ends before ``rnd`` closes; returns their names."""
    ending = await entries_repo.membership_ending(tx, rnd.id, closes.astimezone(event.zone).date())
    if not ending:
        return []
    text = membership_texts.ending(event.name, rnd.name, ending)
    tds = set(await people_with_role(tx, event.id, "td"))
    for td in sorted(tds | set(await people_with_role(tx, event.id, "organiser"))):
        await outbox.enqueue(tx, person_id=td, said=text, now=now,
                             dedupe_key=f"membership:{rnd.id}:td:{td}")
    return [name for name, _ in ending]
