"""The SSSg qualifying round: who gets a bye, who plays whom, who goes up.

Source: SSSg 2016: "Schedule and Details", Annex A para 1,
para 2 and footnote 2.

The field is padded with byes to the nearest power of 2 (at least 32: the qualifying round
feeds a 16-player top division, so it is a round of 32, or larger when more than 32 sign
up). The byes go to the highest-rated players (para 1). The top half of the *field* by
rating is seeded and seeds do not meet (para 1); since the byes already take the top of
the field, the seeds left to play are "the top x players in the qualifying round"
(Schedule and Details), and every match is one seed against one unseeded player, drawn
at random. With 17-32 registrants this is exactly "the lowest-rated 2x players" playing,
x = registrants - 16.

Who goes up: with 32 or fewer in the field, every winner and bye-holder (16 of them) goes
to the top division and the losers to the plate (footnote 2). With more, only the top 16
winners "ranked by number of losses then spread" go up (footnote 2); the other winners and
all losers go to the plate. Bye-holders rank first: para 27 says a match bye "in the case
of the Qualifying Round" advances to the top division, and a bye-holder, who played
nothing, has no losses or spread to rank on; a qualifying match awarded as a match bye
(para 27, its games void) ranks its winner with them. So with 48 or more registrants
(16 byes or fewer) every bye-holder goes up and the played winners take the places left
by losses, then spread; with 33-47 the byes outnumber the places, and the bye-holders go
up in the rating order that gave them their byes (para 1). Players still level at the cut are
split by rating and the split is flagged, because the seed is silent there and a TD
should see it.

A qualifying match nobody plays (``Unplayed``: a player was expelled and the organizers
offered the slot to nobody, para 29) advances its other player as a match bye would (para
27). The division sizes of the draw stay: the expelled player's place in the plate, and
the top seat of a match both of whose players left, are byes (``core.knockout.sssg`` seats them so).
A match both of whose players left ranks its seed last among the winners, so that a
winner who played takes a top place before that bye does.

Equal ratings: where two players' ratings are equal and the order between them matters
(a bye, a seed), it is decided by the random draw (``rng``), like the rest of the draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from core.knockout.match import Decision, Match
from core.knockout.seeding import Entrant, rank

QUALIFYING_BEST_OF = 9  # para 1: "a single round of best-of-9 matches"
TOP_DIVISION_SIZE = 16  # para 2: "The top 16 players after the Qualifying Round"


@dataclass(frozen=True)
class QualifyingPairing:
    """One qualifying match: the seed is side 0 of its ``Match``, the other side 1."""

    seed: Entrant
    unseeded: Entrant

    @property
    def players(self) -> tuple[str, str]:
        return (self.seed.name, self.unseeded.name)


@dataclass(frozen=True)
class QualifyingPlan:
    """The qualifying draw.

    ``ranked`` is the whole field by rating (equal ratings in drawn order). ``byes`` go
    straight to the top division without playing; when ``needed`` is False (16 or fewer
    registrants) everyone is in ``byes`` and the event starts at the round of 16.
    """

    ranked: tuple[Entrant, ...]
    field_size: int
    byes: tuple[Entrant, ...]
    pairings: tuple[QualifyingPairing, ...]
    best_of: int = QUALIFYING_BEST_OF

    @property
    def needed(self) -> bool:
        return bool(self.pairings)

    def new_match(self) -> Match:
        """An empty qualifying match (best-of-9, no head start, SSSg spreads)."""
        return Match(self.best_of)


def _check_entrants(players: Sequence[Entrant]) -> None:
    seen: set[str] = set()
    for i, p in enumerate(players, start=1):
        if not p.name.strip():
            raise ValueError(f"entrant {i} has an empty name")
        if p.name in seen:
            raise ValueError(f"entrant {i}: {p.name!r} is registered twice; names must be unique")
        if not isinstance(p.rating, int) or p.rating < 0:
            raise ValueError(f"entrant {i} ({p.name}): rating must be a whole number >= 0")
        seen.add(p.name)


def field_size_for(registrants: int) -> int:
    """Para 1: byes bring the field 'up to the nearest power of 2'; the qualifying round
    is a round of 32 at least ("Schedule and Details": 'a round of 32 will be
    accommodated'), since it must produce 16 top-division players."""
    size = 32
    while size < registrants:
        size *= 2
    return size


def plan_qualifying(players: Sequence[Entrant], rng: random.Random) -> QualifyingPlan:
    """Draw the qualifying round (Annex A para 1; Schedule and Details).

    Byes to the top ``field - n`` by rating; the next ``x`` are seeds, each drawn at random
    against one of the ``x`` lowest-rated players, so seeds never meet.
    """
    _check_entrants(players)
    ranked = rank(players, rng)
    n = len(ranked)
    if n <= TOP_DIVISION_SIZE:
        return QualifyingPlan(ranked=ranked, field_size=n, byes=ranked, pairings=())
    size = field_size_for(n)
    n_byes = size - n
    x = n - size // 2  # matches to play: 2x players play
    byes = ranked[:n_byes]
    seeds = ranked[n_byes : n_byes + x]
    unseeded = list(ranked[n_byes + x :])
    rng.shuffle(unseeded)
    pairings = tuple(QualifyingPairing(s, u) for s, u in zip(seeds, unseeded, strict=True))
    return QualifyingPlan(ranked=ranked, field_size=size, byes=byes, pairings=pairings)


@dataclass(frozen=True)
class QualifierRank:
    """A qualifying winner's place in the footnote 2 ranking, with the why for a TD."""

    entrant: Entrant
    losses: float
    spread: int
    via_bye: bool
    split_by_rating: bool  # level on losses and spread with someone across the cut
    left: bool = False  # the seat of a match both of whose players were expelled (para 29)

    def describe(self) -> str:
        if self.left:
            return f"{self.entrant.name}: expelled, as was their opponent: the seat is a bye"
        how = "bye" if self.via_bye else f"{self.losses:g} loss(es), spread {self.spread:+d}"
        note = (
            "; level at the cut on losses and spread, placed by rating"
            if self.split_by_rating
            else ""
        )
        return f"{self.entrant.name}: {how}{note}"


@dataclass(frozen=True)
class QualifyingOutcome:
    """Who goes to the top division and who to the plate, each by rating (the order para
    2 and 3 seed them in); ``ranking`` is every winner in footnote 2 order."""

    top: tuple[Entrant, ...]
    plate: tuple[Entrant, ...]
    ranking: tuple[QualifierRank, ...]


@dataclass(frozen=True)
class Unplayed:
    """A qualifying match nobody played: its player on the other side was expelled and
    nobody was given the slot (para 29). ``through`` (0 or 1) goes on as with a match bye
    (para 27); None when both players left."""

    through: int | None


def qualifying_outcome(
    plan: QualifyingPlan, results: Sequence[Match | Unplayed]
) -> QualifyingOutcome:
    """Sort the field into divisions (para 2, footnote 2).

    ``results[i]`` is the finished match of ``plan.pairings[i]`` (seed = side 0), or
    ``Unplayed`` (see the module docstring).
    """
    if len(results) != len(plan.pairings):
        raise ValueError(
            f"expected {len(plan.pairings)} qualifying result(s), one per pairing, "
            f"got {len(results)}"
        )
    rows: list[tuple[Entrant, float, int, bool]] = [(e, 0.0, 0, True) for e in plan.byes]
    left: set[str] = set()  # a match both of whose players left: its seed, ranked last
    for i, (pairing, match) in enumerate(zip(plan.pairings, results, strict=True), start=1):
        if isinstance(match, Unplayed):
            if match.through is None:
                left.add(pairing.seed.name)
                rows.append((pairing.seed, 0.0, 0, False))
            else:
                rows.append(((pairing.seed, pairing.unseeded)[match.through], 0.0, 0, True))
            continue
        state = match.state()
        label = f"qualifying match {i} ({pairing.seed.name} v {pairing.unseeded.name})"
        if not state.decided:
            raise ValueError(f"{label} is not finished ({state.score_line()})")
        if state.winner is None:
            raise ValueError(
                f"{label} is level on games, spread and starts: a TD must rule (para 30)"
            )
        w = state.winner
        winner = pairing.seed if w == 0 else pairing.unseeded
        # Para 27: a match bye (awarded: its games are void) advances like a drawn bye.
        rows.append(
            (winner, state.points[1 - w], state.spread[w], state.decision is Decision.MATCH_BYE)
        )
    rating_rank = {e.name: k for k, e in enumerate(plan.ranked)}

    def level(row: tuple[Entrant, float, int, bool]) -> tuple[bool, bool, float, int]:
        """What ranks a winner: a bye first (para 27), then losses, then spread; the seat
        of a match nobody played, last."""
        entrant, losses, spread, bye = row
        return (entrant.name in left, not bye, losses, -spread)

    rows.sort(key=lambda r: (*level(r), rating_rank[r[0].name]))
    # Footnote 2 only cuts when more than 16 won; a tie matters only across the cut.
    cut = TOP_DIVISION_SIZE if len(rows) > TOP_DIVISION_SIZE else len(rows)
    at_cut = {level(r) for r in rows[:cut]} & {level(r) for r in rows[cut:]}
    ranking = tuple(
        QualifierRank(
            entrant=row[0],
            losses=row[1],
            spread=row[2],
            via_bye=row[3],
            split_by_rating=level(row) in at_cut,
            left=row[0].name in left,
        )
        for row in rows
    )
    top_names = {r.entrant.name for r in ranking[:cut]}
    top = tuple(e for e in plan.ranked if e.name in top_names)
    plate = tuple(e for e in plan.ranked if e.name not in top_names)
    return QualifyingOutcome(top=top, plate=plate, ranking=ranking)


__all__ = [
    "Entrant",
    "QualifierRank",
    "QualifyingOutcome",
    "QualifyingPairing",
    "QualifyingPlan",
    "Unplayed",
    "field_size_for",
    "plan_qualifying",
    "qualifying_outcome",
]
