"""A knockout bracket as an explicit graph of plain records.

Source: SSSg 2016, Annex A paras 1-4 and Annex B; the data
model follows brackets-manager.js (docs/architecture.md, "Brackets as explicit graphs"): a bracket is
a list of match records, each naming where its two players come from, so that a database
can store it row by row and nothing is hidden in an object graph.

Where a player comes from (``Source``): a *seat* of the draw (seat ``p`` holds the player
the draw put at position ``p``, or nobody: a bye), the *winner* of match M, or the *loser*
of match M. Byes are empty seats, not a kind of source: the draw decides where they go
(``core.knockout.seeding``), and the bracket's shape does not depend on it. A bye's "loser" is a
bye again, which is how byes travel into a lower bracket.

Who is where now (``resolve``) is computed from the seating and the winners recorded so
far; nothing else is stored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from core.knockout.round_names import by_matches, name_of


class SlotKind(StrEnum):
    SEAT = "seat"  # the player the draw put at ``Source.seat`` (or a bye)
    WINNER = "winner"  # the winner of ``Source.match``
    LOSER = "loser"  # the loser of ``Source.match``


class Part(StrEnum):
    """Which part of a bracket a match belongs to."""

    UPPER = "upper"  # single elimination, or a double elimination's upper bracket
    LOWER = "lower"  # a double elimination's lower bracket
    FINAL = "final"  # the grand final (and its reset)


@dataclass(frozen=True)
class Source:
    """Where the player in one slot of a match comes from."""

    kind: SlotKind
    seat: int = -1  # SEAT: 0-based draw position
    match: str = ""  # WINNER / LOSER: match id

    @staticmethod
    def of_seat(seat: int) -> Source:
        return Source(SlotKind.SEAT, seat=seat)

    @staticmethod
    def winner(match: str) -> Source:
        return Source(SlotKind.WINNER, match=match)

    @staticmethod
    def loser(match: str) -> Source:
        return Source(SlotKind.LOSER, match=match)

    def label(self) -> str:
        if self.kind is SlotKind.SEAT:
            return f"seat {self.seat + 1}"
        return f"{self.kind.value} of {self.match}"


@dataclass(frozen=True)
class BracketMatch:
    """One match of a bracket.

    ``level`` is the round it counts as for seeding and best-of (Annex A para 3-4: minor
    and major lower-bracket rounds count as their upper-bracket counterpart); upper round
    ``r`` has level ``r``. ``head_start`` is the number of games credited to slot 0 before
    play (the SSSg grand final, para 2). A match with ``reset_of`` set is a bracket reset:
    played only if the player in slot 1 of that match (the lower-bracket winner) won it.
    """

    id: str
    part: Part
    round: int  # 1-based round within its part
    round_name: str
    level: int
    slots: tuple[Source, Source]
    best_of: int
    head_start: int = 0
    reset_of: str = ""
    third_place: bool = False


@dataclass(frozen=True)
class Bracket:
    """A bracket: its shape, and once drawn, who sits where.

    ``matches`` are in an order in which they can be played (every source comes earlier).
    ``seating`` has one entry per seat, a player name or None for a bye; it is empty until
    the draw is made (an SSSg division is seated only after the qualifying round, para 3).
    ``seeds`` are the seeded players, best first.
    """

    name: str
    kind: str  # "single" or "double"
    size: int
    matches: tuple[BracketMatch, ...]
    seating: tuple[str | None, ...] = ()
    seeds: tuple[str, ...] = ()
    _index: dict[str, BracketMatch] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {m.id: m for m in self.matches})
        if len(self._index) != len(self.matches):
            raise ValueError(f"bracket {self.name}: match ids must be unique")
        if self.seating and len(self.seating) != self.size:
            raise ValueError(
                f"bracket {self.name}: seating has {len(self.seating)} seats, needs {self.size}"
            )
        seen: set[str] = set()
        for m in self.matches:
            for s in m.slots:
                if s.kind is SlotKind.SEAT and not 0 <= s.seat < self.size:
                    raise ValueError(f"match {m.id}: seat {s.seat} is outside the bracket")
                if s.kind is not SlotKind.SEAT and s.match not in seen:
                    raise ValueError(f"match {m.id}: {s.label()} does not come earlier")
            seen.add(m.id)

    def match(self, match_id: str) -> BracketMatch:
        try:
            return self._index[match_id]
        except KeyError:
            raise KeyError(f"bracket {self.name} has no match {match_id!r}") from None

    @property
    def seated(self) -> bool:
        return bool(self.seating)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p in self.seating if p is not None)

    def with_seating(self, seating: Sequence[str | None], seeds: Sequence[str] = ()) -> Bracket:
        return Bracket(self.name, self.kind, self.size, self.matches, tuple(seating), tuple(seeds))

    def renamed(self, rename: Mapping[str, str]) -> Bracket:
        """The same bracket with some seated names replaced (a placeholder such as
        "winner of Q3" by the player who won Q3, or an expelled player by the one taking
        the slot, para 29)."""
        seating = tuple(None if p is None else rename.get(p, p) for p in self.seating)
        seeds = tuple(rename.get(p, p) for p in self.seeds)
        return Bracket(self.name, self.kind, self.size, self.matches, seating, seeds)


class Status(StrEnum):
    WAITING = "waiting"  # a slot is not known yet
    READY = "ready"  # both players known: to be played
    PLAYED = "played"  # a winner is recorded
    WALKOVER = "walkover"  # one slot is a bye: the other player goes through unplayed
    EMPTY = "empty"  # both slots are byes: a bye goes through
    NOT_NEEDED = "not needed"  # a bracket reset after the upper-bracket winner won


@dataclass(frozen=True)
class Occupant:
    """Who is in a slot: a player, a bye, or not known yet (neither)."""

    player: str | None = None
    bye: bool = False

    @property
    def known(self) -> bool:
        return self.bye or self.player is not None

    def label(self) -> str:
        return "bye" if self.bye else self.player or "?"


PENDING = Occupant()
BYE = Occupant(bye=True)


@dataclass(frozen=True)
class BracketView:
    """A match as it stands: its occupants, status, and once settled, winner and loser."""

    spec: BracketMatch
    occupants: tuple[Occupant, Occupant]
    status: Status
    winner: Occupant = PENDING
    loser: Occupant = PENDING

    @property
    def players(self) -> tuple[str | None, str | None]:
        return (self.occupants[0].player, self.occupants[1].player)


def resolve(
    bracket: Bracket,
    winners: Mapping[str, str],
    *,
    played_by: Mapping[str, tuple[str, str]] | None = None,
    substitutes: Mapping[tuple[str, int], str | None] | None = None,
) -> dict[str, BracketView]:
    """Every match's occupants and status, given the winners recorded so far.

    ``winners`` maps a match id to its winner's name. Without ``played_by``, a winner
    recorded for a match that is not ready (or naming someone not in it) is refused. With
    ``played_by`` (who played each recorded match), a result whose players are no longer
    the match's occupants (an earlier result was corrected) is left out instead: its match
    shows as not played, and the caller reports the result as void.
    ``substitutes`` puts a named player (or, for None, a bye) into slot ``(match id, 0 or
    1)`` in place of whoever would be there: the freed slot of an expelled player (Annex A
    para 29), and the slot the player who takes it leaves behind.
    """
    if not bracket.seated:
        raise ValueError(f"bracket {bracket.name} has not been drawn yet: no one is seated")
    views: dict[str, BracketView] = {}
    strict = played_by is None
    subs = substitutes or {}

    def occupant(m: BracketMatch, side: int) -> Occupant:
        if (m.id, side) in subs:
            name = subs[(m.id, side)]
            return BYE if name is None else Occupant(name)
        source = m.slots[side]
        if source.kind is SlotKind.SEAT:
            player = bracket.seating[source.seat]
            return BYE if player is None else Occupant(player)
        view = views[source.match]
        return view.winner if source.kind is SlotKind.WINNER else view.loser

    for m in bracket.matches:
        occ = (occupant(m, 0), occupant(m, 1))
        names = (occ[0].player, occ[1].player)
        recorded = winners.get(m.id)
        if recorded is not None and played_by is not None and played_by.get(m.id) != names:
            recorded = None  # played by others than those now in it: no longer counts
        if m.reset_of:
            first = views[m.reset_of]
            if first.status is Status.PLAYED and first.winner == first.occupants[0]:
                # The upper-bracket winner won: no reset; the first match's result stands.
                views[m.id] = BracketView(m, occ, Status.NOT_NEEDED, first.winner, first.loser)
                _refuse_result(m, recorded, "it is not needed", strict)
                continue
        if not (occ[0].known and occ[1].known):
            views[m.id] = BracketView(m, occ, Status.WAITING)
            _refuse_result(m, recorded, "its players are not known yet", strict)
        elif occ[0].bye and occ[1].bye:
            views[m.id] = BracketView(m, occ, Status.EMPTY, BYE, BYE)
            _refuse_result(m, recorded, "both its slots are byes", strict)
        elif occ[0].bye or occ[1].bye:
            through = occ[1] if occ[0].bye else occ[0]
            views[m.id] = BracketView(m, occ, Status.WALKOVER, through, BYE)
            _refuse_result(m, recorded, f"{through.label()} has a bye", strict)
        elif recorded is None:
            views[m.id] = BracketView(m, occ, Status.READY)
        elif recorded not in names:
            if strict:
                raise ValueError(
                    f"match {m.id}: {recorded!r} is recorded as winner but the match is "
                    f"{names[0]} v {names[1]}"
                )
            views[m.id] = BracketView(m, occ, Status.READY)
        else:
            side = names.index(recorded)
            views[m.id] = BracketView(m, occ, Status.PLAYED, occ[side], occ[1 - side])
    return views


def _refuse_result(m: BracketMatch, recorded: str | None, why: str, strict: bool) -> None:
    if recorded is not None and strict:
        raise ValueError(f"match {m.id}: a winner ({recorded}) is recorded but {why}")


def settled(view: BracketView) -> bool:
    return view.status in (Status.PLAYED, Status.WALKOVER, Status.EMPTY, Status.NOT_NEEDED)


def champion(bracket: Bracket, views: Mapping[str, BracketView]) -> str | None:
    """The winner of the bracket's last match (not a third-place match), once settled."""
    last = views[[m for m in bracket.matches if not m.third_place][-1].id]
    return last.winner.player if settled(last) else None


