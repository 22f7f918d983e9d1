"""FIDE TRF16 files (FIDE handbook C.04 Annex 2), read and written, for chess-style
events scored with the USCF guide tiebreaks."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.formats import FormatError
from core.formats.trf import looks_like_trf, read_trf, write_trf
from core.standings import chess_standings
from core.tournament import Division, Game, GameKind, Player
from tests.core.trf16_strict import read_strict

DATA = Path(__file__).parent.parent / "data"
TEXT = (DATA / "swiss_small.trf").read_text()


def _words(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def test_reads_players_results_colours_byes_and_forfeits() -> None:
    division = read_trf(TEXT)
    assert division.name == "TDBot test Swiss (hand-made fixture)"
    assert [p.name for p in division.players][:2] == ["Anand,Viswanathan", "Carlsen,Magnus"]
    assert division.player(2).rating == 2800 and division.rounds == 3
    by_key = {(g.round, g.a, g.b): g for g in division.games}
    assert by_key[(1, 1, 4)].first == 1 and by_key[(1, 1, 4)].points_a == 1.0
    draw = by_key[(1, 2, 5)]  # Carlsen had White: he is 'first'
    assert (draw.first, draw.points_a, draw.points_b, draw.kind) == (2, 0.5, 0.5, GameKind.PLAYED)
    forfeit = by_key[(2, 2, 3)]
    assert (forfeit.kind, forfeit.points_a, forfeit.points_b) == (GameKind.FORFEIT, 1.0, 0.0)
    assert (by_key[(3, 4, None)].kind, by_key[(3, 4, None)].points_a) == (GameKind.BYE, 0.5)
    assert (by_key[(3, 3, None)].kind, by_key[(3, 3, None)].points_a) == (GameKind.UNPLAYED, 0.0)
    assert len(division.games) == 10


def test_points_and_ranks_agree_with_the_file() -> None:
    """The points column and the rank column of the fixture, worked by hand with the
    USCF guide tiebreaks (Adams's Modified Median 3.5 beats Carlsen's 3.0; Carlsen's
    forfeit win counts as an opponent with 0)."""
    standings = chess_standings(read_trf(TEXT))
    file_columns = {
        int(line[4:8]): (float(line[80:84]), int(line[85:89]))
        for line in TEXT.splitlines()
        if line.startswith("001")
    }
    assert {s.number: (s.points, s.rank) for s in standings} == file_columns


def test_round_trip_keeps_the_file_modulo_whitespace() -> None:
    assert _words(write_trf(read_trf(TEXT))) == _words(TEXT)


def test_unrated_codes_full_point_bye_and_blank_rounds_survive() -> None:
    """W/L (unrated), F (full-point bye), U (pairing-allocated bye), a forfeit loss
    without opponent and a blank round all come back as they were written."""
    text = (
        "012 Codes\n"
        "001    1      A,A                               1500                             2.0    1     2 w W  0000 - F          \n"
        "001    2      B,B                               1400                             1.0    2     1 b L  0000 - -     3 w 1\n"
        "001    3      C,C                                                                1.0    3  0000 - U  0000 - Z     2 b 0\n"
    )
    division = read_trf(text)
    kinds = {(g.round, g.a): (g.kind, g.points_a) for g in division.games}
    assert kinds[(1, 1)] == (GameKind.PLAYED, 1.0)
    assert kinds[(2, 1)] == (GameKind.BYE, 1.0) and kinds[(1, 3)] == (GameKind.BYE, 1.0)
    assert kinds[(2, 2)] == (GameKind.FORFEIT, 0.0) and (3, 1) not in kinds  # blank: no record
    assert _words(write_trf(division)) == _words(text)


def test_writes_a_scrabble_division_with_firsts_as_colours() -> None:
    players = (Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cy"))
    games = (
        Game(1, 1, 2, 1.0, 0.0, 400, 300, first=2),
        Game(1, 3, None, 1.0, score_a=50, kind=GameKind.BYE),
    )
    text = write_trf(Division("Club night", players, games, rounds=1))
    lines = text.splitlines()
    assert lines[0] == "012 Club night"
    assert lines[1].endswith("     2 b 1") and lines[2].endswith("     1 w 0")
    assert lines[3].endswith("  0000 - U")
    again = read_trf(text)
    assert [(g.a, g.b, g.points_a, g.first) for g in again.games] == [
        (1, 2, 1.0, 2),
        (3, None, 1.0, None),
    ]


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        (("     4 w 1     6 b 1", "     4 w 1     6 b 0"), 7, "do not match"),
        (("     5 w =     3 w +", "     5 w =     3 x +"), 8, "colour must be w, b or -"),
        (("     5 w =     3 w +", "     5 w =     3 w ?"), 8, "result must be one of"),
        (("     4 w 1     6 b 1", "     9 w 1     6 b 1"), 7, "opponent 9 is not a starting rank"),
        (("     4 w 1     6 b 1", "     5 w 1     6 b 1"), 7, "5's round 1 opponent is 2"),
        (("001    2 m", "001    1 m"), 8, "starting rank 1 is used twice"),
        (
            ("Anand,Viswanathan                 2750", "Anand,Viswanathan                 27x0"),
            7,
            "rating",
        ),
        (("     6 b 1     2 w =\n", "     6 b 1     2 b =\n"), 7, "cannot both have colour"),
    ],
)
def test_bad_lines_name_the_line_and_the_problem(
    change: tuple[str, str], line: int, words: str
) -> None:
    text = TEXT.replace(*change)
    assert text != TEXT
    with pytest.raises(FormatError) as caught:
        read_trf(text)
    assert caught.value.line == line
    assert words in caught.value.message


def test_detects_trf_content() -> None:
    assert looks_like_trf(TEXT)
    assert not looks_like_trf("Chew, John 1800 2; 400\n")


@st.composite
def chess_divisions(draw: st.DrawFn) -> Division:
    n = draw(st.integers(2, 8))
    rounds = draw(st.integers(0, 4))
    players = tuple(
        Player(i, f"P{i},X", rating=draw(st.integers(0, 2800))) for i in range(1, n + 1)
    )
    games = []
    for r in range(1, rounds + 1):
        order = draw(st.permutations(range(1, n + 1)))
        for i in range(0, n - 1, 2):
            a, b = sorted(order[i : i + 2])
            kind = draw(st.sampled_from([GameKind.PLAYED, GameKind.PLAYED, GameKind.FORFEIT]))
            if kind == GameKind.FORFEIT:
                pa, pb = draw(st.sampled_from([(1.0, 0.0), (0.0, 1.0), (0.0, 0.0)]))
            else:
                pa = draw(st.sampled_from([1.0, 0.5, 0.0]))
                pb = 1.0 - pa
            first = draw(st.sampled_from([a, b, None]))
            games.append(Game(r, a, b, pa, pb, first=first, kind=kind))
        if n % 2:
            bye = draw(
                st.sampled_from(
                    [
                        (1.0, GameKind.BYE),
                        (0.5, GameKind.BYE),
                        (0.0, GameKind.UNPLAYED),
                        (0.0, GameKind.FORFEIT),
                    ]
                )
            )
            games.append(Game(r, order[-1], None, bye[0], kind=bye[1]))
    return Division("Prop", players, tuple(sorted(games, key=lambda g: (g.round, g.a))), rounds)


@given(chess_divisions())
def test_write_then_read_gives_the_same_games(division: Division) -> None:
    """Every game comes back, except that a played game with no recorded White comes
    back with the lower starting rank as White: TRF16 has no colourless played game."""
    again = read_trf(write_trf(division))
    assert again.games == tuple(
        replace(g, first=min(g.a, g.b))
        if g.kind == GameKind.PLAYED and g.b is not None and g.first is None else g
        for g in division.games
    )
    assert [(p.name, p.rating) for p in again.players] == [
        (p.name, p.rating) for p in division.players
    ]


def test_teams_survive_writing_a_division_that_did_not_come_from_trf() -> None:
    """USCF guide scores teams and avoids same-school pairings, so a team read from a tsh
    ``team`` field must reach the TRF file (as ``013`` lines) rather than vanish."""
    players = (Player(1, "Ann", 1800, team="North"), Player(2, "Bob", 1700, team="South"),
               Player(3, "Cy", 1600, team="North"), Player(4, "Di", 1500))
    text = write_trf(Division("Club", players))
    assert [p.team for p in read_trf(text).players] == ["North", "South", "North", ""]
    again = read_trf(text)
    moved = Division("Club", tuple(Player(p.number, p.name, p.rating, team="East", extra=p.extra)
                                    for p in again.players), meta=again.meta)
    assert {p.team for p in read_trf(write_trf(moved)).players} == {"East"}
    assert write_trf(again) == text


@given(chess_divisions())
def test_every_written_division_passes_the_strict_trf16_reader(division: Division) -> None:
    """Whatever the division holds (colours known or not, forfeits, byes, absences),
    the file written is one bbpPairings and a strict TRF16 reader accept."""
    entries = read_strict(write_trf(division, total_rounds=max(division.rounds, 1)))
    assert sorted(entries) == [p.number for p in division.players]
