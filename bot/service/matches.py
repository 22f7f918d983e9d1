"""Matches as stored, and the core ``Match`` value built from them.

Sides follow core/match.py: side 0 is the match's slot A, side 1 slot B. The score line
and everything a TD could dispute come from the core, never from SQL arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.errors import NotFound
from bot.service.events import get_event
from bot.store.db import Row, Tx
from core.match import Game, Match, MatchRules, MatchState


@dataclass(frozen=True)
class MatchView:
    id: int
    event_id: int
    round_id: int
    round_name: str
    code: str
    best_of: int
    entries: tuple[int | None, int | None]
    names: tuple[str | None, str | None]
    people: tuple[int | None, int | None]
    sources: tuple[str, str]
    head_start: tuple[int, int]
    first_starter: int | None
    state: str
    winner: int | None  # side

    def side_of_person(self, person_id: int) -> int | None:
        for side in (0, 1):
            if self.people[side] == person_id:
                return side
        return None

    def label(self, side: int) -> str:
        """Who is in a slot, or where they will come from ('winner of Q3')."""
        name = self.names[side]
        return name if name is not None else describe_source(self.sources[side])


def describe_source(source: str) -> str:
    kind, _, ref = source.partition(":")
    if kind == "seat":
        return ref
    if kind == "draw":
        return "drawn after the qualifying round"
    if kind == "winner":
        return f"winner of {ref}"
    if kind == "loser":
        return f"loser of {ref}"
    if kind == "bye":
        return "bye"
    return ref or "to be decided"


_SELECT = (
    "SELECT m.*, r.name AS round_name,"
    " pa.name AS name_a, pb.name AS name_b, ea.person_id AS person_a, eb.person_id AS person_b"
    " FROM matches m JOIN rounds r ON r.id = m.round_id"
    " LEFT JOIN entries ea ON ea.id = m.entry_a LEFT JOIN people pa ON pa.id = ea.person_id"
    " LEFT JOIN entries eb ON eb.id = m.entry_b LEFT JOIN people pb ON pb.id = eb.person_id"
)


def _view(r: Row) -> MatchView:
    hs = [0, 0]
    if r["head_start_side"] is not None:
        hs[r["head_start_side"]] = r["head_start_games"]
    return MatchView(
        r["id"], r["event_id"], r["round_id"], r["round_name"], r["code"], r["best_of"],
        (r["entry_a"], r["entry_b"]), (r["name_a"], r["name_b"]), (r["person_a"], r["person_b"]),
        (r["source_a"], r["source_b"]), (hs[0], hs[1]), r["first_starter_side"], r["state"],
        r["winner_side"],
    )


async def get_match(tx: Tx, match_id: int) -> MatchView:
    row = await tx.one(_SELECT + " WHERE m.id = ?", (match_id,))
    if row is None:
        raise NotFound(f"no match with id {match_id}")
    return _view(row)


async def matches_of_round(tx: Tx, round_id: int) -> list[MatchView]:
    rows = await tx.all(_SELECT + " WHERE m.round_id = ? ORDER BY m.id", (round_id,))
    return [_view(r) for r in rows]


async def matches_of_event(tx: Tx, event_id: int) -> list[MatchView]:
    rows = await tx.all(_SELECT + " WHERE m.event_id = ? ORDER BY r.seq, m.id", (event_id,))
    return [_view(r) for r in rows]


async def matches_of_person(tx: Tx, person_id: int) -> list[MatchView]:
    rows = await tx.all(
        _SELECT + " WHERE ea.person_id = ? OR eb.person_id = ? ORDER BY r.seq, m.id",
        (person_id, person_id),
    )
    return [_view(r) for r in rows]


def _game(r: Row) -> Game:
    if r["kind"] == "played":
        g = Game.played(r["starter_side"], r["score_a"], r["score_b"])
    elif r["kind"] == "bye":
        g = Game.bye(r["bye_side"], starter=r["starter_side"])
    else:
        g = Game.forfeit(r["bye_side"], starter=r["starter_side"])
    return g.voided() if r["void"] else g


async def core_match(tx: Tx, match_id: int) -> Match:
    """The core's value for a stored match: its games in order, head start and the event's
    bye and forfeit spreads (SSSg para 28 by default)."""
    view = await get_match(tx, match_id)
    event = await get_event(tx, view.event_id)
    rules = event.rules.get("rules", {})
    games = await tx.all("SELECT * FROM games WHERE match_id = ? ORDER BY seq", (match_id,))
    return Match(
        best_of=view.best_of,
        games=tuple(_game(g) for g in games),
        head_start=view.head_start,
        rules=MatchRules(
            game_bye_spread=rules.get("game_bye_spread", 100),
            forfeit_spread=rules.get("forfeit_spread", 75),
        ),
        match_bye=view.winner if view.state == "bye" else None,
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

