"""Every reader of outside text refuses bad input clearly and never crashes.

The properties are ``bench/fuzz_targets.py``'s (``python -m bench.fuzz`` runs them with
thousands of examples); here each runs a couple of hundred, so that the suite stays fast.
Below them, each crash the fuzzing found, kept as an explicit regression test.
"""

from __future__ import annotations

import time
from zoneinfo import ZoneInfo

import pytest

from bench.fuzz_targets import check, run, targets
from bot.service.events.definitions import parse_definition
from bot.service.events.schedule import parse_closing
from bot.service.platform.errors import Invalid
from bot.service.platform.limits import amount_of_money
from bot.service.results.rulings import parse_scores
from core.formats import FormatError
from core.formats.players_csv import PlayersCsvError, parse_players_csv
from core.formats.trf import read_trf
from core.formats.tsh import parse_tsh

TARGETS = {t.name: t for t in targets()}
HUGE = "9" * 5000
EVENT = '[event]\nslug = "ab"\nname = "x"\nformat = "sssg"\n'


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_reader_parses_or_refuses_clearly(name: str) -> None:
    run(TARGETS[name], 150)


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_the_valid_sample_parses(name: str) -> None:
    """The mutations start from a valid input, or they would test only refusals."""
    TARGETS[name].read(TARGETS[name].sample)


def test_the_property_fails_on_an_unexplained_error() -> None:
    """``check`` lets a bare ValueError through and fails an empty or leaked message."""
    target = TARGETS["amend"]
    bad = type(target)("bad", "", int, ValueError)
    with pytest.raises(AssertionError, match="invalid literal"):
        check(bad, "x")
    with pytest.raises(ZeroDivisionError):
        check(type(target)("div", "", lambda t: 1 / 0, ValueError), "x")
    check(TARGETS["seed"], "Traceback")  # a refusal quoting the input's own words is fine
    with pytest.raises(AssertionError, match="empty refusal"):
        check(type(target)("empty", "", lambda t: (_ for _ in ()).throw(ValueError("")),
                           ValueError), "x")


# --- regressions: each input below crashed a reader before the fix ---------------------


@pytest.mark.parametrize("text", ["0 \u00b2", f"{HUGE} 3", "9" * 30 + " 3", "1501 3"])
def test_amend_refuses_odd_digits_and_huge_scores(text: str) -> None:
    """/amend A B used str.isdigit, so "²" and a 5,000-digit number reached int()."""
    with pytest.raises(Invalid, match="412 380"):
        parse_scores(text)


@pytest.mark.parametrize(
    "line", [f"A {HUGE}", f"A 1 {HUGE}", f"A 1 0; {HUGE}", f"A 1 0; 50; p12 {HUGE}",
             "A 1 0; " + "9" * 10])
def test_tsh_refuses_numbers_too_long(line: str) -> None:
    """A 5,000-digit rating, opponent or score raised Python's int() limit error."""
    with pytest.raises(FormatError, match="more than 9 digits"):
        parse_tsh(line)


def test_trf_team_line_with_a_huge_number_is_ignored_not_a_crash() -> None:
    text = "001    1      Ann" + " " * 80 + f"\n013 Team A{' ' * 26}{HUGE}\n"
    assert read_trf(text).players[0].team == ""


@pytest.mark.parametrize("rating", ["1e999999999", "1_800", "\u0661\u0668\u0660\u0660",
                                    "Infinity"])
def test_players_csv_refuses_a_rating_not_written_in_digits(rating: str) -> None:
    """Decimal("1e999999999") is whole, and int() of it built a billion-digit number:
    the reader hung. "1_800" and Arabic-Indic digits were read as 1800."""
    began = time.perf_counter()
    with pytest.raises(PlayersCsvError, match="row 2: rating .* is not a whole number"):
        parse_players_csv(f"name,rating\nAnn,{rating}\n")
    assert time.perf_counter() - began < 5  # the hang, not a speed figure


def test_players_csv_still_reads_spreadsheet_ratings() -> None:
    rows = parse_players_csv("name,rating\nAnn,1800.0\nBob,-0\nCid,\n")
    assert [r.rating for r in rows] == [1800, 0, 0]


def test_definition_refuses_a_number_over_python_int_limit() -> None:
    """tomllib raised a bare ValueError (not TOMLDecodeError) for a 5,000-digit number."""
    with pytest.raises(Invalid, match="thousands of digits"):
        parse_definition(EVENT + f"[rules]\nslip_window_hours = {HUGE}\n")


@pytest.mark.parametrize(
    ("rules", "key"),
    [("slip_window_hours = 999999999999", "rules.slip_window_hours"),
     ("reminder_hours = [99999999999]", "rules.reminder_hours"),
     ("fee_reminder_days = [99999999999]", "rules.fee_reminder_days"),
     ("ratings_officer_chat = 99999999999999999999", "rules.ratings_officer_chat"),
     ("game_bye_spread = 99999999999", "rules.game_bye_spread")])
def test_definition_refuses_windows_past_any_date(rules: str, key: str) -> None:
    """Accepted before, then timedelta(hours=...) overflowed when a deadline was set (or
    SQLite refused the number)."""
    with pytest.raises(Invalid, match=key):
        parse_definition(EVENT + f"[rules]\n{rules}\n")


@pytest.mark.parametrize("amount", ["\u0661\u0662", "1_000", "\uff11\uff15"])
def test_money_is_written_in_ascii_digits(amount: str) -> None:
    with pytest.raises(Invalid, match="give an amount"):
        amount_of_money(amount, positive=True)


@pytest.mark.parametrize(("text", "zone"), [("9999-12-31", "Pacific/Pago_Pago"),
                                            ("9999-12-31T23:00", "America/New_York")])
def test_closing_time_that_cannot_be_stored_is_refused(text: str, zone: str) -> None:
    """9999-12-31 23:59 at UTC-11 is past year 9999 in UTC: astimezone overflowed."""
    with pytest.raises(Invalid, match="out of range"):
        parse_closing(text, ZoneInfo(zone))


@pytest.mark.parametrize("nested", ["x = " + "[" * 500 + "]" * 500,
                                    "x = " + "{a = " * 500 + "1" + "}" * 500])
def test_definition_refuses_brackets_nested_too_deep(nested: str) -> None:
    """tomllib parses nested arrays and inline tables by recursion: 500 levels raised a
    RecursionError, which the chat answered with its apology and the command line with
    exit 1."""
    with pytest.raises(Invalid, match="nested"):
        parse_definition(EVENT + nested + "\n")
