"""What a player of a round-based event can still reach: the best and worst place, whether a
prize place is clinched or out of reach, and how likely each place is.

Places are counted on wins (a tie half a win; chess points likewise), spread disregarded:
the Director's Manual's advice for the clinch of the Gibson rule ("we recommend that, at
your local tournament, spread not be a factor", "The Gibson Rule"). So a player level with
you on wins may finish either side of you on spread: the best place counts only the
players sure to finish strictly ahead, the worst counts every player who can finish level
or ahead. Both answers are therefore sound: a clinch is never claimed that spread could
undo, and a place is never called out of reach that spread could still give.

Two ways to the answer, chosen by the size of what is left:

- exact (:func:`reach_exact`): every result of the games already paired, and every pairing
  and every result of the rounds not yet paired (any player may meet any other: the
  pairing system decides that later, so any pairing is possible). A player's best place
  is reached by winning every game left and their worst by losing every one (a win only
  ever helps the winner); the rest of the field is walked round by round as a multiset of
  scores, so equal fields collapse. Small fields only: beyond ``EXACT_LIMIT`` outcomes
  tried it gives up and the bound answers.
- bound (:func:`reach_bound`): the Gibson rule's own test, ``core.pairing.gibson.can_catch``
  (Director's Manual: lose every game left and others win every one): whoever cannot be
  caught even so is surely ahead; whoever can catch you may finish ahead. Sound, and the
  very clinch the Gibson rule pairs by, so there is one clinch rule.

The likelihood of each place comes from playing the rest of the event many times
(:func:`simulate`) with the event's own pairing system (the caller passes it as ``pair``,
the same function that pairs the real rounds) and results drawn with Elo's odds
(``core.knockout.sssg.elo_odds``, the odds ``tdbot files simulate`` plays a knockout with).
Randomness is an argument (a seeded ``random.Random``), so the same seed gives the same
figures.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from itertools import product

from core.knockout.sssg import elo_odds
from core.ordinals import ordinal
from core.pairing.gibson import can_catch
from core.standings import StandingLine, chess_standings, scrabble_standings
from core.tournament import Division, Game, GameKind, Pairings

Pair = tuple[int, int]
#: Outcomes the exact walk may try before it gives up for the bound (a fraction of a second)
EXACT_LIMIT = 50_000
#: The largest field walked exactly through a round not yet paired.
EXACT_PLAYERS = 10
#: A game's results in half-points: win, tie (or draw), loss.
RESULTS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (0, 2))


@dataclass(frozen=True)
class Remaining:
    """What is left of an event, in half-points (a win is 2, a tie 1).

    ``points`` holds every active player's half-points so far; ``pending`` the pairs already
    paired whose game is still to be played; ``rounds`` the rounds not yet paired; ``bye``
    what a bye is worth (2: a win; 1: a chess half-point bye)."""

    points: Mapping[int, int]
    pending: tuple[Pair, ...] = ()
    rounds: int = 0
    bye: int = 2

    def games_left(self, number: int) -> int:
        """Games (or byes) ``number`` still has: their pending game and one a round."""
        return self.rounds + self._pending_games.get(number, 0)

    @cached_property
    def _pending_games(self) -> Counter[int]:
        """Pending games per player, counted once per value (a frozen value never changes)."""
        return Counter(p for pair in self.pending for p in pair)

    @property
    def over(self) -> bool:
        return not self.pending and self.rounds == 0


def remaining_of(division: Division, total_rounds: int, *, bye_points: float = 1.0) -> Remaining:
    """The ``Remaining`` of a division whose unplayed games (``GameKind.UNPLAYED``, a pair
    met but not yet decided) are its pending pairs; rounds after the last paired one are
    still to be paired."""
    active = {p.number for p in division.players if p.active}
    points = dict.fromkeys(sorted(active), 0)
    pending: list[Pair] = []
    for game in division.games:
        if game.kind == GameKind.UNPLAYED:
            if game.b is not None and game.a in active and game.b in active:
                pending.append((game.a, game.b))
            continue
        for number in (game.a, game.b):
            if number in active:
                points[number] += round(2 * game.points_of(number))
    return Remaining(points, tuple(pending), max(0, total_rounds - division.rounds),
                     round(2 * bye_points))


@dataclass(frozen=True)
class PlaceRange:
    """The places ``number`` can still finish in (1 is first), and whether that is exact
    (every result and pairing tried) or the Gibson rule's bound."""

    number: int
    best: int
    worst: int
    exact: bool

    def prize(self, places: int) -> str:
        """"clinched", "out" or "open" for a prize won by the top ``places`` places."""
        if self.worst <= places:
            return "clinched"
        if self.best > places:
            return "out"
        return "open"


