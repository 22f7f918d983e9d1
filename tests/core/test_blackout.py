"""Blackouts of SSSg 2016 Annex A para 20."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.blackout import Blackout, blackout_at

SGT = timezone(timedelta(hours=8))
OPEN = Blackout(
    datetime(2016, 9, 10, 9, tzinfo=SGT), datetime(2016, 9, 11, 18, tzinfo=SGT), "SA Open"
)


def test_inside_and_outside() -> None:
    assert blackout_at([OPEN], datetime(2016, 9, 10, 13, tzinfo=SGT)) is OPEN  # lunch break
    assert blackout_at([OPEN], datetime(2016, 9, 9, 20, tzinfo=SGT)) is None
    assert blackout_at([], datetime(2016, 9, 10, 13, tzinfo=SGT)) is None


def test_start_is_in_end_is_out() -> None:
    assert blackout_at([OPEN], OPEN.start) is OPEN
    assert blackout_at([OPEN], OPEN.start - timedelta(microseconds=1)) is None
    assert blackout_at([OPEN], OPEN.end - timedelta(microseconds=1)) is OPEN
    assert blackout_at([OPEN], OPEN.end) is None


def test_time_zones_compare_as_instants() -> None:
    """9:00 in Singapore is 1:00 UTC."""
    assert blackout_at([OPEN], datetime(2016, 9, 10, 1, tzinfo=UTC)) is OPEN
    assert blackout_at([OPEN], datetime(2016, 9, 10, 0, 59, tzinfo=UTC)) is None


def test_overlapping_blackouts_name_the_earliest() -> None:
    later = Blackout(
        datetime(2016, 9, 11, 9, tzinfo=SGT), datetime(2016, 9, 12, tzinfo=SGT), "Club"
    )
    at = datetime(2016, 9, 11, 10, tzinfo=SGT)
    assert blackout_at([later, OPEN], at) is OPEN
    assert blackout_at([later, OPEN], datetime(2016, 9, 11, 19, tzinfo=SGT)) is later


def test_refusals() -> None:
    with pytest.raises(ValueError, match="must end after it starts"):
        Blackout(OPEN.end, OPEN.start, "SA Open")
    with pytest.raises(ValueError, match="the start of Club must carry a time zone"):
        Blackout(datetime(2016, 9, 10), OPEN.end, "Club")
    with pytest.raises(ValueError, match="the game's time must carry a time zone"):
        blackout_at([OPEN], datetime(2016, 9, 10, 13))


instants = st.datetimes(
    min_value=datetime(2016, 1, 1), max_value=datetime(2017, 12, 31), timezones=st.just(UTC)
)


@given(
    st.lists(
        st.tuples(instants, st.timedeltas(timedelta(minutes=1), timedelta(days=3))), max_size=5
    ),
    instants,
)
def test_found_blackout_covers_the_time_and_none_means_none_does(
    periods: list[tuple[datetime, timedelta]], when: datetime
) -> None:
    blackouts = [Blackout(s, s + d, f"E{i}") for i, (s, d) in enumerate(periods)]
    found = blackout_at(blackouts, when)
    covering = [b for b in blackouts if b.start <= when < b.end]
    if found is None:
        assert not covering
    else:
        assert found in covering and found.start == min(b.start for b in covering)
