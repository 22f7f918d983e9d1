"""The shared division model: what the pairing systems read."""

from core.tournament import Division, Game, GameKind, Player


def _division() -> Division:
    players = tuple(Player(n, f"P{n}", 2000 - n) for n in range(1, 5))
    games = (
        Game(1, 1, 2, 1.0, 0.0, 400, 350, first=1),
        Game(1, 3, 4, 0.5, 0.5, 380, 380, first=4),
        Game(2, 1, 3, 0.0, 1.0, 300, 420, first=3),
        Game(2, 2, None, 1.0, score_a=50, kind=GameKind.BYE),
    )
    return Division("A", players, games, rounds=2)


def test_opponents_spread_and_byes() -> None:
    d = _division()
    assert d.opponents_of(1) == (2, 3)
    assert d.times_met(1, 2) == 1 and d.times_met(2, 3) == 0
    assert d.byes_of(2) == 1
    assert [g.spread_of(2) for g in d.games_of(2)] == [-50, 50]


def test_up_to_round_drops_later_games() -> None:
    assert len(_division().up_to_round(1).games) == 2
