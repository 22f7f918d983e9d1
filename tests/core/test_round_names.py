"""A knockout round's name: every name a draw stores reads back as the round it names
(``core.knockout.round_names``), and a name no draw makes reads as nothing."""

from __future__ import annotations

import pytest

from core.knockout.double_elim import double_elimination
from core.knockout.round_names import RoundOf, Stage, name_of, parse
from core.knockout.single_elim import single_elimination
from core.schedule import BestOfSchedule


def _drawn_names() -> set[str]:
    names: set[str] = set()
    for size in (4, 8, 16, 32, 64):
        names |= {m.round_name for m in single_elimination(size, BestOfSchedule(3),
                                                          third_place=True).matches}
        names |= {m.round_name for m in double_elimination(size, BestOfSchedule(3),
                                                          grand_final="reset").matches}
    return names


def test_every_name_a_draw_stores_reads_back_as_its_round() -> None:
    names = _drawn_names()
    assert {"Ro64", "Ro32", "Ro16", "QF", "SF", "Final", "3rd place", "Winners' Final",
            "Minor Ro16", "Major QF", "Minor F", "Losers' Final", "Grand Final",
            "Grand Final (reset)"} <= names
    for name in names | {f"Plate {n}" for n in names} | {"Qual Rd"}:
        r = parse(name)
        assert r is not None, name
        assert name_of(r) == name


def test_the_rounds_it_reads() -> None:
    assert parse("Minor F") == RoundOf(Stage.FINAL, lower="minor")
    assert parse("Major Ro16") == RoundOf(Stage.ROUND_OF, players=16, lower="major")
    assert parse("Plate SF") == RoundOf(Stage.SEMI_FINAL, plate=True)
    assert parse("Qual Rd") == RoundOf(Stage.QUALIFYING)


@pytest.mark.parametrize("name", ["Round 3", "Final Four", "Minor Final", "final", "Ro",
                                  "Plate Plate SF", "Semis", "Rofl", "Major"])
def test_a_name_no_draw_makes_is_not_read(name: str) -> None:
    assert parse(name) is None
