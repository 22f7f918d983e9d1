"""Standings: Scrabble (Director's Manual) and chess with USCF tiebreaks and team scores (USCF guide)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.formats.tsh import read_tsh
from core.standings import chess_standings, scrabble_standings, standing_of, team_scores
from core.tiebreaks import chess_tiebreaks, modified_median
from core.tournament import Division, Game, GameKind, Player

DATA = Path(__file__).parent.parent / "data"


def _tsh_ranks(text: str) -> list[list[int]]:
    """tsh's own ranking by round, from the file's 'rrank' field (round 0 first)."""
    ranks = []
    for line in text.splitlines():
        found = re.search(r"rrank ([\d ]+)", line)
        assert found is not None
        ranks.append([int(v) for v in found.group(1).split()])
    return ranks


def test_real_tsh_file_ranks_as_tsh_did_after_every_round() -> None:
    """Director's Manual (tsh Format): standings from a real .t file match the ranks tsh wrote
    into it ('rrank') after each of its 23 rounds: wins, then losses, then spread,
    with ties sharing a rank; a withdrawn player drops out of tsh's ranking."""
    text = (DATA / "tsh_a_2023.t").read_text()
    (division,) = read_tsh(text)
    expected = _tsh_ranks(text)
    for r in range(1, 24):
        # Keras (#16) forfeited rounds 20-23 after withdrawing; tsh ranked them
        # through round 19 and left them out from round 20 on.
        players = tuple(
            replace(p, active=True) if p.number == 16 and r <= 19 else p for p in division.players
        )
        standings = scrabble_standings(replace(division, players=players).up_to_round(r))
        for line in standings:
            if line.active:
                assert line.rank == expected[line.number - 1][r], (r, line)
    final = scrabble_standings(division)
    assert [(s.name, s.wins, s.losses, s.spread) for s in final[:3]] == [
        ("Sokol, Joshua", 17.0, 6.0, 736),
        ("Smylie, Jackson", 16.0, 7.0, 1028),
        ("Fagen, Michael", 16.0, 7.0, 296),
    ]
    assert final[-1].name == "Keras, Lydia" and not final[-1].active


def _scrabble() -> Division:
    players = tuple(Player(n, f"P{n}", rating=1000 + n) for n in range(1, 6))
    games = (
        Game(1, 1, 2, 1.0, 0.0, 500, 200),  # a 300-point win
        Game(1, 3, 4, 0.5, 0.5, 380, 380),
        Game(1, 5, None, 1.0, score_a=50, kind=GameKind.BYE),
        Game(2, 1, 3, 0.0, 1.0, 350, 400),
        Game(2, 2, 5, 1.0, 0.0, 420, 400),
        Game(2, 4, None, 0.0, score_a=-50, kind=GameKind.FORFEIT),
    )
    return Division("A", players, games, rounds=2)


def test_scrabble_orders_by_wins_with_ties_as_half_then_spread() -> None:
    """Director's Manual: a tie is half a win; byes and forfeits carry their spread."""
    standings = scrabble_standings(_scrabble())
    assert [(s.number, s.wins, s.losses, s.spread) for s in standings] == [
        (3, 1.5, 0.5, 50),
        (1, 1.0, 1.0, 250),
        (5, 1.0, 1.0, 30),
        (2, 1.0, 1.0, -280),
        (4, 0.5, 1.5, -50),
    ]
    assert [s.rank for s in standings] == [1, 2, 3, 4, 5]
    assert standing_of(standings, 4).games == 2


def test_spread_cap_limits_each_game() -> None:
    """A spread cap limits what one game adds: the 300-point win counts as 100."""
    capped = scrabble_standings(_scrabble(), spread_cap=100)
    assert standing_of(capped, 1).spread == 100 - 50
    assert standing_of(capped, 2).spread == -100 + 20
    assert [s.number for s in capped][:3] == [3, 1, 5]
    with pytest.raises(ValueError, match="spread cap"):
        scrabble_standings(_scrabble(), spread_cap=-1)


def test_equal_records_share_a_rank_and_fewer_losses_go_first() -> None:
    players = tuple(Player(n, f"P{n}") for n in range(1, 5))
    games = (
        Game(1, 1, 2, 1.0, 0.0, 400, 300),
        Game(1, 3, 4, 1.0, 0.0, 400, 300),
        Game(2, 1, 3, 0.5, 0.5, 350, 350),
    )
    standings = scrabble_standings(Division("A", players, games, rounds=2))
    # 1 and 3 are level (1.5-0.5, +100) and share first; 2 and 4 level at 0-1 -100.
    assert [(s.number, s.rank) for s in standings] == [(1, 1), (3, 1), (2, 3), (4, 3)]
    # A forfeit of 0 spread for 2 leaves 2 (0-2) and 4 (0-1) level on wins and
    # spread; tsh puts the player with fewer losses first.
    more = games + (Game(2, 2, None, 0.0, score_a=0, kind=GameKind.FORFEIT),)
    standings = scrabble_standings(Division("A", players, more, rounds=2))
    assert [s.number for s in standings][2:] == [4, 2]


