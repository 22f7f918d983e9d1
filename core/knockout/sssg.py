"""A whole knockout event: the SSSg (qualifying, top division, plate) or a plain bracket.

Source: SSSg 2016: "Schedule and Details", Annex A paras
1-4 and 8, footnotes 1, 2, 4 and 11; paras 27-29 for byes, corrections and expulsion.

How to use (everything is a pure function of frozen values; store the records)::

    from core.knockout.seeding import Entrant
    from core import sssg

    event = sssg.draw_sssg([Entrant("Ann", 1850), ...], seed=7)   # or draw_plain(...)
    for pm in sssg.playable(event):       # matches whose two players are known
        pm.id, pm.division, pm.round_name, pm.players, pm.best_of, pm.head_start
        pm.new_match()                    # an empty core.knockout.match.Match for it
    event = sssg.record(event, "Q3", match)   # match: core.knockout.match.Match, side 0 = players[0]
    event, derived = sssg.record_all(event, [sssg.Result("Q3", players, match), ...])  # many
    event, impact = sssg.correct(event, "Q3", fixed_match)        # refused if it voids
    event, impact = sssg.correct(event, "Q3", fixed_match, force=True)  # later games
    impact.describe()                     # what it voids, who moves (least change)
    event = sssg.substitute(event, "T5", expelled, candidate)   # para 29, core.expulsion
    sssg.placements(event)                # once finished: top, plate, prize winners
    sssg.to_record(event)                 # plain dicts: brackets, slots, results
    sssg.from_record(record)              # the stored draw read back (then record_all)

The event keeps only the draw and the results. Who sits where in a division, which matches
are ready, which results still count: all derived (``derive``), so that a correction
recomputes everything after it. Seeding happens "after the Qualifying Round" (para 3);
when the top division's seeds are already known at the draw (with 17-24 players the 8
seeds are the 8 bye-holders), it is drawn at once with the slots of qualifiers shown as
"winner of Q3"; with 33-47 the byes fill it (para 27), and it is drawn at once too. The
plate's seeds depend on who loses, so it is drawn when the qualifying
round is over, from the same seed; a later correction of a qualifying result keeps that
draw with the least change (``correct``), not a new one.

Identity: players are named (names are unique); match ids are ``Q1..`` (qualifying),
``T1..`` (top division) and ``P1..`` (plate), in an order in which they can be played.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from core.knockout import bracket as bk
from core.knockout.bracket import Bracket, BracketView, Status
from core.knockout.double_elim import double_elimination
from core.knockout.match import (
    Decision,
    Match,
    MatchGame,
    MatchGameKind,
    award_game_bye,
    rule_tied_match,
)
from core.knockout.qualifying import (
    QUALIFYING_BEST_OF,
    TOP_DIVISION_SIZE,
    QualifyingOutcome,
    QualifyingPairing,
    QualifyingPlan,
    Unplayed,
    field_size_for,
    plan_qualifying,
    qualifying_outcome,
)
from core.knockout.round_names import RoundOf, Stage, name_of
from core.knockout.seeding import Entrant, rank, seat
from core.knockout.single_elim import single_elimination
from core.knockout.stakes import Goes, Stake, stakes
from core.phrases import Phrase, phrase
from core.schedule import SSSG_PLATE, SSSG_TOP, BestOfSchedule

FORMATS = ("sssg", "single", "double")
TOP_PRIZES = 4  # para 8: First to Fourth
#: The reason a simulated TD gives for deciding a tied match (para 17 exhausted, para 30).
TIE_RULING = "level on games, spread and starts (para 17): lots drawn by the TD (para 30)"


@dataclass(frozen=True)
class Result:
    """A recorded match: who played it (side 0, side 1) and the match value."""

    match_id: str
    players: tuple[str, str]
    match: Match


@dataclass(frozen=True)
class KnockoutEvent:
    """The draw and the results; everything else is derived.

    ``top`` and ``plate`` are bracket shapes; ``top`` is seated when the draw could seat
    it (see the module docstring), ``plate`` never (it is seated when qualifying ends).
    ``substitutes`` are (match id, slot, player or None for a bye): a freed slot given to
    someone, and the slot they left (para 29). ``pinned`` are (division, seats, seeds):
    a seating kept through a correction of the qualifying round (``correct``) instead of
    the one the draw would make from the corrected results. ``provisional`` are the
    matches whose recorded result is not final yet: it counts, and its winner moves on,
    but it can still be disputed (para 24), so a division drawn from the qualifying
    round's results waits for them (``derive``).
    """

    format: str
    seed: int
    entrants: tuple[Entrant, ...]
    plan: QualifyingPlan | None
    top: Bracket
    plate: Bracket | None = None
    results: tuple[Result, ...] = ()
    substitutes: tuple[tuple[str, int, str | None], ...] = ()
    pinned: tuple[tuple[str, tuple[str | None, ...], tuple[str, ...]], ...] = ()
    provisional: frozenset[str] = frozenset()

    def result(self, match_id: str) -> Result | None:
        return next((r for r in self.results if r.match_id == match_id), None)


def _rng(seed: int, part: str) -> random.Random:
    """One random stream per part of the draw, all from the event's seed, so that
    re-running with the seed gives the same draw (para 1 and 3: 'random draw')."""
    return random.Random(f"tdbot:{seed}:{part}")


_PLACEHOLDER = "winner of "


def _placeholder(qid: str) -> str:
    return f"{_PLACEHOLDER}{qid}"


def placeholder_match(name: str) -> str | None:
    """The qualifying match whose winner a top-division seat waits for ('winner of Q3' ->
    'Q3'), or None for a player's name. Storage reads seats through this, so the slot
    wording lives in one place."""
    return name.removeprefix(_PLACEHOLDER) if name.startswith(_PLACEHOLDER) else None


def _check_names(entrants: Sequence[Entrant]) -> None:
    for e in entrants:
        if e.name.startswith((_PLACEHOLDER, "loser of ")):
            raise ValueError(
                f"player name {e.name!r} may not start with 'winner of' or 'loser of': "
                "those words name bracket slots; rename the player"
            )


def draw_sssg(entrants: Sequence[Entrant], seed: int, *, plate_third_place: bool = False) -> KnockoutEvent:
    """The SSSg draw: the qualifying round (``core.knockout.qualifying``), the top division (a double
    elimination of 16, one-game head start in a best-of-18 grand final, para 2 and 4) and
    the plate (single elimination of everyone else, footnote 4; cancelled when fewer than
    two players are left for it, footnote 1), with a third-place match if asked for
    (footnote 8: "a possible third-place match")."""
    if len(entrants) < 2:
        raise ValueError(f"an event needs at least 2 players, got {len(entrants)}")
    _check_names(entrants)
    plan = plan_qualifying(entrants, _rng(seed, "qualifying"))
    top_size = min(len(entrants), TOP_DIVISION_SIZE)
    top = double_elimination(top_size, SSSG_TOP, grand_final="head_start", name="top", prefix="T")
    plate_players = len(entrants) - TOP_DIVISION_SIZE
    plate = (
        single_elimination(
            plate_players, SSSG_PLATE, name="plate", prefix="P", third_place=plate_third_place
        )
        if plate_players >= 2
        else None
    )
    if not plan.needed:
        seating = seat([e.name for e in plan.ranked], _rng(seed, "top"))
        top = top.with_seating(seating.seats, seating.seeds)
    elif len(plan.byes) >= TOP_DIVISION_SIZE:
        # 33-47 players: the byes fill the top division (para 27, ``core.knockout.qualifying``),
        # so it is known, and drawn, at once.
        seating = seat([e.name for e in plan.byes[:TOP_DIVISION_SIZE]], _rng(seed, "top"))
        top = top.with_seating(seating.seats, seating.seeds)
    elif plan.field_size == 2 * TOP_DIVISION_SIZE and len(plan.byes) >= TOP_DIVISION_SIZE // 2:
        # The 8 seeds of the top division are bye-holders: draw it now (para 3).
        ranked = [e.name for e in plan.byes] + [
            _placeholder(f"Q{i}") for i in range(1, len(plan.pairings) + 1)
        ]
        seating = seat(ranked, _rng(seed, "top"))
        top = top.with_seating(seating.seats, seating.seeds)
    return KnockoutEvent("sssg", seed, tuple(entrants), plan, top, plate)


def draw_plain(
    entrants: Sequence[Entrant],
    seed: int,
    kind: str,
    schedule: BestOfSchedule,
    *,
    grand_final: str = "reset",
    drops: str = "seeding",
    third_place: bool = False,
) -> KnockoutEvent:
    """A single or double elimination of everyone, seeded by rating (para 2-3 rules); a
    single elimination may add a third-place match (footnote 8)."""
    if kind not in ("single", "double"):
        raise ValueError(f"format must be single or double, not {kind!r}")
    if len(entrants) < 2:
        raise ValueError(f"a knockout needs at least 2 players, got {len(entrants)}")
    if third_place and kind == "double":
        raise ValueError(
            "a double elimination has no third-place match: its lower bracket decides third"
        )
    ranked = rank(entrants, _rng(seed, "rank"))
    shape = (
        single_elimination(len(entrants), schedule, name=kind, prefix="M", third_place=third_place)
        if kind == "single"
        else double_elimination(
            len(entrants), schedule, grand_final=grand_final, drops=drops, name=kind, prefix="M"
        )
    )
    seating = seat([e.name for e in ranked], _rng(seed, "seat"))
    return KnockoutEvent(
        kind, seed, tuple(entrants), None, shape.with_seating(seating.seats, seating.seeds)
    )


@dataclass(frozen=True)
class PlayableMatch:
    """A match to be played (or being played): what the service tells the players."""

    id: str
    division: str  # "qualifying", "top", "plate" (or the plain format's name)
    round_name: str
    players: tuple[str, str]
    best_of: int
    head_start: tuple[int, int]
    current: Match | None = None  # the games so far, if any were recorded

    def new_match(self) -> Match:
        return Match(self.best_of, head_start=self.head_start)


@dataclass(frozen=True)
class Derived:
    """The event as it stands. ``views`` covers every match of every drawn division
    (qualifying matches included, as single matches); ``void`` lists recorded results
    that no longer count because an earlier result changed who plays."""

    top: Bracket
    plate: Bracket | None
    outcome: QualifyingOutcome | None
    views: dict[str, BracketView]
    divisions: dict[str, str]  # match id -> division
    counted: dict[str, Result]
    void: tuple[str, ...]
    placeholders: frozenset[str] = field(default_factory=frozenset)


def _qualifying_views(event: KnockoutEvent) -> tuple[dict[str, BracketView], dict[str, Result]]:
    views: dict[str, BracketView] = {}
    counted: dict[str, Result] = {}
    assert event.plan is not None
    for i, pairing in enumerate(event.plan.pairings, start=1):
        qid = f"Q{i}"
        spec = bk.BracketMatch(
            qid,
            bk.Part.UPPER,
            1,
            name_of(RoundOf(Stage.QUALIFYING)),
            0,
            (bk.Source.of_seat(0), bk.Source.of_seat(1)),
            event.plan.best_of,
        )
        occ = (_qualifier(event, qid, 0, pairing.players[0]),
               _qualifier(event, qid, 1, pairing.players[1]))
        if occ[0].bye and occ[1].bye:
            views[qid] = BracketView(spec, occ, Status.EMPTY, bk.BYE, bk.BYE)
            continue
        if occ[0].bye or occ[1].bye:
            through = occ[1] if occ[0].bye else occ[0]
            views[qid] = BracketView(spec, occ, Status.WALKOVER, through, bk.BYE)
            continue
        res = event.result(qid)
        if res is not None:
            counted[qid] = res
        won = _winner_side(res)
        if won is None:
            views[qid] = BracketView(spec, occ, Status.READY)
        else:
            views[qid] = BracketView(spec, occ, Status.PLAYED, occ[won], occ[1 - won])
    return views, counted


def _qualifier(event: KnockoutEvent, qid: str, side: int, player: str) -> bk.Occupant:
    """A qualifying slot: its drawn player, or a bye once the organizers offered an
    expelled player's slot to nobody (para 29; ``vacate``). The qualifying round has no
    previous round, so nobody else can take it (``substitute`` refuses)."""
    if (qid, side, None) in event.substitutes:
        return bk.BYE
    return bk.Occupant(player)


def _vacated(event: KnockoutEvent, qviews: Mapping[str, BracketView]) -> set[str]:
    """The seats left as byes by qualifying slots offered to nobody (para 29): the expelled
    player's own name (their place as the match's loser, in the plate), and the top
    division's "winner of Q3" when neither player of Q3 is left."""
    assert event.plan is not None
    gone = set()
    for i, pairing in enumerate(event.plan.pairings, start=1):
        qid = f"Q{i}"
        for side, player in enumerate(pairing.players):
            if (qid, side, None) in event.substitutes:
                gone.add(player)
        if qviews[qid].status is Status.EMPTY:
            gone.add(_placeholder(qid))
    return gone


