"""Prize pools against SSSg 2016 Annex A paras 7-9."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.prizes import (
    Cost,
    DivisionPurse,
    Guarantee,
    money,
    para8_guarantees,
    prize_places,
    prize_pools,
    summary,
)

# The seed's "sample prize distribution (based on 24 players)", in cents. With 24 players
# the 16 lowest-rated play the qualifying round (16 x $15), the top division of 16 plays
# 60 player-rounds of double elimination (16 + 16 + 12 + 6 + 6 + 4) and the plate of 8
# plays 8 + 4 + 2 (para 26: $15 per player per round).
SAMPLE_TOP = [35000, 26500, 18500, 16000]
SAMPLE_PLATE = [11000, 6500]
TOP = DivisionPurse("Top", 16, fees=60 * 1500, qualifying_fees=16 * 1500)
PLATE = DivisionPurse("Plate", 8, fees=14 * 1500, plate=True)


def test_worked_example_to_the_cent() -> None:
    """Para 9: costs of $85 shared 1140:210; para 7: 90% of the rest is the pool."""
    report = prize_pools([TOP, PLATE], [Cost("venue", 5000), Cost("trophies", 3500)])
    top, plate = report.divisions
    assert (top.cost_share, plate.cost_share) == (7178, 1322)  # 7177.78 and 1322.22
    assert (top.net, top.pool, top.to_association) == (106822, 96139, 10683)
    assert (plate.net, plate.pool, plate.to_association) == (19678, 17710, 1968)
    assert report.fees == 135000 and report.total_costs == 8500


def test_the_seed_sample_fits_the_pools_with_modest_costs() -> None:
    """The sample distribution is what 90% of the fees pays after about $85 of costs; at
    $90 of costs the top division's sample no longer fits."""
    fits = prize_pools([TOP, PLATE], [Cost("costs", 8500)])
    assert sum(SAMPLE_TOP) <= fits.divisions[0].pool
    assert sum(SAMPLE_PLATE) <= fits.divisions[1].pool
    tight = prize_pools([TOP, PLATE], [Cost("costs", 9000)])
    assert sum(SAMPLE_TOP) > tight.divisions[0].pool


def test_qualifying_fees_go_to_the_top_division_para_9() -> None:
    """The plate's share of costs follows its own fees only; qualifying fees are top's,
    even those paid by players who went on to the plate."""
    report = prize_pools([TOP, PLATE], [Cost("costs", 13500)])
    assert [d.cost_share for d in report.divisions] == [11400, 2100]
    with pytest.raises(ValueError, match="go to the top division .*para 9"):
        DivisionPurse("Plate", 8, fees=21000, qualifying_fees=100, plate=True)


def test_para_8_guarantees_for_the_fees_paid() -> None:
    top = para8_guarantees(False, 16, [9000, 9000, 7500, 7500])
    assert [g.least for g in top] == [22500, 18000, 11250, 7501]
    assert [g.place for g in top] == ["1st", "2nd", "3rd", "4th"]
    plate = para8_guarantees(True, 8, [4500, 4501])
    assert [g.least for g in plate] == [6750, 4502]
    # 1.5 x 45.01 = 67.515: rounded up, so the prize reaches the guarantee
    assert para8_guarantees(True, 4, [4501])[0].least == 6752


def test_the_seed_sample_meets_para_8_for_an_upper_bracket_run() -> None:
    """A qualifier who wins the upper bracket pays 6 rounds ($90); the plate champion of
    8 pays 3 ($45). The sample prizes meet para 8 for them."""
    top = para8_guarantees(False, 16, [9000] * 4)
    plate = para8_guarantees(True, 8, [4500] * 2)
    assert all(prize >= g.least for prize, g in zip(SAMPLE_TOP, top, strict=True))
    assert all(prize >= g.least for prize, g in zip(SAMPLE_PLATE, plate, strict=True))


def test_plate_prize_places_reuse_sssg() -> None:
    """Para 8: plate players / 4 rounded down (core.knockout.sssg.plate_prize_count)."""
    assert [prize_places(True, n) for n in (1, 2, 3, 7, 8, 16, 17)] == [0, 1, 1, 1, 2, 4, 4]
    assert [prize_places(False, n) for n in (2, 4, 16)] == [2, 4, 4]
    with pytest.raises(ValueError, match="has 2 prize places .*fees paid for 3"):
        para8_guarantees(True, 8, [1, 2, 3])
    with pytest.raises(ValueError, match="2 prize places .* 3 guarantees"):
        DivisionPurse("Plate", 8, 0, plate=True, guarantees=(Guarantee("1st", 1),) * 3)


def test_shortfall_when_guarantees_exceed_the_pool() -> None:
    top = DivisionPurse("Top", 16, 20000, guarantees=para8_guarantees(False, 16, [6000] * 4))
    report = prize_pools([top])
    (d,) = report.divisions
    assert d.pool == 18000 and d.guaranteed == 15000 + 12000 + 9000 + 6001
    assert d.shortfall == 42001 - 18000 == report.shortfall
    assert d.left == 0
    text = summary(report)
    assert "SHORT by $240.01: the guarantees need $420.01, the pool is $180.00" in text