@given(
    st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(-300, 300)), max_size=30)
)
def test_scrabble_standings_are_sorted_and_ranks_consistent(
    results: list[tuple[int, int, int]],
) -> None:
    """Property: every player appears once, best first, ranks rise with position and
    equal only for equal records; wins + losses = games."""
    players = tuple(Player(n, f"P{n}") for n in range(1, 7))
    games = tuple(
        Game(
            r,
            a,
            b,
            1.0 if d > 0 else 0.0 if d < 0 else 0.5,
            1.0 if d < 0 else 0.0 if d > 0 else 0.5,
            400 + d,
            400,
        )
        for r, (a, b, d) in enumerate(results, start=1)
        if a != b
    )
    standings = scrabble_standings(Division("A", players, games, rounds=len(results)))
    assert sorted(s.number for s in standings) == list(range(1, 7))
    for s in standings:
        assert s.wins + s.losses == s.games
    for before, after in zip(standings, standings[1:], strict=False):
        assert (before.wins, -before.losses, before.spread) >= (
            after.wins,
            -after.losses,
            after.spread,
        )
        same = (before.wins, before.losses, before.spread) == (
            after.wins,
            after.losses,
            after.spread,
        )
        assert (before.rank == after.rank) == same


def _chess() -> Division:
    """Five players, three rounds, with a played draw, full-point byes and a forfeit win.

    Hand-worked values (USCF guide tiebreak rules) are in the tests below."""
    players = (
        Player(1, "Ann", team="North"),
        Player(2, "Bob", team="South"),
        Player(3, "Cy", team="North"),
        Player(4, "Dee", team="South"),
        Player(5, "Eve", team="South"),
    )
    games = (
        Game(1, 1, 2, 1.0, 0.0, first=1),
        Game(1, 3, 4, 0.5, 0.5, first=3),
        Game(1, 5, None, 1.0, kind=GameKind.BYE),
        Game(2, 1, 3, 1.0, 0.0),
        Game(2, 2, 5, 1.0, 0.0),
        Game(2, 4, None, 1.0, kind=GameKind.BYE),
        Game(3, 1, 4, 0.5, 0.5),
        Game(3, 3, 5, 1.0, 0.0),
        Game(3, 2, None, 1.0, kind=GameKind.FORFEIT),
    )
    return Division("Open", players, games, rounds=3)


def test_chess_tiebreaks_worked_example() -> None:
    """USCF guide: opponents' unplayed rounds count half a point; the player's own
    unplayed rounds count as an opponent with 0; Modified Median drops the lowest
    opponent above 50%, the highest below, both at 50%; Cumulative takes a point off
    for each full-point bye or forfeit win; CTBCTB adds the opponents' Cumulative."""
    t = chess_tiebreaks(_chess())
    got = {
        n: (b.points, b.modified_median, b.solkoff, b.cumulative, b.opponents_cumulative)
        for n, b in t.items()
    }
    assert got == {
        1: (2.5, 3.0, 4.5, 5.5, 7.5),
        2: (2.0, 3.0, 3.0, 2.0, 7.5),
        3: (1.5, 1.5, 4.5, 2.5, 10.5),
        4: (2.0, 4.0, 4.0, 3.0, 8.0),
        5: (1.0, 1.5, 3.0, 2.0, 4.5),
    }


def test_chess_standings_break_ties_in_seed_order() -> None:
    standings = chess_standings(_chess())
    # Dee and Bob both have 2 points; Dee's Modified Median (4.0) beats Bob's (3.0).
    assert [(s.number, s.rank, s.points) for s in standings] == [
        (1, 1, 2.5),
        (4, 2, 2.0),
        (2, 3, 2.0),
        (3, 4, 1.5),
        (5, 5, 1.0),
    ]


def test_modified_median_drops_by_score() -> None:
    """USCF 34E1 reading of USCF guide's 'least-significant opponent'."""
    assert modified_median([1.0, 2.0, 3.0], points=2.0, rounds=3) == 5.0  # plus: drop lowest
    assert modified_median([1.0, 2.0, 3.0], points=1.0, rounds=3) == 3.0  # minus: drop highest
    assert modified_median([1.0, 2.0, 3.0, 4.0], points=2.0, rounds=4) == 5.0  # even: both


def test_team_score_counts_the_top_four_and_breaks_ties_on_cumulative() -> None:
    """USCF guide: 'the four highest scores on the team after a given round produce the
    school's team score'; ties go to Cumulative, then Modified Median."""
    teams = team_scores(_chess())
    assert [(t.team, t.points, t.counted) for t in teams] == [
        ("South", 5.0, (4, 2, 5)),
        ("North", 4.0, (1, 3)),
    ]
    top_two = team_scores(_chess(), top=2)
    # North 2.5 + 1.5 and South 2 + 2 tie on 4; North's Cumulative 8 beats South's 5.
    assert [(t.rank, t.team, t.points, t.cumulative) for t in top_two] == [
        (1, "North", 4.0, 8.0),
        (2, "South", 4.0, 5.0),
    ]
    with pytest.raises(ValueError, match="at least one"):
        team_scores(_chess(), top=0)


def test_spread_cap_on_the_real_file_matches_a_direct_count() -> None:
    """The cap applies game by game (each game's spread limited to ±cap), counted here
    straight from the file's opponent and score lists."""
    text = (DATA / "tsh_a_2023.t").read_text()
    rows = []
    for line in text.splitlines():
        head, scores = line.split(";")[:2]
        opponents = [int(t) for t in head.split()[3:]]
        rows.append((opponents, [int(t) for t in scores.split()]))
    expected = {}
    for p, (opponents, scores) in enumerate(rows, start=1):
        total = 0
        for r, (o, mine) in enumerate(zip(opponents, scores, strict=True)):
            theirs = rows[o - 1][1][r] if o else 0
            total += max(-75, min(75, mine - theirs))
        expected[p] = total
    (division,) = read_tsh(text)
    assert {s.number: s.spread for s in scrabble_standings(division, spread_cap=75)} == expected
