"""Rating estimates of a round-based event (``core.ratings``): ``/rating`` (a player's own,
a TD's whole table), ``tdbot event ratings`` and the ratings file ``/export`` sends.

Only final results count (a decided match: agreed, or final when its window closed, or
ruled), so the estimate moves after each agreed result. The players' ratings in the
event's file are the starting point; a rating of 0 is unrated. Scrabble events use NASPA's
method, chess events FIDE's Elo; ``[pairing] rated = "club"`` counts the event as a local
club tournament, at one third (Director's Manual, tournament types).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.events.definitions import chess_pairing
from bot.service.events.lookup import Event
from bot.service.formats.rounds import outlook_texts as say
from bot.service.formats.rounds.round_division import (
    READS,
    RoundsEvent,
    load_rounds_event,
    own_results,
    pairing_of,
    results_only,
)
from bot.service.people.roles import has_role
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.unit import Reply, Request, answer, reading, require_actor, unit
from bot.store.db import Database, Tx
from bot.words.said import Said, stacked
from core.phrases import Phrase
from core.ratings import Rated, estimate, missing_for_rating, player_estimate


@dataclass(frozen=True)
class RatingsView:
    """The event's estimate after its final results so far."""

    event: Event
    rows: dict[int, Rated]
    chess: bool
    kind: str  # "open" or "club"
    after: int  # rounds complete
    missing: list[Phrase]
    mine: int | None = None  # the asking player's number; None: a TD or the command line

    @property
    def method(self) -> str:
        how = "FIDE's Elo" if self.chess else "NASPA's method"
        club = ", a local club tournament at one third" if self.kind == "club" else ""
        return how + club

    @property
    def method_said(self) -> Said:
        return say.method(self.chess, self.kind == "club")

    @property
    def body(self) -> str:
        """The rating body that rates the event (a name, the same in every language)."""
        return "FIDE" if self.chess else "NASPA"


def estimate_of(state: RoundsEvent, mine: int | None = None) -> RatingsView:
    chess = chess_pairing(state.pairing)
    division = results_only(state.division)
    kind = state.pairing.rated
    return RatingsView(state.event, estimate(division, chess=chess, club=kind == "club"),
                       chess, kind, state.last_complete(),
                       missing_for_rating(division, kind=kind), mine)


def _score(r: Rated, chess: bool) -> str:
    unit_word = "point" if chess else "win"
    return f"{r.score:g} {unit_word}{'s' * (r.score != 1)}"


def player_text(view: RatingsView, number: int) -> Said:
    """A player's own estimate, in the second person."""
    r = view.rows[number]
    name = view.event.name
    if not r.games:
        return say.no_rated_game(name)
    scored = say.score(r.score, view.chess)
    if not r.before:
        if not r.after:
            return say.unrated_no_point(name, r.games)
        line = say.first_rating(r.games, scored, r.after)
    else:
        line = say.rating_moved(r.before, r.after, r.change, r.games, scored, r.expected)
    return say.player_estimate(name, view.method_said, line, view.body)


def change_line(r: Rated | None, chess: bool) -> Said | None:
    """One line for a rated player's message once a result of theirs is final: where their
    rating estimate ``r`` stands after it, labelled an estimate (the rating body, FIDE for
    ``chess`` else NASPA, rates the event). None for a player who is unrated or has no
    rated game yet (``/rating`` says why)."""
    if r is None or not r.before or not r.games:
        return None
    return say.change_line(r.before, r.after, r.change, "FIDE" if chess else "NASPA")


async def change_after_result(tx: Tx, event: Event, person_id: int) -> Said | None:
    """``change_line`` for the player ``person_id`` of a round-based event, from its final
    results so far (a result just made final among them).

    Made from the player's own results and their opponents' ratings, all a rated player's
    estimate is made from (``core.ratings.player_estimate``); only where it is made from
    more, an unrated opponent at NASPA, is the whole field rated, once per transaction
    while nothing it is made from changes: both players of a result read the same one."""
    pairing = pairing_of(event)[1]
    own = await own_results(tx, event, pairing, person_id)
    if own is None:
        return None
    division, number = own
    if not next(p for p in division.players if p.number == number).rating:
        return None  # an unrated player has no line
    chess = chess_pairing(pairing)
    alone = player_estimate(division, number, chess=chess, club=pairing.rated == "club")
    if alone is not None:
        return change_line(alone, chess)
    state = await load_rounds_event(tx, event.id)
    view = tx.remembered(("ratings-estimate", event.id), READS)
    if not isinstance(view, RatingsView):
        view = estimate_of(state)
        tx.remember(("ratings-estimate", event.id), READS, view)
    whole = next(n for n, e in state.entries.items() if e.person_id == person_id)
    return change_line(view.rows.get(whole), chess)


