"""core.chances: the places a player can still reach, checked against brute force.

The brute force here plays every result of the pending games and, for every round still to
be paired, every pairing of the named players (every player may have the bye in an odd
field) with every result, keeping the players' names throughout: none of the shortcuts of
``reach_exact`` (a player's best found by winning out, fields walked as score multisets).
"""

from __future__ import annotations

import random
from functools import cache
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from core.chances import (
    Remaining,
    TooLarge,
    decided_places,
    outcome_odds,
    reach,
    reach_bound,
    reach_exact,
    reaches,
    remaining_of,
    simulate,
)
from core.pairing.gibson import gibsonized_players, out_of_the_money
from core.pairing.swiss import pair_swiss
from core.standings import scrabble_standings
from core.tournament import Division, Game, GameKind, Player

RESULTS = ((2, 0), (1, 1), (0, 2))


def _matchings(players: tuple[int, ...]) -> list[list[tuple[int, int]]]:
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    out = []
    for i, other in enumerate(rest):
        for tail in _matchings(rest[:i] + rest[i + 1:]):
            out.append([(first, other), *tail])
    return out


def brute_force(left: Remaining, number: int) -> tuple[int, int]:
    """(best, worst) place of ``number`` over every named outcome (module docstring)."""
    players = tuple(sorted(left.points))

    @cache
    def finals(points: tuple[int, ...], rounds: int) -> frozenset[tuple[int, ...]]:
        if rounds == 0:
            return frozenset({points})
        out: set[tuple[int, ...]] = set()
        byes = players if len(players) % 2 else (None,)
        for bye in byes:
            rest = tuple(p for p in players if p != bye)
            for matching in _matchings(rest):
                for results in product(RESULTS, repeat=len(matching)):
                    new = dict(zip(players, points, strict=True))
                    if bye is not None:
                        new[bye] += left.bye
                    for (a, b), (ra, rb) in zip(matching, results, strict=True):
                        new[a] += ra
                        new[b] += rb
                    out |= finals(tuple(new[p] for p in players), rounds - 1)
        return frozenset(out)

    best, worst = len(players), 1
    for results in product(RESULTS, repeat=len(left.pending)):
        start = dict(left.points)
        for (a, b), (ra, rb) in zip(left.pending, results, strict=True):
            start[a] += ra
            start[b] += rb
        for final in finals(tuple(start[p] for p in players), left.rounds):
            score = dict(zip(players, final, strict=True))
            mine = score[number]
            best = min(best, 1 + sum(1 for p in players if p != number and score[p] > mine))
            worst = max(worst, 1 + sum(1 for p in players if p != number and score[p] >= mine))
    return best, worst


@st.composite
def fields(draw: st.DrawFn) -> Remaining:
    n = draw(st.integers(2, 6))
    rounds = draw(st.integers(0, 2 if n <= 5 else 1))
    points = {p: draw(st.integers(0, 8)) for p in range(1, n + 1)}
    order = draw(st.permutations(list(points)))
    pairs = [(order[i], order[i + 1]) for i in range(0, n - 1, 2)]
    pending = tuple(pairs[: draw(st.integers(0, len(pairs)))])
    return Remaining(points, pending, rounds, bye=draw(st.sampled_from((2, 1))))


@settings(max_examples=150, deadline=None)
@given(fields(), st.data())
def test_exact_reach_is_the_brute_force_answer(left: Remaining, data: st.DataObject) -> None:
    number = data.draw(st.sampled_from(sorted(left.points)))
    found = reach_exact(left, number)
    assert (found.best, found.worst) == brute_force(left, number)
    # and the Gibson rule's bound is sound: never a better best nor a better worst
    bound = reach_bound(left, number)
    assert bound.best <= found.best and bound.worst >= found.worst


def test_a_leader_out_of_reach_has_clinched_and_the_last_is_out() -> None:
    # Ann leads by two wins with one round to pair: no one can catch her
    left = Remaining({1: 10, 2: 6, 3: 6, 4: 2}, rounds=1)
    found = {n: reach_exact(left, n) for n in left.points}
    assert (found[1].best, found[1].worst) == (1, 1)
    assert found[1].prize(1) == "clinched" and found[4].prize(2) == "out"
    assert found[2].prize(2) == "open"
    assert decided_places(found, 3) == {1: 1}