def _seats_as_byes(b: Bracket, names: set[str]) -> dict[tuple[str, int], str | None]:
    """The first-round slots of ``b`` whose seat holds one of ``names``, as byes: the
    division keeps its draw (and its pinned seating), its player's opponent walks over."""
    out: dict[tuple[str, int], str | None] = {}
    for m in b.matches:
        for side, source in enumerate(m.slots):
            if source.kind is bk.SlotKind.SEAT and b.seating[source.seat] in names:
                out[(m.id, side)] = None
    return out


def _qualifying_result(
    qviews: Mapping[str, BracketView], counted: Mapping[str, Result], qid: str
) -> Match | Unplayed:
    """What ``qualifying_outcome`` takes for one settled qualifying match."""
    v = qviews[qid]
    if v.status is Status.PLAYED:
        return counted[qid].match
    return Unplayed(None if v.status is Status.EMPTY else v.occupants.index(v.winner))


def _winner_side(res: Result | None) -> int | None:
    if res is None:
        return None
    state = res.match.state()
    return state.winner if state.decided else None


def _seat_division(event: KnockoutEvent, shape: Bracket, members: Sequence[Entrant]) -> Bracket:
    """Seat a division drawn after qualifying (para 3).

    The first time, it is drawn from the event's seed, and ``record`` pins that draw. A
    qualifying result corrected later may change who is in the division; para 3 draws a
    division once, and reshuffling everyone months later (voiding their matches) is not
    what it asks for. So the pinned draw is kept with the least change: each newcomer takes
    the seat of the player they swapped places with (their qualifying opponent, where that
    is who left), and the division is drawn again with every choice kept as it was where the
    rules allow (``core.knockout.seeding.seat`` with ``keep``): only players that para 2 (byes to the
    top by rating) or para 3 (seed tiers) force to move, move. Being worked out from the
    pinned first draw each time, a correction that is undone restores it exactly.
    """
    names = [e.name for e in members]
    pin = next(((st, sd) for part, st, sd in event.pinned if part == shape.name), None)
    if pin is None:
        seating = seat(names, _rng(event.seed, shape.name))
        return shape.with_seating(seating.seats, seating.seeds)
    seats, seeds = pin
    if sorted(p for p in seats if p) == sorted(names):
        return shape.with_seating(seats, seeds)
    keep = list(seats)
    for out, into in _replacements(event, [p for p in seats if p is not None], names):
        keep[keep.index(out)] = into
    keep = [p if p in names else None for p in keep]
    seating = seat(names, _rng(event.seed, f"{shape.name}:kept"), shape.size, keep=keep)
    return shape.with_seating(seating.seats, seating.seeds)


