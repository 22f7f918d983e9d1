"""Prize pools from the fees actually paid and the costs entered (SSSg paras 7-9); the
arithmetic is the core's (``core/prizes.py``), this gathers the event's numbers.

Per division (the draw's divisions): the fees its players paid for its rounds, the
qualifying round's fees counted for the top division (para 9); the costs a TD entered,
shared in proportion (para 9); 90% of the rest to prizes (para 7). Para 8's guarantees are
multiples of the fees each prize winner paid, so they are known once a division has its
final places; until then the number of prize places is shown and the guarantees wait.
"""

from __future__ import annotations

from bot.service.events.lookup import Event, get_event
from bot.service.events.schedule import rounds_of
from bot.service.formats.knockout import prize_texts
from bot.service.formats.knockout.bridge import load_core_event
from bot.service.formats.knockout.prize_views import CostEntered as CostEntered
from bot.service.formats.knockout.prize_views import Prizes as Prizes
from bot.service.formats.registry import format_of
from bot.service.formats.traits import kind
from bot.service.people import roles
from bot.service.people.roles import require_role
from bot.service.platform import journal
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results.matches import matches_of_event
from bot.store import costs_repo, draw_repo, entries_repo, payments_repo
from bot.store.db import Database, Tx
from bot.words.said import joined, said
from core import prizes
from core.knockout import sssg
from core.knockout.match import MatchStage

QUALIFYING = "Qualifying"
PLATE = "Plate"
SETTLED = frozenset({MatchStage.DECIDED, MatchStage.BYE, MatchStage.NOT_NEEDED})


async def enter_cost(
    db: Database, req: Request, event_id: int, amount: int, note: str,
) -> CostEntered:
    """Use-case: a TD enters a cost of running the event (para 9), with a note saying what
    it was for; ``amount`` in minor units."""
    if amount <= 0:
        raise Invalid(said("a cost must be more than 0, e.g. /cost 120 venue"))
    if not note.strip():
        raise Invalid(said("say what the cost was for: /cost AMOUNT NOTE, e.g. /cost 120 "
                           "venue"))
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        await costs_repo.add(tx, event_id=event_id, amount=amount, currency=event.currency,
                             note=note.strip(), recorded_by=actor.label, now=req.now)
        await journal.record(tx, who=actor, action="cost.add", subject=f"event:{event_id}",
                             now=req.now, detail={"amount": amount, "currency": event.currency},
                             why=note.strip())
        total = sum(c.amount for c in await costs_repo.of_event(tx, event_id))
        entered = CostEntered(event, event.money(amount), note.strip(), event.money(total))
        await answer(tx, req, Reply(prize_texts.cost_entered(entered, pools=has_pools(event))))
        return entered


def has_pools(event: Event) -> bool:
    """Whether the bot keeps prize pools for this event: a knockout's, from the fees paid
    per round (SSSg paras 7-9). The other formats' rules give it none to work out: a
    round-based event names prize places only (``[pairing] prize_places``, for the
    Gibson rule), a ladder and a club night none (``Format.bracket``)."""
    return format_of(event).bracket


def _no_pools(event: Event) -> Invalid:
    """Why an event that is not a knockout has no pools in the bot (``has_pools``)."""
    return Invalid(said("{event} is {kind}: the bot keeps prize pools only for knockouts, "
                        "from their fees, so it has none for it; ask its TD about prizes",
                        event=event.name, kind=kind(event.format)))


#: Who reads an event's prize pools in the chat: its players and TDs, to whom the command
#: table offers /prizes (``bot.telegram.commands``); a neutral adjudicator rules on
#: disputes (SSSg para 19) and is not offered it.
ASKERS = frozenset({"player", "td", "organiser"})


async def _asked_event(tx: Tx, person_id: int | None, named: str) -> int:
    """The event a player (or a TD of no knockout) asks about: the one ``named`` (a slug)
    among theirs, else their only knockout; with none, the truth about theirs."""
    mine = ([] if person_id is None else
             [await get_event(tx, eid) for eid, _name, held in await roles.events_of(tx, person_id)
              if held & ASKERS])
    if not mine:
        raise Invalid(said("/prizes is for the players and TDs of an event"))
    chosen = next((e for e in mine if e.slug == named), None)
    if chosen is not None:
        return chosen.id
    knockouts = [e for e in mine if has_pools(e)]
    if len(knockouts) > 1:
        raise Invalid(said("say which event: /prizes EVENT (yours: {events})",
                           events=", ".join(sorted(e.slug for e in knockouts))))
    if not knockouts:
        raise _no_pools(mine[0]) if len(mine) == 1 else Invalid(said(
            "the bot keeps prize pools only for knockouts, from their fees, and none of your "
            "events is one ({events}); ask their TDs about prizes",
            events=joined([said("{event}, {kind}", event=e.name, kind=kind(e.format))
                           for e in mine], "; ")))
    return knockouts[0].id


