"""A knockout's freed slots (SSSg 2016 Annex A paras 27 and 29): expelling a player from
the bracket, and filling the slot they leave.

Expelling marks the entry and, for the match the player was to play, opens a question for
the TDs who do not play in it (para 19): a button per candidate who can still take the
slot, and "nobody", which lets the opponent through (``core.knockout.sssg.vacate``; para
27's match bye in effect). Until a TD chooses, the match waits (``bridge.sync_matches``)
and nobody can report in it. A match that already has games cannot be handed to someone
else: it goes to the opponent as a match bye, its games void (para 27). Either way the
match row is decided (a bye to the opponent, or not played when both players left) and the
bracket moves on. Para 29's candidates: "his opponent from the previous round, or the
best-performing loser from the previous round" (losers ranked by wins then spread,
footnote 11; ``core.expulsion`` orders them, ``core.knockout.sssg.substitute`` seats the
chosen one).
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from bot.service.events import group_texts, groups
from bot.service.events.lookup import Event, get_event
from bot.service.events.schedule import get_round
from bot.service.formats.knockout.bridge import load_core_event, play_order, sync_matches
from bot.service.people import expulsion_texts as say
from bot.service.people.expulsions import (
    TO_PLAY,
    Expelled,
    Filled,
    OpenSlot,
    Option,
    current_match,
    entry_named,
    stored_why,
)
from bot.service.platform import callbacks, journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotFound
from bot.service.platform.outbox import SaidButton
from bot.service.platform.unit import (
    Reply,
    Request,
    answer,
    require_actor,
    unit,
)
from bot.service.results import reporting_texts as report_say
from bot.service.results.adjudicators import ruler_name, rulers_of
from bot.service.results.matches import MatchView, core_match, get_match, matches_of_event
from bot.service.results.rulings import award_match_bye_in
from bot.store import draw_repo, entries_repo, expulsions_repo, outbox_repo
from bot.store.db import Database, Tx
from bot.store.entries_repo import Entry, EntryState
from bot.store.expulsions_repo import ExpulsionRow, ExpulsionState
from bot.words.said import Rendered, Said, paragraphs, said, stacked
from core.expulsion import RoundMatch, candidates_for_slots
from core.knockout import sssg
from core.knockout.match import MatchStage


def _key(x: ExpulsionRow) -> str:
    """The dedupe-key prefix of the rulers' copies of one slot's question."""
    return f"expel:{x.id}:td:"


async def expel_from_bracket(tx: Tx, event: Event, entry: Entry, why: Said | str, by: Actor,
                             now: datetime, together: Collection[int] = ()) -> Expelled:
    """Expel ``entry`` from a knockout's bracket (paras 27, 29): a match with games played
    goes to the opponent as a match bye; one not yet played waits for the TDs to fill
    the slot (``options_for``)."""
    view = await current_match(tx, event.id, entry.id)
    await entries_repo.set_state(tx, entry.id, EntryState.EXPELLED)
    note = None
    state = ExpulsionState.OPEN
    if view is None:
        state, note = ExpulsionState.NONE, said("no match left to play: no slot to fill")
    elif (await core_match(tx, view.id)).state().counted:
        state = ExpulsionState.NONE
    x_id = await expulsions_repo.add(
        tx, event_id=event.id, entry_id=entry.id, match_id=view.id if view else None,
        side=view.entries.index(entry.id) if view else None, why=stored_why(why), now=now,
        by=by.person_id, state=state)
    await journal.record(tx, who=by, action="entry.expel", subject=f"entry:{entry.id}", now=now,
                         why=why,
                         detail={"match": view.code if view else None, "slot": state})
    await outbox.enqueue(tx, person_id=entry.person_id, now=now,
                         dedupe_key=f"expel:{x_id}:player",
                         said=say.to_expelled(event, entry.name, why))
    if view is None:
        return Expelled(entry.name, why, x_id, state, note=note)
    side = view.entries.index(entry.id)
    opponent = view.label(1 - side)
    if state == ExpulsionState.NONE:  # games were played: the opponent gets the match (para 27)
        await award_match_bye_in(tx, view.id, 1 - side, by, now,
                                 said("{name} was expelled: {why}", name=entry.name, why=why))
        return Expelled(entry.name, why, x_id, state, view.code, opponent,
                        note=said("{code} had games: match bye to {opponent} (para 27), its "
                                  "games void", code=view.code, opponent=opponent))
    await sync_matches(tx, event.id)  # the match now waits for the TDs' choice
    x = await expulsions_repo.get(tx, x_id)
    assert x is not None
    options = await options_for(tx, event, x)
    other = view.people[1 - side]
    both = view.entries[1 - side] in together or await _opponent_expelled(tx, view, side)
    if other is not None and not both:
        await outbox.enqueue(tx, person_id=other, now=now, dedupe_key=f"expel:{x_id}:opponent",
                             said=say.to_opponent(event, view, entry.name))
    await ask_rulers(tx, event, x, view, options, now, both, why)
    return Expelled(entry.name, why, x_id, state, view.code, opponent, options)


async def _opponent_expelled(tx: Tx, view: MatchView, side: int) -> bool:
    other = view.entries[1 - side]
    entry = await entries_repo.get(tx, other) if other is not None else None
    return entry is not None and entry.state == EntryState.EXPELLED


async def _expelled_opponent(tx: Tx, view: MatchView, side: int) -> ExpulsionRow | None:
    """The open expulsion of the other player of ``view``, when both were expelled: then
    neither goes through by the other's slot."""
    other = view.entries[1 - side]
    if other is None:
        return None
    x = await expulsions_repo.of_entry(tx, other)
    return x if x is not None and x.match_id == view.id and x.state == ExpulsionState.OPEN else None


