"""Double elimination with the SSSg lower bracket, and what its drop order allows.

Seed: ``003_053a0fd902066061.txt`` (SSSg 2016): "Schedule and Details" table (round names
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

Drop order, and why the seeding rule fixes it (para 3). Seeds in the top ``2**L / 2**l``
sit in different blocks of ``2**l`` seats (``core.seeding``) and may not meet in a round
of level ``l``. A lower match at level ``l`` must therefore only ever bring together
players from the same block of ``2**l`` seats. In a major round the dropping player is
the upper-round loser of one such block, so the lower-bracket player they meet must come
from the same block: the drops are *aligned*, and that is the only order the rule allows
(``drops="seeding"``, the default). Its price: the dropping player may have beaten the
lower-bracket player in that block already, so a rematch is possible from the first major
round on, for every size from 8 up (4 has no constrained level). ``drops="rematch"``
(for events that do not seed) instead picks, round by round, the drop order that puts off
the earliest possible rematch the longest. ``analyse_drops`` computes exactly which
pairs of seats can meet in each lower match, to check both claims (tests cover 4 to 64).

Grand final (para 2): ``"head_start"`` gives slot 0 the schedule's head start (SSSg: one
game in a best-of-18); ``"reset"`` adds a second match played only if the lower-bracket
winner wins the first; ``"single"`` is one match.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from core.bracket import (
    Bracket,
    BracketMatch,
    Part,
    SlotKind,
    Source,
    next_power_of_two,
    round_name,
)
from core.schedule import BestOfSchedule

GRAND_FINALS = ("head_start", "reset", "single")
DROP_ORDERS = ("seeding", "rematch")


def _lower_name(kind: str, upper_count: int) -> str:
    if kind == "major" and upper_count == 1:
        return "Losers' Final"
    short = round_name(upper_count)
    return f"{kind.capitalize()} {'F' if short == 'Final' else short}"


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
        rname = "Winners' Final" if r == levels and levels > 1 else round_name(count)
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
        dropping = list(upper[k])
        if drops == "rematch":
            dropping = _least_rematch_order(
                made, dropping, survivors, size, lower_round, _lower_name("major", upper_count), k
            )
        survivors = [
            Source.winner(
                add(
                    Part.LOWER,
                    lower_round,
                    _lower_name("major", upper_count),
                    k + 1,
                    (Source.loser(dropping[i]), survivors[i]),
                )
            )
            for i in range(upper_count)
        ]

    upper_final = upper[-1][0]
    challenger = survivors[0] if survivors else Source.loser(upper_final)
    gf_slots = (Source.winner(upper_final), challenger)
    gf = add(Part.FINAL, 1, "Grand Final", levels + 1, gf_slots)
    if grand_final == "head_start":
        made[-1] = replace(made[-1], head_start=schedule.grand_final_head_start)
    elif grand_final == "reset":
        add(Part.FINAL, 2, "Grand Final (reset)", levels + 1, (Source.loser(gf), Source.winner(gf)))
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


def _least_rematch_order(
    made: list[BracketMatch],
    dropping: list[str],
    survivors: list[Source],
    size: int,
    lower_round: int,
    rname: str,
    k: int,
) -> list[str]:
    """The drop order (of a few standard ones) whose major round allows the fewest
    rematches so far; ties keep the earlier candidate."""
    best: tuple[int, list[str]] | None = None
    for order in _ORDERS:
        candidate = order(dropping)
        trial = list(made) + [
            BracketMatch(
                f"_t{i}",
                Part.LOWER,
                lower_round,
                rname,
                k + 1,
                (Source.loser(candidate[i]), survivors[i]),
                1,
            )
            for i in range(len(candidate))
        ]
        found = analyse_drops(Bracket("trial", "double", size, tuple(trial)))
        score = len(found.rematch_pairs)
        if best is None or score < best[0]:
            best = (score, candidate)
    assert best is not None
    return best[1]


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


def analyse_drops(bracket: Bracket) -> DropAnalysis:
    """Every pair of seats and every pair of upper-bracket exits, checked exactly.

    A player leaves the upper bracket by losing in some upper round ``a`` (or not at all),
    then climbs the lower bracket from where that loss drops them. Two players' paths are
    consistent unless they would meet in the upper bracket before either leaves it, in
    which case exactly one of them must lose that meeting. Where two consistent paths first
    share a lower match, the pair can meet there (everyone else's results are free).
    """
    next_win: dict[str, str] = {}
    drop_to: dict[str, str] = {}
    for m in bracket.matches:
        for s in m.slots:
            if s.kind is SlotKind.WINNER:
                next_win[s.match] = m.id
            elif s.kind is SlotKind.LOSER and m.part is Part.LOWER:
                drop_to[s.match] = m.id
    first_of_seat: dict[int, str] = {}
    for m in bracket.matches:
        for s in m.slots:
            if s.kind is SlotKind.SEAT:
                first_of_seat[s.seat] = m.id

    def path(start: str, part: Part) -> list[str]:
        out = [start]
        while out[-1] in next_win and bracket.match(next_win[out[-1]]).part is part:
            out.append(next_win[out[-1]])
        return out

    upper_path = {p: path(first_of_seat[p], Part.UPPER) for p in range(bracket.size)}
    chains: dict[str, tuple[list[str], set[str]]] = {}
    for m in bracket.matches:
        if m.part is Part.LOWER:
            c = path(m.id, Part.LOWER)
            chains[m.id] = (c, set(c))
    order = {m.id: i for i, m in enumerate(bracket.matches)}
    rematches: set[tuple[str, int, int]] = set()
    unsafe: set[tuple[str, int, int]] = set()
    for p in range(bracket.size):
        for q in range(p + 1, bracket.size):
            up, uq = upper_path[p], upper_path[q]
            meet = next(i for i, m in enumerate(up) if m == uq[i]) if up[-1] == uq[-1] else None
            for a in range(len(up)):
                for b in range(len(uq)):
                    both_reach = meet is not None and a >= meet and b >= meet
                    if both_reach and not ((a == meet) != (b == meet)):
                        continue  # both would still be in at their meeting: impossible
                    if up[a] not in drop_to or uq[b] not in drop_to:
                        continue
                    cp, _ = chains[drop_to[up[a]]]
                    _, cq = chains[drop_to[uq[b]]]
                    where = next((m for m in cp if m in cq), None)
                    if where is None:
                        continue
                    if p >> bracket.match(where).level != q >> bracket.match(where).level:
                        unsafe.add((where, p, q))
                    if both_reach:
                        rematches.add((where, p, q))
    first = min(rematches, key=lambda t: order[t[0]], default=None)
    first_match = bracket.match(first[0]) if first else None
    return DropAnalysis(
        earliest_rematch=first_match.round if first_match else None,
        earliest_rematch_name=first_match.round_name if first_match else "",
        rematch_pairs=tuple(sorted(rematches, key=lambda t: (order[t[0]], t[1], t[2]))),
        unsafe=tuple(sorted(unsafe, key=lambda t: (order[t[0]], t[1], t[2]))),
    )
