"""Double elimination with the SSSg lower bracket, and what its drop order allows.

Source: SSSg 2016: "Schedule and Details" table (round names
Minor QF, Major QF, Minor SF, Major SF, Minor F, Losers' Final, Grand Final), Annex A
para 2 (the grand final with the upper-bracket winner one game up), para 3 (seeding tiers,
lower rounds counting as their upper counterpart) and para 4 (best-of per round).

Shape, for ``2**L`` seats. Upper rounds 1..L. Lower rounds alternate: *minor* round ``k``
(lower-bracket players only: the losers of upper round 1 for ``k = 1``, else the winners
of major round ``k - 1``) and *major* round ``k`` (minor-round winners meet the losers of
upper round ``k + 1`` dropping in). Minor and major round ``k`` count as upper round
``k + 1``, which names them: for 16, upper QF <-> Minor QF / Major QF. The last major
round is the Losers' Final. Then the grand final: the upper winner (slot 0) against the
lower winner (slot 1).

Drop order, and what the seeding rule leaves free (para 3). The bracket's shape is fixed
before the draw (an SSSg top division of 25-32 is seated only after qualifying, and its
matches are stored before that), so it must keep para 3 for *every* draw. The top
``2**L >> l`` seeds sit one in each block of ``2**l`` seats (``core.knockout.seeding``) and may not
meet at level ``l``, and each of them can lose anywhere in the upper bracket. So a lower
match at level ``l`` may only bring together players from one block of ``2**l`` seats;
since each block has exactly one upper-bracket loser at level ``l``, the drops must be
*aligned* (the loser of block ``b`` meets the lower survivor of block ``b``), and that is
the only order allowed. Its price: the dropping player may already have beaten that
survivor, so a rematch is possible from the first major round (lower round 2). Knowing
the draw would not help a full field: the top-quarter seed of each block may lose in
round 1 to the player who then loses that block's upper match, and the seed can only meet
that block's dropping loser without meeting another top-quarter seed.

The freedom comes from byes (para 2): a seed with a bye cannot lose in round 1. When the
top quarter of the bracket's seeds all have byes (at most three quarters of the seats
filled: 5-6 of 8, 9-12 of 16, 17-24 of 32, 33-48 of 64), no seed that para 3 constrains
is among the round-1 losers, and they may be dropped against other blocks; the first
possible rematch then moves to lower round 3 (8 seats) or 4 (16 to 64 seats). Fuller
fields are forced to lower round 2: this is where rematch avoidance gives way to the
written seeding rule (the SSSg top division of 16 after a qualifying round is one).
``drops="seeding"`` (the default) picks, round by round, the standard order that puts
the first possible rematch off longest among those that keep para 3 for every draw; ``drops="rematch"`` (for events that do not seed) ignores para 3.
``analyse_drops`` computes exactly which pairs of seats can meet in each lower match,
and whether two constrained seeds could, to check both claims (tests cover 4 to 64).
It pairs every possible occupant of one slot with every one of the other, which grows
with the square of the field; choosing the drops needs the same answer for one shape only
(a major round), which ``_major_meetings`` counts in linear time, so that a club's
300-player double elimination builds in hundredths of a second, not ten seconds (figures:
``python -m bench.knockout``).

Grand final (para 2): ``"head_start"`` gives slot 0 the schedule's head start (SSSg: one
game in a best-of-18); ``"reset"`` adds a second match played only if the lower-bracket
winner wins the first; ``"single"`` is one match.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from core.knockout.bracket import (
    Bracket,
    BracketMatch,
    Part,
    SlotKind,
    Source,
    next_power_of_two,
    round_name,
)
from core.knockout.round_names import RoundOf, Stage, by_matches, name_of
from core.schedule import BestOfSchedule

GRAND_FINALS = ("head_start", "reset", "single")
DROP_ORDERS = ("seeding", "rematch")


def _lower_name(kind: str, upper_count: int) -> str:
    if kind == "major" and upper_count == 1:
        return name_of(RoundOf(Stage.LOSERS_FINAL))
    return name_of(by_matches(upper_count, lower=kind))


# Ways to order the dropping losers against the lower-bracket players (brackets-manager.js
# calls these natural, reverse, half_shift, reverse_half_shift, pair_flip).
def _natural(xs: list[str]) -> list[str]:
    return list(xs)


def _reverse(xs: list[str]) -> list[str]:
    return xs[::-1]


def _half_shift(xs: list[str]) -> list[str]:
    h = len(xs) // 2
    return xs[h:] + xs[:h]


def _reverse_half_shift(xs: list[str]) -> list[str]:
    return _half_shift(xs)[::-1]


def _pair_flip(xs: list[str]) -> list[str]:
    out = list(xs)
    for i in range(0, len(out) - 1, 2):
        out[i], out[i + 1] = out[i + 1], out[i]
    return out


_ORDERS: tuple[Callable[[list[str]], list[str]], ...] = (
    _natural,
    _reverse,
    _half_shift,
    _reverse_half_shift,
    _pair_flip,
)


_CHOSEN: dict[tuple[int, int, str, int], int] = {}  # memo of _drop_order's pure answer


def double_elimination(
    players: int,
    schedule: BestOfSchedule,
    *,
    grand_final: str = "head_start",
    drops: str = "seeding",
    name: str = "double",
    prefix: str = "M",
) -> Bracket:
    """The (unseated) double-elimination bracket for ``players`` players."""
    if players < 2:
        raise ValueError(f"a knockout needs at least 2 players, got {players}")
    if grand_final not in GRAND_FINALS:
        raise ValueError(
            f"grand final must be one of {', '.join(GRAND_FINALS)}, not {grand_final!r}"
        )
    if drops not in DROP_ORDERS:
        raise ValueError(f"drop order must be one of {', '.join(DROP_ORDERS)}, not {drops!r}")
    size = next_power_of_two(players)
    levels = size.bit_length() - 1
    made: list[BracketMatch] = []

    def add(part: Part, rnd: int, rname: str, level: int, slots: tuple[Source, Source]) -> str:
        mid = f"_{len(made)}"
        made.append(
            BracketMatch(mid, part, rnd, rname, level, slots, schedule.best_of(level, levels))
        )
        return mid

    upper: list[list[str]] = []
    for r in range(1, levels + 1):
        count = size >> r
        rname = name_of(RoundOf(Stage.WINNERS_FINAL)) if r == levels and levels > 1 else round_name(count)
        ids = []
        for i in range(count):
            if r == 1:
                slots = (Source.of_seat(2 * i), Source.of_seat(2 * i + 1))
            else:
                prev = upper[-1]
                slots = (Source.winner(prev[2 * i]), Source.winner(prev[2 * i + 1]))
            ids.append(add(Part.UPPER, r, rname, r, slots))
        upper.append(ids)

    lower_round = 0
    byes = size - players
    survivors: list[Source] = []  # the lower bracket's players after the last round built
    for k in range(1, levels):
        upper_count = size >> (k + 1)
        # Minor round k: lower-bracket players only.
        lower_round += 1
        if k == 1:
            entering = [Source.loser(m) for m in upper[0]]
        else:
            entering = survivors
        survivors = [
            Source.winner(
                add(
                    Part.LOWER,
                    lower_round,
                    _lower_name("minor", upper_count),
                    k + 1,
                    (entering[2 * i], entering[2 * i + 1]),
                )
            )
            for i in range(upper_count)
        ]
        # Major round k: the losers of upper round k + 1 drop in.
        lower_round += 1
        rname = _lower_name("major", upper_count)
        # The choice depends only on these (byes beyond a quarter of the seats change
        # nothing: only the top quarter's byes matter), so it is worked out once.
        key = (size, min(byes, size // 4), drops, k)
        if key not in _CHOSEN:
            _CHOSEN[key] = _drop_order(made, upper[k], survivors, size, byes, k + 1, drops)
        dropping = _ORDERS[_CHOSEN[key]](list(upper[k]))
        survivors = [
            Source.winner(
                add(
                    Part.LOWER, lower_round, rname, k + 1, (Source.loser(dropping[i]), survivors[i])
                )
            )
            for i in range(upper_count)
        ]

    upper_final = upper[-1][0]
    challenger = survivors[0] if survivors else Source.loser(upper_final)
    gf_slots = (Source.winner(upper_final), challenger)
    gf = add(Part.FINAL, 1, name_of(RoundOf(Stage.GRAND_FINAL)), levels + 1, gf_slots)
    if grand_final == "head_start":
        made[-1] = replace(made[-1], head_start=schedule.grand_final_head_start)
    elif grand_final == "reset":
        add(Part.FINAL, 2, name_of(RoundOf(Stage.RESET)), levels + 1, (Source.loser(gf), Source.winner(gf)))
        made[-1] = replace(made[-1], reset_of=gf)
    return Bracket(name=name, kind="double", size=size, matches=_in_play_order(made, prefix))


def _in_play_order(made: Sequence[BracketMatch], prefix: str) -> tuple[BracketMatch, ...]:
    """Number the matches in an order they can be played: by how many matches must come
    before each (upper before lower within that), so a round's matches sit together and
    the SSSg months come out as in the schedule table."""
    depth: dict[str, int] = {}
    for m in made:
        depth[m.id] = 1 + max(
            (depth[s.match] for s in m.slots if s.kind is not SlotKind.SEAT), default=0
        )
    part_order = {Part.UPPER: 0, Part.LOWER: 1, Part.FINAL: 2}
    ordered = sorted(
        enumerate(made), key=lambda im: (depth[im[1].id], part_order[im[1].part], im[0])
    )
    new_id = {m.id: f"{prefix}{i}" for i, (_, m) in enumerate(ordered, start=1)}

    def renamed(s: Source) -> Source:
        return s if s.kind is SlotKind.SEAT else replace(s, match=new_id[s.match])

    return tuple(
        replace(
            m,
            id=new_id[m.id],
            slots=(renamed(m.slots[0]), renamed(m.slots[1])),
            reset_of=new_id[m.reset_of] if m.reset_of else "",
        )
        for _, m in ordered
    )


def _drop_order(
    made: list[BracketMatch],
    dropping: list[str],
    survivors: list[Source],
    size: int,
    byes: int,
    level: int,
    drops: str,
) -> int:
    """The order (an index into ``_ORDERS``) in which the losers of the upper matches
    ``dropping`` meet ``survivors``.

    Of a few standard orders (aligned first), the one that allows the fewest rematches in
    the new round; ties keep the earlier candidate. Only the new round's meetings differ
    between candidates, and the fewest rematches also puts the earliest possible rematch
    off longest: if none was possible before, an order allowing none here keeps it so,
    and if one was, it is where it is whatever this round does. Under
    ``drops="seeding"`` only orders that keep para 3 for every draw are candidates:
    aligned always does, and it is the only one that does unless the constrained seeds
    have byes (module docstring).

    Each meeting is counted by ``_major_meetings`` in time linear in the tracks, not by
    pairing every track with every other (``_Tracks.meet``, which ``analyse_drops`` still
    uses, and against which the tests check these counts).
    """
    tracks = _Tracks(made, size)
    staying = [tracks.arriving(s) for s in survivors]
    block = {u: min(tracks.seats[u]) >> level for u in dropping}
    best: tuple[int, int] | None = None
    for index, order in enumerate(_ORDERS):
        rematches = 0
        safe = True
        for upper_id, stay in zip(order(list(dropping)), staying, strict=True):
            met, clash = _major_meetings(block[upper_id], stay, level, size, byes)
            rematches += met
            safe = safe and not clash
        if drops == "seeding" and not safe:
            continue
        if best is None or rematches < best[0]:
            best = (rematches, index)
    assert best is not None, "the aligned order always keeps para 3"
    return best[1]


def _major_meetings(
    block: int, staying: Sequence[_Track], level: int, size: int, byes: int
) -> tuple[int, bool]:
    """What a major-round match at ``level`` allows: how many pairs of seats can meet in
    it again (a rematch), and whether two seeds para 3 keeps apart can meet in it.

    One slot holds the loser of the upper match over seat block ``block`` (the seats
    ``p`` with ``p >> level == block``), who lost in upper round index ``level - 1``;
    the other any ``(q, b)`` of ``staying``, who lost earlier (``b < level - 1``). This
    is ``_Tracks.meet`` worked out for that shape (seats ``p`` and ``q`` meet in the
    upper bracket in round index ``(p ^ q).bit_length() - 1``, if both are still there):

    - a rematch needs ``q`` in the block, where ``p`` and ``q`` meet at some ``m <
      level - 1``, and ``q`` to have lost exactly there (``b == m``): the dropping player
      beat them. Seen from either seat of the pair (each may be the dropping one), a pair
      split across the halves of a block of ``2 ** (m + 1)`` seats is a possible rematch
      if either seat holds a track lost at ``m``: ``h * h - (h - a) * (h - c)`` pairs for
      halves of ``h`` seats with ``a`` and ``c`` such seats.
    - SSSg Annex A para 3 (``_seeds_may_meet``) is at risk from a ``q`` outside the
      block in a seed's seat (even), if the tier has two seeds or more, unless ``q``
      lost in round 1 while every seed of the tier has a bye (para 2), so that no seed
      can be the one who lost there.
    """
    tier = size >> level
    lost_at: dict[int, list[int]] = {}  # m -> seats in the block with a track lost at m
    clash = False
    for q, b in staying:
        if q >> level == block:
            lost_at.setdefault(b, []).append(q)
        elif tier >= 2 and q % 2 == 0 and (b != 0 or tier > byes):
            clash = True
    pairs = 0
    for m, seats in lost_at.items():
        h = 1 << m
        halves: dict[int, list[int]] = {}
        for q in set(seats):
            halves.setdefault(q >> (m + 1), [0, 0])[(q >> m) & 1] += 1
        pairs += sum(h * h - (h - a) * (h - c) for a, c in halves.values())
    return pairs, clash


_Track = tuple[int, int]  # a seat, and the index of the upper round its player lost in


class _Tracks:
    """Who can arrive where in a lower bracket: for every lower slot, the (seat, upper
    round lost in) pairs whose player can be in it, over every possible result."""

    def __init__(self, matches: Sequence[BracketMatch], size: int) -> None:
        self.size = size
        self.by_id = {m.id: m for m in matches}
        self.seats: dict[str, list[int]] = {}  # upper match -> seats that can play in it
        self.slots: dict[str, tuple[list[_Track], list[_Track]]] = {}  # lower match -> tracks
        path: dict[int, list[str]] = {}
        for m in matches:
            if m.part is Part.UPPER:
                seats: list[int] = []
                for s in m.slots:
                    seats += [s.seat] if s.kind is SlotKind.SEAT else self.seats[s.match]
                self.seats[m.id] = seats
                for p in seats:
                    path.setdefault(p, []).append(m.id)
            elif m.part is Part.LOWER:
                self.slots[m.id] = (self.arriving(m.slots[0]), self.arriving(m.slots[1]))
        self.path = path
        self._met: dict[tuple[int, int], int | None] = {}

    def dropped(self, upper_id: str) -> list[_Track]:
        lost_in = self.by_id[upper_id].round - 1
        return [(p, lost_in) for p in self.seats[upper_id]]

    def arriving(self, source: Source) -> list[_Track]:
        if source.kind is SlotKind.LOSER and source.match in self.seats:
            return self.dropped(source.match)
        if source.kind is SlotKind.WINNER and source.match in self.slots:
            first, second = self.slots[source.match]
            return first + second
        return []

    def _met_at(self, p: int, q: int) -> int | None:
        """The upper round (index) where seats ``p`` and ``q`` would meet, if ever."""
        key = (p, q)
        if key not in self._met:
            pairs = zip(self.path[p], self.path[q], strict=False)
            self._met[key] = next((i for i, (x, y) in enumerate(pairs) if x == y), None)
        return self._met[key]

    def meet(
        self, first: list[_Track], second: list[_Track], level: int, byes: int
    ) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
        """The pairs of seats that can meet in a lower match whose slots these tracks
        reach: those who met in the upper bracket already, and those para 3 forbids.

        Two tracks are consistent unless both players would still be in the upper bracket
        when they meet there; then exactly one of them lost that meeting: a rematch.
        """
        rematches: set[tuple[int, int]] = set()
        forbidden: set[tuple[int, int]] = set()
        for p, a in first:
            for q, b in second:
                if p == q:
                    continue
                met = self._met_at(p, q)
                both_in = met is not None and a >= met and b >= met
                if both_in and (a == met) == (b == met):
                    continue  # both still in at their upper meeting: impossible
                pair = (min(p, q), max(p, q))
                if both_in:
                    rematches.add(pair)
                if _seeds_may_meet(p, q, a, b, level, self.size, byes):
                    forbidden.add(pair)
        return rematches, forbidden


@dataclass(frozen=True)
class DropAnalysis:
    """Which seats can meet where in the lower bracket, over every possible result.

    ``rematch_pairs`` counts (lower match, pair of seats) where the pair met in the upper
    bracket first; ``earliest_rematch`` is the first lower round (1-based) where that can
    happen, None if never before the grand final. ``unsafe`` lists the lower matches where
    two seeds of a tier that para 3 keeps apart until a later round could meet.
    """

    earliest_rematch: int | None
    earliest_rematch_name: str
    rematch_pairs: tuple[tuple[str, int, int], ...]
    unsafe: tuple[tuple[str, int, int], ...]

    @property
    def seeding_safe(self) -> bool:
        return not self.unsafe


def analyse_drops(bracket: Bracket, byes: int = 0) -> DropAnalysis:
    """Every pair of seats and every pair of upper-bracket exits, checked exactly.

    A player leaves the upper bracket by losing in some upper round ``a`` (or not at all),
    then climbs the lower bracket from where that loss drops them. Two players' paths are
    consistent unless they would meet in the upper bracket before either leaves it, in
    which case exactly one of them must lose that meeting. Where two consistent paths first
    share a lower match, the pair can meet there (everyone else's results are free).

    Para 3 is checked for every draw ``core.knockout.seeding`` can make with ``byes`` byes: the
    top ``size >> l`` seeds sit one in each block of ``2**l`` seats, each in the top seat
    of its first-round match, anywhere else in the block; the ``byes`` best have byes, so
    cannot lose in round 1. Two such seeds must not be able to meet at level ``l``.
    """
    tracks = _Tracks(bracket.matches, bracket.size)
    order = {m.id: i for i, m in enumerate(bracket.matches)}
    rematches: set[tuple[str, int, int]] = set()
    unsafe: set[tuple[str, int, int]] = set()
    for m in bracket.matches:
        if m.part is Part.LOWER:
            met, forbidden = tracks.meet(*tracks.slots[m.id], m.level, byes)
            rematches |= {(m.id, p, q) for p, q in met}
            unsafe |= {(m.id, p, q) for p, q in forbidden}
    first = min(rematches, key=lambda t: order[t[0]], default=None)
    first_match = bracket.match(first[0]) if first else None
    return DropAnalysis(
        earliest_rematch=first_match.round if first_match else None,
        earliest_rematch_name=first_match.round_name if first_match else "",
        rematch_pairs=tuple(sorted(rematches, key=lambda t: (order[t[0]], t[1], t[2]))),
        unsafe=tuple(sorted(unsafe, key=lambda t: (order[t[0]], t[1], t[2]))),
    )


def _seeds_may_meet(
    p: int, q: int, exit_p: int, exit_q: int, level: int, size: int, byes: int
) -> bool:
    """Can seats ``p`` and ``q`` hold two seeds that para 3 keeps apart at ``level``, who
    leave the upper bracket in its rounds ``exit_p + 1`` and ``exit_q + 1``?

    Those are the top ``size >> level`` seeds: one in each block of ``2**level`` seats, in
    the top seat of a first-round match (``core.knockout.seeding``). The best ``byes`` of them have a
    bye, so they cannot lose in round 1: only the others can.
    """
    tier = size >> level
    if p % 2 or q % 2 or tier < 2 or p >> level == q >> level:
        return False
    without_bye = max(0, tier - byes)
    round_one_losers = (exit_p == 0) + (exit_q == 0)
    return round_one_losers <= without_bye
