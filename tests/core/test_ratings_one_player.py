"""One player's rating estimate made from their own games (``core.ratings.player_estimate``)
is the one the whole division's estimate gives them: a rated player's estimate depends on
their games and their opponents' ratings before the event only (FIDE 8.3; "How the NSA
Rating System Works"), except at NASPA against an unrated player, rated at a performance
iterated over every unrated player's games (tsh ``RateNewcomersCorrectly``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.ratings import estimate, player_estimate
from core.tournament import Division, Game, GameKind, Player

RATING = st.one_of(st.just(0), st.integers(500, 2500))
POINTS = st.sampled_from([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)])
KIND = st.sampled_from([GameKind.PLAYED] * 6 + [GameKind.FORFEIT, GameKind.UNPLAYED])


@st.composite
def divisions(draw: st.DrawFn) -> Division:
    """A small division: players (some unrated) and a few rounds of games among them, with
    byes, forfeits and unplayed meetings, each game seen from either side."""
    ratings = draw(st.lists(RATING, min_size=2, max_size=9))
    players = tuple(Player(n, f"P{n}", r) for n, r in enumerate(ratings, start=1))
    games: list[Game] = []
    for rnd in range(1, draw(st.integers(1, 6)) + 1):
        order = draw(st.permutations(range(1, len(players) + 1)))
        for i in range(0, len(order) - 1, 2):
            a, b = order[i], order[i + 1]
            pa, pb = draw(POINTS)
            games.append(Game(rnd, a, b, pa, pb, 400, 350, kind=draw(KIND)))
        if len(order) % 2:
            games.append(Game(rnd, order[-1], None, 1.0, score_a=50, kind=GameKind.BYE))
    return Division("d", players, tuple(games), rounds=rnd)


def own(division: Division, number: int) -> Division:
    """What a result's reader loads of the division: the player, their opponents and the
    player's own games, in the division's order."""
    mine = tuple(g for g in division.games if g.involves(number))
    met = {number} | {n for g in mine for n in (g.a, g.b) if n is not None}
    return Division("d", tuple(p for p in division.players if p.number in met), mine)


@given(divisions(), st.booleans(), st.booleans())
def test_one_players_estimate_is_the_whole_divisions(division: Division, chess: bool,
                                                     club: bool) -> None:
    whole = estimate(division, chess=chess, club=club)
    rating = {p.number: p.rating for p in division.players}
    for p in division.players:
        alone = player_estimate(own(division, p.number), p.number, chess=chess, club=club)
        opponents = [g.b if g.a == p.number else g.a for g in division.games
                     if g.involves(p.number) and g.b is not None and g.kind == GameKind.PLAYED]
        needs_field = not chess and (not p.rating or any(not rating[o] for o in opponents))
        if needs_field:
            assert alone is None
        else:
            assert alone == whole[p.number]
        assert player_estimate(division, p.number, chess=chess, club=club) == alone


def test_a_rated_players_estimate_against_an_unrated_opponent_needs_the_field() -> None:
    """NASPA: the unrated opponent's rating is their iterated performance, which the other
    unrated players' games move: the player's own games cannot say it."""
    players = (Player(1, "Ann", 1800), Player(2, "Bo", 0), Player(3, "Cy", 0),
               Player(4, "Di", 1500))
    games = (Game(1, 1, 2, 1.0, 0.0), Game(1, 3, 4, 1.0, 0.0), Game(2, 2, 3, 1.0, 0.0),
             Game(2, 1, 4, 1.0, 0.0))
    division = Division("d", players, games)
    assert player_estimate(division, 1, chess=False) is None
    assert player_estimate(division, 4, chess=False) is None
    assert player_estimate(division, 1, chess=True) == estimate(division, chess=True)[1]
