"""tsh `.t` files (Director's Manual, "Tournament Data Submission Formats", tsh Format)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.formats import FormatError
from core.formats.tsh import TshDivision, parse_tsh, read_tsh, write_tsh
from core.tournament import Division, Game, GameKind, Pairings, Player

DATA = Path(__file__).parent.parent / "data"

# The annotated example of Director's Manual, tsh Format (three divisions of three players),
# with one fix: the seed has Butts, Alfred meet player 2 in rounds 1 and 4, while
# Chew, John's line says Chew met Butts (player 3) then, and Edley had byes. The
# opponent lists must agree, so Butts's rounds 1 and 4 read 1 here (the verbatim
# seed text is rejected, see test_seed_example_as_printed_is_inconsistent).
SEED_EXAMPLE = """\
#division A
#rating check off
Chew, John 1800 3 0 2 3 0 2; 300 50 350 300 50 300; other data
Edley, Joe 2000 0 3 1 0 3 1; 50 300 350 0 300 400
Butts, Alfred 500 1 2 0 1 2 0; 400 400 50 400 400 50
#division B
Doe, John 1500 3 0 2 3 0 2; 300 50 350 300 50 300
Doe, Jane 1400 0 3 1 0 3 1; 50 300 350 50 300 400
Doe, Kate 1300 1 2 0 1 2 0; 400 400 50 400 400 50
#division C
Sherman, Joel 2000 3 0 2 3 0 2; 300 50 350 300 50 300
Wapnick, Joel 2000 0 3 1 0 3 1; 50 300 350 50 300 400
Horn, Joel 1800 1 2 0 1 2 0; 400 400 50 400 400 50
"""


def _words(text: str) -> list[str]:
    """A file compared modulo whitespace, as the round trip promises."""
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def test_seed_example_reads_three_divisions_with_byes() -> None:
    a, b, c = read_tsh(SEED_EXAMPLE)
    assert [a.name, b.name, c.name] == ["A", "B", "C"]
    assert [p.name for p in a.players] == ["Chew, John", "Edley, Joe", "Butts, Alfred"]
    assert a.player(2).rating == 2000
    # Opponent 0 is a bye whose score is the spread (Director's Manual, tsh Format).
    bye = next(g for g in a.games if g.round == 2 and g.a == 1)
    assert (bye.b, bye.score_a, bye.kind, bye.points_a) == (None, 50, GameKind.BYE, 1.0)
    # Round 1: Chew 300 v Butts 400; Edley has the bye.
    game = next(g for g in a.games if g.round == 1 and g.b is not None)
    assert (game.a, game.b, game.score_a, game.score_b) == (1, 3, 300, 400)
    assert (game.points_a, game.points_b) == (0.0, 1.0)
    assert a.rounds == 6
    # "other data" after the second semicolon is kept for the round trip.
    assert a.player(1).extra == "other data"
    # Edley's round-4 bye of 0 spread counts half, as tsh scores spread <=> 0.
    zero = next(g for g in a.games if g.round == 4 and g.a == 2)
    assert zero.points_a == 0.5


def test_seed_example_as_printed_is_inconsistent() -> None:
    printed = SEED_EXAMPLE.replace("Alfred 500 1 2 0 1 2 0", "Alfred 500 2 2 0 2 2 0")
    with pytest.raises(FormatError) as caught:
        read_tsh(printed)
    assert caught.value.line == 3
    assert "Butts, Alfred's round 1 opponent is 2" in caught.value.message


def test_seed_example_round_trips_modulo_whitespace() -> None:
    assert _words(write_tsh(parse_tsh(SEED_EXAMPLE))) == _words(SEED_EXAMPLE)


def test_real_file_round_trips_and_keeps_p12_off_and_other_fields() -> None:
    text = (DATA / "tsh_a_2023.t").read_text()
    (item,) = parse_tsh(text, "A")
    division = item.division
    assert len(division.players) == 26 and division.rounds == 23
    assert _words(write_tsh([item])) == _words(text)
    # p12: Smylie went second in round 1 against Buma (#21), who went first.
    game = next(g for g in division.games if g.round == 1 and g.a == 1)
    assert (game.b, game.first) == (21, 21)
    # 'off -50' marks Keras (#16) as withdrawn; their last four rounds are forfeits.
    keras = division.player(16)
    assert not keras.active
    forfeits = [g for g in division.games if g.a == 16 and g.b is None]
    assert [(g.round, g.score_a, g.kind) for g in forfeits] == [
        (r, -50, GameKind.FORFEIT) for r in (20, 21, 22, 23)
    ]


def test_changed_first_player_is_written_to_p12() -> None:
    (item,) = parse_tsh(SEED_EXAMPLE.split("#division B")[0])
    division = item.division
    games = tuple(
        Game(g.round, g.a, g.b, g.points_a, g.points_b, g.score_a, g.score_b, first=g.a)
        if g.b is not None
        else g
        for g in division.games
    )
    text = write_tsh(
        [Division(division.name, division.players, games, division.rounds, division.meta)]
    )
    (again,) = read_tsh(text)
    assert all(g.first == g.a for g in again.games if g.b is not None)
    assert "p12 1 0 1 1 0 1" in " ".join(text.split())


def test_pending_pairings_survive_and_new_ones_are_written() -> None:
    text = "Ann, A 1500 2 2; 400\nBob, B 1400 1 1; 300\nCal, C 1300 0 0; 50\n"
    (item,) = parse_tsh(text)
    assert [len(item.division.games), item.division.rounds] == [2, 2]
    assert item.pending == (Pairings(round=2, pairs=((1, 2),), byes=(3,)),)
    assert _words(write_tsh([item])) == _words(text)
    more = TshDivision(item.division, item.pending + (Pairings(3, ((3, 1),), byes=(2,)),))
    assert _words(write_tsh([more]))[0] == "Ann, A 1500 2 2 3; 400"


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("Ann, A 1500 2; 400\nBob, B; 300\n", 2, "expected 'Last, First RATING"),
        ("Ann, A 1500 2; 400\nBob, B 1400 1; 3x0\n", 2, "'3x0'"),
        ("Ann, A 1500 3; 400\nBob, B 1400 1; 300\n", 1, "opponent 3 is not a player"),
        ("Ann, A 1500 2; 400\nBob, B 1400 0; 300\n", 1, "Bob, B's round 1 opponent is 0"),
        ("Ann, A 1500 2; 400 300\nBob, B 1400 1; 300\n", 1, "2 scores but only 1"),
        ("Ann, A 1500 2; 400\nBob, B 1400 1;\n", 1, "has a score but their opponent"),
        ("Ann, A 1500 1; 400\n", 1, "paired with themself"),
        ("Ann, A 1500 2 x 2; 400 300\nBob, B 1400 1 1; 300 200\n", 1,
         "the name was read as 'Ann, A 1500 2 x': is there a typo"),
        ("Ann, A 1500 2; 400\nBob, B 1400 1;\n", 1, "Bob, B (line 2) has none"),
    ],
)
def test_bad_lines_name_the_line_and_the_problem(text: str, line: int, words: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_tsh(text)
    assert caught.value.line == line
    assert words in caught.value.message


def test_a_division_named_twice_is_refused() -> None:
    with pytest.raises(FormatError, match="division 'A' appears twice"):
        read_tsh("#division A\nAnn, A 1500\n#division A\nBob, B 1400\n")


def test_writer_refuses_what_tsh_cannot_hold() -> None:
    players = (Player(1, "Ann, A"), Player(2, "Bob, B"))
    no_scores = Division("A", players, (Game(1, 1, 2, 1.0, 0.0),), rounds=1)
    with pytest.raises(ValueError, match="no scores"):
        write_tsh([no_scores])
    gap = Division("A", players, (Game(2, 1, 2, 1.0, 0.0, 400, 300),), rounds=2)
    with pytest.raises(ValueError, match="no pairing in round 1"):
        write_tsh([gap])


@pytest.mark.parametrize("name", ["Player 7", "Smith; J", "#Ann", " ", "2"])
def test_writer_refuses_names_tsh_would_read_back_otherwise(name: str) -> None:
    # Director's Manual, tsh Format: "name rating opponents; scores": 'Player 7 1500' would come
    # back as a player named 'Player' rated 7 with opponent 1500.
    division = Division("A", (Player(1, name, 1500), Player(2, "Bob, B", 1400)))
    with pytest.raises(ValueError, match="cannot be written to a .t file"):
        write_tsh([division])
    assert read_tsh(write_tsh([Division("A", (Player(1, "Ann 2nd, A", 1500),))]))


@st.composite
def divisions(draw: st.DrawFn) -> Division:
    """Random complete round-by-round Scrabble divisions: every player every round."""
    n = draw(st.integers(2, 9))
    rounds = draw(st.integers(0, 5))
    players = tuple(
        Player(i, f"Player{i}, P", rating=draw(st.integers(0, 2200)), active=draw(st.booleans()))
        for i in range(1, n + 1)
    )
    games = []
    for r in range(1, rounds + 1):
        order = draw(st.permutations(range(1, n + 1)))
        if n % 2:
            spread = draw(st.sampled_from([50, -50, 0, 75]))
            kind = GameKind.BYE if spread >= 0 else GameKind.FORFEIT
            points = 1.0 if spread > 0 else 0.5 if spread == 0 else 0.0
            games.append(Game(r, order[-1], None, points, score_a=spread, kind=kind))
        for i in range(0, n - 1, 2):
            a, b = sorted(order[i : i + 2])
            sa, sb = draw(st.integers(100, 700)), draw(st.integers(100, 700))
            pa = 1.0 if sa > sb else 0.0 if sa < sb else 0.5
            first = draw(st.sampled_from([a, b, None]))
            games.append(Game(r, a, b, pa, 1.0 - pa, sa, sb, first=first))
    return Division("A", players, tuple(sorted(games, key=lambda g: (g.round, g.a))), rounds)


@given(divisions())
def test_write_then_read_gives_the_same_division(division: Division) -> None:
    """Property: the writer and reader are inverse on everything tsh can hold."""
    (again,) = read_tsh(write_tsh([division]))
    assert again.games == division.games
    assert [(p.name, p.rating, p.active) for p in again.players] == [
        (p.name, p.rating, p.active) for p in division.players
    ]
