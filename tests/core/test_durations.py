"""Durations in event definitions: slip and photo windows (SSSg paras 24-25), reminders."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.durations import LIMIT, DurationError, format_duration, parse_duration


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("24h", timedelta(hours=24)),
        ("90m", timedelta(minutes=90)),
        ("2d", timedelta(days=2)),
        ("1h30m", timedelta(hours=1, minutes=30)),
        ("1d12h", timedelta(days=1, hours=12)),
        ("1d2h3m", timedelta(days=1, hours=2, minutes=3)),
        (" 1H 30M ", timedelta(hours=1, minutes=30)),
        ("0d5m", timedelta(minutes=5)),
        ("366d", LIMIT),
    ],
)
def test_parse(text: str, expected: timedelta) -> None:
    assert parse_duration(text) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "A duration is needed"),
        ("   ", "A duration is needed"),
        ("90", "needs a unit after the number"),
        ("1h30", "needs a unit after the number"),
        ("1.5h", "use whole numbers, like 1h30m"),
        ("-1h", "can't be negative"),
        ("2w", "'w' is not a unit"),
        ("24hours", "'hours' is not a unit"),
        ("1h1h", "gives h twice"),
        ("30m1h", "largest unit first"),
        ("0h", "no time at all"),
        ("0d0h0m", "no time at all"),
        ("367d", "longer than the most allowed, 366d"),
        ("99999999999999999999d", "longer than the most allowed"),
        ("soon", "can't read 'soon' as a duration"),
        ("h", "can't read"),
    ],
)
def test_refusals_say_why_and_show_examples(text: str, reason: str) -> None:
    with pytest.raises(DurationError) as caught:
        parse_duration(text)
    msg = str(caught.value)
    assert reason in msg
    assert "1h30m" in msg or "366d" in msg


def test_limit_is_a_parameter() -> None:
    assert parse_duration("3d", limit=timedelta(days=3)) == timedelta(days=3)
    with pytest.raises(DurationError, match="the most allowed, 2d12h"):
        parse_duration("3d", limit=timedelta(days=2, hours=12))


@pytest.mark.parametrize(
    ("duration", "text"),
    [
        (timedelta(hours=24), "1d"),
        (timedelta(minutes=90), "1h30m"),
        (timedelta(days=2, minutes=1), "2d1m"),
        (timedelta(0), "0m"),
        (timedelta(minutes=1, seconds=59), "1m"),
    ],
)
def test_format(duration: timedelta, text: str) -> None:
    assert format_duration(duration) == text


def test_format_refuses_negative() -> None:
    with pytest.raises(ValueError, match="negative"):
        format_duration(timedelta(minutes=-1))


@given(st.integers(1, int(LIMIT.total_seconds()) // 60))
def test_round_trip(minutes: int) -> None:
    d = timedelta(minutes=minutes)
    assert parse_duration(format_duration(d)) == d


@given(st.integers(0, 400), st.integers(0, 30), st.integers(0, 200), st.booleans())
def test_any_parts_add_up(days: int, hours: int, minutes: int, spaced: bool) -> None:
    parts = (f"{n}{u}" for n, u in ((days, "d"), (hours, "h"), (minutes, "m")))
    text = (" " if spaced else "").join(parts)
    expected = timedelta(days=days, hours=hours, minutes=minutes)
    if timedelta(0) < expected <= LIMIT:
        assert parse_duration(text) == expected
    else:
        with pytest.raises(DurationError):
            parse_duration(text)


@given(st.text(max_size=30) | st.from_regex(r"[0-9dhm .\-]{0,12}", fullmatch=True))
def test_any_text_is_read_or_refused(text: str) -> None:
    try:
        d = parse_duration(text)
    except DurationError as refused:
        assert str(refused)
        return
    assert timedelta(0) < d <= LIMIT
