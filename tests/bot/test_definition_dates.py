"""Moving an event definition's dates (``shift_dates``, ``tdbot event create --start``) so
that an example written for 2016 (examples/sssg2016.toml) can be run today."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.service.events.definitions import first_date, parse_definition, shift_dates
from bot.service.platform.errors import Invalid

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "sssg2016.toml"
SSSG = parse_definition(EXAMPLE.read_text())

TIMED = """
[event]
slug = "club-ko"
name = "Club"
format = "single"

[[rounds]]
name = "R1"
opens = 2016-03-02T18:00:00
closes = 2016-03-09

[[rounds]]
name = "R2"
closes = 2016-02-28T21:30:00
"""


def _dates(definition):  # type: ignore[no-untyped-def]
    return [(r.name, r.opens, r.closes) for r in definition.rounds]


def test_every_round_date_moves_by_the_same_days_and_the_first_falls_on_start() -> None:
    moved = shift_dates(SSSG, date(2025, 9, 1))
    offset = date(2025, 9, 1) - date(2016, 8, 1)  # the qualifying round opened 1 Aug 2016
    assert first_date(moved) == date(2025, 9, 1)
    assert _dates(moved) == [
        (name, opens + offset, closes + offset) for name, opens, closes in _dates(SSSG)
    ]
    assert moved.rounds[0].closes == date(2025, 10, 1)  # the 30 days of the round kept
    assert [(b.start, b.end) for b in moved.blackouts] == [  # para 20's periods move too
        (b.start + offset, b.end + offset) for b in SSSG.blackouts
    ]
    # nothing else changes: the event, rules, people and the rounds' best-of
    assert moved.model_dump(exclude={"rounds", "blackouts"}) == SSSG.model_dump(
        exclude={"rounds", "blackouts"})
    assert [(r.best_of, r.head_start) for r in moved.rounds] == [
        (r.best_of, r.head_start) for r in SSSG.rounds
    ]


def test_a_date_and_time_keeps_its_time_and_the_earliest_of_any_key_is_the_start() -> None:
    moved = shift_dates(parse_definition(TIMED), date(2030, 1, 10))
    assert moved.rounds[1].closes == datetime(2030, 1, 10, 21, 30)  # R2 closes first
    assert moved.rounds[0].opens == datetime(2030, 1, 13, 18, 0)
    assert moved.rounds[0].closes == date(2030, 1, 20)


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31)))
def test_shifting_twice_is_shifting_once(start: date) -> None:
    once = shift_dates(SSSG, start)
    assert shift_dates(shift_dates(SSSG, date(2001, 2, 3)), start) == once
    assert shift_dates(once, date(2016, 8, 1)) == SSSG


def test_a_definition_without_dates_says_so() -> None:
    with pytest.raises(Invalid, match="no dates to move"):
        shift_dates(parse_definition(TIMED.split("[[rounds]]")[0]), date(2030, 1, 1))


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


PLAYERS = "name,rating\n" + "".join(f"Player {i:02},{2100 - 20 * i}\n" for i in range(1, 25))


def _drawn_event(tmp_path: Path, *start: str) -> str:
    db = str(tmp_path / "t.db")
    code, out, err = run("event", "create", str(EXAMPLE), "--db", db, *start)
    assert code == 0, err
    csv = tmp_path / "players.csv"
    csv.write_text(PLAYERS)
    assert run("players", "import", "sssg-2016", str(csv), "--db", db)[0] == 0
    assert run("event", "draw", "sssg-2016", "--seed", "5", "--db", db)[0] == 0
    return db


def test_event_create_start_moves_the_schedule(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    code, out, err = run("event", "create", str(EXAMPLE), "--db", db, "--start", "2099-08-01")
    assert code == 0, err
    assert "every date moved +30315 days: the schedule starts Sat 01 Aug 2099" in out
    csv = tmp_path / "players.csv"
    csv.write_text(PLAYERS)
    assert run("players", "import", "sssg-2016", str(csv), "--db", db)[0] == 0
    assert run("event", "draw", "sssg-2016", "--seed", "5", "--db", db)[0] == 0
    code, out, _ = run("event", "show", "sssg-2016", "--db", db)
    assert "Qual Rd [qual-rd] best of 9, planned, closes Mon 31 Aug 2099 23:59 (+08)" in out
    assert "Grand Final [grand-final] best of 18, planned, closes Wed 31 Mar 2100" in out


def test_start_today_lets_the_first_round_open_now(tmp_path: Path) -> None:
    """Without --start the 2016 dates are past and the round cannot open with them."""
    (tmp_path / "old").mkdir()
    old = _drawn_event(tmp_path / "old")
    code, _, err = run("round", "open", "sssg-2016", "qual-rd", "--unpaid-ok", "--why", "t",
                       "--db", old)
    assert code == 2 and "past" in err, err
    db = _drawn_event(tmp_path, "--start", "today")
    code, out, err = run("round", "open", "sssg-2016", "qual-rd", "--unpaid-ok", "--why", "t",
                         "--db", db)
    assert code == 0, err
    closes = re.search(r"it closes \w{3} (\d+ \w{3} \d{4})", out)
    assert closes is not None, out
    gap = datetime.strptime(closes.group(1), "%d %b %Y").date() - date.today()
    assert timedelta(days=29) <= gap <= timedelta(days=31)  # the round's 30 days, either zone


def test_a_bad_start_is_named(tmp_path: Path) -> None:
    code, out, err = run("event", "create", str(EXAMPLE), "--db", str(tmp_path / "t.db"),
                         "--start", "1/9/2025")
    assert code == 2 and out == ""
    assert "--start '1/9/2025': not a date; write it as YYYY-MM-DD or today" in err