def finished(views: Mapping[str, BracketView]) -> bool:
    return all(settled(v) for v in views.values())


def placements(
    bracket: Bracket,
    views: Mapping[str, BracketView],
    tiebreak: Callable[[str], tuple[float, ...]] = lambda name: (),
) -> list[str]:
    """Every player, first place first, once the bracket is finished.

    A player who goes out later places higher; the champion first; a player who never
    lost nor won the bracket (expelled, para 29) has no place. Players who go out in
    the same round are ordered by ``tiebreak`` (highest first): ``core.knockout.sssg`` passes wins
    then spread in the match that put them out, the order the rules use to rank a round's
    losers (Annex A footnote 11); a played
    third-place match (footnote 8) orders the semi-final losers before that.
    """
    if not finished(views):
        raise ValueError(f"bracket {bracket.name} is not finished")
    order = {m.id: i for i, m in enumerate(bracket.matches)}
    out_at: dict[str, tuple[int, int]] = {}  # player -> (match order, round) where eliminated
    bronze: dict[str | None, int] = {}  # third-place match: winner 0, loser 1
    for m in bracket.matches:
        v = views[m.id]
        if m.third_place:
            bronze = {v.winner.player: 0, v.loser.player: 1}
        elif v.status is Status.PLAYED and v.loser.player is not None:
            out_at[v.loser.player] = (order[m.id], m.round)
    champ = champion(bracket, views)
    if champ is not None:
        out_at.pop(champ, None)

    def key(name: str) -> tuple[object, ...]:
        if name == champ:
            return (0,)
        where = out_at[name]
        m = bracket.matches[where[0]]
        # Later elimination ranks higher; within a round, the tiebreak decides.
        stage = (
            -_round_order(bracket, m),
            bronze.get(name, 0),
            tuple(-x for x in tiebreak(name)),
        )
        return (1, *stage)

    # Who played, not who was seated: a substitute (para 29) comes from outside the
    # seating, and an expelled player who never lost a match has no place.
    played = dict.fromkeys(
        p for m in bracket.matches for p in views[m.id].players if p is not None
    )
    players = [p for p in played if p == champ or p in out_at]
    return sorted(players, key=key)