async def prize_pools(
    db: Database, req: Request, event_id: int | None, *, named: str = "",
) -> Prizes:
    """Use-case: the prize pools of a knockout, for its TDs and players (``event_id`` None:
    the event the asker names, or their only knockout). Any other format has none, and the
    asker is told so in words true of it, with no SSSg paragraph (``has_pools``)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        if event_id is None:
            event_id = await _asked_event(tx, actor.person_id, named)
        await require_role(tx, actor, event_id, "td", "player", "adjudicator")
        event = await get_event(tx, event_id)
        if not has_pools(event):
            raise _no_pools(event)
        report = await _report(tx, event)
        found = Prizes(event, report, prizes.summary_lines(report, f"{event.currency} "),
                       any(not d.division.guarantees and d.prize_places
                           for d in report.divisions))
        await answer(tx, req, Reply(prize_texts.pools(found)))
        return found


async def _report(tx: Tx, event: Event) -> prizes.PrizeReport:
    rounds = await rounds_of(tx, event.id)
    if not rounds:
        raise Invalid(said("{event} is not drawn yet: the draw makes the divisions whose "
                           "prize pools these are", event=event.name))
    division_of = {r.code: r.division or "Main" for r in rounds}
    round_of_id = {r.id: r for r in rounds}
    names = [d for d in dict.fromkeys(division_of.values()) if d != QUALIFYING]
    top = next((d for d in names if d != PLATE), names[0])
    fees = {d: 0 for d in names}
    qualifying = 0
    paid_by: dict[int, dict[str, int]] = {}  # entry -> division -> amount
    for entry, code, amount in await payments_repo.paid_by_round(tx, event.id):
        division = division_of.get(code)
        if division is None:
            continue  # paid for a round the draw did not make (tdbot event draw lists them)
        if division == QUALIFYING:
            qualifying += amount
            division = top
        else:
            fees[division] += amount
        paid_by.setdefault(entry, {}).setdefault(division, 0)
        paid_by[entry][division] += amount
    players: dict[str, set[int]] = {d: set() for d in names}
    settled = {d: True for d in names}
    for m in await matches_of_event(tx, event.id):
        division = round_of_id[m.round_id].division or "Main"
        if division == QUALIFYING:
            continue
        players[division] |= {e for e in m.entries if e is not None}
        settled[division] = settled[division] and m.state in SETTLED
    places = await _places(tx, event.id) if any(settled.values()) else {}
    entry_of = {e.name: e.id for e in await entries_repo.of_event(tx, event.id)}
    divisions = []
    for name in names:
        plate = name == PLATE
        count = len(players[name])
        guarantees: tuple[prizes.Guarantee, ...] = ()
        winners = places.get("plate" if plate else "top")
        if settled[name] and winners is not None:
            winners = winners[: prizes.prize_places(plate, count)]
            paid = [paid_by.get(entry_of[w], {}).get(name, 0) for w in winners]
            if len(paid) == prizes.prize_places(plate, count):
                guarantees = prizes.para8_guarantees(plate, count, paid)
        divisions.append(prizes.DivisionPurse(name, count, fees[name],
                                         qualifying if name == top else 0, plate, guarantees))
    costs = [prizes.Cost(c.note, c.amount) for c in await costs_repo.of_event(tx, event.id)]
    try:
        return prizes.prize_pools(divisions, costs)
    except ValueError as exc:
        raise Invalid(str(exc)) from None


async def _places(tx: Tx, event_id: int) -> dict[str, tuple[str, ...]]:
    """Final places of the divisions that have them (core ``sssg.placements``)."""
    if await draw_repo.draw_record(tx, event_id) is None:
        return {}  # no bracket (not drawn, or a round-based event): no places yet
    try:
        placed = sssg.placements(await load_core_event(tx, event_id))
    except ValueError:
        return {}
    return {"top": placed.top, "plate": placed.plate}
