"""What an expelled player's matches refuse: results, agreements, disputes, rulings and
board photos (SSSg Annex A paras 26, 27, 29).

Expelling a player decides their match at once (``expulsions``): the slot given to a
candidate, offered to nobody (the opponent goes through unplayed), or, with games played,
a match bye to the opponent (para 27: those games are void). From then on nothing may be
recorded in it, nor in any match that still names the expelled player: a game reported,
confirmed or agreed there, a dispute, a ruling or a photo would change a result the
expulsion settled, or bring back a player who is out. Each use-case asks here before it
writes, and the refusal says what the expulsion decided, so that the person knows where
the match stands ("Olivia Seah was expelled on ...; your match against Olivia Seah went
to you", to Terence Low).

A match whose freed slot someone took is the newcomer's and plays on: only the matches
that still name the expelled player, or that lost a player nobody replaced, refuse.
"""

from __future__ import annotations

from bot.service.events.lookup import get_event
from bot.service.formats.registry import format_of
from bot.service.formats.seam import Format
from bot.service.people import expulsion_texts as say
from bot.service.platform.errors import Invalid
from bot.service.results.matches import MatchView, get_match, latest_event_of, matches_of_person
from bot.store import entries_repo, expulsions_repo
from bot.store.db import Tx
from bot.store.entries_repo import Entry, EntryState
from bot.store.expulsions_repo import ExpulsionRow, ExpulsionState
from core.knockout.match import MatchStage
from core.names import matches_of


def _match_words(view: MatchView, x: ExpulsionRow, viewer: int | None) -> str:
    """The match as the reader knows it: the command line (None) by its code ("Q4"); a
    player of it, or the one expelled from it, by their opponent ("your match against
    Terence Low"); anyone else by its players."""
    if viewer is None:
        return view.code
    side = view.side_of_person(viewer)
    if side is None and viewer == x.person_id:
        side = x.side
    if side is not None:
        return f"your match against {view.label(1 - side)}"
    return f"{view.label(0)} v {view.label(1)}"


async def refusal(tx: Tx, x: ExpulsionRow, viewer: int | None = None) -> Invalid:
    """The refusal for acts that the expulsion ``x`` closed; ``viewer`` is the person it
    goes to (None: the command line), so that it says "you" to whom it concerns."""
    event = await get_event(tx, x.event_id)
    outcome = "no match was left to play"
    if x.match_id is not None:
        view = await get_match(tx, x.match_id)
        match = _match_words(view, x, viewer)
        if x.state == ExpulsionState.OPEN:
            outcome = f"the TDs are choosing who takes the place in {match}"
        elif x.state == ExpulsionState.REPLACED and x.replacement_entry_id is not None:
            taker = await entries_repo.get(tx, x.replacement_entry_id)
            who = "you" if taker is not None and taker.person_id == viewer else (
                taker.name if taker is not None else "another player")
            outcome = f"{who} took the place in {match}"
        elif view.winner is not None and view.people[view.winner] == viewer:
            outcome = f"{match} went to you"
        elif view.winner is not None and match.startswith("your "):
            outcome = f"{view.label(view.winner)} won your match"
        elif view.winner is not None:
            outcome = f"{match} went to {view.label(view.winner)}"
        elif view.state == MatchStage.DECIDED:
            outcome = f"{match} ended in a tie"
        elif view.state in (MatchStage.BYE, MatchStage.NOT_NEEDED) or x.side is None:
            outcome = f"{match} is not played"
        else:  # the slot is a bye, the other one not known yet
            outcome = f"{match} goes unplayed to {view.label(1 - x.side)}"
    you = viewer is not None and viewer == x.person_id
    return Invalid(say.refused(x.name, event.local(x.expelled_at), outcome, you))


async def is_out(tx: Tx, entry_id: int | None) -> bool:
    """Whether the entry is an expelled player's (told so; no next match to name)."""
    entry = await entries_repo.get(tx, entry_id) if entry_id is not None else None
    return entry is not None and entry.state == EntryState.EXPELLED


async def closed(tx: Tx, view: MatchView) -> bool:
    """Whether an expulsion closed ``view``: it lost a player nobody replaced, or it
    names an expelled player (a deadline then has nothing to act on)."""
    return bool(await expulsions_repo.barring(tx, view.event_id, view.id, view.entries))


async def refuse_in_match(tx: Tx, view: MatchView, viewer: int | None = None) -> None:
    """Refuse any result, ruling or photo in ``view`` when an expulsion closed it."""
    barred = await expulsions_repo.barring(tx, view.event_id, view.id, view.entries)
    if barred:
        raise await refusal(tx, barred[0], viewer)


async def refuse_entry(tx: Tx, entry: Entry, viewer: int | None = None) -> None:
    """Refuse a result that names ``entry`` when that player is expelled."""
    if entry.state != EntryState.EXPELLED:
        return
    x = await expulsions_repo.of_entry(tx, entry.id)
    if x is not None:
        raise await refusal(tx, x, viewer)


async def refuse_named(tx: Tx, event_id: int, name: str, viewer: int | None = None) -> None:
    """Refuse an act that names (``core.names``) one expelled player of the event and
    nobody else it could be: their check-in, say, where only active players are looked
    up, so that the refusal says why rather than "no such player"."""
    entries = await entries_repo.of_event(tx, event_id)
    found = [entries[i] for i in matches_of(name, [e.name for e in entries])]
    if len(found) == 1:
        await refuse_entry(tx, found[0], viewer)


async def refuse_person(tx: Tx, person_id: int, fmt: Format) -> None:
    """Refuse a player's own act (a check-in, a challenge) when they are in no event of
    format ``fmt`` any more because they were expelled from one: the refusal says so."""
    for x in await expulsions_repo.of_person(tx, person_id):
        if format_of(await get_event(tx, x.event_id)) is fmt:
            raise await refusal(tx, x, person_id)


async def refuse_player(tx: Tx, person_id: int, opponent: str = "") -> None:
    """A player's result or photo that found nothing of theirs to count in: refused with
    the expulsion behind it, when there is one: the opponent's they named (``opponent``,
    a name or part of one, that fits none of the matches they play), their own (they are
    out), or the one that settled their latest match (it went to them unplayed)."""
    if opponent:
        for event_id in {m.event_id for m in await matches_of_person(tx, person_id)}:
            out = [e for e in await entries_repo.of_event(tx, event_id) if e.state == EntryState.EXPELLED]
            found = matches_of(opponent, [e.name for e in out])
            if len(found) == 1:
                await refuse_entry(tx, out[found[0]], person_id)
    latest = await latest_event_of(tx, person_id)  # None: their matches all left them
    mine = await expulsions_repo.of_person(tx, person_id)
    if mine and (latest is None or latest.id == mine[0].event_id):
        raise await refusal(tx, mine[0], person_id)
    if latest is not None and not opponent:
        theirs = [m for m in await matches_of_person(tx, person_id) if m.event_id == latest.id]
        await refuse_in_match(tx, theirs[-1], person_id)