def _round_order(bracket: Bracket, m: BracketMatch) -> int:
    """The position of a match's round in play order (first match of that round)."""
    for i, other in enumerate(bracket.matches):
        if other.part is m.part and other.round == m.round:
            return i
    raise AssertionError("unreachable")


def round_name(matches_in_round: int) -> str:
    """Ro16, QF, SF, Final: the round named by how many players it has."""
    return name_of(by_matches(matches_in_round))


def next_power_of_two(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def to_record(bracket: Bracket) -> dict[str, object]:
    """The bracket as plain JSON-ready data (stage, matches, slot sources, seating)."""
    return {
        "name": bracket.name,
        "kind": bracket.kind,
        "size": bracket.size,
        "seating": list(bracket.seating),
        "seeds": list(bracket.seeds),
        "matches": [
            {
                "id": m.id,
                "part": m.part.value,
                "round": m.round,
                "round_name": m.round_name,
                "level": m.level,
                "best_of": m.best_of,
                "head_start": m.head_start,
                "reset_of": m.reset_of or None,
                "third_place": m.third_place,
                "slots": [
                    {"kind": s.kind.value, "seat": s.seat}
                    if s.kind is SlotKind.SEAT
                    else {"kind": s.kind.value, "match": s.match}
                    for s in m.slots
                ],
            }
            for m in bracket.matches
        ],
    }


def from_record(record: Mapping[str, Any]) -> Bracket:
    """The bracket a ``to_record`` record describes (its inverse): the shape, seating and
    seeds exactly as stored, so that a stored draw is read back, never drawn again."""
    matches = tuple(
        BracketMatch(
            id=m["id"],
            part=Part(m["part"]),
            round=m["round"],
            round_name=m["round_name"],
            level=m["level"],
            slots=(_source_of(m["slots"][0]), _source_of(m["slots"][1])),
            best_of=m["best_of"],
            head_start=m["head_start"],
            reset_of=m["reset_of"] or "",
            third_place=m["third_place"],
        )
        for m in record["matches"]
    )
    return Bracket(
        record["name"], record["kind"], record["size"], matches,
        tuple(record["seating"]), tuple(record["seeds"]),
    )


def _source_of(slot: Mapping[str, Any]) -> Source:
    kind = SlotKind(slot["kind"])
    return Source.of_seat(slot["seat"]) if kind is SlotKind.SEAT else Source(kind, match=slot["match"])
