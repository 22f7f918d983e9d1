"""The matching engine: tiers, exactness, sparse graphs, explanations, fixed pairs.

Rules from the NASPA Director's Manual, appendix "Pairing Systems and Pairing
Tables": switch players to avoid repeats ("Modified-Swiss Pairings" step 3), the
closest unplayed player ("Portland Swiss Pairing System"); and the ordered
tiers (forbidden > repeats > score group > rank distance > first balance).
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from core.pairing.engine import Rules, _tiers, _weights, match, pair_round
from core.pairing.factored import factored_table
from core.pairing.history import History, history_before, pair_key
from core.pairing.why import why
from core.tournament import Division, Game, GameKind, Player
from tests.core.reasons_in_words import en, said_for


def koth(ranked):
    return factored_table(ranked, 2)


def history(met=(), balance=None) -> History:
    counts: dict = {}
    for p, q in met:
        counts[pair_key(p, q)] = counts.get(pair_key(p, q), 0) + 1
    return History(counts, balance or {}, {})


def test_clean_table_is_kept() -> None:
    out = match([1, 2, 3, 4, 5, 6], koth([1, 2, 3, 4, 5, 6]), history(), Rules())
    assert [pair for pair, _ in out] == [(1, 2), (3, 4), (5, 6)]
    assert en(out[0][1]) == "paired 1 v 2: KOTH: 1st v 2nd"


def test_repeat_is_switched_and_explained() -> None:
    # 3 and 4 met twice, so KOTH moves them apart.
    out = match([1, 2, 3, 4, 5, 6], koth([1, 2, 3, 4, 5, 6]), history([(3, 4), (3, 4)]), Rules())
    pairs = {pair_key(*p) for p, _ in out}
    assert (1, 2) in pairs and (3, 4) not in pairs
    text = " ".join(en(t) for _, t in out)
    assert "3 and 4 already met twice" in text
    # places in the order paired say how far the table was left: 3rd meets 5th
    assert "paired 3 v 5 (3rd v 5th) instead of the table's 3 v 4 and 5 v 6" in text


def test_repeats_allowed_keeps_table() -> None:
    out = match([1, 2, 3, 4], koth([1, 2, 3, 4]), history([(1, 2)]), Rules(avoid_repeats=False))
    assert [p for p, _ in out] == [(1, 2), (3, 4)]
    assert "a repeat: 1 and 2 met once before)" in en(out[0][1])


def test_unavoidable_repeat_is_made_and_said() -> None:
    out = match([1, 2], koth([1, 2]), history([(1, 2)]), Rules())
    assert out[0][0] == (1, 2)
    assert "no pairing with fewer repeats was found" in en(out[0][1])


def test_forbidden_outranks_repeats() -> None:
    # 1-2 is forbidden (same team); the only alternatives are repeats: a repeat wins.
    rules = Rules(forbidden={(1, 2): why("team", team="Reds")})
    out = match([1, 2, 3, 4], koth([1, 2, 3, 4]), history([(1, 3), (2, 4)]), rules)
    pairs = {pair_key(*p) for p, _ in out}
    assert pairs == {(1, 4), (2, 3)}
    assert "1 and 2 may not meet (same team (Reds))" in en(out[0][1])


def test_score_tier_keeps_switches_inside_the_group() -> None:
    # Swiss-like: 1-4 have 2 wins, 5-8 have 1. 1v3 already met: switch inside the group
    # (1v4, 2v3) rather than reach for a 1-win player.
    score = {1: 2, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1, 7: 1, 8: 1}
    table = [((1, 3), "t"), ((2, 4), "t"), ((5, 7), "t"), ((6, 8), "t")]
    out = match(list(range(1, 9)), table, history([(1, 3)]), Rules(score=score))
    assert {pair_key(*p) for p, _ in out} == {(1, 4), (2, 3), (5, 7), (6, 8)}


def test_first_player_is_the_one_who_started_less() -> None:
    out = match([1, 2], koth([1, 2]), history(balance={1: 2, 2: -2}), Rules())
    assert out[0][0] == (2, 1)


@given(st.lists(st.integers(0, 10), min_size=5, max_size=5), st.integers(1, 5000))
def test_one_unit_of_a_tier_outweighs_all_lower_tiers(maxima: list[int], half: int) -> None:
    weights = _weights(maxima, half)
    for k in range(len(maxima) - 1):
        lower = sum(w * m * half for w, m in zip(weights[k + 1 :], maxima[k + 1 :], strict=True))
        assert weights[k] > lower


def all_matchings(players):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for tail in all_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def total(pairs, ranked, table, hist, rules):
    pos = {p: i for i, p in enumerate(ranked)}
    partner = {}
    for (p, q), _ in table:
        partner[p], partner[q] = q, p
    target = {p: pos[partner[p]] for p in ranked}
    sums = [0] * 5
    for p, q in pairs:
        for t, c in enumerate(_tiers(p, q, pos, target, hist, rules)):
            sums[t] += c
    return tuple(sums)


@given(
    n=st.sampled_from([2, 4, 6, 8]),
    met=st.lists(st.tuples(st.integers(1, 8), st.integers(1, 8)), max_size=14),
    banned=st.lists(st.tuples(st.integers(1, 8), st.integers(1, 8)), max_size=3),
    factor=st.sampled_from([2, 4, 6]),
)
def test_engine_is_an_exact_minimum_by_tiers(n, met, banned, factor) -> None:
    """Against brute force over every perfect matching: the engine's total cost, read tier
    by tier, is the least there is; in particular no repeat is made where a repeat-free
    pairing exists, and everyone is paired exactly once."""
    ranked = list(range(1, n + 1))
    hist = history([(p, q) for p, q in met if p != q and p <= n and q <= n])
    rules = Rules(forbidden={pair_key(p, q): "rule" for p, q in banned if p != q})
    table = factored_table(ranked, factor)
    out = match(ranked, table, hist, rules)
    pairs = [p for p, _ in out]
    assert sorted(x for pair in pairs for x in pair) == ranked
    best = min(total(m, ranked, table, hist, rules) for m in all_matchings(ranked))
    assert total(pairs, ranked, table, hist, rules) == best
    assert match(ranked, table, hist, rules) == out  # same input, same output


def swiss_event(n: int, rounds: int, seed: int) -> Division:
    """A seeded event paired modified Swiss, with starts recorded."""
    from core.pairing.swiss import pair_swiss

    rng = random.Random(seed)
    players = tuple(Player(i, f"P{i}", rng.randrange(600, 2200)) for i in range(1, n + 1))
    d = Division("A", players)
    games: list[Game] = []
    for r in range(1, rounds + 1):
        pairings = pair_swiss(d, r)
        for a, b in pairings.pairs:
            pa = rng.choice([0.0, 1.0])
            first = a if rng.random() < 0.5 else b
            games.append(Game(r, a, b, pa, 1 - pa, 400, 400 + rng.choice([-50, 50]), first=first))
        games += [Game(r, p, None, 1.0, score_a=50, kind=GameKind.BYE) for p in pairings.byes]
        d = Division("A", players, tuple(games), rounds=r)
    return d


def test_sparse_equals_dense_tier_by_tier() -> None:
    """Above ``DENSE_BELOW`` players the engine re-matches only around the table's bad
    pairs. On seeded 300-player events, for the Swiss, KOTH and FP4 tables, its total
    cost equals the complete graph's exact optimum on every tier."""
    from core.pairing.swiss import swiss_table
    from core.standings import scrabble_standings

    for n, rounds, seed in ((300, 8, 1), (260, 12, 3)):
        d = swiss_event(n, rounds, seed)
        standings = scrabble_standings(d)
        ranked = [s.number for s in standings][: n - n % 2]
        wins = {s.number: s.wins for s in standings}
        hist = history_before(d, rounds + 1)
        cases = (
            (swiss_table(ranked, wins), Rules(score=wins)),
            (factored_table(ranked, 2), Rules()),
            (factored_table(ranked, 4), Rules()),
        )
        for table, rules in cases:
            assert sum(hist.times_met(*p) for p, _ in table) > 0  # the table needs repair
            sparse = match(ranked, table, hist, rules)
            dense = match(ranked, table, hist, rules, dense_below=10**6)
            assert sorted(x for p, _ in sparse for x in p) == sorted(ranked)
            assert total([p for p, _ in sparse], ranked, table, hist, rules) == total(
                [p for p, _ in dense], ranked, table, hist, rules
            )