def test_costs_above_fees() -> None:
    report = prize_pools([DivisionPurse("Top", 4, 1000)], [Cost("hall", 1500)])
    (d,) = report.divisions
    assert (d.net, d.pool, d.to_association) == (-500, 0, -500)
    assert "$5.00 more than the fees" in summary(report)


def test_left_over_cents_go_to_the_largest_fractions_then_the_first_listed() -> None:
    divisions = [DivisionPurse(n, 4, 1000) for n in "ABC"]
    assert [d.cost_share for d in prize_pools(divisions, [Cost("c", 100)]).divisions] == [
        34,
        33,
        33,
    ]


def test_refusals() -> None:
    with pytest.raises(ValueError, match="at most 90% .*para 7"):
        prize_pools([TOP], share=Fraction(95, 100))
    with pytest.raises(ValueError, match="no fees recorded"):
        prize_pools([DivisionPurse("Top", 4, 0)], [Cost("hall", 1)])
    with pytest.raises(ValueError, match="names must differ"):
        prize_pools([TOP, TOP])
    with pytest.raises(ValueError, match="whole number of cents"):
        Cost("hall", -1)
    with pytest.raises(ValueError, match="whole number of cents"):
        DivisionPurse("Top", 4, fees=10.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="more than the fees paid"):
        Guarantee("4th", 100, paid=100)
    with pytest.raises(ValueError, match="below 5/2 x"):
        Guarantee("1st", 100, paid=100, multiple=Fraction(5, 2))


def test_share_may_be_a_decimal_and_no_zero_fees_no_costs_is_fine() -> None:
    report = prize_pools([DivisionPurse("Top", 4, 1001)], share=Decimal("0.85"))
    assert report.divisions[0].pool == 850  # 850.85 rounded down
    assert prize_pools([DivisionPurse("Top", 4, 0)]).divisions[0].pool == 0


def test_money() -> None:
    assert money(123456) == "$1,234.56"
    assert money(5) == "$0.05"
    assert money(-500, "S$") == "-S$5.00"


def test_summary_reads_on_a_phone() -> None:
    top = DivisionPurse(
        "Top", 16, 90000, qualifying_fees=24000, guarantees=para8_guarantees(False, 16, [9000] * 4)
    )
    text = summary(prize_pools([top, PLATE], [Cost("costs", 8500)]))
    lines = text.splitlines()
    assert lines[0] == "Prize pools (SSSg paras 7-9)"
    assert "Fees $1,140.00 (qualifying round $240.00)" in lines
    assert "Prizes (90%) $961.39, to the SA $106.83" in lines
    assert "1st $225.00 (2.5x $90.00 paid)" in lines
    assert "4th $90.01 (more than $90.00 paid)" in lines
    assert "Guarantees $630.01; $331.38 left for other prizes." in lines
    assert "Plate: 8 players, 2 prizes" in lines
    assert max(len(line) for line in lines) <= 120


# --- properties ---------------------------------------------------------------------------

cents = st.integers(0, 10**7)


@given(
    st.lists(st.tuples(cents, st.booleans()), min_size=1, max_size=4),
    st.lists(cents, max_size=4),
    st.fractions(min_value=Fraction(1, 100), max_value=Fraction(9, 10)),
)
def test_money_is_never_created(
    fees: list[tuple[int, bool]], costs: list[int], share: Fraction
) -> None:
    divisions = [DivisionPurse(f"D{i}", 8, f, plate=p) for i, (f, p) in enumerate(fees)]
    all_fees = sum(f for f, _ in fees)
    total = sum(costs)
    if all_fees == 0 and total:
        with pytest.raises(ValueError):
            prize_pools(divisions, [Cost("c", c) for c in costs], share)
        return
    report = prize_pools(divisions, [Cost("c", c) for c in costs], share)
    assert sum(d.cost_share for d in report.divisions) == total
    for d in report.divisions:
        if all_fees:
            assert abs(d.cost_share - Fraction(total * d.division.fees, all_fees)) < 1  # para 9
        assert d.pool + d.to_association == d.net == d.division.fees - d.cost_share
        if d.net > 0:
            assert d.pool <= share * d.net < d.pool + 1
            assert d.to_association >= d.net / 10  # para 7
        else:
            assert d.pool == 0


@given(st.booleans(), st.integers(0, 40), st.data())
def test_guarantees_are_the_least_that_meet_para_8(
    plate: bool, players: int, data: st.DataObject
) -> None:
    places = prize_places(plate, players)
    paid = data.draw(st.lists(cents, min_size=places, max_size=places))
    for g in para8_guarantees(plate, players, paid):
        assert g.paid is not None
        if g.multiple is None:
            assert g.least == g.paid + 1
        else:
            assert g.least - 1 < g.multiple * g.paid <= g.least