def _replacements(event: KnockoutEvent, old: Sequence[str], new: Sequence[str]) -> list[tuple[str, str]]:
    """(leaver, newcomer) pairs when a division's players change from ``old`` to ``new``:
    a newcomer replaces their qualifying opponent if that is who left, else the leavers and
    newcomers are paired in name order."""
    leaving = sorted(set(old) - set(new))
    coming = sorted(set(new) - set(old))
    pairs = []
    for pairing in event.plan.pairings if event.plan else ():
        a, b = pairing.players
        for out, into in ((a, b), (b, a)):
            if out in leaving and into in coming:
                pairs.append((out, into))
                leaving.remove(out)
                coming.remove(into)
    return pairs + list(zip(leaving, coming, strict=False))


def _pin_draws(event: KnockoutEvent, derived: Derived | None = None) -> KnockoutEvent:
    """Pin each division drawn after qualifying once it is drawn (see ``_seat_division``);
    ``derived`` is ``derive(event)`` when the caller has it."""
    if event.plan is None or not event.plan.needed:
        return event
    d = derived or derive(event)
    pinned = list(event.pinned)
    for b in (d.top, d.plate):
        drawn_late = b is not None and b.seated and not (b.name == "top" and event.top.seated)
        if b is not None and drawn_late and all(part != b.name for part, _, _ in pinned):
            pinned.append((b.name, b.seating, b.seeds))
    return event if len(pinned) == len(event.pinned) else replace(event, pinned=tuple(pinned))