def division(n: int, games=()) -> Division:
    return Division("A", tuple(Player(i, f"P{i}", 2000 - 10 * i) for i in range(1, n + 1)), games)


def test_history_before_counts_meetings_firsts_and_byes() -> None:
    d = division(
        4,
        (
            Game(1, 1, 2, 1.0, 0.0, 400, 300, first=1),
            Game(1, 3, None, 1.0, score_a=50, kind=GameKind.BYE),
            Game(2, 2, 1, 1.0, 0.0, 400, 300, first=1),
            Game(3, 1, 2, 1.0, 0.0, 400, 300, first=2),
        ),
    )
    h = history_before(d, 3)
    assert h.times_met(2, 1) == 2 and h.balance == {1: 2, 2: -2} and h.byes == {3: 1}


def test_fixed_pairs_are_kept_and_never_get_the_bye() -> None:
    d = division(5)
    out = pair_round(
        d, 1, [1, 2, 3, 4, 5], koth, rules=Rules(), fixed=(((5, 1), why("gibson", player=1, opponent=5, places=3, passed=())),)
    )
    assert (5, 1) in out.pairs or (1, 5) in out.pairs
    assert out.byes and out.byes[0] not in (1, 5)
    assert "fixed: Gibson rule" in said_for(out, (1, 5))


def test_fixed_pairs_are_checked() -> None:
    import pytest

    d = division(4)
    with pytest.raises(ValueError, match="more than one pair"):
        pair_round(d, 1, [1, 2, 3, 4], koth, rules=Rules(), fixed=(((1, 2), "x"), ((2, 3), "y")))
    with pytest.raises(ValueError, match="no player 9"):
        pair_round(d, 1, [1, 2, 3, 4], koth, rules=Rules(), fixed=(((1, 9), "x"),))


def test_brute_force_helper_counts_matchings() -> None:
    assert len(list(all_matchings([1, 2, 3, 4, 5, 6]))) == 15
    assert len(list(itertools.islice(all_matchings(list(range(8))), 200))) == 105
