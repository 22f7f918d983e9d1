"""Expelling a player (SSSg 2016, Annex A paras 26 and 29):
the checks and the record every format shares, then what the event's format does with the
player's match and place (``seam.Format.expel``).

Para 26: "If a player is not paid-up by the commencement of a round, he will immediately be
expelled from the tournament" (``rounds.open_round_in`` calls ``expel_in`` for each, unless
the event holds them for a TD). Para 29: a TD may expel a player for any breach; in a
knockout "his slot ... may ... be offered" to another player (``formats.knockout.slots``).

The formats with no bracket have no slot to offer (``expel_unbracketed``): a round-based
event's or a club night's expelled player forfeits the games of their current match not yet
played and is not paired again; a ladder's leaves the ladder. From then on nothing more is
recorded for them (``expelled``).
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from bot.service.events.lookup import Event, get_event
from bot.service.formats.registry import format_of
from bot.service.formats.seam import Expelled as Expelled
from bot.service.formats.seam import Filled as Filled
from bot.service.formats.seam import OpenSlot as OpenSlot
from bot.service.formats.seam import Option as Option
from bot.service.people import expulsion_texts as say
from bot.service.people.roles import require_role
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotFound
from bot.service.platform.news import News
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results.adjudicators import refuse_own_match
from bot.service.results.disputes import supersede
from bot.service.results.matches import MatchView, core_match, matches_of_event
from bot.service.results.reporting import one_game_of
from bot.service.results.reporting_texts import one_game
from bot.service.results.rulings import apply_correction_in
from bot.service.results.slip_copies import settled_note, went_to
from bot.store import entries_repo, expulsions_repo
from bot.store.db import Database, Tx
from bot.store.entries_repo import Entry, EntryState
from bot.store.expulsions_repo import ExpulsionState
from bot.words.said import Said, english_text, said, said_n
from core.knockout.match import MatchStage, forfeit_rest
from core.names import NameRefused, pick

#: Match states in which a player still holds a slot to play.
TO_PLAY = (MatchStage.WAITING, MatchStage.READY, MatchStage.PLAYING)


def unpaid_rule(event: Event) -> str:
    """The event's ``rules.unpaid``: "expel" (para 26, the default) or "hold"."""
    return str(event.rules.get("rules", {}).get("unpaid", "expel"))


async def current_match(tx: Tx, event_id: int, entry_id: int) -> MatchView | None:
    """The match the player is to play next, if any: the first of theirs still to play, by
    round (in a knockout there is at most one at a time)."""
    mine = [m for m in await matches_of_event(tx, event_id)
            if entry_id in m.entries and m.state in TO_PLAY]
    return min(mine, key=lambda m: (m.round_id, m.id)) if mine else None


async def expel_in(tx: Tx, event: Event, entry: Entry, why: Said | str, by: Actor,
                   now: datetime, together: Collection[int] = ()) -> Expelled:
    """Expel ``entry`` (paras 26, 29) and open its slot for the TDs, as the module says.
    ``why``: a TD's reason as typed, or the bot's own as a record (para 26's, when a round
    opens), so that each reader reads it in their language. ``together``: entry ids
    expelled in the same act (a round's opening), so that the opponent of a match whose
    two players both go is not told to wait for a TD."""
    if entry.state == EntryState.EXPELLED:
        raise Invalid(said("{name} is already expelled from {event}", name=entry.name,
                           event=event.name))
    if isinstance(why, str):
        why = why.strip()
    if not why:
        raise Invalid(said("say why the player is expelled: they and the journal are told"))
    return await format_of(event).expel(tx, event, entry, why, by, now, together)


def stored_why(why: Said | str) -> str:
    """An expulsion's reason as its row and a ruling keep it: a TD's words as typed, the
    bot's own in English (the messages get the record itself)."""
    return english_text(why)


async def expel_unbracketed(tx: Tx, event: Event, entry: Entry, why: Said | str, by: Actor,
                            now: datetime, *, nothing_left: Said) -> Expelled:
    """Expelling from a format with no bracket, so no slot to offer (para 29's slot is a
    bracket's). A round-based event's or a club night's player is not paired again (only
    active entries are paired), and the games of their current match not yet played are
    forfeited to the opponent: a forfeit is a win for the player who was there to play,
    with the event's ``forfeit_spread`` (WESPA rules, "Absent from the table": "your
    opponent wins, with 75 points spread"; the Director's Manual records a forfeit as a
    game won or lost by a spread, "typically +50 or -50"); games played stand.
    ``nothing_left``: the note when they have no game left to play."""
    await entries_repo.set_state(tx, entry.id, EntryState.EXPELLED)
    view = await current_match(tx, event.id, entry.id)
    x_id = await record_unbracketed(tx, event, entry, view, why, by, now)
    if view is None:
        return Expelled(entry.name, why, x_id, ExpulsionState.NONE, note=nothing_left)
    side = view.entries.index(entry.id)
    opponent = view.label(1 - side)
    count = await _forfeit_rest(tx, event, view, side, by, now, why)
    where: dict[str, str] = dict(code=view.code, opponent=opponent, name=entry.name)
    if one_game(event, view):
        note = said("{code}: {opponent} wins the game by forfeit; {name} is not paired again",
                    **where)
    else:
        note = said_n("{code}: {opponent} wins the game not played by forfeit; {name} is not "
                      "paired again", "{code}: {opponent} wins the {n} games not played by "
                      "forfeit; {name} is not paired again", count, **where)
    return Expelled(entry.name, why, x_id, ExpulsionState.NONE, view.code, opponent,
                    note=note)