# --- exact -------------------------------------------------------------------------------


@lru_cache(maxsize=65_536)
def _pair_all(scores: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """Every multiset of scores (sorted) that pairing all of ``scores`` (an even number)
    among themselves, with every result, can leave."""
    if not scores:
        return frozenset({()})
    first, rest = scores[0], scores[1:]
    out: set[tuple[int, ...]] = set()
    tried: set[int] = set()
    for j, other in enumerate(rest):
        if other in tried:  # equal scores give equal outcomes
            continue
        tried.add(other)
        left = rest[:j] + rest[j + 1:]
        for a, b in RESULTS:
            for tail in _pair_all(left):
                out.add(tuple(sorted((*tail, first + a, other + b))))
    return frozenset(out)


class TooLarge(Exception):
    """The exact walk would try more than ``EXACT_LIMIT`` outcomes: the bound answers."""


def _free_round(x: int, others: tuple[int, ...], bye: int, mine: int, theirs: int,
                budget: list[int]) -> set[tuple[int, tuple[int, ...]]]:
    """Every (x, others) one round paired any way can lead to, with ``x``'s player scoring
    ``mine`` and their opponent ``theirs`` (a bye to whoever the pairing gives it).
    ``budget`` holds the outcomes still allowed; ``TooLarge`` when they run out."""
    out: set[tuple[int, tuple[int, ...]]] = set()
    n = len(others) + 1
    if n % 2:
        for rest in _pair_all(others):
            out.add((x + bye, rest))
    byes: Iterable[int | None] = range(len(others)) if n % 2 else [None]
    seen_bye: set[int] = set()
    for b in byes:
        pool = list(others)
        if b is not None:
            if others[b] in seen_bye:
                continue
            seen_bye.add(others[b])
            pool.pop(b)
            extra: tuple[int, ...] = (others[b] + bye,)
        else:
            extra = ()
        seen_opp: set[int] = set()
        for j, opp in enumerate(pool):
            if opp in seen_opp:
                continue
            seen_opp.add(opp)
            left = tuple(sorted(pool[:j] + pool[j + 1:]))
            paired = _pair_all(left)
            budget[0] -= len(paired)
            if budget[0] < 0:
                raise TooLarge
            for rest in paired:
                out.add((x + mine, tuple(sorted((*rest, *extra, opp + theirs)))))
    return out


def _finals(left: Remaining, number: int, win: bool) -> set[tuple[int, tuple[int, ...]]]:
    """Every final (own score, others' scores) with ``number`` winning (``win``) or losing
    every game left."""
    mine, theirs = (2, 0) if win else (0, 2)
    players = sorted(left.points)
    if left.rounds and len(players) > EXACT_PLAYERS:
        raise TooLarge
    budget = [EXACT_LIMIT]
    others_pending = [pair for pair in left.pending if number not in pair]
    if len(RESULTS) ** len(others_pending) > EXACT_LIMIT:
        raise TooLarge
    own = [pair for pair in left.pending if number in pair]
    base = dict(left.points)
    for a, b in own:
        other = b if a == number else a
        base[number] += mine
        base[other] += theirs
    states: set[tuple[int, tuple[int, ...]]] = set()
    for results in product(RESULTS, repeat=len(others_pending)):
        points = dict(base)
        for (a, b), (ra, rb) in zip(others_pending, results, strict=True):
            points[a] += ra
            points[b] += rb
        states.add((points[number], tuple(sorted(points[p] for p in players if p != number))))
        budget[0] -= 1
        if budget[0] < 0:
            raise TooLarge
    for _ in range(left.rounds):
        following: set[tuple[int, tuple[int, ...]]] = set()
        for x, others in states:
            following |= _free_round(x, others, left.bye, mine, theirs, budget)
        states = following
    return states


def reach_exact(left: Remaining, number: int) -> PlaceRange:
    """The best and worst place ``number`` can still finish in, trying every result and
    every pairing of what is left (module docstring); ``TooLarge`` past ``EXACT_LIMIT`` outcomes or
    ``EXACT_PLAYERS`` players."""
    best = min(sum(1 for o in others if o > x) for x, others in _finals(left, number, True))
    worst = max(sum(1 for o in others if o >= x) for x, others in _finals(left, number, False))
    return PlaceRange(number, best + 1, worst + 1, True)


# --- the bound ---------------------------------------------------------------------------


def _standing(left: Remaining, number: int) -> StandingLine:
    return StandingLine(rank=0, number=number, name="", wins=left.points[number] / 2, losses=0,
                    spread=0, games=0)


def reach_bound(left: Remaining, number: int) -> PlaceRange:
    """The Gibson rule's test (``can_catch``) for every other player: best place, one
    more than those ``number`` cannot catch even winning every game left; worst place, one
    more than those who can catch ``number`` losing every game left."""
    me = _standing(left, number)
    others = [_standing(left, p) for p in left.points if p != number]
    ahead = sum(1 for o in others if not can_catch(me, o, left.games_left(number)))
    catch = sum(1 for o in others if can_catch(o, me, left.games_left(o.number)))
    return PlaceRange(number, ahead + 1, catch + 1, False)


def reach(left: Remaining, number: int, *, final_places: Mapping[int, int] | None = None) -> PlaceRange:
    """Exact where the field is small enough, else the bound. Once nothing is left to play
    the place is the standings' own (``final_places``: spread decides, as the standings do)."""
    if left.over and final_places is not None:
        return PlaceRange(number, final_places[number], final_places[number], True)
    try:
        return reach_exact(left, number)
    except TooLarge:
        return reach_bound(left, number)


def reaches(left: Remaining, *, final_places: Mapping[int, int] | None = None) -> dict[int, PlaceRange]:
    """Every active player's ``reach``; once one player's exact walk is too large, the
    bound answers for everyone (their fields are the same size)."""
    if left.over and final_places is not None:
        return {n: reach(left, n, final_places=final_places) for n in left.points}
    out: dict[int, PlaceRange] = {}
    for n in left.points:
        try:
            out[n] = reach_exact(left, n)
        except TooLarge:
            return _bounds(left)
    return out


def _bounds(left: Remaining) -> dict[int, PlaceRange]:
    """``reach_bound`` for everyone at once: players with the same score and games left
    are alike to the test, so it runs once per pair of such classes (a 1,000-player field
    has a few dozen), not once per pair of players."""
    classes = Counter((left.points[p], left.games_left(p)) for p in left.points)
    standing = {c: StandingLine(rank=0, number=0, name="", wins=c[0] / 2, losses=0, spread=0,
                            games=0) for c in classes}
    found: dict[tuple[int, int], tuple[int, int]] = {}
    for mine in classes:
        me = standing[mine]
        ahead = sum(k for c, k in classes.items() if not can_catch(me, standing[c], mine[1]))
        catch = sum(k for c, k in classes.items() if can_catch(standing[c], me, c[1])) - 1
        found[mine] = (ahead + 1, catch + 1)
    return {p: PlaceRange(p, *found[(left.points[p], left.games_left(p))], False)
            for p in left.points}


def decided_places(found: Mapping[int, PlaceRange], places: int) -> dict[int, int]:
    """The prize places already decided, place -> player: a place is decided when one player
    can finish only there (best = worst)."""
    return {r.best: n for n, r in found.items() if r.best == r.worst and r.best <= places}


# --- likelihood by simulation ------------------------------------------------------------


#: A tie at Scrabble is rare; a draw at chess is common. The simulation's shares; they only
#: shape the likelihoods, never the best and worst places.
TIE_RATE = 0.01
DRAW_RATE = 0.3

PairFn = Callable[[Division, int], Pairings]


def game_odds(rating: int, other: int, *, chess: bool) -> tuple[float, float, float]:
    """(win, tie, loss) chances of a player rated ``rating`` against ``other``: Elo's odds
    (``core.knockout.sssg.elo_odds``) for the decisive games."""
    level = DRAW_RATE if chess else TIE_RATE
    p = elo_odds(rating, other)
    return p * (1 - level), level, (1 - p) * (1 - level)


def _play(round_no: int, a: int, b: int, ratings: Mapping[int, int], rng: random.Random,
          chess: bool) -> Game:
    win, tie, _ = game_odds(ratings[a], ratings[b], chess=chess)
    roll = rng.random()
    if chess:
        pa = 1.0 if roll < win else 0.5 if roll < win + tie else 0.0
        return Game(round_no, a, b, pa, 1.0 - pa, first=a)
    base = rng.randint(330, 480)
    margin = rng.randint(1, 160)
    if roll < win:
        return Game(round_no, a, b, 1.0, 0.0, base + margin, base, first=a)
    if roll < win + tie:
        return Game(round_no, a, b, 0.5, 0.5, base, base, first=a)
    return Game(round_no, a, b, 0.0, 1.0, base, base + margin, first=a)


def _model_ratings(division: Division) -> dict[int, int]:
    """Ratings for the odds; an unrated player (0) plays at the field's average rating."""
    rated = [p.rating for p in division.players if p.rating > 0]
    mean = round(sum(rated) / len(rated)) if rated else 1500
    return {p.number: p.rating or mean for p in division.players}


def places_of(division: Division, *, chess: bool, spread_cap: int | None = None) -> dict[int, int]:
    """Each active player's place in the standings (1 is first; spread, or the chess
    tiebreaks, and then rating and number order equals, as the standings list them)."""
    if chess:
        active = {p.number for p in division.players if p.active}
        order = [c.number for c in chess_standings(division) if c.number in active]
    else:
        order = [s.number for s in scrabble_standings(division, spread_cap=spread_cap)
                 if s.active]
    return {n: i for i, n in enumerate(order, start=1)}


@dataclass(frozen=True)
class Likelihood:
    """How often each player finished in each place over ``runs`` simulated finishes."""

    runs: int
    counts: Mapping[int, Mapping[int, int]]  # player -> place -> runs

    def share(self, number: int, place: int) -> float:
        return self.counts.get(number, {}).get(place, 0) / self.runs if self.runs else 0.0


def simulate(division: Division, total_rounds: int, pair: PairFn, rng: random.Random, *,
             runs: int, chess: bool = False, bye_points: float = 1.0, bye_spread: int = 50,
             spread_cap: int | None = None) -> Likelihood:
    """Play the rest of ``division`` ``runs`` times: its pending games (``UNPLAYED``), then
    each round up to ``total_rounds`` paired by ``pair`` (the event's own system) on the
    results so far. Counts each active player's final place (``places_of``)."""
    ratings = _model_ratings(division)
    counts: dict[int, Counter[int]] = {p.number: Counter() for p in division.players if p.active}
    for _ in range(runs):
        games = [g if g.kind != GameKind.UNPLAYED or g.b is None
                 else _play(g.round, g.a, g.b, ratings, rng, chess)
                 for g in division.games]
        played = replace(division, games=tuple(games))
        for number in range(division.rounds + 1, total_rounds + 1):
            pairings = pair(played, number)
            new = [_play(number, a, b, ratings, rng, chess) for a, b in pairings.pairs]
            new += [Game(number, b, None, bye_points, score_a=bye_spread, kind=GameKind.BYE)
                    for b in pairings.byes]
            played = replace(played, games=played.games + tuple(new), rounds=number)
        for number, place in places_of(played, chess=chess, spread_cap=spread_cap).items():
            counts[number][place] += 1
    return Likelihood(runs, {n: dict(c) for n, c in counts.items()})


def outcome_odds(left: Remaining, ratings: Mapping[int, int], *,
                 chess: bool) -> list[tuple[float, dict[int, int]]]:
    """Every outcome of the pending games when no round is left to pair, with its chance
    (``game_odds``) and each player's final half-points: the exact likelihood that a
    simulation of the same games must approach."""
    if left.rounds:
        raise ValueError("outcome_odds needs every remaining game paired (rounds = 0)")
    out = []
    for results in product(range(3), repeat=len(left.pending)):
        chance = 1.0
        points = dict(left.points)
        for (a, b), r in zip(left.pending, results, strict=True):
            chance *= game_odds(ratings[a], ratings[b], chess=chess)[r]
            ra, rb = RESULTS[r]
            points[a] += ra
            points[b] += rb
        out.append((chance, points))
    return out


def likely_places(likely: Likelihood, number: int, *,
                  floor: float = 0.01) -> list[tuple[int, float]]:
    """The places player ``number`` finished in with at least ``floor`` of the runs, and
    each one's share, best place first."""
    shares: Sequence[tuple[int, float]] = sorted(
        (place, likely.share(number, place)) for place in likely.counts.get(number, {}))
    return [(place, share) for place, share in shares if share >= floor]


def likely_text(likely: Likelihood, number: int, *, floor: float = 0.01) -> str:
    """"1st 12%, 2nd 30%, ...": the places with at least ``floor`` of the runs."""
    return ", ".join(f"{ordinal(place)} {share:.0%}"
                     for place, share in likely_places(likely, number, floor=floor))