async def ask_rulers(tx: Tx, event: Event, x: ExpulsionRow, view: MatchView,
                     options: list[Option], now: datetime, both: bool, why: Said | str) -> None:
    """Para 29's question to every TD who does not play in the match (para 19); ``both``:
    the opponent is expelled too, so nobody means the match is not played. ``why``: the
    reason as given (the bot's own as its record, read in each TD's language)."""
    assert x.side is not None
    text = say.ask_rulers(event, view, x.name, why, options, both)
    buttons: list[list[SaidButton]] = [
        [(say.button_label(o), callbacks.expel_pick(x.id, o.entry_id))] for o in options]
    buttons.append([(say.nobody_label(view, x.side, both), callbacks.expel_pick(x.id, None))])
    for ruler in await rulers_of(tx, view):
        await outbox.enqueue(tx, person_id=ruler, now=now, said=text, buttons=buttons,
                             dedupe_key=f"{_key(x)}{ruler}")


async def _previous_round(tx: Tx, event_id: int, x: ExpulsionRow,
                          view: MatchView) -> list[MatchView]:
    """Para 29's "previous round": the round of the expelled player's last decided match;
    for a player who has not played yet (a bye into the top division), the qualifying
    round when there is one."""
    decided = [m for m in await matches_of_event(tx, event_id) if m.state == MatchStage.DECIDED]
    theirs = [m for m in decided if x.entry_id in m.entries]
    if theirs:
        round_id = max(theirs, key=lambda m: play_order(m.code)).round_id
    else:
        qualifying = [m for m in decided if m.code.startswith("Q") and not view.code.startswith("Q")]
        if not qualifying:
            return []
        round_id = qualifying[0].round_id
    return [m for m in decided if m.round_id == round_id and None not in m.names]