def derive(event: KnockoutEvent) -> Derived:
    """Seat what can be seated, resolve every bracket, and sort results into counted and
    void. Pure and repeatable: a correction simply derives again."""
    views: dict[str, BracketView] = {}
    divisions: dict[str, str] = {}
    counted: dict[str, Result] = {}
    top, plate = event.top, event.plate
    outcome: QualifyingOutcome | None = None
    placeholders: set[str] = set()
    vacated: set[str] = set()
    if event.plan is not None and event.plan.needed:
        qviews, qcounted = _qualifying_views(event)
        views.update(qviews)
        counted.update(qcounted)
        divisions.update({qid: "qualifying" for qid in qviews})
        vacated = _vacated(event, qviews)
        # Para 3 draws a division after the qualifying round, from who won and lost in
        # it: a result that a dispute may still change (para 24) would place a player in a
        # match, and pin a draw, that the ruling could take back.
        done = (all(bk.settled(v) for v in qviews.values())
                and not event.provisional.intersection(qviews))
        if done:
            outcome = qualifying_outcome(
                event.plan,
                [_qualifying_result(qviews, counted, f"Q{i}")
                 for i in range(1, len(event.plan.pairings) + 1)],
            )
        if top.seated:
            rename = {
                _placeholder(qid): v.winner.player
                for qid, v in qviews.items()
                if v.winner.player is not None
            }
            top = top.renamed(rename)
            placeholders = {p for p in top.players
                            if placeholder_match(p) is not None and p not in vacated}
        elif outcome is not None:
            top = _seat_division(event, top, outcome.top)
        if plate is not None and outcome is not None:
            plate = _seat_division(event, plate, outcome.plate)
    drawn = {(mid, side): name for mid, side, name in event.substitutes}
    for b in (top, plate):
        if b is None or not b.seated:
            continue
        subs = {**_seats_as_byes(b, vacated), **drawn} if vacated else drawn
        ids = {m.id for m in b.matches}
        mine = [r for r in event.results if r.match_id in ids]
        winners = {}
        for r in mine:
            won = _winner_side(r)
            if won is not None:
                winners[r.match_id] = r.players[won]
        bviews = bk.resolve(
            b, winners, played_by={r.match_id: r.players for r in mine}, substitutes=subs
        )
        for r in mine:
            v = bviews[r.match_id]
            if v.players == r.players and v.status in (Status.READY, Status.PLAYED):
                counted[r.match_id] = r
        views.update(bviews)
        divisions.update({mid: b.name for mid in bviews})
    void = tuple(r.match_id for r in event.results if r.match_id not in counted)
    return Derived(top, plate, outcome, views, divisions, counted, void, frozenset(placeholders))


def playable(event: KnockoutEvent, derived: Derived | None = None) -> list[PlayableMatch]:
    """Matches whose two players are known and that are not decided yet, in id order
    within each division (qualifying, top, plate)."""
    d = derived or derive(event)
    out = []
    for mid, v in d.views.items():
        if v.status is not Status.READY:
            continue
        if not _known(d, v):
            continue
        a, b = v.players
        assert a is not None and b is not None
        res = d.counted.get(mid)
        out.append(
            PlayableMatch(
                id=mid,
                division=d.divisions[mid],
                round_name=v.spec.round_name,
                players=(a, b),
                best_of=v.spec.best_of,
                head_start=(v.spec.head_start, 0),
                current=res.match if res else None,
            )
        )
    return out


def record(event: KnockoutEvent, match_id: str, match: Match) -> KnockoutEvent:
    """Record (or update) the games of a ready match. Changing a decided match's result
    goes through ``correct``, which shows what it voids."""
    d = derive(event)
    pm = next((p for p in playable(event, d) if p.id == match_id), None)
    if pm is None:
        raise ValueError(_cannot_take(d, match_id))
    _check_format(match_id, match, pm.best_of, pm.head_start)
    results = tuple(r for r in event.results if r.match_id != match_id)
    return _pin_draws(replace(event, results=results + (Result(match_id, pm.players, match),)))


def _cannot_take(d: Derived, match_id: str) -> str:
    """Why ``match_id`` cannot take a result (it is missing, waiting, a walkover, ...)."""
    if match_id not in d.views:
        return f"no match {match_id!r} in this event"
    v = d.views[match_id]
    return (
        f"match {match_id} cannot take a result: it is {v.status.value} "
        f"({v.occupants[0].label()} v {v.occupants[1].label()}); to change a finished "
        "match use a correction"
    )


def _check_format(match_id: str, match: Match, best_of: int, head_start: tuple[int, int]) -> None:
    if match.best_of != best_of or match.head_start != head_start:
        raise ValueError(
            f"match {match_id} is best-of-{best_of} with head start {head_start}, "
            f"not best-of-{match.best_of} with {match.head_start}"
        )