async def record_unbracketed(tx: Tx, event: Event, entry: Entry, view: MatchView | None,
                             why: Said | str, by: Actor, now: datetime) -> int:
    """Record an expulsion with no slot to fill (``view``: the match it ended, if any) in
    the journal, and tell the player; its id."""
    x_id = await expulsions_repo.add(
        tx, event_id=event.id, entry_id=entry.id, match_id=view.id if view else None,
        side=view.entries.index(entry.id) if view else None, why=stored_why(why), now=now,
        by=by.person_id, state=ExpulsionState.NONE)
    await journal.record(tx, who=by, action="entry.expel", subject=f"entry:{entry.id}", now=now,
                         why=why, detail={"match": view.code if view else None, "slot": "none"})
    await outbox.enqueue(tx, person_id=entry.person_id, now=now,
                         dedupe_key=f"expel:{x_id}:player",
                         said=say.to_expelled(event, entry.name, why))
    return x_id


async def _forfeit_rest(tx: Tx, event: Event, view: MatchView, side: int, by: Actor,
                        now: datetime, why: Said | str) -> int:
    """Forfeit to the opponent every game of ``view`` that ``side`` has not played, until
    the match is decided (``expel_unbracketed`` says why); returns how many. The one path
    of every ruling writes it (``rulings.apply_correction_in``): the match is decided, the
    event moves on and the group sees the result. The opponent reads it in one message:
    why they won, the result, and what follows for them."""
    match = await core_match(tx, view.id)
    new = forfeit_rest(match, 1 - side)
    count = len(new.games) - len(match.games)
    reason = said("{name} was expelled: {why}", name=view.label(side), why=why)
    single = one_game(event, view)
    await supersede(  # the games played stand: their open slips are final, disputes closed
        tx, view, ruling=f"forfeit: {view.label(side)} was expelled: {stored_why(why)}", by=by, now=now,
        decided=new,
        slip_note=lambda viewer, counts: settled_note(
            went_to(view, viewer, 1 - side, said("by forfeit"), reason, single=single), counts),
        ruler_note=settled_note(went_to(view, None, 1 - side, said("by forfeit"), reason), True))
    news = News(event)
    await apply_correction_in(tx, event, view, new, by=by, now=now, confirm=False, news=news)
    other = view.people[1 - side]
    if other is not None:
        after = new.state()
        news.lead(other, say.forfeited_to(event, view, 1 - side, after, count,
                                          await one_game_of(tx, event, view, after)))
    await news.send(tx, now, key=f"expel:{view.id}:forfeit")
    await journal.record(tx, who=by, action="match.forfeit", subject=f"match:{view.id}",
                         now=now, why=said("{player} was expelled: {why}",
                                            player=view.label(side), why=why),
                         detail={"code": view.code, "to_side": 1 - side, "games": count})
    return count


async def entry_named(tx: Tx, event: Event, name: str) -> Entry:
    """The player a TD typed (``core.names``: the one rule for typed names)."""
    entries = await entries_repo.of_event(tx, event.id)
    try:
        return entries[pick(name.strip(), [e.name for e in entries])]
    except NameRefused as exc:
        if exc.ambiguous:
            raise Invalid(said("player {why}", why=str(exc))) from None
        raise NotFound(said("no player '{name}' in {event}{did_you_mean}; `tdbot event show "
                            "{event}` lists them", name=name.strip(), event=event.slug,
                            did_you_mean=exc.did_you_mean)) from None


async def expel(db: Database, req: Request, event_id: int, name: str, *, why: str) -> Expelled:
    """Use-case: a TD expels a player (``tdbot players expel``, ``/expel``; SSSg para 29)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        if event.draw_seed is None and format_of(event).no_draw is None:
            raise Invalid(said("{event} is not drawn yet: remove the entry instead of "
                               "expelling it", event=event.name))
        entry = await entry_named(tx, event, name)
        view = await current_match(tx, event.id, entry.id)
        if view is not None:
            await refuse_own_match(tx, actor, view)  # para 19: not a TD's own opponent
        done = await expel_in(tx, event, entry, why, actor, req.now)
        await answer(tx, req, Reply(say.expelled_answer(done)))
        return done
