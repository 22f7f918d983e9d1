"""Byes: the NASPA Director's Manual, "Odd Number of Players".

"Always choose the lowest rated player to have the first bye, but you should refrain
from giving an unrated player the first bye. Thereafter, the player in last place gets
the next bye. Byes are scored as a win with a +50pt spread. A player, if possible,
should have, at most, one bye in a tournament."
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.pairing.byes import BYE_SPREAD, bye_game, choose_bye
from core.pairing.history import history_before
from core.pairing.koth import pair_koth
from core.pairing.swiss import pair_swiss
from core.standings import scrabble_standings
from core.tournament import Division, Game, GameKind, Player
from tests.core.reasons_in_words import en


def division(ratings, games=()) -> Division:
    players = tuple(Player(i, f"P{i}", r) for i, r in enumerate(ratings, start=1))
    return Division("A", players, tuple(games))


def test_first_bye_goes_to_the_lowest_rated_rated_player() -> None:
    d = division([1800, 1500, 0, 1200, 0])
    ranked = [1, 2, 3, 4, 5]
    player, reason = choose_bye(d, ranked, history_before(d, 1))
    assert player == 4
    assert "lowest-rated rated player (1200)" in en(reason)


def test_first_bye_with_nobody_rated_goes_to_last_place() -> None:
    d = division([0, 0, 0])
    assert choose_bye(d, [2, 3, 1], history_before(d, 1))[0] == 1


def test_later_byes_go_to_last_place_without_a_bye() -> None:
    games = [Game(1, 5, None, 1.0, score_a=50, kind=GameKind.BYE)]
    d = division([1800, 1700, 1600, 1500, 1400], games)
    # standings order given: 5 is last but has had a bye, so 4 (next-to-last) gets it
    player, reason = choose_bye(d, [1, 2, 3, 4, 5], history_before(d, 2))
    assert player == 4
    assert "the lowest placed player still without a bye (1 player below has had one)" == en(reason)


def test_when_everyone_has_had_a_bye_the_fewest_byes_decide() -> None:
    games = [Game(r, p, None, 1.0, score_a=50, kind=GameKind.BYE)
             for r, p in ((1, 1), (2, 2), (3, 3), (4, 3))]
    d = division([1800, 1700, 1600], games)
    assert choose_bye(d, [3, 1, 2], history_before(d, 5))[0] == 2


def test_a_bye_is_a_win_worth_50_or_configured() -> None:
    g = bye_game(4, 7)
    assert (g.round, g.a, g.b, g.points_a, g.score_a, g.kind) == (4, 7, None, 1.0, 50, GameKind.BYE)
    assert bye_game(4, 7, BYE_SPREAD["wespa"]).spread_of(7) == 100
    assert BYE_SPREAD["absp"] == 100
    with pytest.raises(ValueError, match="0 or more"):
        bye_game(1, 1, -50)


def play(d: Division, pairings, rng: random.Random) -> Division:
    games = list(d.games)
    for a, b in pairings.pairs:
        sa, sb = rng.randrange(300, 500), rng.randrange(300, 500)
        pa = 1.0 if sa > sb else 0.5 if sa == sb else 0.0
        games.append(Game(pairings.round, a, b, pa, 1.0 - pa, sa, sb, first=a))
    for p in pairings.byes:
        games.append(bye_game(pairings.round, p))
    return Division(d.name, d.players, tuple(games), rounds=pairings.round)


@given(n=st.integers(3, 15).filter(lambda n: n % 2), seed=st.integers(0, 10**6),
       system=st.sampled_from(["koth", "swiss"]), unrated=st.integers(0, 3))
def test_byes_in_a_whole_event(n: int, seed: int, system: str, unrated: int) -> None:
    """Over an event of fewer rounds than players: one bye a round, nobody twice, the
    first to the lowest-rated rated player, each later one to the lowest-placed player
    still without one."""
    rng = random.Random(seed)
    ratings = [rng.randrange(1000, 2000) for _ in range(n - unrated)] + [0] * unrated
    d = division(ratings)
    fn = pair_koth if system == "koth" else pair_swiss
    had: set[int] = set()
    for r in range(1, n):
        pairings = fn(d, r)
        assert len(pairings.byes) == 1
        bye = pairings.byes[0]
        if r == 1 and unrated < n:
            lowest = min(p.rating for p in d.players if p.rating > 0)
            assert d.player(bye).rating == lowest
        if r > 1 or unrated == n:
            order = [s.number for s in scrabble_standings(d)]
            below = order[order.index(bye) + 1:]
            assert all(p in had for p in below)
        assert bye not in had
        had.add(bye)
        d = play(d, pairings, rng)