def record_all(event: KnockoutEvent, results: Sequence[Result]) -> tuple[KnockoutEvent, Derived]:
    """Record many results at once (the stored games of a whole event, or a round of play)
    with what the event then is, derived: as ``record`` would one by one in an order in
    which they can be played, but deriving once (twice when a division gets seated) instead
    of two or three times per result, which made loading a large event quadratic.

    The same checks as ``record``: each match must be in the event and playable (both
    players known, not decided by an earlier result), its best-of and head start the
    bracket's, and its players (side 0, side 1) the ones the bracket seats there. Checking
    against the event derived with all the results in is the same check: a result changes
    only the matches it feeds, and a result the bracket does not count (``Derived.counted``:
    played by others than those the results before it seat there) is refused. A division
    drawn after qualifying (para 3) is seated once the qualifying results are in and
    pinned then (``_pin_draws``), as recording the last qualifying result would do.
    A result for a match still being played replaces the one recorded, as in ``record``; a
    decided match is changed by ``correct``, which shows what the change voids.
    """
    seen: set[str] = set()
    for r in results:
        if r.match_id in seen:
            raise ValueError(f"match {r.match_id} is given two results: give one each")
        seen.add(r.match_id)
        old = event.result(r.match_id)
        if old is not None and _winner_side(old) is not None:
            raise ValueError(
                f"match {r.match_id} is decided already; to change a finished match use a "
                "correction"
            )
    kept = tuple(r for r in event.results if r.match_id not in seen)
    changed = replace(event, results=kept + tuple(results))
    d = derive(changed)
    order = {mid: i for i, mid in enumerate(d.views)}
    # The core's order (qualifying, then each division's matches in play order): a result
    # refused because an earlier one was is reported at the earlier one.
    for r in sorted(results, key=lambda r: order.get(r.match_id, -1)):
        v = d.views.get(r.match_id)
        counted = v is not None and d.counted.get(r.match_id) is r and _known(d, v)
        if v is not None and counted and v.players == r.players:
            _check_format(r.match_id, r.match, v.spec.best_of, (v.spec.head_start, 0))
            continue
        if v is None or not _known(d, v) or not (counted or v.status is Status.READY):
            raise ValueError(_cannot_take(d, r.match_id))
        # Ready (or, in the qualifying round, counted whoever played it) but for others.
        raise ValueError(
            f"match {r.match_id} is {v.players[0]} v {v.players[1]} in the bracket, not "
            f"{r.players[0]} v {r.players[1]}: give its result with its players, side 0 first"
        )
    pinned = _pin_draws(changed, d)
    return (changed, d) if pinned is changed else (pinned, derive(pinned))


def _known(d: Derived, v: BracketView) -> bool:
    """Both of the match's players are known: named, not a 'winner of Qk' slot."""
    return all(p is not None and p not in d.placeholders for p in v.players)
class CorrectionRefused(ValueError):
    """A correction that would void games already played in later matches, not forced."""


@dataclass(frozen=True)
class Impact:
    """What a correction did: the games of the corrected match that stopped counting, the
    later matches whose results no longer count (every game in them is void), and how a
    division drawn after qualifying took a changed qualifying result: ``swapped``
    (division, player out, player in: the newcomer takes the leaver's seat) and
    ``reseated`` (division, player: moved to another first-round match so that paras 2-3
    still hold)."""

    match_id: str
    voided_games: tuple[int, ...]  # indices into the corrected match's games
    voided_matches: tuple[str, ...]
    voided_match_games: int  # games played in those later matches
    swapped: tuple[tuple[str, str, str], ...] = ()
    reseated: tuple[tuple[str, str], ...] = ()

    def describe(self) -> str:
        """What the correction does, in English (a log, the command line)."""
        return str(self.phrase())

    def phrase(self) -> Phrase:
        """What the correction does, in words each reader reads in their language: the
        match corrected, then each effect after a semicolon."""
        parts: list[Phrase] = []
        if self.voided_games:
            parts.append(phrase("voids its game(s) {games}",
                                games=", ".join(str(i + 1) for i in self.voided_games)))
        for division, out, into in self.swapped:
            parts.append(phrase("{into} takes {out}'s place in {division}", into=into, out=out,
                                division=_TITLES[division]))
        for division in _TITLES:
            moved = [name for d, name in self.reseated if d == division]
            if len(moved) == 1:
                parts.append(phrase("to keep the seeding rules (paras 2-3) {names} moves to "
                                    "another match in {division}", names=moved[0],
                                    division=_TITLES[division]))
            elif moved:
                parts.append(phrase("to keep the seeding rules (paras 2-3) {names} move to "
                                    "another match in {division}", names=", ".join(moved),
                                    division=_TITLES[division]))
        if self.voided_matches:
            parts.append(phrase("voids later match(es) {matches} ({games} game(s) played)",
                                matches=", ".join(self.voided_matches),
                                games=self.voided_match_games))
        if not parts:
            return phrase("correcting {match}: no other effect", match=self.match_id)
        words = phrase("correcting {match}", match=self.match_id)
        for part in parts:
            words = phrase("{before}; {after}", before=words, after=part)
        return words


_TITLES = {"top": phrase("the top division"), "plate": phrase("the plate")}


def _moves(
    event: KnockoutEvent, before: Derived, after: Derived
) -> tuple[list[tuple[str, str, str]], list[tuple[str, str]]]:
    """Who replaced whom in each division drawn after qualifying, and who else (or which
    newcomer) ended in another first-round match than the seat they were to keep (the
    Impact's ``swapped`` and ``reseated``)."""
    swapped: list[tuple[str, str, str]] = []
    reseated: list[tuple[str, str]] = []
    for b0, b1 in ((before.top, after.top), (before.plate, after.plate)):
        if b0 is None or b1 is None or not (b0.seated and b1.seated):
            continue
        was = {p: i for i, p in enumerate(b0.seating) if p is not None}
        for out, into in _replacements(event, b0.players, b1.players):
            swapped.append((b0.name, out, into))
            was[into] = was.pop(out)
        if b0.name == "top" and event.top.seated:
            continue  # drawn with "winner of Qk" slots: the new winner takes the slot
        for p in b1.players:
            if p in was and was[p] // 2 != b1.seating.index(p) // 2:
                reseated.append((b0.name, p))
    return swapped, reseated