async def options_for(tx: Tx, event: Event, x: ExpulsionRow) -> list[Option]:
    """Who may take the slot, best first: ``core.expulsion``'s order (para 29, footnote
    11), less anyone the bracket cannot seat there (``core.knockout.sssg.substitute`` says who: a
    player still in the same division, or one whose own match has games)."""
    if x.match_id is None:
        return []
    view = await get_match(tx, x.match_id)
    previous = [RoundMatch((str(m.names[0]), str(m.names[1])), await core_match(tx, m.id))
                for m in await _previous_round(tx, event.id, x, view)]
    entries = {e.name: e for e in await entries_repo.of_event(tx, event.id)}
    barred = [name for name, e in entries.items() if e.state == EntryState.EXPELLED]
    slot = candidates_for_slots([x.name], previous, ineligible=barred)[0]
    core_event = await load_core_event(tx, event.id)
    options = []
    for c in slot.candidates:
        try:
            sssg.substitute(core_event, view.code, x.name, c.name)
        except ValueError:
            continue
        options.append(Option(entries[c.name].id, c.name, c.reason))
    return options


async def fill_in(tx: Tx, event: Event, x: ExpulsionRow, replacement: int | None, by: Actor,
                  by_name: str, now: datetime) -> Filled:
    """Seat the chosen player in the freed slot, or let the opponent through (None); tell
    everyone whose match this changes, and edit every ruler's copy of the question."""
    if x.match_id is None:
        raise Invalid(said("{name} left no slot to fill", name=x.name))
    view = await get_match(tx, x.match_id)
    assert x.side is not None
    opponent = view.label(1 - x.side)
    if x.state != ExpulsionState.OPEN:
        return Filled(x.name, view.code, None, opponent, x.decided_by_name or "someone",
                      already=True)
    chosen: Option | None = None
    if replacement is not None:
        options = await options_for(tx, event, x)
        chosen = next((o for o in options if o.entry_id == replacement), None)
        if chosen is None:
            shown = ", ".join(o.name for o in options) or "nobody"
            raise Invalid(said("that player cannot take {name}'s slot in {code} now (para "
                               "29); who can: {who}", name=x.name, code=view.code,
                               who=shown))
    both = None if chosen else await _expelled_opponent(tx, view, x.side)
    if not await expulsions_repo.decide(tx, x.id, "replaced" if chosen else "vacated", now,
                                        by=by.person_id, by_name=by_name,
                                        replacement=chosen.entry_id if chosen else None):
        fresh = await expulsions_repo.get(tx, x.id)
        return Filled(x.name, view.code, None, opponent,
                      (fresh.decided_by_name if fresh else None) or "someone", already=True)
    core_event = await load_core_event(tx, event.id)
    if chosen is not None:
        moved = sssg.substitute(core_event, view.code, x.name, chosen.name)
    else:
        moved = sssg.vacate(core_event, view.code, x.name)
    if both is not None:  # the opponent was expelled too: nobody plays the match
        await expulsions_repo.decide(tx, both.id, "vacated", now, by=by.person_id,
                                     by_name=by_name)
        moved = sssg.vacate(moved, view.code, both.name)
    stored = await draw_repo.draw_record(tx, event.id)
    assert stored is not None
    subs = [{"match": mid, "slot": slot, "player": player}
            for mid, slot, player in moved.substitutes]
    await draw_repo.update_record(tx, event.id, {**stored, "substitutes": subs})
    before = {m.id: m for m in await matches_of_event(tx, event.id)}
    became_ready = await sync_matches(tx, event.id)
    await journal.record(tx, who=by, action="entry.replace" if chosen else "entry.vacate",
                         subject=f"match:{view.id}", now=now,
                         detail={"expelled": x.name, "code": view.code,
                                 "replacement": chosen.name if chosen else None,
                                 "reason": chosen.reason if chosen else None},
                         why=said("{name}'s slot (SSSg para 29), chosen by {by}", name=x.name,
                                  by=by_name))
    await _tell_changes(tx, event, before, became_ready, now, x)
    result = Filled(x.name, view.code, chosen.name if chosen else None, opponent, by_name,
                    not_played=both is not None)
    copies = await outbox_repo.by_dedupe_prefix(tx, _key(x))
    if both is not None:  # the other slot's question is answered too
        copies += await outbox_repo.by_dedupe_prefix(tx, _key(both))
    for copy in copies:
        await outbox.enqueue_edit(tx, copy, now=now, said=paragraphs(
            stacked(Rendered(copy.text_html)), say.decided_note(result)))
    return result