def test_the_bound_is_the_gibson_rules_clinch() -> None:
    """One clinch rule: the bound clinches first place exactly when the Gibson rule
    Gibsonizes (Director's Manual, "The Gibson Rule"), and counts a player out of the top
    k exactly when the Gibson rule finds them out of the money."""
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(3, 9)
        games = []
        for r in range(1, 4):
            for a in range(1, n, 2):
                b = a + 1
                win = rng.random() < 0.5
                games.append(Game(r, a, b, 1.0 if win else 0.0, 0.0 if win else 1.0, 400, 350))
        division = Division("d", tuple(Player(i, f"P{i}") for i in range(1, n + 1)),
                            tuple(games), 3)
        left = remaining_of(division, 3 + rng.randint(1, 3))
        table = scrabble_standings(division)
        bounds = {p: reach_bound(left, p) for p in left.points}
        clinched = gibsonized_players(table, rounds_left=left.rounds)
        assert {p for p, r in bounds.items() if r.worst == 1} == set(clinched)
        k = rng.randint(1, n - 1)
        out = out_of_the_money(table, rounds_left=left.rounds, prize_places=k)
        assert {p for p, r in bounds.items() if r.prize(k) == "out"} == set(out)


def test_too_large_a_field_falls_back_to_the_bound() -> None:
    left = Remaining({p: (p % 5) * 2 for p in range(1, 41)},
                     pending=((1, 2), (3, 4), (5, 6), (7, 9)), rounds=4)
    try:
        reach_exact(left, 1)
    except TooLarge:
        pass
    else:  # pragma: no cover - the limit is what this test is about
        raise AssertionError("40 players and 4 rounds should pass EXACT_LIMIT")
    found = reach(left, 1)
    assert not found.exact and found == reach_bound(left, 1)
    everyone = reaches(left)
    assert everyone == {p: reach_bound(left, p) for p in left.points}
    # a field with only its last round to play, too many games to try every result
    last = Remaining({p: (p % 7) * 2 for p in range(1, 1001)},
                     pending=tuple((p, p + 1) for p in range(1, 1001, 2)))
    assert reaches(last) == {p: reach_bound(last, p) for p in last.points}


def _last_round_paired(seed: int) -> Division:
    """Six players after three rounds, the fourth (last) round paired, not played."""
    rng = random.Random(seed)
    players = tuple(Player(i, f"P{i}", 1800 - 60 * i) for i in range(1, 7))
    games = []
    for r in range(1, 4):
        order = list(range(1, 7))
        rng.shuffle(order)
        for a, b in zip(order[0::2], order[1::2], strict=True):
            win = rng.random() < 0.5
            games.append(Game(r, a, b, float(win), float(not win), 400 if win else 350,
                              350 if win else 400))
    for a, b in ((1, 2), (3, 4), (5, 6)):
        games.append(Game(4, a, b, 0.0, 0.0, kind=GameKind.UNPLAYED))
    return Division("d", players, tuple(games), 4)


def _no_pairing(division: Division, number: int) -> object:  # pragma: no cover
    raise AssertionError("nothing is left to pair")


def test_simulated_places_lie_within_the_exact_reach_and_match_its_odds() -> None:
    """Statistical, with a fixed seed: where every game left is paired, the exact chance of
    each final score (``outcome_odds``) is known, and 4,000 simulated finishes must come
    within four standard errors of it; and no simulated place lies outside the exact
    reach."""
    division = _last_round_paired(3)
    left = remaining_of(division, 4)
    assert left.pending and left.rounds == 0
    ratings = {p.number: p.rating for p in division.players}
    odds = outcome_odds(left, ratings, chess=False)
    assert abs(sum(chance for chance, _ in odds) - 1) < 1e-9
    runs = 4000
    likely = simulate(division, 4, _no_pairing, random.Random(11), runs=runs)  # type: ignore[arg-type]
    for number in left.points:
        found = reach_exact(left, number)
        places = likely.counts[number]
        assert min(places) >= found.best and max(places) <= found.worst
        # P(no one finishes strictly ahead on wins) bounds P(first) from above, and
        # P(no one finishes level or ahead) from below
        top = sum(c for c, pts in odds if all(pts[o] <= pts[number] for o in pts))
        alone = sum(c for c, pts in odds if all(pts[o] < pts[number] for o in pts
                                                 if o != number))
        share = likely.share(number, 1)
        error = 4 * max((top * (1 - top) / runs) ** 0.5, 1 / runs)
        assert alone - error <= share <= top + error, (number, alone, share, top)


def test_simulation_pairs_rounds_with_the_given_system_and_is_reproducible() -> None:
    division = _last_round_paired(5)
    division = Division(division.name, division.players,
                        tuple(g for g in division.games if g.round < 4), 3)
    asked: list[int] = []

    def pair(d: Division, number: int):  # type: ignore[no-untyped-def]
        asked.append(number)
        return pair_swiss(d, number)

    one = simulate(division, 5, pair, random.Random(1), runs=30)
    assert asked == [4, 5] * 30
    two = simulate(division, 5, pair_swiss, random.Random(1), runs=30)
    assert one == two and sum(one.counts[1].values()) == 30