def _ranked(view: RatingsView) -> list[Rated]:
    """The division, best gain first (an unrated player's counts as none)."""
    return sorted(view.rows.values(), key=lambda r: (-(r.after - r.before if r.before else 0),
                                                     r.name))


def table_text(view: RatingsView) -> str:
    """The whole division as plain text: ``tdbot event ratings`` and the ratings file of
    ``/export`` (for the rating officer, in English)."""
    out = [f"{view.event.name}: rating estimate after round {view.after} ({view.method})"]
    for r in _ranked(view):
        if r.before:
            change = f"{r.before} -> {r.after} ({r.change:+d})"
        else:
            change = f"unrated -> {r.after or 'none yet'}"
        figures = (f"{r.games} game{'s' * (r.games != 1)}, {_score(r, view.chess)}"
                   + (f", {r.expected:.2f} expected" if r.before else ""))
        out.append(f"{r.name}: {change}; {figures}")
    out.append("An estimate: the rating body rates the event from the results it is sent.")
    if view.missing:
        out.append("Before sending the results to the rating body:")
        out += [f"- {m}" for m in view.missing]
    return "\n".join(out)


def table_said(view: RatingsView, *, for_tds: bool = True) -> Said:
    """The whole division in the chat, best gain first: a TD's ``/rating``; a player's
    ``/rating all`` without ``for_tds``: what the TDs must check before sending the
    results to the rating body is theirs to act on, not the players'."""
    rows = [say.table_row(r.name, r.before, r.after, r.change, r.games,
                          say.score(r.score, view.chess), r.expected if r.before else None)
            for r in _ranked(view)]
    tds = [say.before_sending(), *(say.missing(m) for m in view.missing)] if (
        view.missing and for_tds) else []
    return stacked(say.table_title(view.event.name, view.after, view.method_said), *rows,
                   say.table_foot(), *tds)


async def rating(db: Database, req: Request, event_id: int, *,
                 asked: Sequence[str] = ()) -> Said:
    """Use-case: ``/rating``: a player sees their own estimate (``asked`` ``all``: the
    division's); a TD or organiser the division's; in their language. Anything else
    asked is refused with the two ways to ask."""
    everyone = [w.casefold() for w in asked] == ["all"]
    async with unit(db, req) as tx:
        if asked and not everyone:
            raise Invalid(say.rating_usage(" ".join(asked)))
        actor = await require_actor(tx, req)
        state = await load_rounds_event(tx, event_id)
        mine = next((n for n, e in state.entries.items()
                     if actor.person_id is not None and e.person_id == actor.person_id), None)
        if mine is not None and not everyone:
            text = player_text(estimate_of(state, mine), mine)
        elif mine is not None:
            text = table_said(estimate_of(state, mine), for_tds=False)
        elif await has_role(tx, actor, event_id, "td") or await has_role(
                tx, actor, event_id, "organiser"):
            text = table_said(estimate_of(state))
        else:
            raise NotAllowed(say.rating_for_whom(state.event.name))
        await answer(tx, req, Reply(text))
        return text


async def read_ratings(db: Database, event_id: int) -> RatingsView:
    """``tdbot event ratings``."""
    async with reading(db) as tx:
        return estimate_of(await load_rounds_event(tx, event_id))


def ratings_file(state: RoundsEvent) -> tuple[str, str]:
    """The ratings file ``/export`` sends with the event's results: the estimate and what
    the rating body would miss."""
    return f"{state.event.slug}-ratings.txt", table_text(estimate_of(state)) + "\n"