async def _tell_changes(tx: Tx, event: Event, before: dict[int, MatchView],
                        became_ready: list[int], now: datetime, x: ExpulsionRow) -> None:
    """Everyone whose match the filled slot changed: a match given over unplayed (the
    opponent of nobody, or the plate opponent of the player who moved up) tells its winner
    they go through, and the group, as any final result; a match now ready tells both
    players whom they meet."""
    after = await matches_of_event(tx, event.id)
    for m in after:
        was = before.get(m.id)
        if (m.state != MatchStage.BYE or was is None or was.state == MatchStage.BYE
                or m.winner is None):
            continue
        left = was.names[1 - m.winner]  # None: nobody came from the other side
        await groups.post_walkover(tx, event, m, (await core_match(tx, m.id)).state(),
                                   group_texts.walkover(event, m, m.winner, left, x.name), now)
        person = m.people[m.winner]
        if person is None:
            continue
        more = any(o.id != m.id and person in o.people and o.state in TO_PLAY for o in after)
        await outbox.enqueue(tx, person_id=person, now=now,
                             dedupe_key=f"expel:{x.id}:through:{m.id}",
                             said=say.goes_through(event, m, left, x.name, more))
    for match_id in became_ready:
        ready = await get_match(tx, match_id)
        rnd = await get_round(tx, ready.round_id)
        for side in (0, 1):
            person = ready.people[side]
            if person is None:
                continue
            text = report_say.match_ready(event, rnd, ready, ready.label(1 - side))
            if match_id == x.match_id:
                newcomer = ready.entries[side] != before[match_id].entries[side]
                text = say.slot_filled(event, x.name, ready.label(1 - side), newcomer,
                                       report_say.next_match(event, rnd, ready,
                                                             ready.label(1 - side)))
            await outbox.enqueue(tx, person_id=person, now=now,
                                 dedupe_key=f"expel:{x.id}:ready:{match_id}:{side}", said=text)


# --- use-cases ----------------------------------------------------------------------------


async def fill_slot_button(db: Database, req: Request, expulsion_id: int,
                           replacement: int | None) -> Filled:
    """Use-case: a TD presses a candidate's button, or Nobody; they read what it did."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        x = await expulsions_repo.get(tx, expulsion_id)
        if x is None or x.match_id is None:
            raise NotFound(said("that question is no longer known"))
        event = await get_event(tx, x.event_id)
        by = await ruler_name(tx, actor, await get_match(tx, x.match_id), "fill its slot")
        done = await fill_in(tx, event, x, replacement, actor, by, req.now)
        await answer(tx, req, Reply(say.filled_answer(done)))
        return done


async def replace_player(db: Database, req: Request, event_id: int, expelled: str, *,
                         with_name: str | None) -> Filled:
    """Use-case: ``tdbot players replace EVENT NAME (--with NAME | --nobody)``."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        event = await get_event(tx, event_id)
        entry = await entry_named(tx, event, expelled)
        x = await expulsions_repo.of_entry(tx, entry.id)
        if x is None:
            raise Invalid(said("{name} is not expelled: `tdbot players expel` first",
                               name=entry.name))
        if x.match_id is None:
            raise Invalid(said("{name} left no slot to fill", name=entry.name))
        by = await ruler_name(tx, actor, await get_match(tx, x.match_id), "fill its slot")
        chosen = await entry_named(tx, event, with_name) if with_name is not None else None
        done = await fill_in(tx, event, x, chosen.id if chosen else None, actor, by, req.now)
        return done


async def open_slots(tx: Tx, event: Event) -> list[OpenSlot]:
    out = []
    for x in await expulsions_repo.open_of_event(tx, event.id):
        if x.match_id is None:
            continue
        view = await get_match(tx, x.match_id)
        assert x.side is not None
        out.append(OpenSlot(x.id, x.name, view.code, view.label(1 - x.side),
                            await options_for(tx, event, x), view.people))
    return out