def correct(
    event: KnockoutEvent, match_id: str, match: Match, *, force: bool = False
) -> tuple[KnockoutEvent, Impact]:
    """Replace a recorded match and recompute everything after it.

    A correction shows its impact first and needs a TD (docs/architecture.md,
    "Corrections show their impact first") and paras 27-28 (games no longer counted are void): when the
    change would void a later match that already has games, it is refused unless
    ``force``; the returned ``Impact`` lists what is voided either way, and voided later
    results are dropped from the event. A changed qualifying winner moves players between
    divisions with the least change (``_seat_division``).
    """
    old = event.result(match_id)
    if old is None:
        raise ValueError(f"match {match_id} has no recorded result to correct; record it")
    if match.best_of != old.match.best_of or match.head_start != old.match.head_start:
        raise ValueError(f"match {match_id}: a correction keeps best-of and head start")
    before = derive(event)
    results = tuple(
        Result(match_id, old.players, match) if r.match_id == match_id else r for r in event.results
    )
    changed = replace(event, results=results)
    after = derive(changed)
    swapped, reseated = _moves(event, before, after)
    voided = tuple(m for m in before.counted if m not in after.counted and m != match_id)
    games = sum(len(before.counted[m].match.games) for m in voided)
    was = set(old.match.state().counted)
    now = set(match.state().counted)
    impact = Impact(
        match_id,
        tuple(sorted(was - now)),
        voided,
        games,
        swapped=tuple(swapped),
        reseated=tuple(reseated),
    )
    if games and not force:
        raise CorrectionRefused(
            f"{impact.describe()}. Later matches already have games: confirm with force"
        )
    kept = tuple(r for r in changed.results if r.match_id not in voided)
    return replace(changed, results=kept), impact


def substitute(event: KnockoutEvent, match_id: str, expelled: str, player: str) -> KnockoutEvent:
    """Put ``player`` into the slot ``expelled`` holds in ``match_id``.

    Para 29: the slot 'may ... be offered to his opponent from the previous round, or the
    best-performing loser' (``core.expulsion`` lists the candidates in that order). Those
    candidates are usually still playing elsewhere (SSSg qualifying losers are in the
    plate): the match they leave, if not started, becomes a walkover for their opponent.
    A candidate whose other match has games already is refused (correct that match first).
    The slot's match may still wait for its other player (the expelled player's slot is
    known, the opponent's not yet).
    """
    d = derive(event)
    v = d.views.get(match_id)
    if v is None:
        raise ValueError(f"no match {match_id!r} in this event")
    if d.divisions[match_id] == "qualifying":
        raise ValueError(
            f"match {match_id} is in the qualifying round, which has no previous round to "
            "offer the slot from (para 29): offer it to nobody"
        )
    if v.status not in (Status.READY, Status.WAITING) or match_id in d.counted:
        raise ValueError(
            f"match {match_id} is {v.status.value}"
            f"{' and has games' if match_id in d.counted else ''}: only a match still to "
            "be played can take a substitute"
        )
    if expelled not in v.players:
        raise ValueError(f"{expelled} is not in match {match_id} ({v.players[0]} v {v.players[1]})")
    if player in v.players:
        raise ValueError(f"{player} is already in match {match_id}")
    subs = list(event.substitutes)
    for other_id, w in d.views.items():
        if other_id == match_id or w.status is not Status.READY or player not in w.players:
            continue
        if d.divisions[other_id] == d.divisions[match_id]:
            raise ValueError(
                f"{player} is still playing in this division ({other_id}) and cannot take a "
                "second slot"
            )
        if other_id in d.counted:
            raise ValueError(
                f"{player} has games in {other_id}; correct or finish that match first"
            )
        subs.append((other_id, w.players.index(player), None))
    subs.append((match_id, v.players.index(expelled), player))
    return replace(event, substitutes=tuple(subs))


def vacate(event: KnockoutEvent, match_id: str, expelled: str) -> KnockoutEvent:
    """Leave the slot ``expelled`` holds in ``match_id`` empty: their opponent goes through
    unplayed (a walkover), or, once known, will.

    Para 29 only says the slot *may* be offered ("at the organizers' discretion"); when the
    organizers offer it to nobody, the match cannot be played and the opponent advances as
    with a match bye (para 27). Both players may leave (a walkover whose remaining player
    goes too): then neither goes through and a bye goes on. Refused for a match with games
    counted (a match bye voids those, para 27: ``core.knockout.match`` gives it) and for one decided.
    """
    d = derive(event)
    v = d.views.get(match_id)
    if v is None:
        raise ValueError(f"no match {match_id!r} in this event")
    if expelled not in v.players:
        raise ValueError(f"{expelled} is not in match {match_id} ({v.players[0]} v {v.players[1]})")
    if v.status not in (Status.READY, Status.WAITING, Status.WALKOVER) or match_id in d.counted:
        raise ValueError(
            f"match {match_id} is {v.status.value}"
            f"{' and has games' if match_id in d.counted else ''}: only a match still to "
            "be played can lose a player this way (give a match bye instead, para 27)"
        )
    slot = (match_id, v.players.index(expelled), None)
    return replace(event, substitutes=(*event.substitutes, slot))


@dataclass(frozen=True)
class Placements:
    """Final order of each division (first place first) and who is in the prizes."""

    top: tuple[str, ...]
    plate: tuple[str, ...]
    top_prizes: tuple[str, ...]
    plate_prizes: tuple[str, ...]


