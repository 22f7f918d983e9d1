"""Matches: the lookups the use-cases share, and the core ``Match`` value built from the
stored rows (``bot/store/matches_repo.py``).

Sides follow core/knockout/match.py: side 0 is the match's slot A, side 1 slot B. The score line
and everything a TD could dispute come from the core, never from SQL arithmetic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.service.events.lookup import Event, get_event
from bot.service.formats.registry import format_of
from bot.service.platform.errors import NotFound
from bot.store import games_repo, matches_repo
from bot.store.db import Tx
from bot.store.games_repo import GameRow
from bot.store.matches_repo import MatchView, describe_source
from bot.words.said import said
from core.knockout.match import (
    Match,
    MatchGame,
    MatchGameKind,
    MatchRules,
    MatchStage,
    MatchState,
    Ruling,
)

__all__ = ["MatchView", "describe_source", "get_match", "matches_of_event", "matches_of_person",
           "matches_of_round"]


async def get_match(tx: Tx, match_id: int) -> MatchView:
    view = await matches_repo.get(tx, match_id)
    if view is None:
        raise NotFound(said("no match with id {match}", match=match_id))
    return view


async def matches_of_round(tx: Tx, round_id: int) -> list[MatchView]:
    return await matches_repo.of_round(tx, round_id)


async def matches_of_event(tx: Tx, event_id: int) -> list[MatchView]:
    return await matches_repo.of_event(tx, event_id)


async def matches_of_person(tx: Tx, person_id: int) -> list[MatchView]:
    return await matches_repo.of_person(tx, person_id)


async def latest_event_of(tx: Tx, person_id: int) -> Event | None:
    """The event of a player's latest match: whose rules a refusal that names no match
    speaks of (``formats.cite``). None for someone with no match."""
    mine = await matches_repo.of_person(tx, person_id)
    return await get_event(tx, mine[-1].event_id) if mine else None


def _game(r: GameRow) -> MatchGame:
    if r.kind == MatchGameKind.PLAYED:
        assert r.starter_side is not None and r.score_a is not None and r.score_b is not None
        g = MatchGame.played(r.starter_side, r.score_a, r.score_b)
    elif r.kind == MatchGameKind.BYE:
        assert r.bye_side is not None
        g = MatchGame.bye(r.bye_side, starter=r.starter_side)
    else:
        assert r.bye_side is not None
        g = MatchGame.forfeit(r.bye_side, starter=r.starter_side)
    return g.voided() if r.void else g


async def core_match(tx: Tx, match_id: int) -> Match:
    """The core's value for a stored match (``_core_value``)."""
    view = await get_match(tx, match_id)
    event = await get_event(tx, view.event_id)
    return _core_value(view, event, await games_repo.games_of(tx, match_id))


async def core_matches(tx: Tx, views: Sequence[MatchView],
                       games: Mapping[int, Sequence[GameRow]] | None = None) -> list[Match]:
    """The core's values for many stored matches of one event, in the order given: the event
    and the games read once for all (``core_match`` reads them per match, which made loading
    a large event cost three queries and a parse of the event's rules per match); ``games``:
    the event's games by match (``games_repo.games_of_event``) when the caller read them."""
    if not views:
        return []
    event_id = views[0].event_id
    assert all(v.event_id == event_id for v in views), "matches of one event"
    event = await get_event(tx, event_id)
    if games is None:
        games = await games_repo.games_of_event(tx, event_id)
    return [_core_value(v, event, games.get(v.id, [])) for v in views]


def game_bye_spread(event: Event) -> int:
    """What a game bye is worth to the event (SSSg para 28: +100 by default; an event with
    a bye of its own, its bye's spread, as its definition set it: ``Definition._game_bye``):
    the match's value, the TDs' offer and the ruling's words all read it here."""
    return int(event.rules.get("rules", {}).get("game_bye_spread", 100))


def _core_value(view: MatchView, event: Event, games: Sequence[GameRow]) -> Match:
    """The core's value for a stored match: its games in order, head start and the event's
    bye and forfeit spreads (SSSg para 28 by default), a TD's match bye (para 27) and the
    ruling of a tied match (para 30). Only a knockout breaks a tie (SSSg para 17: one
    player must go on); another format's match level on game-points is a tie with no
    winner, so that no message, refusal or export names one."""
    rules = event.rules.get("rules", {})
    return Match(
        best_of=view.best_of,
        games=tuple(_game(g) for g in games),
        head_start=view.head_start,
        rules=MatchRules(
            game_bye_spread=game_bye_spread(event),
            forfeit_spread=rules.get("forfeit_spread", 75),
            breaks_ties=format_of(event).breaks_ties,
        ),
        match_bye=(view.match_bye if view.match_bye is not None
                   else view.winner if view.state == MatchStage.BYE else None),
        ruling=Ruling(*view.ruling) if view.ruling is not None else None,
        # who starts game 1 when the pairing decided it (a round-based event's system
        # balances firsts; Director's Manual, "tsh Format" p12); otherwise the tile draw, para 15
        first_starter=view.first_starter,
    )


async def match_state(tx: Tx, match_id: int) -> MatchState:
    return (await core_match(tx, match_id)).state()


def has_score(state: MatchState) -> bool:
    """Anything to report yet: a game counted, or a head start (SSSg para 2's one game up).
    A "0-0 (+0)" line says nothing, so messages leave it out."""
    return any(p != 0 for p in state.points) or any(s != 0 for s in state.spread)


def score_line(view: MatchView, state: MatchState, side: int = 0) -> str:
    """'Alice 5-3 Bob (+212)' from ``side``'s point of view (the core's score line)."""
    other = 1 - side
    pts, spread = state.points, state.spread
    fmt = _fmt
    return (
        f"{view.label(side)} {fmt(pts[side])}-{fmt(pts[other])} {view.label(other)}"
        f" ({spread[side]:+d})"
    )


def _fmt(points: float) -> str:
    return str(int(points)) if points == int(points) else str(points)