def plate_prize_count(plate_players: int) -> int:
    """Para 8: 'The total number of placing prizes in Plate will be equivalent to the number
    of Plate players / 4 rounded down.'

    The same table guarantees a 'Plate First' prize, so a plate of 2 or 3 players, which
    is played (footnote 1 cancels only a plate that cannot be held), still pays its
    winner: rounding down to no prize at all would break that guarantee."""
    if plate_players < 2:
        return 0
    return max(1, plate_players // 4)


def _last_loss(d: Derived, b: Bracket) -> dict[str, tuple[float, float]]:
    """Each player's game wins (ties half, head starts not counted) and spread in the
    match that put them out (their last loss in the division).

    Players who go out in the same round are ranked the way the rules rank a round's
    losers: "by wins then spread" (footnote 11), in that round's match. Totals over the
    whole division would rank a top seed who had a first-round bye (para 2) below a
    player who lost the same round worse but played one match more."""
    record: dict[str, tuple[float, float]] = {}
    for m in b.matches:
        res = d.counted.get(m.id)
        won = _winner_side(res)
        if res is None or won is None:
            continue
        lost = 1 - won
        spread = res.match.state().spread[lost]
        record[res.players[lost]] = (res.match.wins(lost), float(spread))
    return record


def placements(event: KnockoutEvent) -> Placements:
    """Places in every division once it is finished (para 8: top four and plate prizes)."""
    d = derive(event)
    out: dict[str, tuple[str, ...]] = {}
    for b in (d.top, d.plate):
        if b is None:
            continue
        if not b.seated:
            raise ValueError(f"the {b.name} division has not been drawn yet")
        bviews = {m.id: d.views[m.id] for m in b.matches}
        last_loss = _last_loss(d, b)

        def key(
            name: str, last_loss: dict[str, tuple[float, float]] = last_loss
        ) -> tuple[float, ...]:
            return last_loss.get(name, (0.0, 0.0))

        out[b.name] = tuple(bk.placements(b, bviews, key))
    top = out.get(d.top.name, ())
    plate = out.get("plate", ())
    return Placements(
        top=top,
        plate=plate,
        top_prizes=top[:TOP_PRIZES],
        plate_prizes=plate[: plate_prize_count(len(plate))],
    )


def finished(event: KnockoutEvent) -> bool:
    d = derive(event)
    brackets = [b for b in (d.top, d.plate) if b is not None]
    return all(b.seated for b in brackets) and all(bk.settled(v) for v in d.views.values())


def match_stakes(event: KnockoutEvent, match_id: str, side: int,
                 derived: Derived | None = None) -> tuple[Stake, Stake] | None:
    """What a match decides for the player in slot ``side`` (``stakes.stakes``): in the
    qualifying round, the top division or the plate (SSSg para 3; Annex A footnote 1: no
    plate when too few players); in a division, where its bracket sends them. None for a
    match the event does not know."""
    d = derived or derive(event)
    division = d.divisions.get(match_id)
    if division == "qualifying":
        lose = Stake(Goes.PLATE) if d.plate is not None else Stake(Goes.OUT_NO_PLATE)
        return Stake(Goes.TOP_DIVISION), lose
    for b, title in ((d.top, Stake(Goes.CHAMPION)), (d.plate, Stake(Goes.PLATE_WINNER))):
        if b is not None and division == b.name:
            return stakes(b, match_id, side, title=title)
    return None


# --- random play, for `tdbot files simulate` and for tests -------------------------------------


#: Beyond this rating gap the Elo odds are below one in 10**10 and stay there; capping the
#: gap keeps ``10 ** (gap / 400)`` a float for any ratings (a gap of 10**6 overflows it).
ELO_GAP_CAP = 4000


def elo_odds(rating: int, other: int) -> float:
    """The chance that the player rated ``rating`` wins a game against ``other`` (Elo's
    logistic curve, 400 points for odds of 10 to 1), for ratings of any size."""
    gap = max(-ELO_GAP_CAP, min(ELO_GAP_CAP, other - rating))
    return 1.0 / (1.0 + math.pow(10.0, gap / 400))


def random_match(
    best_of: int,
    head_start: tuple[int, int],
    ratings: tuple[int, int],
    rng: random.Random,
    *,
    tie_rate: float = 0.02,
    bye_rate: float = 0.02,
    late_bye_rate: float = 0.1,
) -> Match:
    """A match played to its decision with random games: the better-rated side wins a game
    more often (Elo-style odds), an occasional game is tied, and an occasional game is a
    game bye (para 28: a win with +100 spread). Starters follow the match rules.

    Now and then (``late_bye_rate`` per match) a board photo comes too late once the match
    is over, and the game is awarded as a bye to its loser (para 25); the match is
    recomputed (para 28): it may be decided earlier, voiding the games after that, or not
    be decided any more, and play goes on."""
    m = Match(best_of, head_start=head_start)
    p0 = elo_odds(ratings[0], ratings[1])
    late_bye = rng.random() < late_bye_rate
    while True:
        state = m.state()
        if state.decided and late_bye:
            late_bye = False
            won_on_the_board = [
                (i, w)
                for i in state.counted
                if m.games[i].kind is MatchGameKind.PLAYED and (w := m.games[i].winner()) is not None
            ]
            if won_on_the_board:
                i, w = rng.choice(won_on_the_board)
                m = award_game_bye(m, i, 1 - w).match
                continue
        if state.decided:
            break
        start = state.next_start
        starter = start.side if start is not None and start.side is not None else rng.randrange(2)
        roll = rng.random()
        if roll < bye_rate:
            m = m.with_game(MatchGame.bye(rng.randrange(2), starter=starter))
            continue
        base = rng.randint(330, 480)
        if roll < bye_rate + tie_rate:
            m = m.with_game(MatchGame.played(starter, base, base))
            continue
        margin = rng.randint(1, 160)
        if rng.random() < p0:
            m = m.with_game(MatchGame.played(starter, base + margin, base))
        else:
            m = m.with_game(MatchGame.played(starter, base, base + margin))
    if m.state().decision is Decision.TIED:
        # Level on games, spread and starts: para 30 leaves it to the organizers. A match
        # bye would void the games (para 27); a ruling keeps them and says why.
        m = rule_tied_match(m, rng.randrange(2), TIE_RULING)
    return m


def play_out(event: KnockoutEvent, rng: random.Random) -> tuple[KnockoutEvent, list[list[str]]]:
    """Play every match with ``random_match``, in rounds of play: all matches ready at
    once are played together (a month of the SSSg schedule). Returns the finished event
    and the match ids of each round of play.

    A round's results are recorded together (``record_all``): checking each against a
    freshly derived event (``record``) made a 512-player double elimination take seconds
    (the work grows with the square of the matches)."""
    ratings = {e.name: e.rating for e in event.entrants}
    rounds: list[list[str]] = []
    d = derive(event)
    while True:
        ready = playable(event, d)
        if not ready:
            break
        rounds.append([pm.id for pm in ready])
        played = [
            Result(
                pm.id,
                pm.players,
                random_match(
                    pm.best_of,
                    pm.head_start,
                    (ratings[pm.players[0]], ratings[pm.players[1]]),
                    rng,
                ),
            )
            for pm in ready
        ]
        event, d = record_all(event, played)
    return event, rounds


def to_record(event: KnockoutEvent) -> dict[str, object]:
    """The event as plain data: the draw (qualifying pairings, byes, bracket shapes and
    seating as far as known) and the results, ready for JSON or SQL rows.

    A record made before any result is the draw itself, and ``from_record`` reads it back
    exactly: it is what the bot stores, so that the seats of a months-long event never
    depend on the version of the code that reads them."""
    d = derive(event)
    qualifying: list[dict[str, object]] = []
    if event.plan is not None and event.plan.needed:
        qualifying = [
            {"id": f"Q{i}", "players": list(p.players), "best_of": event.plan.best_of}
            for i, p in enumerate(event.plan.pairings, start=1)
        ]
    return {
        "format": event.format,
        "seed": event.seed,
        "entrants": [{"name": e.name, "rating": e.rating} for e in event.entrants],
        "ranked": [e.name for e in event.plan.ranked] if event.plan else [],
        "field_size": event.plan.field_size if event.plan else None,
        "qualifying": qualifying,
        "byes": [e.name for e in event.plan.byes] if event.plan and event.plan.needed else [],
        "pinned": pins_record(event),
        "substitutes": [
            {"match": mid, "slot": slot, "player": player}
            for mid, slot, player in event.substitutes
        ],
        "top": bk.to_record(d.top),
        "plate": bk.to_record(d.plate) if d.plate is not None else None,
        "results": [
            {"match": r.match_id, "players": list(r.players), "void": r.match_id in d.void}
            for r in event.results
        ],
    }


def pins_record(event: KnockoutEvent) -> list[dict[str, object]]:
    """The seatings pinned so far (``Event.pinned``), as ``to_record`` writes them: what a
    store updates when a division drawn after qualifying gets seated (para 3)."""
    return [
        {"division": part, "seats": list(seats), "seeds": list(seeds)}
        for part, seats, seeds in event.pinned
    ]


def from_record(record: Mapping[str, Any]) -> KnockoutEvent:
    """The event a record made by ``to_record`` describes, without its results: the
    inverse of ``to_record`` for the draw, its pins and substitutes.

    Nothing is drawn again: the qualifying pairings, byes, bracket shapes and seats are the
    record's, so a change to the drawing code cannot reseat a stored event (para 1 and 3:
    the draw is made once). Results are not restored (a record lists them by match only;
    whoever stores the games records them again, ``record_all``). A record written before
    ``ranked`` was kept (the whole field in rating order, equal ratings in drawn order)
    gets it back from the seed, with the stored byes and qualifying seeds first."""
    entrants = tuple(Entrant(e["name"], e["rating"]) for e in record["entrants"])
    by_name = {e.name: e for e in entrants}
    fmt, seed = record["format"], record["seed"]
    plan = None
    if fmt == "sssg":
        pairings = tuple(
            QualifyingPairing(by_name[q["players"][0]], by_name[q["players"][1]])
            for q in record["qualifying"]
        )
        byes = tuple(by_name[n] for n in record["byes"])
        if record.get("ranked"):
            ranked = tuple(by_name[n] for n in record["ranked"])
        else:
            first = [*byes, *(p.seed for p in pairings)]
            drawn = rank(entrants, _rng(seed, "qualifying"))
            ranked = (*first, *(e for e in drawn if e not in first))
        if pairings:
            plan = QualifyingPlan(
                ranked, record.get("field_size") or field_size_for(len(entrants)), byes,
                pairings, record["qualifying"][0]["best_of"],
            )
        else:
            plan = QualifyingPlan(ranked, len(ranked), ranked, (), QUALIFYING_BEST_OF)
    return KnockoutEvent(
        fmt, seed, entrants, plan,
        top=bk.from_record(record["top"]),
        plate=bk.from_record(record["plate"]) if record.get("plate") else None,
        substitutes=tuple(
            (s["match"], s["slot"], s["player"]) for s in record.get("substitutes", [])
        ),
        pinned=tuple(
            (p["division"], tuple(p["seats"]), tuple(p["seeds"]))
            for p in record.get("pinned", [])
        ),
    )
